/**
 * Attacks on sessions and sign-in, performed against the real app:
 * - strangers' wrong passwords lock only the account's unknown-browser bucket, never a browser in
 *   which the owner has signed in before (its device cookie), and device cookies cannot be forged
 *   or carried to another account;
 * - a cross-site GET /logout does not sign the reader out;
 * - a session ends after a week unused, and after 30 days whatever happens.
 */
import request from 'supertest';
import { lockoutMessage, LoginErrorSchema, MESSAGES, signInTriesLeft, UserSchema } from 'shared-contracts/server';
import { ACCOUNT_LOCKOUT_SECONDS, SIGN_IN_MAX_TRIES } from '../server-rules';
import { DEMO_LOCKING, DEMO_READER } from '../seed/demo-users';
import { KNOWN_DEVICE_COOKIE } from '../http/known-device';
import { hashSessionToken, SESSION_IDLE_TTL_MS, SESSION_TOUCH_INTERVAL_MS, SESSION_TTL_MS } from '../services/auth';
import { get, post, registerFresh, resetTokenFor, WRONG_PASSWORD } from '../test/accounts';
import { createTestApp, setCookies, sidFrom, signIn, TEST_NOW, TEST_ORIGIN, UNLIMITED, type TestApp } from '../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: UNLIMITED });
});
afterAll(() => t.close());
afterEach(() => t.clock.set(TEST_NOW));

const DAY = 24 * 3600 * 1000;

/** The Set-Cookie line of the device cookie, if the response set one. */
const deviceLine = (res: request.Response) => setCookies(res).find((c) => c.startsWith(`${KNOWN_DEVICE_COOKIE}=`));

function deviceFrom(res: request.Response): string {
  const value = /^known_device=([^;]*)/.exec(deviceLine(res) ?? '')?.[1];
  if (!value) throw new Error('no device cookie');
  return value;
}

const withDevice = (device: string) => `${KNOWN_DEVICE_COOKIE}=${device}`;

/** A fresh account whose owner has signed in once in their own browser: its device cookie. */
async function ownerWithBrowser() {
  const account = await registerFresh(t);
  const res = await signIn(t.app, account.email, account.password).expect(200);
  return { ...account, device: deviceFrom(res) };
}

async function lockUnknownBucket(email: string, cookie?: string) {
  for (let i = 0; i < SIGN_IN_MAX_TRIES; i++) await signIn(t.app, email, WRONG_PASSWORD, cookie).expect(401);
}

const lockedAnswer = { code: 'account_locked', lockout_duration: ACCOUNT_LOCKOUT_SECONDS, message: lockoutMessage(ACCOUNT_LOCKOUT_SECONDS) };
/** A recognised browser's own lock: code 401, whose message adds 'or reset your password.' (PAY-08). */
const deviceLockedAnswer = { code: '401', lockout_duration: ACCOUNT_LOCKOUT_SECONDS, message: lockoutMessage(ACCOUNT_LOCKOUT_SECONDS, { code401: true }) };

describe('the device cookie', () => {
  it('is set at sign-in: random, HttpOnly, SameSite=Lax, sent only to sign-in, for a year', async () => {
    const res = await signIn(t.app, DEMO_READER.email, DEMO_READER.password).expect(200);
    const line = deviceLine(res) ?? '';
    expect(deviceFrom(res)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(line).toMatch(/; HttpOnly/);
    expect(line).toMatch(/; SameSite=Lax/);
    expect(line).toMatch(/; Path=\/authenticate/);
    expect(line).not.toMatch(/; Secure/);
    const expires = Date.parse(/Expires=([^;]+)/.exec(line)?.[1] ?? '');
    expect(expires).toBeGreaterThan(Date.parse(TEST_NOW) + 364 * DAY);
    // Only its hash is stored.
    const rows = await t.db.selectFrom('known_devices').select('token_hash').execute();
    expect(rows.some((r) => r.token_hash === deviceFrom(res))).toBe(false);
  });

  it('is Secure behind HTTPS', async () => {
    const secure = await createTestApp({ cookieSecure: true, rateLimits: UNLIMITED });
    try {
      expect(deviceLine(await signIn(secure.app, DEMO_READER.email, DEMO_READER.password).expect(200))).toMatch(/; Secure/);
    } finally {
      await secure.close();
    }
  });

  it('is not set by a failed sign-in', async () => {
    expect(deviceLine(await signIn(t.app, DEMO_READER.email, WRONG_PASSWORD).expect(401))).toBeUndefined();
  });
});

describe("a stranger's wrong passwords", () => {
  it("lock the unknown-browser bucket as the spec says, but the owner's browser signs in with the right password", async () => {
    const owner = await ownerWithBrowser();

    // The attack: five wrong passwords from a browser that never signed in to the account.
    for (let left = SIGN_IN_MAX_TRIES - 1; left >= 1; left--) {
      expect((await signIn(t.app, owner.email, WRONG_PASSWORD).expect(401)).body).toEqual({
        code: 'invalid_credentials',
        tries_left: left,
        message: signInTriesLeft(left),
      });
    }
    expect((await signIn(t.app, owner.email, WRONG_PASSWORD).expect(401)).body).toEqual(lockedAnswer);
    // Locked for every unknown browser, even with the right password, and a reset does not unlock.
    expect((await signIn(t.app, owner.email, owner.password).expect(401)).body).toMatchObject({ code: 'account_locked' });
    expect(
      (await post(t.app, '/api/user/forgotpassword', { emailAddress: owner.email, deviceType: 'WEB_SITE', reCaptchaToken: 'x' }).expect(423)).body,
    ).toMatchObject({
      message: MESSAGES.forgotPassword.locked,
    });

    // The owner's browser still signs in, and gets a new device token.
    const res = await signIn(t.app, owner.email, owner.password, withDevice(owner.device)).expect(200);
    expect(UserSchema.parse(res.body).emailAddress).toBe(owner.email);
    expect(sidFrom(res)).toBeDefined();
    expect(deviceFrom(res)).not.toBe(owner.device);
    await get(t.app, '/service/user/profile', sidFrom(res)).expect(200);
    // ...which does not lift the strangers' lock.
    expect((await signIn(t.app, owner.email, owner.password).expect(401)).body).toMatchObject({ code: 'account_locked' });
  });

  it("count apart from the owner's browser, whose own wrong passwords lock only itself", async () => {
    const owner = await ownerWithBrowser();
    await signIn(t.app, owner.email, WRONG_PASSWORD).expect(401);
    await signIn(t.app, owner.email, WRONG_PASSWORD).expect(401);
    const mine = withDevice(owner.device);
    for (let left = SIGN_IN_MAX_TRIES - 1; left >= 1; left--) {
      expect((await signIn(t.app, owner.email, WRONG_PASSWORD, mine).expect(401)).body).toMatchObject({ tries_left: left });
    }
    expect((await signIn(t.app, owner.email, WRONG_PASSWORD, mine).expect(401)).body).toEqual(deviceLockedAnswer);
    expect((await signIn(t.app, owner.email, owner.password, mine).expect(401)).body).toMatchObject({ code: '401' });
    // The unknown bucket went on from its own two failures.
    expect((await signIn(t.app, owner.email, WRONG_PASSWORD).expect(401)).body).toMatchObject({ tries_left: SIGN_IN_MAX_TRIES - 3 });
    // The device lock runs out after 24 hours like any other.
    t.clock.advance(DAY);
    await signIn(t.app, owner.email, owner.password, mine).expect(200);
  });

  it("lock the owner's browser with code 401, offering the reset that lifts only that browser's lock", async () => {
    const owner = await ownerWithBrowser();
    const mine = withDevice(owner.device);
    for (let i = 0; i < SIGN_IN_MAX_TRIES; i++) await signIn(t.app, owner.email, WRONG_PASSWORD, mine).expect(401);
    const locked = (await signIn(t.app, owner.email, owner.password, mine).expect(401)).body as { code: string; message: string };
    expect(locked).toMatchObject({ code: '401', lockout_duration: ACCOUNT_LOCKOUT_SECONDS });
    expect(locked.message).toBe(
      'Your account is blocked, please wait 24 hours to unlock and try again. For immediate assistance, please contact Customer Service or reset your password.',
    );
    // The reset it offers is open (the unknown bucket is not locked), and once done the browser signs in.
    await post(t.app, '/api/user/forgotpassword', { emailAddress: owner.email, deviceType: 'WEB_SITE', reCaptchaToken: 'x' }).expect(200);
    const renewed = 'Renewed#Pass2026';
    await post(t.app, '/service/user/reset-password', { token: resetTokenFor(t, owner.email), password: renewed }).expect(200);
    await signIn(t.app, owner.email, renewed, mine).expect(200);
  });

  it('keep the unknown-browser lock through a password reset (no reset offered: forgot-password answers 423)', async () => {
    const owner = await ownerWithBrowser();
    await post(t.app, '/api/user/forgotpassword', { emailAddress: owner.email, deviceType: 'WEB_SITE', reCaptchaToken: 'x' }).expect(200);
    const token = resetTokenFor(t, owner.email);
    await lockUnknownBucket(owner.email);
    const renewed = 'Renewed#Pass2026';
    await post(t.app, '/service/user/reset-password', { token, password: renewed }).expect(200);
    const res = await signIn(t.app, owner.email, renewed).expect(401);
    expect(res.body).toEqual(lockedAnswer);
    expect(res.body.message).not.toContain('reset your password');
  });

  it('gain nothing from a forged, malformed or outdated device cookie', async () => {
    const owner = await ownerWithBrowser();
    await lockUnknownBucket(owner.email);
    for (const forged of ['A'.repeat(43), 'not-a-token', `${owner.device}x`, '']) {
      expect((await signIn(t.app, owner.email, owner.password, withDevice(forged)).expect(401)).body).toMatchObject({
        code: 'account_locked',
      });
    }
    // A token replaced by a later sign-in is no longer recognised.
    const newer = deviceFrom(await signIn(t.app, owner.email, owner.password, withDevice(owner.device)).expect(200));
    expect((await signIn(t.app, owner.email, owner.password, withDevice(owner.device)).expect(401)).body).toMatchObject({
      code: 'account_locked',
    });
    await signIn(t.app, owner.email, owner.password, withDevice(newer)).expect(200);
  });

  it('gain nothing from the device cookie of another account: its failures count as unknown', async () => {
    const victim = await ownerWithBrowser();
    const attacker = await ownerWithBrowser();
    const borrowed = withDevice(attacker.device);

    // With the attacker's own (valid) device cookie, the tries on the victim count in the unknown bucket...
    for (let i = 0; i < 3; i++) await signIn(t.app, victim.email, WRONG_PASSWORD, borrowed).expect(401);
    expect((await signIn(t.app, victim.email, WRONG_PASSWORD).expect(401)).body).toMatchObject({ tries_left: 1 });
    expect((await signIn(t.app, victim.email, WRONG_PASSWORD, borrowed).expect(401)).body).toEqual(lockedAnswer);
    // ...the cookie does not open the locked account with its password...
    expect((await signIn(t.app, victim.email, victim.password, borrowed).expect(401)).body).toMatchObject({ code: 'account_locked' });
    // ...and the attacker's own device bucket was untouched.
    const own = await signIn(t.app, attacker.email, WRONG_PASSWORD, borrowed).expect(401);
    expect(own.body).toMatchObject({ tries_left: SIGN_IN_MAX_TRIES - 1 });
    // The victim's browser still gets in.
    await signIn(t.app, victim.email, victim.password, withDevice(victim.device)).expect(200);
  });

  it("answer an unknown email exactly like a known one when both carry another account's device cookie", async () => {
    const other = withDevice((await ownerWithBrowser()).device);
    const fresh = await registerFresh(t);
    const unknown = 'nobody.with.cookie@example.org';
    for (let i = 0; i < SIGN_IN_MAX_TRIES + 1; i++) {
      const stranger = await signIn(t.app, unknown, WRONG_PASSWORD, other).expect(401);
      const known = await signIn(t.app, fresh.email, WRONG_PASSWORD, other).expect(401);
      expect(stranger.body).toEqual(known.body);
      expect(deviceLine(known)).toBeUndefined();
    }
  });

  it('the seeded locking@example.com still locks at the next wrong password from an unknown browser', async () => {
    expect((await signIn(t.app, DEMO_LOCKING.email, WRONG_PASSWORD).expect(401)).body).toEqual(lockedAnswer);
  });
});

describe("parallel wrong passwords from the owner's browser", () => {
  it('never check more passwords than the limit: 20 at once give 4 countdowns and 16 lockouts', async () => {
    const owner = await ownerWithBrowser();
    const answers = await Promise.all(Array.from({ length: 20 }, () => signIn(t.app, owner.email, WRONG_PASSWORD, withDevice(owner.device)).expect(401)));
    const bodies = answers.map((r) => LoginErrorSchema.parse(r.body));
    expect(
      bodies
        .filter((b) => b.code === 'invalid_credentials')
        .map((b) => b.tries_left)
        .sort(),
    ).toEqual([1, 2, 3, 4]);
    expect(bodies.filter((b) => b.code === '401')).toHaveLength(16);
    // The unknown bucket is untouched.
    expect((await signIn(t.app, owner.email, WRONG_PASSWORD).expect(401)).body).toMatchObject({ tries_left: SIGN_IN_MAX_TRIES - 1 });
  });
});

describe('GET /logout from another site', () => {
  const logout = (sid: string) => request(t.app).get('/logout?returnPath=/2025/06/x').set('Cookie', `sid=${sid}`);

  async function freshSid() {
    const sid = sidFrom(await signIn(t.app, DEMO_READER.email, DEMO_READER.password).expect(200));
    if (!sid) throw new Error('no sid');
    return sid;
  }

  it.each([
    ['Sec-Fetch-Site: cross-site', { 'Sec-Fetch-Site': 'cross-site' }],
    ['a foreign Origin', { Origin: 'https://evil.example' }],
    ['an opaque Origin', { Origin: 'null' }],
    ['a foreign Referer', { Referer: 'https://evil.example/page' }],
    ['a look-alike Referer', { Referer: `${TEST_ORIGIN}.evil.example/` }],
    ['an unreadable Referer', { Referer: 'not a url' }],
  ])('with %s goes home and keeps the session', async (_label, headers) => {
    const sid = await freshSid();
    const res = await logout(sid).set(headers).expect(302);
    expect(res.headers.location).toBe('/');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(setCookies(res)).toEqual([]);
    expect(UserSchema.parse((await get(t.app, '/service/user/profile', sid).expect(200)).body).emailAddress).toBe(DEMO_READER.email);
  });

  it.each([
    ["the site's own Sign out (same-origin, with its Referer)", { 'Sec-Fetch-Site': 'same-origin', Referer: `${TEST_ORIGIN}/2025/06/x` }],
    ['a typed or bookmarked address', { 'Sec-Fetch-Site': 'none' }],
    ['a client that sends no fetch metadata', {}],
  ])('from %s ends the session', async (_label, headers) => {
    const sid = await freshSid();
    const res = await logout(sid).set(headers).expect(302);
    expect(res.headers.location).toBe('/2025/06/x');
    expect(setCookies(res).find((c) => c.startsWith('sid='))).toMatch(/^sid=;/);
    await get(t.app, '/service/user/profile', sid).expect(401);
  });

  it('POST /service/user/logout stays CSRF-guarded', async () => {
    const sid = await freshSid();
    await request(t.app).post('/service/user/logout').set('Cookie', `sid=${sid}`).send({}).expect(403);
    await get(t.app, '/service/user/profile', sid).expect(200);
  });
});

describe('idle sessions', () => {
  async function freshSid() {
    const sid = sidFrom(await signIn(t.app, DEMO_READER.email, DEMO_READER.password).expect(200));
    if (!sid) throw new Error('no sid');
    return sid;
  }
  const lastSeen = async (sid: string) =>
    (await t.db.selectFrom('sessions').select('last_seen_at').where('id_hash', '=', hashSessionToken(sid)).executeTakeFirst())?.last_seen_at;

  it('a session used within the idle window stays signed in', async () => {
    const sid = await freshSid();
    for (let i = 0; i < 3; i++) {
      t.clock.advance(SESSION_IDLE_TTL_MS - 60_000);
      await get(t.app, '/service/user/profile', sid).expect(200);
    }
  });

  it('a session unused past the idle window is signed out and deleted', async () => {
    const sid = await freshSid();
    t.clock.advance(SESSION_IDLE_TTL_MS);
    await get(t.app, '/service/user/profile', sid).expect(401);
    expect(await lastSeen(sid)).toBeUndefined();
    // Going back in time does not bring it back.
    t.clock.set(TEST_NOW);
    await get(t.app, '/service/user/profile', sid).expect(401);
  });

  it('records the last use at most once every few minutes', async () => {
    const sid = await freshSid();
    expect(await lastSeen(sid)).toBe(TEST_NOW);
    t.clock.advance(SESSION_TOUCH_INTERVAL_MS - 1000);
    await get(t.app, '/service/user/profile', sid).expect(200);
    expect(await lastSeen(sid)).toBe(TEST_NOW);
    t.clock.advance(1000);
    await get(t.app, '/service/user/profile', sid).expect(200);
    expect(await lastSeen(sid)).toBe(new Date(Date.parse(TEST_NOW) + SESSION_TOUCH_INTERVAL_MS).toISOString());
  });

  it('an active session still ends 30 days after sign-in', async () => {
    const sid = await freshSid();
    let used = 0;
    while (used + 6 * DAY < SESSION_TTL_MS) {
      t.clock.advance(6 * DAY);
      used += 6 * DAY;
      await get(t.app, '/service/user/profile', sid).expect(200);
    }
    t.clock.set(new Date(Date.parse(TEST_NOW) + SESSION_TTL_MS - 1000));
    await get(t.app, '/service/user/profile', sid).expect(200);
    t.clock.advance(1000);
    await get(t.app, '/service/user/profile', sid).expect(401);
  });

  it('idle sessions of others are swept at the next sign-in', async () => {
    const idle = await freshSid();
    t.clock.advance(SESSION_IDLE_TTL_MS + 1000);
    await freshSid();
    expect(await lastSeen(idle)).toBeUndefined();
  });
});
