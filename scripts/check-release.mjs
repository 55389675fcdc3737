#!/usr/bin/env node
// The check before a release: every built remote against what the shell shares and requires.
//  1. Shared packages: each singleton the shell provides must be shared by the remote as a singleton,
//     in a version the shell's requiredVersion accepts, and the shell's version must satisfy what the
//     remote requires. Read from each remote's dist/mf-manifest.json; the shell's side from
//     shell/dist/mf-manifest.json when the shell emits one, else from sharedConfig (webpack.factory.js)
//     applied to the shell's package.json, with the versions installed for the shell.
//  2. Types: each exposed module (dist/mf-manifest-stats.json names its file) is compiled with the
//     repository's TypeScript against the current shared-contracts, and its default export must be
//     assignable to React.ComponentType<any>.
// Prints one line per remote and check; exits 1 on any mismatch. Usage: node scripts/check-release.mjs
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { REMOTES, SHELL } from './apps.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const semver = require('semver');

/** 'react/jsx-runtime' → 'react', '@scope/pkg/sub' → '@scope/pkg'. */
export function packageOf(name) {
  const parts = name.split('/');
  return name.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

function satisfies(version, range) {
  if (!range || range === '*') return true;
  if (!version) return false;
  return semver.satisfies(version, range, { includePrerelease: true });
}

/** What the shell shares: [{ name, version, requiredVersion, singleton }]. */
export function shellShared(root = ROOT) {
  const manifestFile = path.join(root, SHELL.dir, 'dist/mf-manifest.json');
  if (fs.existsSync(manifestFile)) {
    const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
    return manifest.shared.map((s) => ({ name: s.name, version: s.version, requiredVersion: s.requiredVersion, singleton: !!s.singleton }));
  }
  const shellDir = path.join(root, SHELL.dir);
  const { sharedConfig } = require(path.join(root, 'scripts/webpack.factory.js'));
  const fromShell = createRequire(path.join(shellDir, 'package.json'));
  const config = sharedConfig(fromShell('./package.json'));
  return Object.entries(config).map(([name, c]) => {
    let version = c.version;
    if (!version) {
      try {
        version = fromShell(`${packageOf(name)}/package.json`).version;
      } catch {
        version = undefined;
      }
    }
    return { name, version, requiredVersion: c.requiredVersion, singleton: !!c.singleton };
  });
}

/** The mismatches between the shell's shared packages and one remote's manifest `shared` list. */
export function compareShared(shell, remoteShared) {
  const problems = [];
  const byName = new Map(remoteShared.map((s) => [s.name, s]));
  const remotePackages = new Set(remoteShared.map((s) => packageOf(s.name)));
  for (const s of shell) {
    if (!s.singleton) continue;
    const r = byName.get(s.name);
    if (!r) {
      // A remote that shares the package but never imports one of its entry points (react-dom/client)
      // has no copy of it; a package not shared at all would be bundled as a second copy.
      if (s.name !== packageOf(s.name) && remotePackages.has(packageOf(s.name))) continue;
      problems.push(`${s.name}: not shared (the shell provides it as a singleton)`);
      continue;
    }
    if (!r.singleton) problems.push(`${s.name}: shared but not as a singleton`);
    if (!satisfies(r.version, s.requiredVersion)) {
      problems.push(`${s.name}: the remote has ${r.version ?? 'no version'}, the shell requires ${s.requiredVersion}`);
    }
  }
  const shellByName = new Map(shell.map((s) => [s.name, s]));
  for (const r of remoteShared) {
    const s = shellByName.get(r.name);
    if (!s || !s.singleton) continue;
    if (!satisfies(s.version, r.requiredVersion)) {
      problems.push(`${r.name}: the remote requires ${r.requiredVersion}, the shell provides ${s.version ?? 'no version'}`);
    }
  }
  return problems;
}

function readJson(file) {
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

/** Shared packages of every remote against the shell: [{ remote, problems }]. */
export function checkShared({ root = ROOT, remotes = REMOTES, shell = shellShared(root) } = {}) {
  return remotes.map((remote) => {
    const file = path.join(root, remote.dir, 'dist/mf-manifest.json');
    if (!fs.existsSync(file)) return { remote: remote.name, problems: [`no build (${path.relative(root, file)} is missing)`] };
    const manifest = readJson(file);
    return { remote: remote.name, problems: compareShared(shell, manifest.shared ?? []) };
  });
}

function run(args, cwd) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('close', (code) => resolve({ code, out }));
  });
}

const toPosix = (p) => p.split(path.sep).join('/');

/**
 * Type-checks one remote's exposed modules: a generated file per exposed module imports it and
 * assigns its default export to React.ComponentType<any>; tsc --noEmit with the remote's tsconfig.
 */
export async function typecheckRemote({ root = ROOT, remote, workDir = path.join(root, '.cache/release-check') }) {
  const remoteDir = path.join(root, remote.dir);
  const statsFile = path.join(remoteDir, 'dist/mf-manifest-stats.json');
  if (!fs.existsSync(statsFile)) return { remote: remote.name, exposes: [], problems: [`no build (${remote.dir}/dist/mf-manifest-stats.json is missing)`] };
  const exposes = (readJson(statsFile).exposes ?? []).filter((e) => e.file);
  if (exposes.length === 0) return { remote: remote.name, exposes: [], problems: ['exposes no module'] };
  const dir = path.join(workDir, remote.name);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const files = exposes.map((e) => {
    const name = `${e.name.replace(/[^A-Za-z0-9_-]/g, '_')}.check.tsx`;
    let target = toPosix(path.relative(dir, path.join(remoteDir, e.file))).replace(/\.(tsx?|jsx?|mts|mjs)$/, '');
    if (!target.startsWith('.')) target = `./${target}`;
    fs.writeFileSync(
      path.join(dir, name),
      [
        `// Generated by scripts/check-release.mjs: ${remote.name}/${e.name} must default-export a React component.`,
        `import type { ComponentType } from 'react';`,
        `import Exposed from '${target}';`,
        `export const exposed: ComponentType<any> = Exposed;`,
        '',
      ].join('\n'),
    );
    return name;
  });
  const tsconfig = {
    extends: toPosix(path.relative(dir, path.join(remoteDir, 'tsconfig.json'))),
    compilerOptions: { noEmit: true, incremental: false },
    include: [],
    files,
  };
  fs.writeFileSync(path.join(dir, 'tsconfig.json'), `${JSON.stringify(tsconfig, null, 2)}\n`);
  const tsc = path.join(ROOT, 'node_modules/typescript/bin/tsc');
  const { code, out } = await run([tsc, '--noEmit', '-p', path.join(dir, 'tsconfig.json'), '--pretty', 'false'], root);
  const problems =
    code === 0
      ? []
      : out
          .split('\n')
          .filter((l) => /error TS/.test(l))
          .map((l) => l.trim());
  if (code !== 0 && problems.length === 0) problems.push(`tsc exited ${code}: ${out.trim().slice(0, 500)}`);
  return { remote: remote.name, exposes: exposes.map((e) => e.name), problems };
}

/** Both checks over every remote; `lines` is what the command prints. */
export async function checkRelease({ root = ROOT, remotes = REMOTES, shell, types = true } = {}) {
  const shared = checkShared({ root, remotes, shell: shell ?? shellShared(root) });
  const typed = [];
  if (types) {
    // One tsc per remote, as many at once as the machine has cores (at most 3, like build-all).
    const queue = remotes.map((remote, i) => ({ remote, i }));
    const workers = Array.from({ length: Math.max(1, Math.min(os.cpus().length, 3)) }, async () => {
      for (let next = queue.shift(); next; next = queue.shift()) typed[next.i] = await typecheckRemote({ root, remote: next.remote });
    });
    await Promise.all(workers);
  }
  const lines = [];
  for (const r of shared) {
    lines.push(r.problems.length === 0 ? `${r.remote}: shared ok` : `${r.remote}: shared MISMATCH: ${r.problems.join('; ')}`);
  }
  for (const r of typed) {
    lines.push(r.problems.length === 0 ? `${r.remote}: types ok (${r.exposes.join(', ')})` : `${r.remote}: types FAILED:\n  ${r.problems.join('\n  ')}`);
  }
  const ok = shared.every((r) => r.problems.length === 0) && typed.every((r) => r.problems.length === 0);
  return { ok, shared, types: typed, lines };
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const started = Date.now();
  checkRelease().then(
    ({ ok, lines }) => {
      for (const line of lines) console.log(line);
      console.log(`release check ${ok ? 'passed' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      process.exit(ok ? 0 : 1);
    },
    (error) => {
      console.error(error instanceof Error ? error.stack : error);
      process.exit(1);
    },
  );
}
