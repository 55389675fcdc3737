/**
 * The release API over HTTP (issue 24, decision 037): who may release what (the attacks performed),
 * /remotes.json by cohort, the CSP following the registry, failures counted to an automatic rollback.
 */
import request from 'supertest';
import {
  CSRF_HEADER,
  CSRF_VALUE,
  IssuedTokenSchema,
  RELEASE_CANARY_COOKIE,
  RELEASE_CANARY_HEADER,
  RELEASE_COHORT_COOKIE,
  ReleasesOverviewSchema,
  RemoteReleasesSchema,
  RemotesConfigSchema,
  type RegistryRemotesAnswer,
} from 'shared-contracts/server';
import { DEMO_OPERATOR, DEMO_READER } from '../seed';
import { configuredVersion } from '../services/releases';
import { createTestApp, setCookies, sidFrom, signIn, TEST_ORIGIN, TEST_REMOTES, UNLIMITED, type TestApp } from '../test/harness';

const V2 = '2026.11.26-aaaaaaa';
const V2_URL = `http://localhost:3010/store/${V2}/mf-manifest.json`;
const CHECK_OK = { ok: true, lines: ['store: shared ok', 'store: types ok (./App, ./MiniCart)'] };
const STABLE = configuredVersion(TEST_REMOTES.store);

let t: TestApp;
let operator: string;
let reader: string;
let storeToken: string;
let libraryToken: string;

const post = (path: string, body: object, auth?: { token?: string; sid?: string }) => {
  const req = request(t.app).post(path).set(CSRF_HEADER, CSRF_VALUE);
  if (auth?.token) req.set('Authorization', `Bearer ${auth.token}`);
  if (auth?.sid) req.set('Cookie', `sid=${auth.sid}`).set('Origin', TEST_ORIGIN);
  return req.send(body);
};
const get = (path: string, auth?: { token?: string; sid?: string }) => {
  const req = request(t.app).get(path);
  if (auth?.token) req.set('Authorization', `Bearer ${auth.token}`);
  if (auth?.sid) req.set('Cookie', `sid=${auth.sid}`);
  return req;
};
const storeState = async () => RemoteReleasesSchema.parse((await get('/api/releases/store', { sid: operator }).expect(200)).body);

beforeAll(async () => {
  t = await createTestApp(
    { rateLimits: UNLIMITED, releases: { minLoads: 3, maxFailureRate: 0.5, cacheMs: 60_000 } },
    {
      fetchManifest: async (url) => ({ name: /\/library\//.test(url) ? 'library' : 'store' }),
    },
  );
  operator = sidFrom(await signIn(t.app, DEMO_OPERATOR.email, DEMO_OPERATOR.password).expect(200))!;
  reader = sidFrom(await signIn(t.app, DEMO_READER.email, DEMO_READER.password).expect(200))!;
  storeToken = IssuedTokenSchema.parse((await post('/api/releases/store/tokens', { label: 'store team CI' }, { sid: operator }).expect(201)).body).token;
  libraryToken = IssuedTokenSchema.parse((await post('/api/releases/library/tokens', { label: 'library team' }, { sid: operator }).expect(201)).body).token;
});
afterAll(() => t.close());

describe('who may release', () => {
  it('stores tokens hashed, never as given', async () => {
    const rows = await t.db.selectFrom('release_tokens').selectAll().execute();
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
      expect([storeToken, libraryToken]).not.toContain(row.token_hash);
    }
  });

  it('refuses a token for another remote, and audits the refusal on the remote it aimed at', async () => {
    const res = await post('/api/releases/store/promote', { version: STABLE, channel: 'canary', percent: 10 }, { token: libraryToken }).expect(403);
    expect(res.body.message).toBe('This deploy token releases library only.');
    await get('/api/releases/store', { token: libraryToken }).expect(403);
    const refused = (await storeState()).events.filter((e) => e.outcome === 'refused');
    expect(refused[0]).toMatchObject({ action: 'read', actor: expect.stringMatching(/^token:tok-[0-9a-f]+ \(library team\)$/) });
    expect(refused[1]).toMatchObject({ action: 'promote', reason: 'This deploy token releases library only.' });
  });

  it('refuses no token, a guessed token and a revoked token replayed', async () => {
    await post('/api/releases/store/rollback', {}).expect(401);
    const guessed = `mfr_${'A'.repeat(43)}`;
    await post('/api/releases/store/rollback', {}, { token: guessed }).expect(401);
    await post('/api/releases/store/rollback', {}, { token: 'not-even-shaped-like-one' }).expect(401);
    const spare = IssuedTokenSchema.parse((await post('/api/releases/store/tokens', { label: 'leaked laptop' }, { sid: operator }).expect(201)).body);
    await get('/api/releases/store', { token: spare.token }).expect(200);
    await request(t.app).delete(`/api/releases/store/tokens/${spare.id}`).set(CSRF_HEADER, CSRF_VALUE).set('Cookie', `sid=${operator}`).expect(204);
    const replay = await get('/api/releases/store', { token: spare.token }).expect(401);
    expect(replay.body.message).toBe('Unknown or revoked deploy token.');
    const actors = (await storeState()).events.filter((e) => e.outcome === 'refused').map((e) => e.actor);
    expect(actors).toEqual(expect.arrayContaining(['anonymous', `token:${spare.id} (revoked)`, expect.stringMatching(/^unknown token sha256:[0-9a-f]{12}$/)]));
    // The audit never holds a token.
    expect(JSON.stringify(await storeState())).not.toContain(spare.token);
  });

  it('refuses a signed-in reader who is not an operator, on every operator endpoint', async () => {
    await get('/api/releases', { sid: reader }).expect(403);
    await get('/api/releases/store', { sid: reader }).expect(403);
    await post('/api/releases/store/promote', { version: STABLE, channel: 'stable' }, { sid: reader }).expect(403);
    await post('/api/releases/store/tokens', { label: 'mine now' }, { sid: reader }).expect(403);
    // A deploy token cannot issue tokens, nor read every remote.
    await post('/api/releases/store/tokens', { label: 'more' }, { token: storeToken }).expect(403);
    await get('/api/releases', { token: storeToken }).expect(403);
    expect((await storeState()).events.find((e) => e.actor === `user:${DEMO_READER.email}`)).toMatchObject({ outcome: 'refused', reason: 'Operators only.' });
  });

  it("refuses an operator's change without the CSRF header or from another origin", async () => {
    await request(t.app).post('/api/releases/store/rollback').set('Cookie', `sid=${operator}`).send({}).expect(403);
    await request(t.app)
      .post('/api/releases/store/rollback')
      .set(CSRF_HEADER, CSRF_VALUE)
      .set('Origin', 'https://evil.example')
      .set('Cookie', `sid=${operator}`)
      .send({})
      .expect(403);
  });

  it('refuses a version whose pre-release check failed, with the reason', async () => {
    const res = await post(
      '/api/releases/store/versions',
      {
        version: '2026.11.26-bad0bad',
        manifestUrl: 'http://localhost:3010/store/2026.11.26-bad0bad/mf-manifest.json',
        check: { ok: false, lines: ['store: shared MISMATCH: react: the remote has 18.3.1, the shell requires ^19.3.0', 'store: types ok (./App)'] },
      },
      { token: storeToken },
    ).expect(422);
    expect(res.body.message).toBe('The pre-release check failed: store: shared MISMATCH: react: the remote has 18.3.1, the shell requires ^19.3.0');
    expect((await storeState()).versions.map((v) => v.version)).not.toContain('2026.11.26-bad0bad');
  });

  it('validates requests', async () => {
    await post('/api/releases/store/versions', { version: '../../etc', manifestUrl: 'javascript:alert(1)', check: CHECK_OK }, { token: storeToken }).expect(
      400,
    );
    await post('/api/releases/store/promote', { version: STABLE, channel: 'beta' }, { token: storeToken }).expect(400);
    await post('/api/releases/store/canary', { percent: 101 }, { token: storeToken }).expect(400);
    await get('/api/releases/nothing', { sid: operator }).expect(404);
  });
});

describe('a release, as readers see it', () => {
  it('publishes, canaries a share and opt-ins, promotes, rolls back; /remotes.json and the CSP follow', async () => {
    const csp = async () => (await request(t.app).get('/healthz')).headers['content-security-policy'] as string;
    expect(await csp()).not.toContain('localhost:3010');

    await post('/api/releases/store/versions', { version: V2, manifestUrl: V2_URL, check: CHECK_OK }, { token: storeToken }).expect(201);
    // Published is not released.
    expect(RemotesConfigSchema.parse((await get('/remotes.json').expect(200)).body).remotes.store).toBe(TEST_REMOTES.store);
    // Immutable: the same version again, or its address under another name, is refused.
    await post('/api/releases/store/versions', { version: V2, manifestUrl: V2_URL, check: CHECK_OK }, { token: storeToken }).expect(409);
    await post('/api/releases/store/versions', { version: 'again', manifestUrl: V2_URL, check: CHECK_OK }, { token: storeToken }).expect(409);

    await post('/api/releases/store/promote', { version: V2, channel: 'canary', percent: 50 }, { token: storeToken }).expect(200);
    expect(await csp()).toContain('http://localhost:3010');

    // A new browser is given a sticky cohort; about half the browsers get the canary.
    const first = await get('/remotes.json').expect(200).expect('Cache-Control', 'private, no-cache');
    expect(first.headers.vary).toMatch(/Cookie/);
    const cohort = setCookies(first).find((c) => c.startsWith(`${RELEASE_COHORT_COOKIE}=`));
    expect(cohort).toMatch(/HttpOnly/);
    const cookie = cohort!.split(';')[0]!;
    const again = await request(t.app).get('/remotes.json').set('Cookie', cookie).expect(200);
    expect(again.body).toEqual(first.body);
    expect(setCookies(again)).toEqual([]);
    let canaries = 0;
    for (let i = 0; i < 40; i++) {
      const body = (await get('/remotes.json')).body as RegistryRemotesAnswer;
      RemotesConfigSchema.parse(body);
      if (body.versions.store === V2) {
        canaries++;
        expect(body).toMatchObject({ remotes: { store: V2_URL }, canary: ['store'] });
      } else expect(body.remotes.store).toBe(TEST_REMOTES.store);
    }
    expect(canaries).toBeGreaterThan(5);
    expect(canaries).toBeLessThan(35);
    // Opting in by cookie or header; the other remotes stay stable.
    for (const req of [
      request(t.app).get('/remotes.json').set('Cookie', `${RELEASE_CANARY_COOKIE}=store`),
      request(t.app).get('/remotes.json').set(RELEASE_CANARY_HEADER, 'all'),
    ]) {
      const body = RemotesConfigSchema.parse((await req.expect(200)).body);
      expect(body.remotes).toEqual({ ...TEST_REMOTES, store: V2_URL });
    }

    // Share 0: opt-ins only.
    await post('/api/releases/store/canary', { percent: 0 }, { token: storeToken }).expect(200);
    for (let i = 0; i < 10; i++) expect(RemotesConfigSchema.parse((await get('/remotes.json')).body).remotes.store).toBe(TEST_REMOTES.store);

    await post('/api/releases/store/promote', { version: V2, channel: 'stable', reason: 'canary clean' }, { sid: operator }).expect(200);
    expect(RemotesConfigSchema.parse((await get('/remotes.json')).body).remotes.store).toBe(V2_URL);

    const rolled = RemoteReleasesSchema.parse((await post('/api/releases/store/rollback', { reason: 'totals wrong' }, { token: storeToken }).expect(200)).body);
    expect(rolled.stable?.version).toBe(STABLE);
    expect(RemotesConfigSchema.parse((await get('/remotes.json')).body).remotes.store).toBe(TEST_REMOTES.store);
    expect(rolled.events.slice(0, 3)).toMatchObject([
      { action: 'rollback', channel: 'stable', from: V2, to: STABLE, reason: 'totals wrong', outcome: 'done', actor: expect.stringMatching(/^token:/) },
      // The canary that became stable left its channel.
      { action: 'canary-remove', channel: 'canary', from: V2, reason: 'promoted to stable' },
      { action: 'promote', channel: 'stable', from: STABLE, to: V2, reason: 'canary clean', actor: `operator:${DEMO_OPERATOR.email}` },
    ]);
    // The operators' overview has every remote and the rule.
    const overview = ReleasesOverviewSchema.parse((await get('/api/releases', { sid: operator }).expect(200)).body);
    expect(overview.remotes.map((r) => r.remote)).toEqual(['paywall', 'library', 'store', 'video', 'visualLibrary']);
    expect(overview.autoRollback).toEqual({ minLoads: 3, maxFailureRate: 0.5 });
  });

  it("counts a canary's loads and failures, and takes it out by itself past the threshold", async () => {
    const v3 = '2026.11.27-bbbbbbb';
    await post(
      '/api/releases/store/versions',
      { version: v3, manifestUrl: `http://localhost:3010/store/${v3}/mf-manifest.json`, check: CHECK_OK },
      { token: storeToken },
    ).expect(201);
    await post('/api/releases/store/promote', { version: v3, channel: 'canary', percent: 100 }, { token: storeToken }).expect(200);
    const tester = `${RELEASE_CANARY_COOKIE}=store`;
    for (let i = 0; i < 3; i++) {
      // The report names no version: counted against the one this browser is given.
      await request(t.app)
        .post('/api/client-errors')
        .set(CSRF_HEADER, CSRF_VALUE)
        .set('Cookie', tester)
        .send({ remote: 'store', module: 'App', stage: 'render', message: 'boom', page: '/store' })
        .expect(204);
      // Under the minimum of loads the canary stays, whatever its failures.
      expect((await storeState()).canary).toMatchObject({ version: v3, failures: i + 1, loads: i });
      // The shell's load report names no version either: the tester's cohort is given v3.
      await request(t.app).post('/api/remote-loads').set(CSRF_HEADER, CSRF_VALUE).set('Cookie', tester).send({ remote: 'store' }).expect(204);
    }
    const state = await storeState();
    expect(state.canary).toBeNull();
    expect(state.events[0]).toMatchObject({ actor: 'registry', action: 'auto-rollback', channel: 'canary', from: v3, outcome: 'done' });
    expect(state.events[0]!.reason).toBe('failure rate 100% (3 failures in 3 loads) is above 50% after at least 3 loads');
    expect(state.versions.find((v) => v.version === v3)).toMatchObject({ loads: 3, failures: 3, failureRate: 1 });
    // The next load of a tester gets the stable version.
    expect(RemotesConfigSchema.parse((await request(t.app).get('/remotes.json').set('Cookie', tester)).body).remotes.store).toBe(TEST_REMOTES.store);
  });
});
