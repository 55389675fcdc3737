#!/usr/bin/env bash
# e2e and bench drive a real Chromium. Playwright cannot download its own browser here, so we use
# Debian's. As root, install it when missing; otherwise say what to install.
set -euo pipefail
if [ -n "${CHROMIUM_PATH:-}" ] && [ -x "${CHROMIUM_PATH}" ]; then exit 0; fi
if [ -x /usr/bin/chromium ] || [ -x /usr/bin/chromium-browser ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Chromium from Debian (apt-get install chromium)..."
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  exit 0
fi
echo "No Chromium found. Install Debian's Chromium (sudo apt-get install chromium) or set CHROMIUM_PATH to a Chromium binary." >&2
exit 1
