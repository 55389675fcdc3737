/** The release registry's rules over a real database (SQLite, or PostgreSQL with TEST_DATABASE_URL). */
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import { createFakeClock } from '../deps';
import { createReleaseRepository } from '../repositories/releases';
import { closeDatabase, seededDatabase, TEST_NOW, TEST_REMOTES } from '../test/harness';
import { cohortBucket, configuredVersion, createReleaseService, type ReleaseActor } from './releases';

const TEAM: ReleaseActor = { kind: 'token', id: 'tok-1', remote: 'store', label: 'store team' };
const manifests = (name: string) => async () => ({ name });
const CHECK = { ok: true, lines: ['store: shared ok', 'store: types ok (./App, ./MiniCart)'] };

let db: Kysely<Database>;
beforeEach(async () => {
  db = await seededDatabase();
});
afterEach(() => closeDatabase(db));

function service(settings = {}, fetchManifest = manifests('store')) {
  return createReleaseService({ releases: createReleaseRepository(db), clock: createFakeClock(TEST_NOW), configured: TEST_REMOTES, settings, fetchManifest });
}

const V2 = { version: '2026.11.26-aaaaaaa', manifestUrl: 'http://localhost:3010/store/2026.11.26-aaaaaaa/mf-manifest.json', check: CHECK };

describe('the release registry', () => {
  it('adopts each configured location as its first stable version', async () => {
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
  });

  it('publishes, canaries for a share and for opt-ins, promotes, and rolls back to the previous stable', async () => {
    const releases = service();
    await releases.publish(TEAM, 'store', V2);
    await releases.promote(TEAM, 'store', { version: V2.version, channel: 'canary', percent: 50 });
    const s = await releases.snapshot();
    const ids = Array.from({ length: 400 }, (_, i) => `cohort-${i}`);
    const inCanary = ids.filter((id) => releases.resolve(s, { id, optIn: new Set() }).versions?.store === V2.version);
    expect(inCanary.length).toBeGreaterThan(150);
    expect(inCanary.length).toBeLessThan(250);
    expect(inCanary.every((id) => cohortBucket(id, 'store') < 50)).toBe(true);
    // Opted in, without a cohort: the canary; the answer names it for the shell's load reports.
    expect(releases.resolve(s, { id: undefined, optIn: new Set(['store']) })).toMatchObject({ canary: ['store'], remotes: { store: V2.manifestUrl } });

    await releases.promote(TEAM, 'store', { version: V2.version, channel: 'stable' });
    let state = await releases.state('store');
    expect(state.stable?.version).toBe(V2.version);
    expect(state.canary).toBeNull();
    expect(state.rollbackTo).toBe(configuredVersion(TEST_REMOTES.store));

    state = await releases.rollback(TEAM, 'store', 'checkout button broken');
    expect(state.stable?.version).toBe(configuredVersion(TEST_REMOTES.store));
    expect(state.rollbackTo).toBeNull();
    expect(state.events[0]).toMatchObject({
      action: 'rollback',
      from: V2.version,
      to: configuredVersion(TEST_REMOTES.store),
      reason: 'checkout button broken',
    });
    await expect(releases.rollback(TEAM, 'store')).rejects.toThrow('no earlier stable version');
    expect((await releases.state('store')).events[0]).toMatchObject({ action: 'rollback', outcome: 'refused' });
  });

  it('never replaces a version, nor reuses an address, and refuses a failed check with its reason', async () => {
    const releases = service();
    await releases.publish(TEAM, 'store', V2);
    await expect(releases.publish(TEAM, 'store', V2)).rejects.toThrow('published already');
    await expect(releases.publish(TEAM, 'store', { ...V2, version: 'other' })).rejects.toThrow('its own address');
    await expect(
      releases.publish(TEAM, 'store', {
        ...V2,
        version: 'broken',
        manifestUrl: 'http://x/y.json',
        check: { ok: false, lines: ['store: shared MISMATCH: react: not shared'] },
      }),
    ).rejects.toThrow('The pre-release check failed: store: shared MISMATCH: react: not shared');
    await expect(service({}, manifests('library')).publish(TEAM, 'store', { ...V2, version: 'v9', manifestUrl: 'http://x/z.json' })).rejects.toThrow(
      "the remote library's, not store's",
    );
    const refused = (await releases.state('store')).events.filter((e) => e.outcome === 'refused');
    expect(refused).toHaveLength(4);
  });

  it('takes a canary out by itself when its failure rate passes the threshold after the minimum loads', async () => {
    const releases = service({ minLoads: 4, maxFailureRate: 0.8 });
    await releases.publish(TEAM, 'store', V2);
    await releases.promote(TEAM, 'store', { version: V2.version, channel: 'canary', percent: 10 });
    for (let i = 0; i < 3; i++) {
      await releases.recordLoad('store', V2.version);
      await releases.recordFailure('store', V2.version);
    }
    expect((await releases.state('store')).canary).toMatchObject({ loads: 3, failures: 3 });
    await releases.recordLoad('store', V2.version);
    expect((await releases.state('store')).canary).toMatchObject({ loads: 4, failures: 3, failureRate: 0.75 });
    await releases.recordFailure('store', V2.version);
    const state = await releases.state('store');
    expect(state.canary).toBeNull();
    expect(state.events[0]).toMatchObject({ actor: 'registry', action: 'auto-rollback', from: V2.version, outcome: 'done' });
    expect(state.events[0]!.reason).toBe('failure rate 100% (4 failures in 4 loads) is above 80% after at least 4 loads');
    expect(state.versions.find((v) => v.version === V2.version)).toMatchObject({ loads: 4, failures: 4 });
    expect((await releases.snapshot()).remotes.store.canary).toBeNull();
  });

  it('serves the last good answer when the database cannot be read', async () => {
    const releases = service({ cacheMs: 0 });
    await releases.publish(TEAM, 'store', V2);
    await releases.promote(TEAM, 'store', { version: V2.version, channel: 'stable' });
    expect((await releases.snapshot()).remotes.store.stable.version).toBe(V2.version);
    await db.schema.alterTable('release_channels').renameTo('release_channels_gone').execute();
    expect((await releases.snapshot()).remotes.store.stable.version).toBe(V2.version);
    await db.schema.alterTable('release_channels_gone').renameTo('release_channels').execute();
  });
});
