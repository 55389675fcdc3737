/**
 * Proof of email ownership: registration mails a confirmation link; until it is followed, no
 * subscriber record is linked to the account; an email change needs the password and only
 * switches the address when the link mailed to the new address is followed.
 */
import { createHash } from 'node:crypto';
import { MESSAGES, UserSchema } from 'shared-contracts/server';
import { DEMO_PRINT_SUBSCRIBER, DEMO_READER } from '../seed/demo-users';
import {
  EMAIL_CHANGE_CONFIRM_SUBJECT,
  EMAIL_CHANGE_NOTICE_SUBJECT,
  EMAIL_CHANGED_NOTICE_SUBJECT,
  MAIL_SITE_NAME,
  maskEmail,
  VERIFY_MAIL_SUBJECT,
} from '../mail/templates';
import { EMAIL_VERIFICATION_MESSAGES, EMAIL_VERIFICATION_TTL_HOURS } from '../services/email-verification';
import { TOO_MANY_REQUESTS } from '../http/rate-limit';
import { get, post, registerFresh, STRONG_PASSWORD, uniqueEmail, WRONG_PASSWORD } from '../test/accounts';
import { createTestApp, sidFrom, signIn, UNLIMITED, type TestApp } from '../test/harness';
import { followVerificationLink, registerVerified, verificationTokenFor } from '../test/verification';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ rateLimits: UNLIMITED, publicOrigin: 'https://www.example.com' });
});
afterEach(() => t.close());

const verify = (token: unknown) => post(t.app, '/service/user/verify-email', { token });
const profile = async (sid: string) => UserSchema.parse((await get(t.app, '/service/user/profile', sid).expect(200)).body);
const printRecord = () =>
  t.db.selectFrom('subscriber_records').selectAll().where('account_number', '=', DEMO_PRINT_SUBSCRIBER.accountNumber).executeTakeFirstOrThrow();
const mailsTo = (to: string) => t.mailer.sent.filter((m) => m.to === to);

describe('the attack: claiming a print subscription by typing its email address', () => {
  it('a profile change to the subscriber address neither changes the email nor lets checkoutComplete link the record', async () => {
    const attacker = await registerVerified(t);
    // Without the password the change is refused outright.
    const bare = await post(t.app, '/service/user/profile', { emailAddress: DEMO_PRINT_SUBSCRIBER.email }, attacker.sid).expect(400);
    expect(bare.body.errors).toEqual([{ field: 'currentPassword', errorMessage: MESSAGES.changePassword.currentRequired }]);
    // With it, the address stays as it is: only a link to the new address (which the attacker cannot read) goes out.
    const changed = await post(
      t.app,
      '/service/user/profile',
      { emailAddress: DEMO_PRINT_SUBSCRIBER.email, currentPassword: attacker.password },
      attacker.sid,
    ).expect(200);
    expect(UserSchema.parse(changed.body)).toMatchObject({ emailAddress: attacker.email, status: 'registered' });

    const after = await post(t.app, '/api/user/subscribe/checkoutComplete', {}, attacker.sid).expect(200);
    expect(UserSchema.parse(after.body)).toMatchObject({ status: 'registered', tiers: [], subscriber: null, emailAddress: attacker.email });
    expect((await printRecord()).linked_user_id).toBeNull();

    // The real subscriber can still create their account, and gets the tier once they follow their own link.
    const real = await post(t.app, '/api/user/subscribe', {
      emailAddress: DEMO_PRINT_SUBSCRIBER.email,
      accountNumber: DEMO_PRINT_SUBSCRIBER.accountNumber,
      password: STRONG_PASSWORD,
      reCaptchaToken: 'token',
    }).expect(201);
    await followVerificationLink(t, DEMO_PRINT_SUBSCRIBER.email);
    const realUser = await profile(sidFrom(real) ?? '');
    expect(realUser).toMatchObject({ status: 'subscriber', tiers: [{ roleCode: 'ROLE_HBRG_BETTER' }], emailVerified: true });
    expect((await printRecord()).linked_user_id).toBe(realUser.id);
  });

  it('the attacker following the change link later cannot take the address: it is taken by then', async () => {
    const attacker = await registerVerified(t);
    await post(t.app, '/service/user/profile', { emailAddress: DEMO_PRINT_SUBSCRIBER.email, currentPassword: attacker.password }, attacker.sid).expect(200);
    const changeToken = verificationTokenFor(t, DEMO_PRINT_SUBSCRIBER.email);
    await post(t.app, '/api/user/subscribe', {
      emailAddress: DEMO_PRINT_SUBSCRIBER.email,
      accountNumber: DEMO_PRINT_SUBSCRIBER.accountNumber,
      password: STRONG_PASSWORD,
      reCaptchaToken: 'token',
    }).expect(201);
    const res = await verify(changeToken).expect(409);
    expect(res.body.message).toBe(MESSAGES.registration.usernameUnavailable);
    expect((await profile(attacker.sid)).emailAddress).toBe(attacker.email);
  });

  it('subscribing with a known email and account number creates an unverified reader, and links nothing', async () => {
    const res = await post(t.app, '/api/user/subscribe', {
      emailAddress: DEMO_PRINT_SUBSCRIBER.email,
      accountNumber: DEMO_PRINT_SUBSCRIBER.accountNumber,
      password: STRONG_PASSWORD,
      reCaptchaToken: 'token',
    }).expect(201);
    expect(UserSchema.parse(res.body)).toMatchObject({ status: 'registered', tiers: [], emailVerified: false });
    const sid = sidFrom(res) ?? '';
    expect(UserSchema.parse((await post(t.app, '/api/user/subscribe/checkoutComplete', {}, sid).expect(200)).body).status).toBe('registered');
    expect((await printRecord()).linked_user_id).toBeNull();
    expect(mailsTo(DEMO_PRINT_SUBSCRIBER.email).map((m) => m.subject)).toEqual([VERIFY_MAIL_SUBJECT]);
  });
});

describe('registration and the confirmation link', () => {
  it('mails a link built from the public origin only; seeded accounts count as verified', async () => {
    const account = await registerFresh(t);
    expect(account.user.emailVerified).toBe(false);
    const [mail] = mailsTo(account.email);
    expect(mail).toMatchObject({ subject: VERIFY_MAIL_SUBJECT, kind: 'email-verification' });
    expect(mail?.body).toMatch(/https:\/\/www\.example\.com\/verify-email\?token=[\w-]{43}\n/);
    expect(mail?.html).toMatch(/<a href="https:\/\/www\.example\.com\/verify-email\?token=[\w-]{43}">/);

    const hostile = await post(t.app, '/service/user/register', {
      firstName: 'Hal',
      lastName: 'Host',
      emailAddress: uniqueEmail('host'),
      password: STRONG_PASSWORD,
      reCaptchaToken: 'test-token',
    })
      .set('Host', 'evil.example.net')
      .set('X-Forwarded-Host', 'evil.example.net')
      .expect(201);
    const hostileMail = mailsTo(String(hostile.body.user.emailAddress))[0];
    expect(hostileMail?.body).toContain('https://www.example.com/verify-email?token=');
    expect(hostileMail?.body).not.toContain('evil');

    const reader = sidFrom(await signIn(t.app, DEMO_READER.email, DEMO_READER.password).expect(200)) ?? '';
    expect((await profile(reader)).emailVerified).toBe(true);
  });

  it('an unverified reader cannot link via checkoutComplete; following the link links the record', async () => {
    const account = await registerFresh(t);
    await t.db.updateTable('subscriber_records').set({ email: account.email }).where('account_number', '=', DEMO_PRINT_SUBSCRIBER.accountNumber).execute();
    const before = await post(t.app, '/api/user/subscribe/checkoutComplete', {}, account.sid).expect(200);
    expect(UserSchema.parse(before.body)).toMatchObject({ status: 'registered', tiers: [], emailVerified: false });
    expect((await printRecord()).linked_user_id).toBeNull();

    const res = await verify(verificationTokenFor(t, account.email)).expect(200);
    expect(res.body).toEqual({ message: EMAIL_VERIFICATION_MESSAGES.confirmed });
    expect(await profile(account.sid)).toMatchObject({ status: 'subscriber', tiers: [{ roleCode: 'ROLE_HBRG_BETTER' }], emailVerified: true });
    expect((await printRecord()).linked_user_id).toBe(account.user.id);
  });

  it('a link works once', async () => {
    const account = await registerFresh(t);
    const token = verificationTokenFor(t, account.email);
    await verify(token).expect(200);
    const again = await verify(token).expect(400);
    expect(again.body).toEqual({
      message: EMAIL_VERIFICATION_MESSAGES.used,
      errors: [{ field: 'token', errorMessage: EMAIL_VERIFICATION_MESSAGES.used }],
    });
  });

  it(`a link expires after ${EMAIL_VERIFICATION_TTL_HOURS} hours`, async () => {
    const account = await registerFresh(t);
    const token = verificationTokenFor(t, account.email);
    t.clock.advance(EMAIL_VERIFICATION_TTL_HOURS * 3_600_000);
    expect((await verify(token).expect(400)).body.message).toBe(EMAIL_VERIFICATION_MESSAGES.expired);
    expect((await profile(account.sid)).emailVerified).toBe(false);
  });

  it('refuses a wrong, malformed or missing token', async () => {
    const account = await registerFresh(t);
    const token = verificationTokenFor(t, account.email);
    const flipped = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const bad of [flipped, 'nope', "' or 1=1 --"]) {
      expect((await verify(bad).expect(400)).body.message).toBe(EMAIL_VERIFICATION_MESSAGES.unknown);
    }
    expect((await post(t.app, '/service/user/verify-email', {}).expect(400)).body.message).toBe(EMAIL_VERIFICATION_MESSAGES.unknown);
    await verify(42).expect(400);
    expect((await profile(account.sid)).emailVerified).toBe(false);
  });

  it('stores only the SHA-256 of the token', async () => {
    const account = await registerFresh(t);
    const token = verificationTokenFor(t, account.email);
    const rows = await t.db.selectFrom('email_verifications').selectAll().where('user_id', '=', account.user.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(token);
  });
});

describe('changing the email address', () => {
  it('needs the current password: missing or wrong changes nothing and mails nothing', async () => {
    const account = await registerVerified(t);
    const sentBefore = t.mailer.sent.length;
    const target = uniqueEmail('target');
    const missing = await post(t.app, '/service/user/profile', { emailAddress: target, displayName: 'Changed' }, account.sid).expect(400);
    expect(missing.body.errors).toEqual([{ field: 'currentPassword', errorMessage: MESSAGES.changePassword.currentRequired }]);
    const wrong = await post(
      t.app,
      '/service/user/profile',
      { emailAddress: target, displayName: 'Changed', currentPassword: WRONG_PASSWORD },
      account.sid,
    ).expect(400);
    expect(wrong.body.errors).toEqual([{ field: 'currentPassword', errorMessage: MESSAGES.changePassword.currentInvalid }]);
    expect(await profile(account.sid)).toMatchObject({ emailAddress: account.email, displayName: 'Nadia Okafor' });
    expect(t.mailer.sent.length).toBe(sentBefore);
    // The same address again is no change, and needs no password.
    await post(t.app, '/service/user/profile', { emailAddress: account.email.toUpperCase(), displayName: 'Nadia O.' }, account.sid).expect(200);
  });

  it('mails a link to the new address and notices to the old one; following it switches the address', async () => {
    const account = await registerVerified(t);
    const target = uniqueEmail('target');
    await post(t.app, '/service/user/profile', { emailAddress: target, currentPassword: account.password }, account.sid).expect(200);
    expect(mailsTo(target).map((m) => [m.subject, m.kind])).toEqual([[EMAIL_CHANGE_CONFIRM_SUBJECT, 'email-change-confirmation']]);
    expect(mailsTo(target)[0]?.body).toMatch(/https:\/\/www\.example\.com\/verify-email\?token=[\w-]{43}\n/);
    const notice = mailsTo(account.email).find((m) => m.subject === EMAIL_CHANGE_NOTICE_SUBJECT);
    expect(notice?.kind).toBe('email-change-notice');
    expect(notice?.body).toContain(`change the email address of your ${MAIL_SITE_NAME} account to ${maskEmail(target)}`);
    expect(notice?.body).toContain('If it was not, change your password');
    expect(notice?.body).not.toContain(target);
    expect(notice?.body).not.toMatch(/token=/);
    expect(notice?.html).toContain(maskEmail(target));
    expect((await profile(account.sid)).emailAddress).toBe(account.email);

    const res = await verify(verificationTokenFor(t, target)).expect(200);
    expect(res.body).toEqual({ message: EMAIL_VERIFICATION_MESSAGES.changed });
    expect(await profile(account.sid)).toMatchObject({ emailAddress: target, username: target, emailVerified: true });
    const done = mailsTo(account.email).find((m) => m.subject === EMAIL_CHANGED_NOTICE_SUBJECT);
    expect(done?.kind).toBe('email-change-notice');
    expect(done?.body).toContain(`has been changed to ${maskEmail(target)}`);
  });

  it('refuses an address another account holds, with the spec 409', async () => {
    const account = await registerVerified(t);
    const res = await post(t.app, '/service/user/profile', { emailAddress: DEMO_READER.email, currentPassword: account.password }, account.sid).expect(409);
    expect(res.body.message).toBe(MESSAGES.registration.usernameUnavailable);
  });
});

describe('POST /service/user/verify-email/resend', () => {
  it('answers 401 to a guest, and sends nothing for a verified address', async () => {
    await post(t.app, '/service/user/verify-email/resend', {}).expect(401);
    const account = await registerVerified(t);
    const sent = t.mailer.sent.length;
    const res = await post(t.app, '/service/user/verify-email/resend', {}, account.sid).expect(200);
    expect(res.body).toEqual({ message: EMAIL_VERIFICATION_MESSAGES.alreadyVerified });
    expect(t.mailer.sent.length).toBe(sent);
  });

  it('mails a new link that retires the older one, and is limited per member', async () => {
    const limited = await createTestApp({ rateLimits: { ...UNLIMITED, emailVerification: { windowMs: 60_000, limit: 2 } } });
    try {
      const account = await registerFresh(limited);
      const first = verificationTokenFor(limited, account.email);
      const resend = () => post(limited.app, '/service/user/verify-email/resend', {}, account.sid);
      expect((await resend().expect(200)).body).toEqual({ message: EMAIL_VERIFICATION_MESSAGES.sent(account.email) });
      const second = verificationTokenFor(limited, account.email);
      expect(second).not.toBe(first);
      await resend().expect(200);
      expect((await resend().expect(429)).body.message).toBe(TOO_MANY_REQUESTS);
      // Another member has their own count.
      const other = await registerFresh(limited);
      await post(limited.app, '/service/user/verify-email/resend', {}, other.sid).expect(200);

      const newest = verificationTokenFor(limited, account.email);
      await post(limited.app, '/service/user/verify-email', { token: first }).expect(400);
      await post(limited.app, '/service/user/verify-email', { token: newest }).expect(200);
    } finally {
      await limited.close();
    }
  });
});
