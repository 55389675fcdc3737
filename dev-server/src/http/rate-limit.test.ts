import request from 'supertest';
import { ApiErrorBodySchema, CSRF_HEADER, CSRF_VALUE } from 'shared-contracts/server';
import type { RateLimits } from '../deps';
import { DEMO_READER } from '../seed/demo-users';
import { createTestApp, signIn, type TestApp } from '../test/harness';
import { DEFAULT_RATE_LIMITS, scaleRateLimits, TOO_MANY_REQUESTS } from './rate-limit';

describe('sign-in rate limit per client', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ rateLimits: { signIn: { windowMs: 60_000, limit: 3 } } });
  });
  afterAll(() => t.close());

  it('refuses the attempt past the limit with 429, even with the right password, and changes nothing', async () => {
    for (let i = 0; i < 3; i++) await signIn(t.app, DEMO_READER.email, 'Wrong#password1').expect(401);
    const refused = await signIn(t.app, DEMO_READER.email, DEMO_READER.password).expect(429);
    expect(ApiErrorBodySchema.parse(refused.body).message).toBe(TOO_MANY_REQUESTS);
    expect(refused.headers['set-cookie']).toBeUndefined();
    expect(refused.headers['ratelimit-policy']).toMatch(/^3;w=60$/);
  });

  it('limits only sign-in: reading stays open to the same client', async () => {
    await request(t.app).get('/service/stream/latest?page=1&size=8').expect(200);
  });
});

describe('default limit', () => {
  it('lets one address try many times (the per-account lockout, not this limit, stops a guesser)', async () => {
    expect(DEFAULT_RATE_LIMITS.signIn.limit).toBeGreaterThanOrEqual(20);
    const t = await createTestApp();
    try {
      // Mistyped emails of an office behind one address: 401s, not 429s.
      for (let i = 0; i < 12; i++) await signIn(t.app, `typo${i}@example.com`, 'Wrong#password1').expect(401);
      for (let i = 0; i < 4; i++) await signIn(t.app, DEMO_READER.email, 'Wrong#password1').expect(401);
      await signIn(t.app, DEMO_READER.email, DEMO_READER.password).expect(200);
    } finally {
      await t.close();
    }
  });

  it('scales every limit with RATE_LIMIT_MULTIPLIER (e2e), keeping the windows', () => {
    const scaled = scaleRateLimits(DEFAULT_RATE_LIMITS, 20);
    expect(scaled.signIn).toEqual({ windowMs: DEFAULT_RATE_LIMITS.signIn.windowMs, limit: DEFAULT_RATE_LIMITS.signIn.limit * 20 });
    expect(Object.keys(scaled).sort()).toEqual(Object.keys(DEFAULT_RATE_LIMITS).sort());
    expect(scaleRateLimits(DEFAULT_RATE_LIMITS, 0.01).forgotPassword.limit).toBe(1);
  });
});

describe('account and password routes are limited per client', () => {
  const post = (app: TestApp['app'], path: string, body: object) => request(app).post(path).set(CSRF_HEADER, CSRF_VALUE).send(body);
  const tight = { windowMs: 60_000, limit: 2 };

  it.each<[string, Partial<RateLimits>, string[], object, number]>([
    ['registration (both paths share one counter)', { registration: tight }, ['/api/user/register', '/service/user/register'], {}, 400],
    ['forgot password (both paths share one counter)', { forgotPassword: tight }, ['/api/user/forgotpassword', '/service/user/forgot-password'], {}, 400],
    ['reset password', { forgotPassword: tight }, ['/service/user/reset-password'], { token: 'nope', password: 'New#password1' }, 400],
    ['change password', { signIn: tight }, ['/service/user/password'], { current: 'x', password: 'New#password1' }, 401],
  ])('%s: 429 past the limit', async (_name, rateLimits, paths, body, firstStatus) => {
    const t = await createTestApp({ rateLimits });
    try {
      const first = await post(t.app, paths[0]!, body);
      expect(first.status).toBe(firstStatus);
      await post(t.app, paths.at(-1)!, body).expect((res) => expect(res.status).not.toBe(429));
      const refused = await post(t.app, paths[0]!, body).expect(429);
      expect(ApiErrorBodySchema.parse(refused.body).message).toBe(TOO_MANY_REQUESTS);
      if (paths.length > 1) await post(t.app, paths[1]!, body).expect(429);
    } finally {
      await t.close();
    }
  });

  it('every limited route has a limit in the defaults', () => {
    for (const name of ['signIn', 'registration', 'forgotPassword', 'clientErrors'] as const) {
      expect(DEFAULT_RATE_LIMITS[name].limit).toBeGreaterThan(0);
    }
  });
});
