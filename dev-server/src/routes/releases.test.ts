/**
 * The release API over HTTP (decisions 037, 046): who may release what (the attacks performed),
 * /remotes.json by cohort, the CSP following the registry, failures counted to an automatic
 * rollback only from browsers that were served the version, and an audit trail nobody can flush.
 */
import request from 'supertest';
import {
  CSRF_HEADER,
  CSRF_VALUE,
  IssuedTokenSchema,
  RELEASE_CANARY_COOKIE,
  RELEASE_CANARY_HEADER,
  RELEASE_COHORT_COOKIE,
  RELEASE_SERVED_COOKIE,
  ReleasesOverviewSchema,
  ReleaseEventsPageSchema,
  RemoteReleasesSchema,
  RemotesConfigSchema,
  type RegistryRemotesAnswer,
} from 'shared-contracts/server';
import { DEMO_OPERATOR, DEMO_READER } from '../seed';
import { configuredVersion } from '../services/releases';
import { createTestApp, setCookies, sidFrom, signIn, TEST_ORIGIN, TEST_REMOTES, UNLIMITED, type TestApp } from '../test/harness';
import { startReleaseHost, type ReleaseHost } from '../test/release-host';

const V2 = '2026.11.26-aaaaaaa';
const CHECK_OK = { ok: true, lines: ['store: shared ok', 'store: types ok (./App, ./MiniCart)'] };
const STABLE = configuredVersion(TEST_REMOTES.store);

let t: TestApp;
let host: ReleaseHost;
let operator: string;
let reader: string;
let storeToken: string;
let libraryToken: string;
let V2_URL: string;

const post = (path: string, body: object, auth?: { token?: string; sid?: string; cookie?: string }) => {
  const req = request(t.app).post(path).set(CSRF_HEADER, CSRF_VALUE);
  if (auth?.token) req.set('Authorization', `Bearer ${auth.token}`);
  if (auth?.sid) req.set('Cookie', `sid=${auth.sid}`).set('Origin', TEST_ORIGIN);
  if (auth?.cookie) req.set('Cookie', auth.cookie);
  return req.send(body);
};
const get = (path: string, auth?: { token?: string; sid?: string; cookie?: string }) => {
  const req = request(t.app).get(path);
  if (auth?.token) req.set('Authorization', `Bearer ${auth.token}`);
  if (auth?.sid) req.set('Cookie', `sid=${auth.sid}`);
  if (auth?.cookie) req.set('Cookie', auth.cookie);
  return req;
};
const storeState = async () => RemoteReleasesSchema.parse((await get('/api/releases/store', { sid: operator }).expect(200)).body);

/** A browser's cookies after it read /remotes.json (its cohort, its served-versions record), with `extra` cookies. */
async function browserCookies(extra = ''): Promise<{ cookie: string; answer: RegistryRemotesAnswer }> {
  const res = await get('/remotes.json', extra ? { cookie: extra } : undefined).expect(200);
  const set = setCookies(res).map((c) => c.split(';')[0]!);
  return { cookie: [extra, ...set].filter(Boolean).join('; '), answer: res.body as RegistryRemotesAnswer };
}

beforeAll(async () => {
  host = await startReleaseHost();
  t = await createTestApp({ rateLimits: UNLIMITED, releases: { minLoads: 3, maxFailureRate: 0.5, minBrowsers: 5, cacheMs: 60_000, baseUrl: host.url } });
  operator = sidFrom(await signIn(t.app, DEMO_OPERATOR.email, DEMO_OPERATOR.password).expect(200))!;
  reader = sidFrom(await signIn(t.app, DEMO_READER.email, DEMO_READER.password).expect(200))!;
  storeToken = IssuedTokenSchema.parse((await post('/api/releases/store/tokens', { label: 'store team CI' }, { sid: operator }).expect(201)).body).token;
  libraryToken = IssuedTokenSchema.parse((await post('/api/releases/library/tokens', { label: 'library team' }, { sid: operator }).expect(201)).body).token;
  V2_URL = host.addVersion('store', V2);
});
afterAll(async () => {
  await t.close();
  await host.close();
});

describe('who may release', () => {
  it('stores tokens hashed, never as given', async () => {
    const rows = await t.db.selectFrom('release_tokens').selectAll().execute();
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
      expect([storeToken, libraryToken]).not.toContain(row.token_hash);
    }
  });

  it('refuses a token for another remote, and counts the refusal on the remote it aimed at', async () => {
    const res = await post('/api/releases/store/promote', { version: STABLE, channel: 'canary', percent: 10 }, { token: libraryToken }).expect(403);
    expect(res.body.message).toBe('This deploy token releases library only.');
    await get('/api/releases/store', { token: libraryToken }).expect(403);
    const refused = (await storeState()).refusals;
    expect(refused).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action: 'read', actor: expect.stringMatching(/^token:tok-[0-9a-f]+ \(library team\)$/), count: 1 }),
        expect.objectContaining({ action: 'promote', reason: 'This deploy token releases library only.' }),
      ]),
    );
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
    const refused = (await storeState()).refusals;
    expect(refused.map((r) => r.actor)).toEqual(expect.arrayContaining(['anonymous', `token:${spare.id} (revoked)`, 'unknown token']));
    expect(refused.find((r) => r.actor === 'unknown token')).toMatchObject({
      count: 2,
      reason: expect.stringMatching(/^Unknown or revoked deploy token\. \(sha256:[0-9a-f]{12}\)$/),
    });
    // The audit never holds a token.
    expect(JSON.stringify(await storeState())).not.toContain(spare.token);
  });

  it('refuses a signed-in reader who is not an operator, on every operator endpoint', async () => {
    await get('/api/releases', { sid: reader }).expect(403);
    await get('/api/releases/store', { sid: reader }).expect(403);
    await post('/api/releases/store/promote', { version: STABLE, channel: 'stable' }, { sid: reader }).expect(403);
    await post('/api/releases/store/tokens', { label: 'mine now' }, { sid: reader }).expect(403);
    await post('/api/releases/testers', { email: DEMO_READER.email }, { sid: reader }).expect(403);
    // A deploy token cannot issue tokens, list testers, nor read every remote.
    await post('/api/releases/store/tokens', { label: 'more' }, { token: storeToken }).expect(403);
    await post('/api/releases/testers', { email: DEMO_READER.email }, { token: storeToken }).expect(403);
    await get('/api/releases', { token: storeToken }).expect(403);
    expect((await storeState()).refusals.find((e) => e.actor === `user:${DEMO_READER.email}`)).toMatchObject({ reason: 'Operators only.' });
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
        manifestUrl: host.addVersion('store', '2026.11.26-bad0bad'),
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
    await post('/api/releases/testers', { email: 'not an address' }, { sid: operator }).expect(400);
    await get('/api/releases/store/events?limit=1000', { sid: operator }).expect(400);
    await get('/api/releases/nothing', { sid: operator }).expect(404);
  });
});

describe('the probe: a deploy token is not code execution, and release signals cannot be forged (decision 046)', () => {
  it('a token cannot publish from an origin the operator did not allow, whatever check it claims, nor make a 0% canary of it', async () => {
    const csp = async () => (await request(t.app).get('/healthz')).headers['content-security-policy'] as string;
    const before = await csp();
    const res = await post(
      '/api/releases/store/versions',
      { version: 'x', manifestUrl: 'http://localhost:3990/mf-manifest.json', check: { ok: true, lines: [] } },
      { token: storeToken },
    ).expect(422);
    expect(res.body.message).toBe(`A version of store is published from http://localhost:3003/, ${host.url}/store/ only.`);
    await post('/api/releases/store/promote', { version: 'x', channel: 'canary', percent: 0 }, { token: storeToken }).expect(404);
    // Nothing changed for readers: the opt-in header of anyone gets the stable store, the CSP names no new origin.
    const answer = RemotesConfigSchema.parse((await request(t.app).get('/remotes.json').set(RELEASE_CANARY_HEADER, 'store').expect(200)).body);
    expect(answer.remotes.store).toBe(TEST_REMOTES.store);
    expect(await csp()).toBe(before);
    expect(await csp()).not.toContain('3990');
  });

  it('publish is no request-forgery oracle: loopback and other sites are never fetched, and what an allowed host answers is never echoed', async () => {
    for (const manifestUrl of ['http://127.0.0.1:3000/api/user/profile', 'http://169.254.169.254/latest/meta-data/']) {
      const res = await post('/api/releases/store/versions', { version: 'probe', manifestUrl }, { token: storeToken }).expect(422);
      expect(res.body.message).toMatch(/^A version of store is published from /);
    }
    host.files.set('/store/leak/mf-manifest.json', { status: 403, body: 'internal: db password hunter2' });
    const res = await post(
      '/api/releases/store/versions',
      { version: 'leak', manifestUrl: `${host.url}/store/leak/mf-manifest.json` },
      { token: storeToken },
    ).expect(422);
    expect(res.body.message).toBe(`store's files could not be read at ${host.url}/store/leak/mf-manifest.json.`);
    expect(JSON.stringify(await storeState())).not.toContain('hunter2');
  });

  it("the canary opt-in counts for an operator and a listed tester only; a reader's and a guest's are ignored", async () => {
    await post('/api/releases/store/versions', { version: 'optin', manifestUrl: host.addVersion('store', 'optin') }, { token: storeToken }).expect(201);
    await post('/api/releases/store/promote', { version: 'optin', channel: 'canary', percent: 0 }, { token: storeToken }).expect(200);
    const storeOf = async (req: request.Test) => RemotesConfigSchema.parse((await req.expect(200)).body).remotes.store;
    const optedIn = `${RELEASE_CANARY_COOKIE}=store`;
    expect(await storeOf(request(t.app).get('/remotes.json').set('Cookie', optedIn))).toBe(TEST_REMOTES.store);
    expect(await storeOf(request(t.app).get('/remotes.json').set(RELEASE_CANARY_HEADER, 'all'))).toBe(TEST_REMOTES.store);
    expect(await storeOf(request(t.app).get('/remotes.json').set('Cookie', `sid=${reader}; ${optedIn}`))).toBe(TEST_REMOTES.store);
    expect(await storeOf(request(t.app).get('/remotes.json').set('Cookie', `sid=${operator}; ${optedIn}`))).toContain('/store/optin/');
    // The operators list a tester; their opt-in then counts, until they are taken off the list.
    const listed = await post('/api/releases/testers', { email: DEMO_READER.email }, { sid: operator }).expect(200);
    expect(listed.body).toEqual({ testers: [DEMO_READER.email] });
    expect(await storeOf(request(t.app).get('/remotes.json').set('Cookie', `sid=${reader}`).set(RELEASE_CANARY_HEADER, 'store'))).toContain('/store/optin/');
    await request(t.app)
      .delete(`/api/releases/testers/${encodeURIComponent(DEMO_READER.email)}`)
      .set(CSRF_HEADER, CSRF_VALUE)
      .set('Cookie', `sid=${operator}`)
      .expect(200);
    expect(await storeOf(request(t.app).get('/remotes.json').set('Cookie', `sid=${reader}`).set(RELEASE_CANARY_HEADER, 'store'))).toBe(TEST_REMOTES.store);
    expect((await storeState()).events.length).toBeGreaterThan(0);
    await request(t.app).delete('/api/releases/store/canary').set(CSRF_HEADER, CSRF_VALUE).set('Cookie', `sid=${operator}`).expect(200);
  });

  it('forged reports without a served browser, or naming another version, take no canary out and keep none in', async () => {
    await post('/api/releases/store/versions', { version: 'forged', manifestUrl: host.addVersion('store', 'forged') }, { token: storeToken }).expect(201);
    await post('/api/releases/store/promote', { version: 'forged', channel: 'canary', percent: 100 }, { token: storeToken }).expect(200);
    // The probe's attack: no cookie, the canary's version named by the caller.
    for (let i = 0; i < 5; i++) {
      await post('/api/client-errors', { remote: 'store', module: 'App', stage: 'render', message: 'forged', page: '/store' }).expect(204);
    }
    for (let i = 0; i < 20; i++) await post('/api/remote-loads', { remote: 'store', version: 'forged' }).expect(204);
    expect((await storeState()).canary).toMatchObject({ version: 'forged', loads: 0, failures: 0 });
    // A forged served-versions cookie counts for nothing either.
    const { cookie } = await browserCookies();
    const forged = cookie.replace(/mfe_served=[^;]*/, `${RELEASE_SERVED_COOKIE}=eyJiIjoiYWFhYWFhYWFhYWFhYWFhYWFhYWEiLCJ2Ijp7InN0b3JlIjoiZm9yZ2VkIn19.AAAA`);
    await post('/api/remote-loads', { remote: 'store' }, { cookie: forged }).expect(204);
    // A browser served the canary reporting a load of another version: dropped.
    await post('/api/remote-loads', { remote: 'store', version: STABLE }, { cookie }).expect(204);
    expect((await storeState()).canary).toMatchObject({ loads: 0, failures: 0 });
    // Its own report counts once per report, and failures of one browser never take the canary out.
    for (let i = 0; i < 6; i++) {
      await post('/api/remote-loads', { remote: 'store' }, { cookie }).expect(204);
      await post('/api/client-errors', { remote: 'store', module: 'App', stage: 'render', message: 'boom', page: '/store' }, { cookie }).expect(204);
    }
    expect((await storeState()).canary).toMatchObject({ version: 'forged', loads: 6, failures: 6 });
    await request(t.app).delete('/api/releases/store/canary').set(CSRF_HEADER, CSRF_VALUE).set('Cookie', `sid=${operator}`).expect(200);
  });

  it('limits reports per browser', async () => {
    const limited = await createTestApp({
      rateLimits: { ...UNLIMITED, releaseReports: { windowMs: 60_000, limit: 3 } },
      releases: { baseUrl: host.url },
    });
    try {
      const res = await request(limited.app).get('/remotes.json').expect(200);
      const cookie = setCookies(res)
        .map((c) => c.split(';')[0]!)
        .join('; ');
      expect(cookie).toContain(`${RELEASE_SERVED_COOKIE}=`);
      const report = () => request(limited.app).post('/api/remote-loads').set(CSRF_HEADER, CSRF_VALUE).set('Cookie', cookie).send({ remote: 'store' });
      for (let i = 0; i < 3; i++) await report().expect(204);
      await report().expect(429);
    } finally {
      await limited.close();
    }
  });

  it('the audit trail survives a flood of refusals: 31 anonymous requests hide no publish, promote or rollback', async () => {
    const before = (await storeState()).events.slice(0, 5);
    for (let i = 0; i < 31; i++) await get('/api/releases/store').expect(401);
    const after = await storeState();
    expect(after.events.slice(0, 5)).toEqual(before);
    expect(after.refusals.find((r) => r.actor === 'anonymous' && r.action === 'read')!.count).toBeGreaterThanOrEqual(31);
  });
});

describe('a release, as readers see it', () => {
  it('publishes, canaries a share and opt-ins, promotes, rolls back; /remotes.json and the CSP follow', async () => {
    const csp = async () => (await request(t.app).get('/healthz')).headers['content-security-policy'] as string;
    const hostOrigin = new URL(host.url).origin;
    expect(await csp()).not.toContain(hostOrigin);

    await post('/api/releases/store/versions', { version: V2, manifestUrl: V2_URL, check: CHECK_OK }, { token: storeToken }).expect(201);
    // Published is not released.
    expect(RemotesConfigSchema.parse((await get('/remotes.json').expect(200)).body).remotes.store).toBe(TEST_REMOTES.store);
    // Immutable: the same version again, or its address under another name, is refused.
    await post('/api/releases/store/versions', { version: V2, manifestUrl: V2_URL, check: CHECK_OK }, { token: storeToken }).expect(409);
    await post('/api/releases/store/versions', { version: 'again', manifestUrl: V2_URL, check: CHECK_OK }, { token: storeToken }).expect(409);

    await post('/api/releases/store/promote', { version: V2, channel: 'canary', percent: 50 }, { token: storeToken }).expect(200);
    expect(await csp()).toContain(hostOrigin);

    // A new browser is given a sticky cohort; about half the browsers get the canary, with its pins.
    const first = await get('/remotes.json').expect(200).expect('Cache-Control', 'private, no-cache');
    expect(first.headers.vary).toMatch(/Cookie/);
    const cohort = setCookies(first).find((c) => c.startsWith(`${RELEASE_COHORT_COOKIE}=`));
    expect(cohort).toMatch(/HttpOnly/);
    const served = setCookies(first).find((c) => c.startsWith(`${RELEASE_SERVED_COOKIE}=`));
    expect(served).toMatch(/HttpOnly/);
    expect(served).toMatch(/Path=\/api/);
    const cookie = [cohort, served].map((c) => c!.split(';')[0]!).join('; ');
    const again = await request(t.app).get('/remotes.json').set('Cookie', cookie).expect(200);
    expect(again.body).toEqual(first.body);
    expect(setCookies(again)).toEqual([]);
    let canaries = 0;
    for (let i = 0; i < 40; i++) {
      const body = (await get('/remotes.json')).body as RegistryRemotesAnswer;
      RemotesConfigSchema.parse(body);
      if (body.versions.store === V2) {
        canaries++;
        expect(body).toMatchObject({ remotes: { store: V2_URL }, canary: ['store'], integrity: { store: { entry: expect.stringMatching(/^sha384-/) } } });
      } else {
        expect(body.remotes.store).toBe(TEST_REMOTES.store);
        expect(body.integrity).toBeUndefined();
      }
    }
    expect(canaries).toBeGreaterThan(5);
    expect(canaries).toBeLessThan(35);
    // An operator opting in by cookie or header; the other remotes stay stable.
    for (const req of [
      request(t.app).get('/remotes.json').set('Cookie', `sid=${operator}; ${RELEASE_CANARY_COOKIE}=store`),
      request(t.app).get('/remotes.json').set('Cookie', `sid=${operator}`).set(RELEASE_CANARY_HEADER, 'all'),
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
      { action: 'rollback', channel: 'stable', from: V2, to: STABLE, reason: 'totals wrong', actor: expect.stringMatching(/^token:/) },
      // The canary that became stable left its channel.
      { action: 'canary-remove', channel: 'canary', from: V2, reason: 'promoted to stable' },
      { action: 'promote', channel: 'stable', from: STABLE, to: V2, reason: 'canary clean', actor: `operator:${DEMO_OPERATOR.email}` },
    ]);
    // The older history, a page at a time.
    const older = ReleaseEventsPageSchema.parse(
      (await get(`/api/releases/store/events?before=${encodeURIComponent(rolled.events[0]!.id)}&limit=2`, { token: storeToken }).expect(200)).body,
    );
    expect(older.events.map((e) => e.action)).toEqual(['canary-remove', 'promote']);
    expect(older.next).toBe(older.events[1]!.id);
    // The operators' overview has every remote, the rule and the testers.
    const overview = ReleasesOverviewSchema.parse((await get('/api/releases', { sid: operator }).expect(200)).body);
    expect(overview.remotes.map((r) => r.remote)).toEqual(['paywall', 'library', 'store', 'video', 'visualLibrary']);
    expect(overview.autoRollback).toEqual({ minLoads: 3, maxFailureRate: 0.5, minBrowsers: 5 });
    expect(overview.testers).toEqual([]);
  });

  it("counts a canary's loads and failures from the browsers served it, and takes it out by itself once five browsers fail", async () => {
    const v3 = '2026.11.27-bbbbbbb';
    await post('/api/releases/store/versions', { version: v3, manifestUrl: host.addVersion('store', v3), check: CHECK_OK }, { token: storeToken }).expect(201);
    await post('/api/releases/store/promote', { version: v3, channel: 'canary', percent: 100 }, { token: storeToken }).expect(200);
    for (let i = 0; i < 5; i++) {
      // A browser reads /remotes.json (its served record is set), takes the canary up and fails.
      const { cookie, answer } = await browserCookies();
      expect(answer.versions.store).toBe(v3);
      expect((await storeState()).canary).toMatchObject({ version: v3, failures: i, loads: i });
      await post('/api/remote-loads', { remote: 'store' }, { cookie }).expect(204);
      await post('/api/client-errors', { remote: 'store', module: 'App', stage: 'render', message: 'boom', page: '/store' }, { cookie }).expect(204);
    }
    const state = await storeState();
    expect(state.canary).toBeNull();
    expect(state.events[0]).toMatchObject({ actor: 'registry', action: 'auto-rollback', channel: 'canary', from: v3 });
    expect(state.events[0]!.reason).toBe('failure rate 100% (5 failures in 5 loads, from 5 browsers) is above 50% after at least 3 loads');
    expect(state.versions.find((v) => v.version === v3)).toMatchObject({ loads: 5, failures: 5, failureRate: 1 });
    // The next page load gets the stable version; the team cannot bring the canary back by itself.
    expect(RemotesConfigSchema.parse((await get('/remotes.json')).body).remotes.store).toBe(TEST_REMOTES.store);
    const again = await post('/api/releases/store/promote', { version: v3, channel: 'canary', percent: 10 }, { token: storeToken }).expect(403);
    expect(again.body.message).toBe(`The registry took store ${v3} out after readers' failures: only an operator may promote it again.`);
    await post('/api/releases/store/promote', { version: v3, channel: 'canary', percent: 10 }, { sid: operator }).expect(200);
  });
});
