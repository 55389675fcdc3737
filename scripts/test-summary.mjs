#!/usr/bin/env node
// Totals Jest's and Playwright's JSON reports into one closing line: `N passed, N failed`.
// Usage: test-summary.mjs jest.json playwright.json [jest-postgres.json] (the API tests over
// PostgreSQL, when scripts/test.sh ran them).
import fs from 'node:fs';

const [jestFile, pwFile, pgFile] = process.argv.slice(2);
let passed = 0;
let failed = 0;
let skipped = 0;
const missing = [];

if (fs.existsSync(jestFile)) {
  const j = JSON.parse(fs.readFileSync(jestFile, 'utf8'));
  passed += j.numPassedTests;
  failed += j.numFailedTests + (j.numRuntimeErrorTestSuites ?? 0);
  skipped += j.numPendingTests + j.numTodoTests;
  console.log(`jest: ${j.numPassedTests} passed, ${j.numFailedTests} failed, ${j.numRuntimeErrorTestSuites ?? 0} suites failed to run`);
} else missing.push('jest');

if (pgFile) {
  if (fs.existsSync(pgFile)) {
    const j = JSON.parse(fs.readFileSync(pgFile, 'utf8'));
    passed += j.numPassedTests;
    failed += j.numFailedTests + (j.numRuntimeErrorTestSuites ?? 0);
    skipped += j.numPendingTests + j.numTodoTests;
    console.log(`jest over PostgreSQL: ${j.numPassedTests} passed, ${j.numFailedTests} failed, ${j.numRuntimeErrorTestSuites ?? 0} suites failed to run`);
  } else missing.push('jest over PostgreSQL');
}

if (fs.existsSync(pwFile)) {
  const p = JSON.parse(fs.readFileSync(pwFile, 'utf8'));
  const s = p.stats;
  passed += s.expected;
  failed += s.unexpected + s.flaky;
  skipped += s.skipped;
  console.log(`playwright: ${s.expected} passed, ${s.unexpected} failed, ${s.flaky} flaky, ${s.skipped} skipped`);
  if ((p.errors ?? []).length) {
    failed += p.errors.length;
    console.log(`playwright: ${p.errors.length} errors outside tests`);
  }
} else missing.push('playwright');

if (missing.length) {
  console.log(`no report from: ${missing.join(', ')}`);
  failed += missing.length;
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed ? 1 : 0);
