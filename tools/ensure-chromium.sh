#!/usr/bin/env bash
# The browser journeys drive Debian's Chromium (browsers cannot be downloaded by npm here).
# Installs it when missing (CHROMIUM_PATH names another binary); needs root or passwordless sudo.
set -euo pipefail
bin="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$bin" ]; then exit 0; fi
bash "$(dirname "$0")/ensure-apt.sh" "$bin" chromium
"$bin" --version
