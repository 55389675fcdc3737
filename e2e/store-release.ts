/**
 * A new release of the store, built for the release e2e (releases.spec.ts, release-registry.spec.ts):
 * a copy of mfe-store whose roots carry `data-release`, optionally patched further, built by the
 * same webpack factory with the same exposes as the store's own build, into its own folder and
 * build caches. And a hash of every file of a tree, to prove the shell's files never change.
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..');

/** Changes to a file of the store's `src`, by its path there ('StoreApp.tsx', 'api/cart.ts'). */
export type StorePatches = Record<string, (code: string) => string>;

/** Replaces `from` with `to` in a file, or throws when `from` is not there (the patch went stale). */
export function replaceIn(file: string, from: string, to: string): (code: string) => string {
  return (code) => {
    if (!code.includes(from)) throw new Error(`the release's patch of ${file} did not apply: ${JSON.stringify(from)} is not there`);
    return code.replace(from, to);
  };
}

/** Builds the release into `folder`/mfe-store; resolves with its dist folder. */
export async function buildStoreRelease(folder: string, release: string, patches: StorePatches = {}): Promise<string> {
  const src = path.join(ROOT, 'mfe-store');
  const copy = path.join(folder, 'mfe-store');
  fs.rmSync(path.join(copy, 'src'), { recursive: true, force: true });
  fs.cpSync(path.join(src, 'src'), path.join(copy, 'src'), { recursive: true });
  fs.copyFileSync(path.join(src, 'package.json'), path.join(copy, 'package.json'));
  const marks: StorePatches = Object.fromEntries(
    ['MiniCart.tsx', 'StoreApp.tsx'].map((file) => [
      file,
      replaceIn(file, '<div data-remote-root="store"', `<div data-remote-root="store" data-release="${release}"`),
    ]),
  );
  for (const file of new Set([...Object.keys(marks), ...Object.keys(patches)])) {
    const target = path.join(copy, 'src', file);
    let code = fs.readFileSync(target, 'utf8');
    for (const change of [marks[file], patches[file]]) if (change) code = change(code);
    fs.writeFileSync(target, code);
  }
  const relBase = path.relative(copy, path.join(ROOT, 'tsconfig.base.json')).split(path.sep).join('/');
  fs.writeFileSync(path.join(copy, 'tsconfig.json'), JSON.stringify({ extends: relBase, include: ['src'] }));
  // The same exposes as the store's own build (its stats name each exposed file).
  const stats = JSON.parse(fs.readFileSync(path.join(src, 'dist/mf-manifest-stats.json'), 'utf8')) as { exposes: { path: string; file: string }[] };
  const exposes = Object.fromEntries(stats.exposes.map((e) => [e.path, `./${e.file}`]));
  fs.writeFileSync(
    path.join(copy, 'webpack.config.js'),
    [
      `const path = require('node:path');`,
      `const { createConfig, createServerConfig } = require(${JSON.stringify(path.join(ROOT, 'scripts/webpack.factory.js'))});`,
      `const base = createConfig({ dir: __dirname, name: 'store', exposes: ${JSON.stringify(exposes)} });`,
      `const server = createServerConfig({ dir: __dirname, name: 'store', entry: { remote: './src/server.ts' } });`,
      `// Its own build caches, so this build never shares one with mfe-store's.`,
      `const cache = (name) => ({ type: 'filesystem', cacheDirectory: path.join(__dirname, '..', name) });`,
      `module.exports = (env, argv) => [{ ...base(env, argv), cache: cache('webpack-cache') }, { ...server(env, argv), cache: cache('webpack-cache-server') }];`,
      '',
    ].join('\n'),
  );
  const out = await new Promise<{ code: number | null; log: string }>((resolve) => {
    const child = spawn(process.execPath, [path.join(ROOT, 'node_modules/webpack-cli/bin/cli.js'), '--mode', 'production'], {
      cwd: copy,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let log = '';
    child.stdout.on('data', (d) => (log += d));
    child.stderr.on('data', (d) => (log += d));
    child.on('close', (code) => resolve({ code, log }));
  });
  if (out.code !== 0) throw new Error(`build of the store's ${release} failed:\n${out.log}`);
  return path.join(copy, 'dist');
}

/** Every file under `dir` (relative path → sha256). */
export function hashTree(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    out[path.relative(dir, file)] = crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');
  }
  return out;
}
