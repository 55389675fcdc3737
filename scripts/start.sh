#!/usr/bin/env bash
# npm start: everything a fresh machine needs to show the composed site, then serve it.
# Installs dependencies when missing, builds every app for production, creates and migrates the
# database on first run (dev-server does that), and serves the shell and API on :3000 with each
# remote on its own port (3001-3005).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-deps.sh
node scripts/build-all.mjs
exec node node_modules/tsx/dist/cli.mjs scripts/run-site.ts
