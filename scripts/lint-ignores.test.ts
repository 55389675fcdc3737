/**
 * Lint reads what is committed: every file git ignores (builds, caches, the versions `npm run
 * release` publishes into .releases/) is ignored by ESLint too, whatever the machine built, and a
 * committed source file is not. Asked of ESLint itself, in a child process (its config is ESM).
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..');

function ignoredByEslint(files: string[]): Record<string, boolean> {
  const script = `
    const { ESLint } = require('eslint');
    const eslint = new ESLint({ cwd: process.cwd() });
    Promise.all(JSON.parse(process.argv[1]).map(async (f) => [f, await eslint.isPathIgnored(f)]))
      .then((pairs) => process.stdout.write(JSON.stringify(Object.fromEntries(pairs))));`;
  return JSON.parse(execFileSync(process.execPath, ['-e', script, JSON.stringify(files)], { cwd: ROOT, encoding: 'utf8' })) as Record<string, boolean>;
}

it('ignores every file git ignores and none that is committed', () => {
  const ignored = [
    '.releases/store/2026.12.07-abc1234/remoteEntry.js',
    'mfe-store/dist/remoteEntry.js',
    'shell/dist-server/render.js',
    '.cache/release-registry/v2/mfe-store/src/StoreApp.tsx',
    'e2e/test-results/a/b.js',
    'shell/@mf-types/store/index.d.ts',
    'dev-server/.data/site.db.js',
    'shell/tsconfig.tsbuildinfo',
  ];
  const committed = ['mfe-store/src/api/cart.ts', 'eslint.config.mjs', 'scripts/release.mjs'];
  const answers = ignoredByEslint([...ignored, ...committed]);
  expect(Object.fromEntries(ignored.map((f) => [f, answers[f]]))).toEqual(Object.fromEntries(ignored.map((f) => [f, true])));
  expect(Object.fromEntries(committed.map((f) => [f, answers[f]]))).toEqual(Object.fromEntries(committed.map((f) => [f, false])));
});
