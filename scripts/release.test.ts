/**
 * The release CLI (scripts/release.mjs) against a running API: immutable version folders, the
 * pre-release check first (a failed one refused by the registry, with its reason, and nothing
 * copied), and the commands a team runs.
 */
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { CSRF_HEADER, CSRF_VALUE, IssuedTokenSchema } from 'shared-contracts/server';
import { DEMO_OPERATOR } from '../dev-server/src/seed';
import { createTestApp, sidFrom, signIn, UNLIMITED, type TestApp } from '../dev-server/src/test/harness';
import { testManifest } from '../dev-server/src/test/release-host';
import { contentHash, copyVersion, ReleaseError, runRelease, versionName } from './release.mjs';
import { createStaticApp } from './serve-static.mjs';

let t: TestApp;
let server: Server;
let releasesHost: Server;
let tmp: string;
let env: Record<string, string>;
let dist: string;
const out: string[] = [];
const OK = async () => ({ ok: true, lines: ['store: shared ok', 'store: types ok (./App, ./MiniCart)'] });
const run = (...argv: string[]) => runRelease(argv, { env, out: (l) => out.push(l), check: OK });

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'release-cli-'));
  // The releases host, a real static host over the folder the CLI copies versions to.
  fs.mkdirSync(path.join(tmp, 'releases'));
  releasesHost = await new Promise<Server>((resolve) => {
    const s = createStaticApp(path.join(tmp, 'releases')).listen(0, '127.0.0.1', () => resolve(s));
  });
  const releaseBase = `http://127.0.0.1:${(releasesHost.address() as AddressInfo).port}`;
  t = await createTestApp({ rateLimits: UNLIMITED, releases: { baseUrl: releaseBase } });
  server = await new Promise<Server>((resolve) => {
    const s = t.app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const sid = sidFrom(await signIn(t.app, DEMO_OPERATOR.email, DEMO_OPERATOR.password).expect(200));
  const issued = IssuedTokenSchema.parse(
    (await request(t.app).post('/api/releases/store/tokens').set(CSRF_HEADER, CSRF_VALUE).set('Cookie', `sid=${sid}`).send({ label: 'store CI' }).expect(201))
      .body,
  );
  dist = path.join(tmp, 'mfe-store', 'dist');
  fs.mkdirSync(path.join(dist, 'server'), { recursive: true });
  fs.writeFileSync(path.join(dist, 'mf-manifest.json'), testManifest('store'));
  fs.writeFileSync(path.join(dist, 'remoteEntry.js'), 'var store;');
  fs.writeFileSync(path.join(dist, 'server', 'remote.js'), 'module.exports = {};');
  env = {
    RELEASE_API: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    RELEASE_TOKEN: issued.token,
    RELEASES_DIR: path.join(tmp, 'releases'),
    RELEASE_BASE_URL: releaseBase,
  };
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await new Promise<void>((resolve) => releasesHost.close(() => resolve()));
  await t.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});
beforeEach(() => out.splice(0));

describe('version folders', () => {
  it('names a version by its day and its content, the same build the same name', () => {
    expect(versionName(dist, new Date('2026-11-26T10:00:00Z'))).toBe(`2026.11.26-${contentHash(dist).slice(0, 7)}`);
    expect(contentHash(dist)).toBe(contentHash(dist));
  });

  it('copies a build whole and never over an existing version', () => {
    const root = path.join(tmp, 'copies');
    const target = copyVersion(dist, root, 'store', 'v1');
    expect(fs.readFileSync(path.join(target, 'server', 'remote.js'), 'utf8')).toBe('module.exports = {};');
    fs.writeFileSync(path.join(target, 'remoteEntry.js'), 'var store; // v1 as served');
    expect(() => copyVersion(dist, root, 'store', 'v1')).toThrow('a version is never replaced');
    expect(fs.readFileSync(path.join(target, 'remoteEntry.js'), 'utf8')).toBe('var store; // v1 as served');
    expect(fs.readdirSync(path.join(root, 'store'))).toEqual(['v1']);
  });
});

describe('npm run release -- store ...', () => {
  it('refuses a build that fails the pre-release check, with the reason, and copies nothing', async () => {
    const failing = async () => ({
      ok: false,
      lines: ['store: shared MISMATCH: react: not shared (the shell provides it as a singleton)', 'store: types ok (./App)'],
    });
    await expect(runRelease(['store', 'publish', '--dist', dist], { env, out: (l) => out.push(l), check: failing })).rejects.toThrow(
      'Refused (422): The pre-release check failed: store: shared MISMATCH: react: not shared (the shell provides it as a singleton)',
    );
    expect(fs.existsSync(path.join(env.RELEASES_DIR!, 'store'))).toBe(false);
  });

  it('publishes, promotes to canary and stable, and rolls back', async () => {
    const { version, manifestUrl } = (await run('store', 'publish', '--dist', dist)) as { version: string; manifestUrl: string };
    expect(manifestUrl).toBe(`${env.RELEASE_BASE_URL}/store/${version}/mf-manifest.json`);
    expect(fs.existsSync(path.join(env.RELEASES_DIR!, 'store', version, 'mf-manifest.json'))).toBe(true);
    // The same build again: refused, and the published folder is left as it is.
    await expect(run('store', 'publish', '--dist', dist)).rejects.toThrow('a version is never replaced');

    await run('store', 'promote', version, '--channel', 'canary', '--percent', '10');
    expect(out).toContain(`store ${version} is canary for 10% of browsers and those who opt in`);
    await run('mfe-store', 'canary', '25');
    await run('store', 'promote', version, '--reason', 'canary clean for a day');
    out.splice(0);
    await run('store', 'list');
    expect(out.find((l) => l.startsWith(version))).toMatch(/^\S+ +stable /);
    out.splice(0);
    await run('store', 'rollback', '--reason', 'totals wrong');
    expect(out[0]).toMatch(/^store rolled back: stable is env-[0-9a-f]{8}$/);
    out.splice(0);
    await run('store', 'status');
    expect(out.join('\n')).toContain(`rollback stable ${version} -> env-`);
    expect(out.join('\n')).toMatch(/refused \(counted\): 1 × publish by token:tok-[0-9a-f]+ \(store CI\)/);
  });

  it('says what is wrong with a command', async () => {
    await expect(run('checkout', 'list')).rejects.toBeInstanceOf(ReleaseError);
    await expect(run('store', 'promote')).rejects.toThrow('promote needs a version');
    await expect(runRelease(['store', 'list'], { env: { ...env, RELEASE_TOKEN: 'mfr_guessedguessedguessedguessed' } })).rejects.toThrow('Refused (401)');
  });
});
