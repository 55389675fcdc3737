import request from 'supertest';
import { ApiErrorBodySchema, ArticleStreamSchema, CSRF_HEADER, CSRF_VALUE, FolderListSchema, LoginErrorSchema, UserSchema } from 'shared-contracts/server';
import { z } from 'zod';
import { DEMO_READER, DEMO_SUBSCRIBER } from '../seed/demo-users';
import { createTestApp, setCookies, sidFrom, signIn, TEST_ORIGIN, type TestApp } from '../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const profile = (sid?: string) => {
  const req = request(t.app).get('/service/user/profile');
  return sid === undefined ? req : req.set('Cookie', `sid=${sid}`);
};

async function signedIn(user: { email: string; password: string }): Promise<string> {
  const res = await signIn(t.app, user.email, user.password).expect(200);
  const sid = sidFrom(res);
  if (!sid) throw new Error('no sid cookie');
  return sid;
}

describe('POST /authenticate', () => {
  it('signs the reader in: answers the user and sets an HttpOnly, SameSite session cookie', async () => {
    const res = await signIn(t.app, DEMO_READER.email, DEMO_READER.password).expect(200);
    const user = UserSchema.parse(res.body);
    expect(user).toMatchObject({
      emailAddress: DEMO_READER.email,
      username: DEMO_READER.email,
      firstName: DEMO_READER.firstName,
      status: 'registered',
      tiers: [],
      quota: { limit: 4, count: 0, remaining: 4 },
      ascendQuota: { limit: 3, count: 0, remaining: 3 },
    });
    const cookie = setCookies(res).find((c) => c.startsWith('sid='));
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).toMatch(/; Path=\//);
    expect(cookie).not.toMatch(/; Secure/);
    expect(sidFrom(res)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The page-readable hint that a session may exist: no secret, same lifetime.
    const hint = setCookies(res).find((c) => c.startsWith('signed_in='));
    expect(hint).toMatch(/^signed_in=1;/);
    expect(hint).not.toMatch(/HttpOnly/);
    expect(hint).toMatch(/; SameSite=Lax/);

    const me = UserSchema.parse((await profile(sidFrom(res)).expect(200)).body);
    expect(me.id).toBe(user.id);
  });

  it('signs the subscriber in with their tier, and the stream drops the paywall for them', async () => {
    const sid = await signedIn(DEMO_SUBSCRIBER);
    const me = UserSchema.parse((await profile(sid).expect(200)).body);
    expect(me.status).toBe('subscriber');
    expect(me.tiers).toEqual([{ roleCode: 'ROLE_HBRG_BEST' }]);
    const stream = await request(t.app).get('/service/stream/latest').set('Cookie', `sid=${sid}`).expect(200);
    expect(ArticleStreamSchema.parse(stream.body).isPaywallEnabled).toBe(false);
  });

  it('accepts a urlencoded form and an email in another case', async () => {
    const res = await request(t.app)
      .post('/authenticate')
      .set(CSRF_HEADER, CSRF_VALUE)
      .type('form')
      .send({ username: '  READER@example.com ', password: DEMO_READER.password, reCaptchaToken: 'x', deviceType: 'WEB_SITE' })
      .expect(200);
    expect(UserSchema.parse(res.body).emailAddress).toBe(DEMO_READER.email);
  });

  it('answers 401 invalid_credentials and no cookie for a wrong password or an unknown email, alike', async () => {
    const wrong = await signIn(t.app, DEMO_READER.email, 'Wrong#2025pass').expect(401);
    const unknown = await signIn(t.app, 'nobody@example.com', DEMO_READER.password).expect(401);
    expect(LoginErrorSchema.parse(wrong.body).code).toBe('invalid_credentials');
    expect(unknown.body).toEqual(wrong.body);
    expect(sidFrom(wrong)).toBeUndefined();
    expect(sidFrom(unknown)).toBeUndefined();
  });

  it('refuses a missing form field or captcha with 400 naming the field', async () => {
    const blank = await request(t.app)
      .post('/authenticate')
      .set(CSRF_HEADER, CSRF_VALUE)
      .send({ username: '', password: 'x', reCaptchaToken: 'x' })
      .expect(400);
    expect(ApiErrorBodySchema.parse(blank.body).errors).toEqual([{ field: 'username', errorMessage: 'This field is required.' }]);

    const noCaptcha = await request(t.app)
      .post('/authenticate')
      .set(CSRF_HEADER, CSRF_VALUE)
      .send({ username: DEMO_READER.email, password: DEMO_READER.password })
      .expect(400);
    expect(ApiErrorBodySchema.parse(noCaptcha.body).errors?.[0]).toEqual({
      field: 'reCaptchaToken',
      errorMessage: 'reCAPTCHA is required.',
    });
    expect(sidFrom(noCaptcha)).toBeUndefined();
  });

  it('answers 400 JSON for a body that is not JSON', async () => {
    const res = await request(t.app)
      .post('/authenticate')
      .set(CSRF_HEADER, CSRF_VALUE)
      .set('Content-Type', 'application/json')
      .send('{"username":')
      .expect(400);
    ApiErrorBodySchema.parse(res.body);
  });

  it('issues a new session id at every sign-in and ends the one the browser had', async () => {
    const first = await signedIn(DEMO_READER);
    const res = await signIn(t.app, DEMO_READER.email, DEMO_READER.password, `sid=${first}`).expect(200);
    const second = sidFrom(res);
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
    await profile(second).expect(200);
    await profile(first).expect(401);
  });

  it('keeps only a hash of the session id in the database', async () => {
    const sid = await signedIn(DEMO_READER);
    const rows = await t.db.selectFrom('sessions').select('id_hash').execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((r) => r.id_hash === sid)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.id_hash))).toBe(true);
  });

  it('sets the Secure flag when configured for HTTPS', async () => {
    const secure = await createTestApp({ cookieSecure: true });
    try {
      const res = await signIn(secure.app, DEMO_READER.email, DEMO_READER.password).expect(200);
      expect(setCookies(res).find((c) => c.startsWith('sid='))).toMatch(/; Secure/);
    } finally {
      await secure.close();
    }
  });
});

describe('sessions', () => {
  it('answers 401 JSON to a guest, a made-up cookie and an expired session', async () => {
    expect(ApiErrorBodySchema.parse((await profile().expect(401)).body).message).toBe('Not signed in');
    await profile('not-a-session').expect(401);
    await profile('A'.repeat(43)).expect(401);

    const sid = await signedIn(DEMO_READER);
    try {
      // Used at least once a week, it lives until 30 days after sign-in.
      for (let day = 6; day <= 24; day += 6) {
        t.clock.advance(6 * 24 * 3600 * 1000);
        await profile(sid).expect(200);
      }
      t.clock.advance(5 * 24 * 3600 * 1000);
      await profile(sid).expect(200);
      t.clock.advance(2 * 24 * 3600 * 1000);
      await profile(sid).expect(401);
    } finally {
      t.clock.set('2025-07-01T12:00:00.000Z');
    }
  });
});

describe('sign-out', () => {
  it('POST /service/user/logout ends the session and clears the cookie', async () => {
    const sid = await signedIn(DEMO_READER);
    const res = await request(t.app).post('/service/user/logout').set(CSRF_HEADER, CSRF_VALUE).set('Cookie', `sid=${sid}`).send({}).expect(200);
    expect(z.object({ ok: z.literal(true) }).parse(res.body)).toEqual({ ok: true });
    const cleared = setCookies(res).find((c) => c.startsWith('sid='));
    expect(cleared).toMatch(/^sid=;/);
    expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970/);
    expect(setCookies(res).find((c) => c.startsWith('signed_in='))).toMatch(/Expires=Thu, 01 Jan 1970/);
    await profile(sid).expect(401);
  });

  it('GET /logout ends the session and redirects to a local return path', async () => {
    const sid = await signedIn(DEMO_READER);
    const res = await request(t.app).get('/logout?returnPath=/2025/06/some-article?x=1').set('Cookie', `sid=${sid}`).expect(302);
    expect(res.headers.location).toBe('/2025/06/some-article?x=1');
    expect(setCookies(res).find((c) => c.startsWith('sid='))).toMatch(/^sid=;/);
    await profile(sid).expect(401);
  });

  it.each([
    '//evil.example',
    'https://evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    '/\t/evil.example',
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    '',
    'http:/evil.example',
    '/%2F/evil.example',
    '%2F%2Fevil.example',
    '/%5Cevil.example',
    '/%255Cevil.example',
    '%252F%252Fevil.example',
    '/%09/evil.example',
    '/a\\b',
    '\\/evil.example',
  ])('GET /logout?returnPath=%s redirects to /', async (returnPath) => {
    const res = await request(t.app)
      .get(`/logout?returnPath=${encodeURIComponent(returnPath)}`)
      .expect(302);
    expect(res.headers.location).toBe('/');
  });

  it.each(['/\\evil.example', '//evil.example', '/%2Fevil.example'])('GET /logout?returnPath=%s sent unencoded redirects to /', async (raw) => {
    const res = await request(t.app).get(`/logout?returnPath=${raw}`).expect(302);
    expect(res.headers.location).toBe('/');
  });

  it('GET /logout with a repeated returnPath goes home', async () => {
    const res = await request(t.app).get('/logout?returnPath=/a&returnPath=//evil.example').expect(302);
    expect(res.headers.location).toBe('/');
  });

  it('GET /logout without a return path goes home', async () => {
    expect((await request(t.app).get('/logout').expect(302)).headers.location).toBe('/');
  });
});

describe('CSRF', () => {
  const form = { username: DEMO_READER.email, password: DEMO_READER.password, reCaptchaToken: 'x' };

  it('refuses a POST without the custom header', async () => {
    const res = await request(t.app).post('/authenticate').send(form).expect(403).expect('Content-Type', /json/);
    ApiErrorBodySchema.parse(res.body);
    expect(sidFrom(res)).toBeUndefined();
    await request(t.app).post('/service/user/logout').send({}).expect(403);
  });

  it('refuses a POST with a wrong header value', async () => {
    await request(t.app).post('/authenticate').set(CSRF_HEADER, 'XMLHttpRequest').send(form).expect(403);
  });

  it('refuses a POST from a foreign origin even with the header', async () => {
    const res = await request(t.app).post('/authenticate').set(CSRF_HEADER, CSRF_VALUE).set('Origin', 'https://evil.example').send(form).expect(403);
    ApiErrorBodySchema.parse(res.body);
    await request(t.app).post('/authenticate').set(CSRF_HEADER, CSRF_VALUE).set('Origin', 'null').send(form).expect(403);
  });

  it('accepts a POST from the site itself', async () => {
    await request(t.app).post('/authenticate').set(CSRF_HEADER, CSRF_VALUE).set('Origin', TEST_ORIGIN).send(form).expect(200);
  });
});

describe('GET /service/user/lists', () => {
  it('answers 401 JSON to a guest', async () => {
    const res = await request(t.app).get('/service/user/lists').expect(401).expect('Content-Type', /json/);
    expect(ApiErrorBodySchema.parse(res.body).message).toBe('Not signed in');
  });

  it("answers the reader's folders, 'My Library' (read-only) first", async () => {
    const sid = await signedIn(DEMO_READER);
    const folders = FolderListSchema.parse((await request(t.app).get('/service/user/lists').set('Cookie', `sid=${sid}`).expect(200)).body);
    expect(folders.map((f) => f.name)).toEqual(['My Library', 'Strategy reads', 'Team offsite']);
    expect(folders.map((f) => f.readOnly)).toEqual([true, false, false]);
    expect(folders[0]!.slug).toBe('my-library');
    for (const f of folders) expect(f.itemCount).toBeGreaterThan(0);
    // Every save is in My Library, so it holds at least as many as any other folder.
    expect(folders[0]!.itemCount).toBeGreaterThanOrEqual(Math.max(...folders.map((f) => f.itemCount)));
  });

  it("never shows one user's folders to another user's session", async () => {
    const readerSid = await signedIn(DEMO_READER);
    const subscriberSid = await signedIn(DEMO_SUBSCRIBER);
    const lists = async (sid: string) => FolderListSchema.parse((await request(t.app).get('/service/user/lists').set('Cookie', `sid=${sid}`).expect(200)).body);
    const reader = await lists(readerSid);
    const subscriber = await lists(subscriberSid);
    const readerIds = new Set(reader.map((f) => f.id));
    expect(subscriber.length).toBeGreaterThan(0);
    expect(subscriber.some((f) => readerIds.has(f.id))).toBe(false);
    expect(subscriber[0]!.itemCount).not.toBe(reader[0]!.itemCount);
  });
});
