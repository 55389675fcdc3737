import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { checkRelease, checkShared, shellShared, typecheckRemote, type SharedFact } from './check-release.mjs';

const REPO = path.resolve(__dirname, '..');

/** The shell's side as the factory declares it: react ^19, shared-contracts ^0.1.0, all singletons. */
const SHELL: SharedFact[] = [
  { name: 'react', version: '19.3.1', requiredVersion: '^19.3.0', singleton: true },
  { name: 'react/jsx-runtime', version: '19.3.1', requiredVersion: '^19.3.0', singleton: true },
  { name: 'react-dom', version: '19.3.1', requiredVersion: '^19.3.0', singleton: true },
  { name: 'react-dom/client', version: '19.3.1', requiredVersion: '^19.3.0', singleton: true },
  { name: 'shared-contracts', version: '0.1.0', requiredVersion: '^0.1.0', singleton: true },
];

type Shared = { name: string; version: string; requiredVersion: string; singleton: boolean };
const matching = (): Shared[] => [
  { name: 'react', version: '19.3.1', requiredVersion: '^19.3.0', singleton: true },
  { name: 'react/jsx-runtime', version: '19.3.1', requiredVersion: '^19.3.0', singleton: true },
  { name: 'react-dom', version: '19.3.1', requiredVersion: '^19.3.0', singleton: true },
  { name: 'shared-contracts', version: '0.1.0', requiredVersion: '^0.1.0', singleton: true },
];

let root: string;
function writeRemote(dir: string, shared: Shared[]) {
  fs.mkdirSync(path.join(root, dir, 'dist'), { recursive: true });
  fs.writeFileSync(path.join(root, dir, 'dist/mf-manifest.json'), JSON.stringify({ id: dir, name: dir, shared, exposes: [] }));
}

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'release-check-'));
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe('the release check compares each remote manifest with what the shell shares', () => {
  it('passes a remote that shares every singleton in a version the shell accepts', async () => {
    writeRemote('mfe-a', matching());
    expect(checkShared({ root, remotes: [{ dir: 'mfe-a', name: 'a' }], shell: SHELL })).toEqual([{ remote: 'a', problems: [] }]);
    const result = await checkRelease({ root, remotes: [{ dir: 'mfe-a', name: 'a' }], shell: SHELL, types: false });
    expect(result.ok).toBe(true);
    expect(result.lines).toEqual(['a: shared ok']);
  });

  it('fails a remote sharing react 18 while the shell requires ^19, naming the remote and the package', async () => {
    writeRemote('mfe-a', matching());
    writeRemote(
      'mfe-old',
      matching().map((s) => (s.name.startsWith('react') ? { ...s, version: '18.3.1', requiredVersion: '^18.2.0' } : s)),
    );
    const remotes = [
      { dir: 'mfe-a', name: 'a' },
      { dir: 'mfe-old', name: 'old' },
    ];
    const result = await checkRelease({ root, remotes, shell: SHELL, types: false });
    expect(result.ok).toBe(false);
    expect(result.lines[0]).toBe('a: shared ok');
    expect(result.lines[1]).toMatch(/^old: shared MISMATCH: /);
    expect(result.lines[1]).toContain('react: the remote has 18.3.1, the shell requires ^19.3.0');
    // And the other way round: the remote's own range does not accept the shell's react.
    expect(result.lines[1]).toContain('react: the remote requires ^18.2.0, the shell provides 19.3.1');
  });

  it('fails a remote that does not share shared-contracts as a singleton', () => {
    writeRemote(
      'mfe-b',
      matching().map((s) => (s.name === 'shared-contracts' ? { ...s, singleton: false } : s)),
    );
    writeRemote(
      'mfe-c',
      matching().filter((s) => s.name !== 'shared-contracts'),
    );
    const [b, c] = checkShared({
      root,
      remotes: [
        { dir: 'mfe-b', name: 'b' },
        { dir: 'mfe-c', name: 'c' },
      ],
      shell: SHELL,
    });
    expect(b).toEqual({ remote: 'b', problems: ['shared-contracts: shared but not as a singleton'] });
    expect(c).toEqual({ remote: 'c', problems: ['shared-contracts: not shared (the shell provides it as a singleton)'] });
  });

  it('fails a remote that has no build', () => {
    expect(checkShared({ root, remotes: [{ dir: 'mfe-none', name: 'none' }], shell: SHELL })[0]?.problems[0]).toMatch(/no build/);
  });

  it("reads the shell's side from the shared webpack configuration and the shell's package", () => {
    const shell = shellShared(REPO);
    expect(shell).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'react', singleton: true, requiredVersion: expect.stringMatching(/^\^19/), version: expect.stringMatching(/^19\./) }),
        expect.objectContaining({ name: 'shared-contracts', singleton: true }),
      ]),
    );
  });
});

describe('the release check type-checks exposed modules', () => {
  it('fails an exposed module whose default export is not a React component', async () => {
    // Inside the repository, so that the generated check resolves react's types.
    fs.mkdirSync(path.join(REPO, '.cache'), { recursive: true });
    const fixture = fs.mkdtempSync(path.join(REPO, '.cache', 'release-check-fixture-'));
    try {
      const remoteDir = path.join(fixture, 'mfe-bad');
      fs.mkdirSync(path.join(remoteDir, 'src'), { recursive: true });
      fs.mkdirSync(path.join(remoteDir, 'dist'), { recursive: true });
      fs.writeFileSync(path.join(remoteDir, 'src/Good.tsx'), 'export default function Good() { return <p>hi</p>; }\n');
      fs.writeFileSync(path.join(remoteDir, 'src/Bad.ts'), 'const notAComponent = 42;\nexport default notAComponent;\n');
      fs.writeFileSync(path.join(remoteDir, 'tsconfig.json'), JSON.stringify({ extends: path.join(REPO, 'tsconfig.base.json'), include: ['src'] }));
      fs.writeFileSync(
        path.join(remoteDir, 'dist/mf-manifest-stats.json'),
        JSON.stringify({
          exposes: [
            { name: 'Good', path: './Good', file: 'src/Good.tsx' },
            { name: 'Bad', path: './Bad', file: 'src/Bad.ts' },
          ],
        }),
      );
      const result = await typecheckRemote({ root: fixture, remote: { dir: 'mfe-bad', name: 'bad' } });
      expect(result.exposes).toEqual(['Good', 'Bad']);
      expect(result.problems).toHaveLength(1);
      expect(result.problems[0]).toMatch(/Bad\.check\.tsx.*error TS2322/);
    } finally {
      fs.rmSync(fixture, { recursive: true, force: true });
    }
  }, 60_000);
});
