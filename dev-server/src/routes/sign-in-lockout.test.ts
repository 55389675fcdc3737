/**
 * The per-account sign-in lockout: tries counted in the database by email (known or not), the
 * try that uses the last one locks for 24 hours, counted down by the clock, and parallel requests
 * never get more password checks than the limit.
 */
import { lockoutMessage, LoginErrorSchema, MESSAGES, signInTriesLeft, UserSchema } from 'shared-contracts/server';
import { ACCOUNT_LOCKOUT_SECONDS, SIGN_IN_MAX_TRIES } from '../server-rules';
import { DEMO_LOCKING, DEMO_READER, DEMO_RESTRICTED } from '../seed/demo-users';
import { get, registerFresh, WRONG_PASSWORD } from '../test/accounts';
import { createTestApp, sidFrom, signIn, TEST_NOW, UNLIMITED, type TestApp } from '../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: UNLIMITED });
});
afterAll(() => t.close());
afterEach(() => t.clock.set(TEST_NOW));

const HOUR = 3600 * 1000;

async function wrong(email: string) {
  const res = await signIn(t.app, email, WRONG_PASSWORD).expect(401);
  expect(sidFrom(res)).toBeUndefined();
  return res.body as Record<string, unknown>;
}

describe('tries left, then the lockout', () => {
  it('counts down the tries with the spec message, and the last wrong password locks for 24 hours', async () => {
    const { email } = await registerFresh(t);
    for (let left = SIGN_IN_MAX_TRIES - 1; left >= 1; left--) {
      expect(await wrong(email)).toEqual({ code: 'invalid_credentials', tries_left: left, message: signInTriesLeft(left) });
    }
    expect(signInTriesLeft(1)).toBe('You have entered an invalid email and password combination. Please try again. You have 1 try left.');
    const locked = await wrong(email);
    expect(locked).toEqual({ code: 'account_locked', lockout_duration: ACCOUNT_LOCKOUT_SECONDS, message: lockoutMessage(86400) });
    expect(locked.message).toBe(
      'Your account is blocked, please wait 24 hours to unlock and try again. For immediate assistance, please contact Customer Service.',
    );
  });

  it('refuses the right password once locked, and counts the wait down with the clock', async () => {
    const account = await registerFresh(t);
    for (let i = 0; i < SIGN_IN_MAX_TRIES; i++) await wrong(account.email);

    const refused = await signIn(t.app, account.email, account.password).expect(401);
    expect(LoginErrorSchema.parse(refused.body)).toMatchObject({ code: 'account_locked', lockout_duration: 86400 });
    expect(sidFrom(refused)).toBeUndefined();

    t.clock.advance(HOUR + 30_000);
    const later = await signIn(t.app, account.email, account.password).expect(401);
    expect(later.body).toMatchObject({ code: 'account_locked', lockout_duration: 86400 - 3630 });
    expect(later.body.message).toBe(lockoutMessage(86400 - 3630));
    expect(later.body.message).toMatch(/please wait 22 hours/);

    t.clock.set(new Date(Date.parse(TEST_NOW) + 24 * HOUR - 59_000)); // 59 s before the unlock
    expect((await signIn(t.app, account.email, account.password).expect(401)).body).toMatchObject({
      lockout_duration: 59,
      message: lockoutMessage(59),
    });
  });

  it('unlocks after 24 hours: the right password signs in and a wrong one starts a fresh count', async () => {
    const account = await registerFresh(t);
    for (let i = 0; i < SIGN_IN_MAX_TRIES; i++) await wrong(account.email);
    t.clock.advance(24 * HOUR);
    expect(await wrong(account.email)).toMatchObject({ code: 'invalid_credentials', tries_left: SIGN_IN_MAX_TRIES - 1 });
    const res = await signIn(t.app, account.email, account.password).expect(200);
    expect(UserSchema.parse(res.body).emailAddress).toBe(account.email);
  });

  it('a correct password clears the count', async () => {
    const account = await registerFresh(t);
    for (let i = 0; i < 3; i++) await wrong(account.email);
    await signIn(t.app, account.email, account.password).expect(200);
    expect(await wrong(account.email)).toMatchObject({ tries_left: SIGN_IN_MAX_TRIES - 1 });
  });

  it('counts by email whatever its case or surrounding spaces', async () => {
    const { email } = await registerFresh(t);
    await wrong(email);
    expect(await wrong(`  ${email.toUpperCase()} `)).toMatchObject({ tries_left: SIGN_IN_MAX_TRIES - 2 });
  });

  it('the seeded locking@example.com is one wrong password away from its lockout', async () => {
    expect(await wrong(DEMO_LOCKING.email)).toMatchObject({ code: 'account_locked', lockout_duration: 86400 });
    await signIn(t.app, DEMO_LOCKING.email, DEMO_LOCKING.password).expect(401);
  });
});

describe('no enumeration', () => {
  it('answers an unknown email exactly like a known one, try after try, lockout included', async () => {
    const { email } = await registerFresh(t);
    const unknown = 'nobody.at.all@example.org';
    for (let i = 0; i < SIGN_IN_MAX_TRIES + 1; i++) {
      expect(await wrong(unknown)).toEqual(await wrong(email));
    }
  });
});

describe('parallel wrong passwords', () => {
  it('never check more passwords than the limit: 20 at once give 4 countdowns and 16 lockouts', async () => {
    const account = await registerFresh(t);
    const answers = await Promise.all(Array.from({ length: 20 }, () => signIn(t.app, account.email, WRONG_PASSWORD).expect(401)));
    const bodies = answers.map((r) => LoginErrorSchema.parse(r.body));
    const countdowns = bodies.filter((b) => b.code === 'invalid_credentials');
    // Each password check used one try: the countdowns name tries 1..4 exactly once each...
    expect(countdowns.map((b) => b.tries_left).sort()).toEqual([1, 2, 3, 4]);
    // ...and every other answer is the lockout (the 5th check set it; the rest never ran).
    expect(bodies.filter((b) => b.code === 'account_locked')).toHaveLength(16);
    expect(bodies.every((b) => b.code !== 'account_locked' || b.lockout_duration === 86400)).toBe(true);

    const right = await signIn(t.app, account.email, account.password).expect(401);
    expect(right.body).toMatchObject({ code: 'account_locked', lockout_duration: 86400 });
  });
});

describe('restricted accounts', () => {
  it('hear user_restricted only after the right password, and get no session', async () => {
    expect(await wrong(DEMO_RESTRICTED.email)).toMatchObject({ code: 'invalid_credentials', tries_left: SIGN_IN_MAX_TRIES - 1 });
    const res = await signIn(t.app, DEMO_RESTRICTED.email, DEMO_RESTRICTED.password).expect(401);
    expect(res.body).toEqual({ code: 'user_restricted', user_restricted: true, message: MESSAGES.signIn.restricted });
    expect(sidFrom(res)).toBeUndefined();
  });

  it('a restricted account whose session predates the restriction is signed out', async () => {
    const sid = sidFrom(await signIn(t.app, DEMO_READER.email, DEMO_READER.password).expect(200));
    await t.db.updateTable('users').set({ restricted: 1 }).where('email', '=', DEMO_READER.email).execute();
    try {
      await get(t.app, '/service/user/profile', sid).expect(401);
    } finally {
      await t.db.updateTable('users').set({ restricted: 0 }).where('email', '=', DEMO_READER.email).execute();
    }
  });
});
