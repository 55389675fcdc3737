/** The release registry's rules over a real database (SQLite, or PostgreSQL with TEST_DATABASE_URL) and a real releases host. */
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import { createFakeClock } from '../deps';
import { createReleaseRepository } from '../repositories/releases';
import { closeDatabase, seededDatabase, TEST_NOW, TEST_REMOTES, TEST_SHELL_SHARED } from '../test/harness';
import { startReleaseHost, type ReleaseHost } from '../test/release-host';
import { cohortBucket, configuredVersion, createReleaseService, sriDigest, type ReleaseActor, type ReleaseSettings } from './releases';

const TEAM: ReleaseActor = { kind: 'token', id: 'tok-1', remote: 'store', label: 'store team' };
const OPERATOR: ReleaseActor = { kind: 'operator', email: 'operator@example.com' };
const CHECK = { ok: true, lines: ['store: shared ok', 'store: types ok (./App, ./MiniCart)'] };

let db: Kysely<Database>;
let host: ReleaseHost;
beforeAll(async () => {
  host = await startReleaseHost();
});
afterAll(() => host.close());
beforeEach(async () => {
  db = await seededDatabase();
  host.files.clear();
  host.requests.length = 0;
});
afterEach(() => closeDatabase(db));

function service(settings: Partial<ReleaseSettings> = {}) {
  return createReleaseService({
    releases: createReleaseRepository(db),
    clock: createFakeClock(TEST_NOW),
    configured: TEST_REMOTES,
    settings: { baseUrl: host.url, ...settings },
    shellShared: () => TEST_SHELL_SHARED,
  });
}

const V2 = '2026.11.26-aaaaaaa';
const v2 = () => ({ version: V2, manifestUrl: host.addVersion('store', V2), check: CHECK });

describe('the release registry', () => {
  it('adopts each configured location as its first stable version, unpinned', async () => {
    const releases = service();
    const s = await releases.snapshot();
    expect(s.remotes.store.stable).toEqual({ version: configuredVersion(TEST_REMOTES.store), manifestUrl: TEST_REMOTES.store });
    expect(releases.resolve(s, { id: undefined, optIn: new Set() })).toEqual({
      remotes: TEST_REMOTES,
      versions: Object.fromEntries(Object.entries(TEST_REMOTES).map(([r, url]) => [r, configuredVersion(url)])),
    });
    // A second process adopts nothing twice.
    await service().ensureConfigured();
    const state = await releases.state('store');
    expect(state.events.filter((e) => e.action === 'adopt-configured')).toHaveLength(1);
    expect(state.versions[0]).toMatchObject({ pinned: false });
  });

  it('publishes, canaries for a share and for opt-ins, promotes, and rolls back to the previous stable', async () => {
    const releases = service();
    const input = v2();
    await releases.publish(TEAM, 'store', input);
    await releases.promote(TEAM, 'store', { version: V2, channel: 'canary', percent: 50 });
    const s = await releases.snapshot();
    const ids = Array.from({ length: 400 }, (_, i) => `cohort-${i}`);
    const inCanary = ids.filter((id) => releases.resolve(s, { id, optIn: new Set() }).versions?.store === V2);
    expect(inCanary.length).toBeGreaterThan(150);
    expect(inCanary.length).toBeLessThan(250);
    expect(inCanary.every((id) => cohortBucket(id, 'store') < 50)).toBe(true);
    // Opted in, without a cohort: the canary; the answer names it for the shell's load reports.
    expect(releases.resolve(s, { id: undefined, optIn: new Set(['store']) })).toMatchObject({ canary: ['store'], remotes: { store: input.manifestUrl } });

    await releases.promote(TEAM, 'store', { version: V2, channel: 'stable' });
    let state = await releases.state('store');
    expect(state.stable?.version).toBe(V2);
    expect(state.canary).toBeNull();
    expect(state.rollbackTo).toBe(configuredVersion(TEST_REMOTES.store));

    state = await releases.rollback(TEAM, 'store', 'checkout button broken');
    expect(state.stable?.version).toBe(configuredVersion(TEST_REMOTES.store));
    expect(state.rollbackTo).toBeNull();
    expect(state.events[0]).toMatchObject({ action: 'rollback', from: V2, to: configuredVersion(TEST_REMOTES.store), reason: 'checkout button broken' });
    await expect(releases.rollback(TEAM, 'store')).rejects.toThrow('no earlier stable version');
    expect((await releases.state('store')).refusals[0]).toMatchObject({
      action: 'rollback',
      count: 1,
      reason: expect.stringContaining('no earlier stable version'),
    });
  });

  it('pins what it published: the digests of the manifest, the entry and the server build go to every browser given the version', async () => {
    const releases = service();
    const input = v2();
    await releases.publish(TEAM, 'store', input);
    await releases.promote(TEAM, 'store', { version: V2, channel: 'stable' });
    const pins = {
      manifest: sriDigest(Buffer.from(host.files.get(`/store/${V2}/mf-manifest.json`)!.body!)),
      entry: sriDigest(Buffer.from(host.files.get(`/store/${V2}/remoteEntry.js`)!.body!)),
      server: sriDigest(Buffer.from(host.files.get(`/store/${V2}/server/remote.js`)!.body!)),
    };
    expect(pins.entry).toMatch(/^sha384-[A-Za-z0-9+/]{64}$/);
    const answer = releases.resolve(await releases.snapshot(), { id: undefined, optIn: new Set() });
    expect(answer.integrity).toEqual({ store: pins });
    const state = await releases.state('store');
    expect(state.versions.find((v) => v.version === V2)).toMatchObject({
      pinned: true,
      check: expect.arrayContaining([`registry: entry remoteEntry.js ${pins.entry}`]),
    });
    // A version without a server build is pinned with none: the browser renders it.
    const v3 = host.addVersion('store', 'v3', { server: null });
    await releases.publish(TEAM, 'store', { version: 'v3', manifestUrl: v3 });
    await releases.promote(TEAM, 'store', { version: 'v3', channel: 'stable' });
    expect(releases.resolve(await releases.snapshot(), { id: undefined, optIn: new Set() }).integrity?.store).toMatchObject({ server: null });
  });

  it('never replaces a version, nor reuses an address, and refuses a failed check, a foreign manifest and a mismatched share, each counted', async () => {
    const releases = service();
    const input = v2();
    await releases.publish(TEAM, 'store', input);
    await expect(releases.publish(TEAM, 'store', input)).rejects.toThrow('published already');
    await expect(releases.publish(TEAM, 'store', { ...input, version: 'other' })).rejects.toThrow('its own address');
    await expect(
      releases.publish(TEAM, 'store', {
        version: 'broken',
        manifestUrl: host.addVersion('store', 'broken'),
        check: { ok: false, lines: ['store: shared MISMATCH: react: not shared'] },
      }),
    ).rejects.toThrow('The pre-release check failed: store: shared MISMATCH: react: not shared');
    await expect(releases.publish(TEAM, 'store', { version: 'v9', manifestUrl: host.addVersion('store', 'v9', { name: 'library' }) })).rejects.toThrow(
      "the remote library's, not store's",
    );
    // The caller's word that its check passed proves nothing: the registry runs its own.
    const old = [{ name: 'react', version: '18.3.1', requiredVersion: '^18.3.0', singleton: true }, ...TEST_SHELL_SHARED.slice(1)];
    await expect(
      releases.publish(TEAM, 'store', { version: 'old-react', manifestUrl: host.addVersion('store', 'old-react', { shared: old }), check: CHECK }),
    ).rejects.toThrow('The pre-release check failed: store: shared MISMATCH: react: the remote has 18.3.1, the shell requires ^19.3.0');
    const refused = (await releases.state('store')).refusals;
    expect(refused).toEqual([expect.objectContaining({ action: 'publish', actor: 'token:tok-1 (store team)', count: 5 })]);
    expect((await releases.state('store')).versions.map((v) => v.version)).not.toContain('old-react');
  });

  it('takes a canary out by itself only with failures from enough distinct browsers, past the minimum loads', async () => {
    const releases = service({ minLoads: 4, maxFailureRate: 0.5, minBrowsers: 3 });
    await releases.publish(TEAM, 'store', v2());
    await releases.promote(TEAM, 'store', { version: V2, channel: 'canary', percent: 10 });
    // One browser failing every time, however often: the canary stays.
    for (let i = 0; i < 8; i++) {
      await releases.recordLoad('store', V2);
      await releases.recordFailure('store', V2, 'browser-a');
    }
    expect((await releases.state('store')).canary).toMatchObject({ loads: 8, failures: 8 });
    await releases.recordFailure('store', V2, 'browser-b');
    expect((await releases.state('store')).canary).not.toBeNull();
    await releases.recordFailure('store', V2, 'browser-c');
    const state = await releases.state('store');
    expect(state.canary).toBeNull();
    expect(state.events[0]).toMatchObject({ actor: 'registry', action: 'auto-rollback', from: V2 });
    expect(state.events[0]!.reason).toBe('failure rate 100% (10 failures in 8 loads, from 3 browsers) is above 50% after at least 4 loads');
    expect((await releases.snapshot()).remotes.store.canary).toBeNull();
  });

  it('lets only an operator promote again a version the registry took out', async () => {
    const releases = service({ minLoads: 1, maxFailureRate: 0.1, minBrowsers: 1 });
    await releases.publish(TEAM, 'store', v2());
    await releases.promote(TEAM, 'store', { version: V2, channel: 'canary', percent: 0 });
    await releases.recordLoad('store', V2);
    await releases.recordFailure('store', V2, 'browser-a');
    expect((await releases.state('store')).canary).toBeNull();
    for (const channel of ['canary', 'stable'] as const) {
      await expect(releases.promote(TEAM, 'store', { version: V2, channel })).rejects.toThrow(
        `The registry took store ${V2} out after readers' failures: only an operator may promote it again.`,
      );
    }
    await releases.promote(OPERATOR, 'store', { version: V2, channel: 'canary', percent: 0, reason: 'fixed the host' });
    expect((await releases.state('store')).canary?.version).toBe(V2);
  });

  it('serves the last good answer when the database cannot be read', async () => {
    const releases = service({ cacheMs: 0 });
    await releases.publish(TEAM, 'store', v2());
    await releases.promote(TEAM, 'store', { version: V2, channel: 'stable' });
    expect((await releases.snapshot()).remotes.store.stable.version).toBe(V2);
    await db.schema.alterTable('release_channels').renameTo('release_channels_gone').execute();
    expect((await releases.snapshot()).remotes.store.stable.version).toBe(V2);
    await db.schema.alterTable('release_channels_gone').renameTo('release_channels').execute();
  });
});

describe('what a deploy token may publish (decision 046)', () => {
  it('refuses a manifest from anywhere the operator did not allow, and never fetches it', async () => {
    const releases = service();
    for (const manifestUrl of [
      'http://localhost:3990/mf-manifest.json',
      `${host.url}/library/v2/mf-manifest.json`,
      `${host.url.replace('127.0.0.1', 'user:pw@127.0.0.1')}/store/v2/mf-manifest.json`,
    ]) {
      await expect(releases.publish(TEAM, 'store', { version: 'x', manifestUrl, check: CHECK })).rejects.toThrow(
        `A version of store is published from http://localhost:3003/, ${host.url}/store/ only.`,
      );
    }
    expect(host.requests).toEqual([]);
    // The operator's own list (RELEASE_ORIGINS_STORE) is allowed too.
    host.addVersion('store', 'cdn');
    for (const file of ['mf-manifest.json', 'remoteEntry.js', 'server/remote.js']) host.files.set(`/cdn/store/${file}`, host.files.get(`/store/cdn/${file}`)!);
    const cdn = service({ origins: { store: [`${host.url}/cdn/store/`] } });
    const state = await cdn.publish(TEAM, 'store', { version: 'cdn', manifestUrl: `${host.url}/cdn/store/mf-manifest.json` });
    expect(state.versions.find((v) => v.version === 'cdn')).toMatchObject({ pinned: true });
  });

  it('follows no redirect and echoes nothing it fetched', async () => {
    const releases = service();
    host.files.set('/store/r/mf-manifest.json', { status: 302, headers: { location: 'http://127.0.0.1:9/secret' }, body: 'moved' });
    host.files.set('/store/e/mf-manifest.json', { status: 500, body: 'root:x:0:0:root:/root:/bin/bash' });
    host.files.set('/store/j/mf-manifest.json', { body: 'SECRET-TOKEN=abc123 not json' });
    for (const version of ['r', 'e', 'gone']) {
      const manifestUrl = `${host.url}/store/${version}/mf-manifest.json`;
      await expect(releases.publish(TEAM, 'store', { version, manifestUrl })).rejects.toThrow(`store's files could not be read at ${manifestUrl}.`);
    }
    await expect(releases.publish(TEAM, 'store', { version: 'j', manifestUrl: `${host.url}/store/j/mf-manifest.json` })).rejects.toThrow(
      /^The manifest at .* is not a remote manifest\.$/,
    );
    const said = JSON.stringify(await releases.state('store'));
    expect(said).not.toContain('root:x');
    expect(said).not.toContain('SECRET-TOKEN');
    expect(host.requests.filter((p) => p === '/secret')).toEqual([]);
  });
});

describe('the audit trail (decision 046)', () => {
  it('counts refusals per actor and hour apart from the changes, and pages through the whole history', async () => {
    const releases = service();
    await releases.publish(TEAM, 'store', v2());
    await releases.promote(TEAM, 'store', { version: V2, channel: 'canary', percent: 5 });
    for (let i = 0; i < 40; i++) await releases.refuse('store', 'anonymous', 'read', new Error('A deploy token or an operator session is required.'));
    const state = await releases.state('store');
    expect(state.events.map((e) => e.action)).toEqual(['promote', 'publish', 'adopt-configured']);
    expect(state.refusals).toEqual([expect.objectContaining({ actor: 'anonymous', action: 'read', count: 40, hour: '2025-07-01T12:00:00.000Z' })]);

    for (let i = 0; i < 70; i++) await releases.setCanaryShare(TEAM, 'store', i % 100);
    const first = await releases.state('store');
    expect(first.events).toHaveLength(30);
    const seen = [...first.events];
    let next = first.eventsNext;
    while (next) {
      const page = await releases.events('store', next);
      seen.push(...page.events);
      next = page.next;
    }
    expect(seen).toHaveLength(73);
    expect(seen.slice(-3).map((e) => e.action)).toEqual(['promote', 'publish', 'adopt-configured']);
    expect(new Set(seen.map((e) => e.id)).size).toBe(73);
  });
});
