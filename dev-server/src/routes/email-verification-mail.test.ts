/**
 * A confirmation link and its mails are one transaction: when queueing a mail fails (the outbox
 * insert itself, or anything after it), neither the stored link (nor the retirement of the older
 * one) nor any of its mails remains. Runs on SQLite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import type { MailKind } from '../mail/templates';
import { createOutboxRepository } from '../repositories/outbox';
import { failingOutboxMailer, type MailFailure } from '../test/failing-mailer';
import { post, registrationBody, uniqueEmail } from '../test/accounts';
import { createTestApp, sidFrom, TEST_NOW, UNLIMITED, type TestApp } from '../test/harness';

/** How the mailer fails for mails of one kind: its outbox insert fails, or it throws once the mail is queued. */
type Failure = { kind: MailKind; how: MailFailure } | null;

let t: TestApp;
let failure: Failure = null;

beforeEach(async () => {
  failure = null;
  t = await createTestApp(
    { rateLimits: UNLIMITED },
    { mailer: failingOutboxMailer((message) => (failure !== null && message.kind === failure.kind ? failure.how : null)) },
  );
});
afterEach(() => t.close());

const mailsTo = (to: string) => createOutboxRepository(t.db).list(to);
const linksOf = (userId: string) => t.db.selectFrom('email_verifications').selectAll().where('user_id', '=', userId).orderBy('created_at').execute();

/** Registers an account (its confirmation mail goes out) and returns its id, address, password and session. */
async function register(): Promise<{ id: string; email: string; password: string; sid: string }> {
  const body = registrationBody();
  const res = await post(t.app, '/api/user/register', body).expect(201);
  return { id: String(res.body.user.id), email: body.emailAddress, password: body.password, sid: sidFrom(res) ?? '' };
}

describe.each(['insert-fails', 'throws-after-insert'] as const)('when queueing the mail %s', (how) => {
  it('a new confirmation link is not stored, the older one still works, and nothing is mailed', async () => {
    const account = await register();
    const [first] = await linksOf(account.id);
    expect(first).toMatchObject({ kind: 'register', used_at: null });
    expect(await mailsTo(account.email)).toHaveLength(1);

    failure = { kind: 'email-verification', how };
    await post(t.app, '/service/user/verify-email/resend', {}, account.sid).expect(500);
    // Neither the new link nor the retirement of the first one was kept, and no second mail.
    expect(await linksOf(account.id)).toEqual([first]);
    expect(await mailsTo(account.email)).toHaveLength(1);

    failure = null;
    t.clock.advance(1000);
    await post(t.app, '/service/user/verify-email/resend', {}, account.sid).expect(200);
    expect((await linksOf(account.id)).map((l) => l.used_at === null)).toEqual([false, true]);
    expect((await mailsTo(account.email)).map((m) => m.kind)).toEqual(['email-verification', 'email-verification']);
  });

  it('registration keeps no link and no mail (the account can ask for the link again)', async () => {
    failure = { kind: 'email-verification', how };
    const body = registrationBody();
    await post(t.app, '/api/user/register', body).expect(500);
    const user = await t.db.selectFrom('users').select('id').where('email', '=', body.emailAddress).executeTakeFirstOrThrow();
    expect(await linksOf(user.id)).toEqual([]);
    expect(await mailsTo(body.emailAddress)).toEqual([]);
  });

  it.each(['email-change-confirmation', 'email-change-notice'] as const)(
    'an email change whose %s fails keeps no change link and mails neither address',
    async (kind) => {
      const account = await register();
      await t.db.updateTable('users').set({ email_verified_at: TEST_NOW }).where('id', '=', account.id).execute();
      const before = await linksOf(account.id);
      const target = uniqueEmail('target');

      failure = { kind, how };
      await post(t.app, '/service/user/profile', { emailAddress: target, currentPassword: account.password }, account.sid).expect(500);
      expect(await linksOf(account.id)).toEqual(before);
      expect(await mailsTo(target)).toEqual([]);
      expect((await mailsTo(account.email)).map((m) => m.kind)).toEqual(['email-verification']);
      const user = await t.db.selectFrom('users').select('email').where('id', '=', account.id).executeTakeFirstOrThrow();
      expect(user.email).toBe(account.email);

      failure = null;
      t.clock.advance(1000);
      await post(t.app, '/service/user/profile', { emailAddress: target, currentPassword: account.password }, account.sid).expect(200);
      expect((await linksOf(account.id)).filter((l) => l.kind === 'change')).toHaveLength(1);
      expect((await mailsTo(target)).map((m) => m.kind)).toEqual(['email-change-confirmation']);
      expect((await mailsTo(account.email)).map((m) => m.kind)).toEqual(['email-verification', 'email-change-notice']);
    },
  );
});
