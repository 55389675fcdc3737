#!/usr/bin/env bash
# Installs npm dependencies when they are missing or older than package.json. `npm install`, not
# `npm ci` (docs/architecture.md: npm ci fails on this machine's registry).
set -euo pipefail
cd "$(dirname "$0")/.."
stamp=node_modules/.install-stamp
if [ ! -f "$stamp" ] || [ package.json -nt "$stamp" ] || [ -n "$(find . -maxdepth 2 -name package.json -newer "$stamp" -not -path './node_modules/*' 2>/dev/null)" ]; then
  echo "Installing dependencies (npm install)..."
  npm install --no-audit --no-fund --loglevel=error
  touch "$stamp"
fi
