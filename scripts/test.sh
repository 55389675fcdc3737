#!/usr/bin/env bash
# npm test: every test, with its own set-up. Installs dependencies and (as root) Debian's Chromium
# when missing, type-checks, lints (ESLint, Prettier), builds the production bundles, runs Jest
# (unit, component, API) and Playwright (e2e over the composed site), and ends with one line
# totalling every suite. When Debian's PostgreSQL is installed, the API tests (dev-server) run a
# second time over PostgreSQL, on a throw-away cluster (scripts/postgres-cluster.sh); otherwise it
# says they were skipped.
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p .cache
rm -f .cache/jest.json .cache/jest-postgres.json .cache/playwright.json
status=0

if ! bash scripts/ensure-deps.sh || ! bash scripts/ensure-chromium.sh; then
  echo "0 passed, 1 failed"
  exit 1
fi

echo "== typecheck"
node scripts/typecheck-all.mjs || status=1

echo "== lint (ESLint with the architecture's import boundaries, Prettier)"
node node_modules/eslint/bin/eslint.js . --max-warnings=0 || status=1
node node_modules/prettier/bin/prettier.cjs --check . || status=1

echo "== jest (shared-contracts, dev-server API, components)"
# Both cores: Jest's default is one worker fewer than the cores, one on this 2-core machine
# (measured: 4 min 44 s with one, 3 min 50 s with two).
node node_modules/jest/bin/jest.js --ci --maxWorkers=2 --json --outputFile=.cache/jest.json || status=1

echo "== jest over PostgreSQL (dev-server API tests)"
pg_report=""
if pg_url="$(bash scripts/postgres-cluster.sh start)"; then
  pg_report=.cache/jest-postgres.json
  echo "PostgreSQL cluster at $pg_url"
  # Both cores here too: each test has its own database copied from one template (measured on a
  # slow day: 4 min 11 s with one worker, 3 min 6 s with two).
  TEST_DATABASE_URL="$pg_url" node node_modules/jest/bin/jest.js --ci --maxWorkers=2 --selectProjects node --testTimeout=30000 --json --outputFile="$pg_report" dev-server/src || status=1
  bash scripts/postgres-cluster.sh stop || true
else
  case $? in
    3) echo "skipped: PostgreSQL is not installed (apt-get install postgresql to run the API tests over it too)" ;;
    *) echo "PostgreSQL is installed but its cluster did not start"; status=1 ;;
  esac
fi

echo "== build (production)"
if node scripts/build-all.mjs; then
  echo "== release check"
  node scripts/check-release.mjs || status=1
  echo "== playwright (e2e)"
  PLAYWRIGHT_JSON_OUTPUT_NAME="$PWD/.cache/playwright.json" \
    node node_modules/@playwright/test/cli.js test -c e2e/playwright.config.ts || status=1
else
  status=1 # no e2e without a build; the summary counts the missing report as a failure
fi

node scripts/test-summary.mjs .cache/jest.json .cache/playwright.json $pg_report || status=1
exit $status
