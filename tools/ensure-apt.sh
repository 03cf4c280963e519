#!/usr/bin/env bash
# Installs a Debian package when its program is missing: ensure-apt.sh PROGRAM PACKAGE.
# PROGRAM is a path or a name on PATH. Needs root or passwordless sudo for apt-get.
set -euo pipefail
program="$1"
package="$2"
if [ -x "$program" ] || command -v "$program" >/dev/null 2>&1; then exit 0; fi
echo "$program not found; installing Debian's $package package..."
sudo_cmd=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then sudo_cmd="sudo -n"; else
    echo "Install $package (apt-get install $package); root is needed for apt-get." >&2
    exit 1
  fi
fi
export DEBIAN_FRONTEND=noninteractive
$sudo_cmd apt-get update -qq
$sudo_cmd apt-get install -y -qq --no-install-recommends "$package" >/dev/null
