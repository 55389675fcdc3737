#!/usr/bin/env node
// `tsc --noEmit` over every package (type checking is separate from the transpile-only builds).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const projects = ['shared-contracts', 'dev-server', 'shell', 'mfe-paywall', 'mfe-library', 'mfe-store', 'mfe-video', 'mfe-visual-library', 'e2e', 'scripts'];
let failed = 0;
for (const p of projects) {
  const r = spawnSync(process.execPath, [path.join(root, 'node_modules/typescript/bin/tsc'), '--noEmit', '-p', p], {
    cwd: root,
    stdio: 'inherit',
  });
  if (r.status !== 0) failed++;
  console.log(`typecheck ${p}: ${r.status === 0 ? 'ok' : 'FAILED'}`);
}
process.exit(failed ? 1 : 0);
