/** Forgot password, the mailed reset link, and change password (PAY-07, PAY-08; SITE-05, SITE-08). */
import { createHash } from 'node:crypto';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiErrorBodySchema, CSRF_HEADER, CSRF_VALUE, MESSAGES, UserSchema } from 'shared-contracts/server';
import { DEFAULT_RATE_LIMITS } from '../http/rate-limit';
import { PASSWORD_RESET_MAIL_WINDOW_MS, PASSWORD_RESET_MAILS_PER_WINDOW, SIGN_IN_MAX_TRIES } from '../server-rules';
import { DEMO_PRINT_SUBSCRIBER, DEMO_READER, DEMO_RESTRICTED } from '../seed/demo-users';
import { RESET_MAIL_SUBJECT, RESET_MESSAGES } from '../services/password-recovery';
import { get, post, registerFresh, resetTokenFor, WRONG_PASSWORD } from '../test/accounts';
import { createTestApp, sidFrom, signIn, TEST_NOW, TEST_ORIGIN, UNLIMITED, type TestApp } from '../test/harness';
import { registerVerified } from '../test/verification';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: UNLIMITED });
});
afterAll(() => t.close());
afterEach(() => t.clock.set(TEST_NOW));

const NEW_PASSWORD = 'Renewed#Pass2026';
/** Forgot password with a captcha token; null sends none. */
const forgot = (emailAddress: string, reCaptchaToken: string | null = 'token') =>
  post(t.app, '/api/user/forgotpassword', { emailAddress, deviceType: 'WEB_SITE', ...(reCaptchaToken === null ? {} : { reCaptchaToken }) });
const reset = (token: string, password = NEW_PASSWORD, sid?: string) => post(t.app, '/service/user/reset-password', { token, password }, sid);

async function lock(email: string) {
  for (let i = 0; i < SIGN_IN_MAX_TRIES; i++) await signIn(t.app, email, WRONG_PASSWORD).expect(401);
}

describe('forgot password', () => {
  it('answers a known and an unknown email alike, and mails only the known one a reset link', async () => {
    const account = await registerFresh(t);
    const before = t.mailer.sent.length;
    const known = await forgot(account.email).expect(200);
    const unknown = await forgot('no.such.reader@example.org').expect(200);
    expect(known.body).toEqual({ message: MESSAGES.forgotPassword.success });
    expect(known.body.message).toBe('If your email is registered with us, you will receive an email with a link to reset your password.');
    expect(unknown.body).toEqual(known.body);

    const mails = t.mailer.sent.slice(before);
    expect(mails.map((m) => m.to)).toEqual([account.email]);
    expect(mails[0]?.subject).toBe(RESET_MAIL_SUBJECT);
    expect(mails[0]?.body).toMatch(new RegExp(`${TEST_ORIGIN}/reset-password\\?token=[A-Za-z0-9_-]{43}`));
  });

  it('keeps only the SHA-256 of the token', async () => {
    const account = await registerFresh(t);
    await forgot(account.email).expect(200);
    const token = resetTokenFor(t, account.email);
    const rows = await t.db.selectFrom('password_resets').select('token_hash').where('user_id', '=', account.user.id).execute();
    expect(rows.map((r) => r.token_hash)).toEqual([createHash('sha256').update(token).digest('hex')]);
  });

  it('/service/user/forgot-password takes {email} the same way', async () => {
    const account = await registerFresh(t);
    const res = await post(t.app, '/service/user/forgot-password', { email: account.email, reCaptchaToken: 't' }).expect(200);
    expect(res.body).toEqual({ message: MESSAGES.forgotPassword.success });
    expect(resetTokenFor(t, account.email)).toMatch(/^[\w-]{43}$/);
  });

  it.each([null, '', '   '])('refuses a missing or blank captcha (%j) with 400', async (token) => {
    const res = await forgot(DEMO_READER.email, token).expect(400);
    expect(res.body).toEqual({
      message: 'reCAPTCHA is required.',
      errors: [{ field: 'reCaptchaToken', errorMessage: 'reCAPTCHA is required.' }],
    });
  });

  it('refuses an invalid email with 400 on the field', async () => {
    const res = await forgot('reader@').expect(400);
    expect(res.body).toEqual({
      message: 'Email address is not valid.',
      errors: [{ field: 'emailAddress', errorMessage: 'Email address is not valid.' }],
    });
    expect((await forgot('').expect(400)).body.message).toBe('This field is required.');
  });

  it('answers 403 with the restricted message for a restricted account, mailing nothing', async () => {
    const before = t.mailer.sent.length;
    const res = await forgot(DEMO_RESTRICTED.email).expect(403);
    expect(res.body).toEqual({ message: MESSAGES.signIn.restricted });
    expect(t.mailer.sent.length).toBe(before);
  });

  it('answers 423 for a locked email, known or not', async () => {
    const account = await registerFresh(t);
    await lock(account.email);
    await lock('locked.stranger@example.org');
    for (const email of [account.email, 'locked.stranger@example.org']) {
      expect((await forgot(email).expect(423)).body).toEqual({
        message:
          'You cannot unlock your account by resetting the password. Please wait 24 hours to unlock and try again. For immediate assistance, please contact Customer Service.',
      });
    }
  });
});

describe('reset password', () => {
  it('sets the new password, once, and ends every session of the account', async () => {
    const account = await registerFresh(t);
    await forgot(account.email).expect(200);
    const token = resetTokenFor(t, account.email);

    const res = await reset(token).expect(200);
    expect(res.body).toEqual({ message: RESET_MESSAGES.success });
    await get(t.app, '/service/user/profile', account.sid).expect(401);
    await signIn(t.app, account.email, account.password).expect(401);
    await signIn(t.app, account.email, NEW_PASSWORD).expect(200);

    const again = await reset(token, 'Another#Pass2026').expect(400);
    expect(again.body).toEqual({ message: RESET_MESSAGES.used, errors: [{ field: 'token', errorMessage: RESET_MESSAGES.used }] });
    await signIn(t.app, account.email, NEW_PASSWORD).expect(200);
  });

  it('lets two parallel uses of one link succeed only once', async () => {
    const account = await registerFresh(t);
    await forgot(account.email).expect(200);
    const token = resetTokenFor(t, account.email);
    const answers = await Promise.all([reset(token, 'First#Pass20261'), reset(token, 'Second#Pass2026')]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 400]);
  });

  it('expires the link after 60 minutes', async () => {
    const account = await registerFresh(t);
    await forgot(account.email).expect(200);
    const token = resetTokenFor(t, account.email);
    t.clock.advance(60 * 60 * 1000);
    expect((await reset(token).expect(400)).body.message).toBe(RESET_MESSAGES.expired);
    await signIn(t.app, account.email, account.password).expect(200);
  });

  it('works up to the last minute', async () => {
    const account = await registerFresh(t);
    await forgot(account.email).expect(200);
    t.clock.advance(59 * 60 * 1000);
    await reset(resetTokenFor(t, account.email)).expect(200);
  });

  it('retires an older link when a newer one is mailed', async () => {
    const account = await registerFresh(t);
    await forgot(account.email).expect(200);
    const older = resetTokenFor(t, account.email);
    await forgot(account.email).expect(200);
    const newer = resetTokenFor(t, account.email);
    expect(newer).not.toBe(older);
    await reset(older).expect(400);
    await reset(newer).expect(200);
  });

  it('refuses an unknown or malformed token', async () => {
    for (const token of ['A'.repeat(43), 'short', '']) {
      const res = await reset(token).expect(400);
      expect(ApiErrorBodySchema.parse(res.body).errors?.[0]?.field).toBe('token');
    }
  });

  it('checks the new password with the registration rule, keeping the link usable', async () => {
    const account = await registerFresh(t);
    await forgot(account.email).expect(200);
    const token = resetTokenFor(t, account.email);
    const res = await reset(token, 'weakpass').expect(400);
    expect(res.body).toEqual({
      message: MESSAGES.password.registrationHint,
      errors: [{ field: 'password', errorMessage: MESSAGES.password.registrationHint }],
    });
    await reset(token).expect(200);
  });

  it('does not unlock a locked account', async () => {
    const account = await registerFresh(t);
    await forgot(account.email).expect(200);
    const token = resetTokenFor(t, account.email);
    await lock(account.email);
    await reset(token).expect(200);
    const res = await signIn(t.app, account.email, NEW_PASSWORD).expect(401);
    expect(res.body).toMatchObject({ code: 'account_locked' });
  });
});

describe('a followed reset link proves the address', () => {
  let v: TestApp;
  beforeEach(async () => {
    v = await createTestApp({ rateLimits: UNLIMITED });
  });
  afterEach(() => v.close());

  const forgotOn = (email: string) => post(v.app, '/api/user/forgotpassword', { emailAddress: email, deviceType: 'WEB_SITE', reCaptchaToken: 'token' });
  const resetOn = (token: string, password = NEW_PASSWORD) => post(v.app, '/service/user/reset-password', { token, password });
  const verifiedAt = async (userId: string) =>
    (await v.db.selectFrom('users').select('email_verified_at').where('id', '=', userId).executeTakeFirstOrThrow()).email_verified_at;
  const printRecord = () =>
    v.db.selectFrom('subscriber_records').selectAll().where('account_number', '=', DEMO_PRINT_SUBSCRIBER.accountNumber).executeTakeFirstOrThrow();

  it('marks an unconfirmed address verified and links its subscription, as the confirmation link does', async () => {
    const account = await registerFresh(v);
    // The print subscription is held under the new account's address.
    await v.db.updateTable('subscriber_records').set({ email: account.email }).where('account_number', '=', DEMO_PRINT_SUBSCRIBER.accountNumber).execute();
    await forgotOn(account.email).expect(200);
    const token = resetTokenFor(v, account.email);
    // A refused reset proves nothing.
    await resetOn(token, 'weakpass').expect(400);
    expect(await verifiedAt(account.user.id)).toBeNull();
    expect((await printRecord()).linked_user_id).toBeNull();

    v.clock.advance(60_000);
    await resetOn(token).expect(200);
    expect(await verifiedAt(account.user.id)).toBe(v.clock.now().toISOString());
    expect((await printRecord()).linked_user_id).toBe(account.user.id);
    const sid = sidFrom(await signIn(v.app, account.email, NEW_PASSWORD).expect(200)) ?? '';
    const user = UserSchema.parse((await get(v.app, '/service/user/profile', sid).expect(200)).body);
    expect(user).toMatchObject({ emailVerified: true, status: 'subscriber', tiers: [{ roleCode: 'ROLE_HBRG_BETTER' }] });
  });

  it('keeps the date of an address confirmed earlier, and links a record that appeared since', async () => {
    const account = await registerVerified(v);
    const confirmed = await verifiedAt(account.user.id);
    expect(confirmed).not.toBeNull();
    await v.db.updateTable('subscriber_records').set({ email: account.email }).where('account_number', '=', DEMO_PRINT_SUBSCRIBER.accountNumber).execute();
    v.clock.advance(60_000);
    await forgotOn(account.email).expect(200);
    await resetOn(resetTokenFor(v, account.email)).expect(200);
    expect(await verifiedAt(account.user.id)).toBe(confirmed);
    expect((await printRecord()).linked_user_id).toBe(account.user.id);
  });
});

describe('reset mails per account', () => {
  let v: TestApp;
  let server: Server;
  beforeEach(async () => {
    // The per-address limit as deployed: 10 forgot-password requests per address in 15 minutes.
    v = await createTestApp({ rateLimits: { ...UNLIMITED, forgotPassword: DEFAULT_RATE_LIMITS.forgotPassword } });
    server = createServer(v.app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterEach(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await v.close();
  });

  /** Forgot password for `emailAddress`, sent from a chosen loopback address (the server sees another client). */
  function forgotFrom(localAddress: string, emailAddress: string): Promise<{ status: number; cacheControl: string | undefined; body: unknown }> {
    const { port } = server.address() as AddressInfo;
    return new Promise((resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port,
          localAddress,
          method: 'POST',
          path: '/api/user/forgotpassword',
          headers: { 'Content-Type': 'application/json', [CSRF_HEADER]: CSRF_VALUE },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, cacheControl: res.headers['cache-control'], body: JSON.parse(text) as unknown }));
        },
      );
      req.on('error', reject);
      req.end(JSON.stringify({ emailAddress, deviceType: 'WEB_SITE', reCaptchaToken: 'token' }));
    });
  }

  const resetMailsTo = (email: string) => v.mailer.sent.filter((m) => m.to === email && m.subject === RESET_MAIL_SUBJECT);

  it('attack: 30 concurrent resets for one account from 3 addresses mail it 3 times; every answer is the same as for an unknown email, and the next hour mails again', async () => {
    const account = await registerFresh(v);
    const addresses = ['127.0.0.2', '127.0.0.3', '127.0.0.4'];
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => forgotFrom(addresses[i % 3]!, account.email)));
    const success = { status: 200, cacheControl: 'no-store', body: { message: MESSAGES.forgotPassword.success } };
    for (const answer of answers) expect(answer).toEqual(success);
    expect(resetMailsTo(account.email)).toHaveLength(PASSWORD_RESET_MAILS_PER_WINDOW);
    // The reset rows are the mailed links only; the newest still works.
    expect(await v.db.selectFrom('password_resets').select('token_hash').where('user_id', '=', account.user.id).execute()).toHaveLength(
      PASSWORD_RESET_MAILS_PER_WINDOW,
    );
    // An unknown email, and the limited account again, from a fresh address: the same answer.
    expect(await forgotFrom('127.0.0.5', 'no.such.reader@example.org')).toEqual(success);
    expect(await forgotFrom('127.0.0.5', account.email)).toEqual(success);
    expect(resetMailsTo(account.email)).toHaveLength(PASSWORD_RESET_MAILS_PER_WINDOW);
    // Another account is not affected.
    const other = await registerFresh(v);
    expect(await forgotFrom('127.0.0.5', other.email)).toEqual(success);
    expect(resetMailsTo(other.email)).toHaveLength(1);
    await post(v.app, '/service/user/reset-password', { token: resetTokenFor(v, account.email), password: NEW_PASSWORD }).expect(200);

    // An hour later the account gets a mail again.
    v.clock.advance(PASSWORD_RESET_MAIL_WINDOW_MS);
    expect(await forgotFrom('127.0.0.6', account.email)).toEqual(success);
    expect(resetMailsTo(account.email)).toHaveLength(PASSWORD_RESET_MAILS_PER_WINDOW + 1);
  });
});

describe('change password', () => {
  const change = (sid: string | undefined, current: string, password: string) => post(t.app, '/service/user/password', { current, password }, sid);

  it('answers 401 to a guest', async () => {
    await change(undefined, 'x', NEW_PASSWORD).expect(401);
  });

  it('refuses a wrong current password on its field', async () => {
    const account = await registerFresh(t);
    const res = await change(account.sid, 'Not#ThePassword1', NEW_PASSWORD).expect(400);
    expect(res.body).toEqual({
      message: 'Current Password is invalid',
      errors: [{ field: 'current', errorMessage: 'Current Password is invalid' }],
    });
    await signIn(t.app, account.email, account.password).expect(200);
  });

  it('checks the new password with the site pattern, then the registration rule (as the flyout does), and requires both', async () => {
    const account = await registerFresh(t);
    expect((await change(account.sid, account.password, 'weak').expect(400)).body.errors).toEqual([
      { field: 'password', errorMessage: MESSAGES.password.sitePattern },
    ]);
    // 8 characters with a digit and one of !@#$%^&* pass the site pattern, but not the registration rule.
    expect((await change(account.sid, account.password, 'abcdef1*').expect(400)).body.errors).toEqual([
      { field: 'password', errorMessage: MESSAGES.password.registrationHint },
    ]);
    await change(account.sid, account.password, 'Abcdefgh1!').expect(200);
    expect((await change(account.sid, '', '').expect(400)).body.errors).toEqual([
      { field: 'current', errorMessage: 'Current Password is required' },
      { field: 'password', errorMessage: 'New Password is required' },
    ]);
  });

  it('changes it, keeps this session and ends the others', async () => {
    const account = await registerFresh(t);
    const other = sidFrom(await signIn(t.app, account.email, account.password).expect(200));
    const res = await change(account.sid, account.password, NEW_PASSWORD).expect(200);
    expect(res.body).toEqual({ message: 'Password successfully changed.' });
    await get(t.app, '/service/user/profile', account.sid).expect(200);
    await get(t.app, '/service/user/profile', other).expect(401);
    await signIn(t.app, account.email, account.password).expect(401);
    await signIn(t.app, account.email, NEW_PASSWORD).expect(200);
  });
});

it('limits forgot-password per client address', async () => {
  const limited = await createTestApp({ rateLimits: { forgotPassword: { windowMs: 60_000, limit: 1 } } });
  try {
    await post(limited.app, '/api/user/forgotpassword', { emailAddress: DEMO_READER.email, reCaptchaToken: 't' }).expect(200);
    await post(limited.app, '/service/user/forgot-password', { email: DEMO_READER.email, reCaptchaToken: 't' }).expect(429);
  } finally {
    await limited.close();
  }
});
