/**
 * The API server never loads React (decision 030): it imports shared-contracts only through
 * `shared-contracts/server`, the pure schemas, rules and texts. The probe starts the server in a
 * plain Node process (tsx, as `npm start` runs it) where React, React DOM, the router and zustand
 * cannot be resolved, answers one request, and lists what Node loaded.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';

jest.setTimeout(60_000);

type Probe = { status?: number; error?: string; refused: string[]; loaded: string[]; contracts: string[] };

function runProbe(): Probe {
  const root = path.resolve(__dirname, '../..');
  const out = execFileSync(process.execPath, ['--import', 'tsx', path.join(__dirname, 'test/no-react-probe.cjs')], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'error', NODE_ENV: 'test' },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return JSON.parse(out.slice(out.indexOf('{"'))) as Probe;
}

describe('the server process', () => {
  const probe = runProbe();

  it('starts and answers with React, React DOM, the router and zustand unresolvable', () => {
    expect(probe.error).toBeUndefined();
    expect(probe.refused).toEqual([]);
    expect(probe.status).toBe(200);
  });

  it('loads no React module and no component of shared-contracts', () => {
    expect(probe.loaded).toEqual([]);
    expect(probe.contracts).toContain('entries/server.ts');
    expect(probe.contracts.filter((f) => /\.tsx$|^(index|client|store|bus|cart|useLoad|useMounted)\.ts$/.test(f))).toEqual([]);
  });
});
