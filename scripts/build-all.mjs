#!/usr/bin/env node
// Production builds of the shell and the five remotes, as separate builds (each team's own), run
// side by side as far as the machine's cores allow. `node scripts/build-all.mjs [dir ...]` builds some.
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { REMOTES, SHELL } from './apps.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const wanted = process.argv.slice(2);
const dirs = [SHELL, ...REMOTES].map((a) => a.dir).filter((d) => wanted.length === 0 || wanted.includes(d));
const webpackBin = path.join(root, 'node_modules/webpack-cli/bin/cli.js');

function build(dir) {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [webpackBin, '--mode', 'production'], {
      cwd: path.join(root, dir),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('close', (code) => {
      const secs = ((Date.now() - started) / 1000).toFixed(1);
      if (code === 0) {
        console.log(`built ${dir} in ${secs} s`);
        resolve();
      } else {
        console.error(`build of ${dir} failed (exit ${code}):\n${out}`);
        reject(new Error(`build of ${dir} failed`));
      }
    });
  });
}

const queue = [...dirs];
const workers = Array.from({ length: Math.max(1, Math.min(os.cpus().length, 3)) }, async () => {
  while (queue.length) await build(queue.shift());
});
try {
  await Promise.all(workers);
} catch {
  process.exit(1);
}
