#!/usr/bin/env bash
# The browser journeys drive Debian's Chromium (browsers cannot be downloaded by npm here).
# Installs it when missing; needs root or passwordless sudo for apt-get.
set -euo pipefail
bin="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$bin" ]; then exit 0; fi
echo "Chromium not found at $bin; installing Debian's chromium package..."
sudo_cmd=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then sudo_cmd="sudo -n"; else
    echo "Install Chromium (apt-get install chromium) or set CHROMIUM_PATH; root is needed for apt-get." >&2
    exit 1
  fi
fi
export DEBIAN_FRONTEND=noninteractive
$sudo_cmd apt-get update -qq
$sudo_cmd apt-get install -y -qq --no-install-recommends chromium >/dev/null
"$bin" --version
