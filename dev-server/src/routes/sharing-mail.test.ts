/**
 * A share by email, its mails and its record are one transaction (with the member's day count of
 * addresses): when queueing any of its mails fails (the outbox insert itself, or anything after
 * it), or the record (the shared-history row) cannot be written, no mail, no record and no count
 * remain. Runs on SQLite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { createOutboxRepository } from '../repositories/outbox';
import { failingOutboxMailer, type MailFailure } from '../test/failing-mailer';
import { DEMO_READER } from '../seed/demo-users';
import { SHARE_RECIPIENTS_COUNTER } from '../services/sharing';
import { post } from '../test/accounts';
import { sessionOf } from '../test/discovery';
import { createTestApp, UNLIMITED, type TestApp } from '../test/harness';

/** How the mailer fails for the mail to one address: its outbox insert fails, or it throws once the mail is queued. */
type Failure = { to: string; how: MailFailure } | null;

let t: TestApp;
let failure: Failure = null;

beforeEach(async () => {
  failure = null;
  t = await createTestApp(
    { rateLimits: UNLIMITED },
    { mailer: failingOutboxMailer((message) => (failure !== null && message.to === failure.to ? failure.how : null)) },
  );
});
afterEach(() => t.close());

const RECIPIENTS = ['first.colleague@example.org', 'second.colleague@example.org', 'third.colleague@example.org'];

/** Every queued mail to the recipients, whoever they are addressed to. */
async function mails(): Promise<string[]> {
  const outbox = createOutboxRepository(t.db);
  return (await Promise.all(RECIPIENTS.map((to) => outbox.list(to)))).flat().map((m) => `${m.kind}:${m.to_address}`);
}

async function readerId(): Promise<string> {
  const row = await t.db.selectFrom('users').select('id').where('email', '=', DEMO_READER.email.toLowerCase()).executeTakeFirstOrThrow();
  return String(row.id);
}

const sharesOf = (userId: string) => t.db.selectFrom('shares').select(['content_id', 'provider', 'shared_with']).where('user_id', '=', userId).execute();

/** The member's day count of email-share addresses (0 when nothing was counted). */
async function dayCount(userId: string): Promise<number> {
  const row = await t.db.selectFrom('rate_limit_hits').select('hits').where('key', '=', `${SHARE_RECIPIENTS_COUNTER}${userId}`).executeTakeFirst();
  return Number(row?.hits ?? 0);
}

async function articlePath(): Promise<{ id: string; path: string }> {
  const row = await t.db
    .selectFrom('articles')
    .select(['id', 'year', 'month', 'slug'])
    .where('published', '<=', t.clock.now().toISOString())
    .orderBy('published', 'desc')
    .executeTakeFirstOrThrow();
  return { id: row.id, path: `/${row.year}/${String(row.month).padStart(2, '0')}/${row.slug}` };
}

/** Shares the article with every recipient and expects `status`. */
async function shareWithAll(sid: string, path: string, status: number): Promise<void> {
  await post(t.app, '/service/user/share', { url: path, provider: 'email', sharedWith: RECIPIENTS, message: 'Worth a read.' }, sid).expect(status);
}

/** After a failed share: nothing queued, recorded or counted; then the same share succeeds whole. */
async function expectNothingKeptThenShare(sid: string, userId: string, article: { id: string; path: string }): Promise<void> {
  expect(await mails()).toEqual([]);
  expect(await sharesOf(userId)).toEqual([]);
  expect(await dayCount(userId)).toBe(0);

  failure = null;
  await shareWithAll(sid, article.path, 200);
  expect((await mails()).sort()).toEqual(RECIPIENTS.map((to) => `share:${to}`).sort());
  expect(await sharesOf(userId)).toEqual([{ content_id: article.id, provider: 'email', shared_with: JSON.stringify(RECIPIENTS) }]);
  expect(await dayCount(userId)).toBe(RECIPIENTS.length);
}

describe.each(['insert-fails', 'throws-after-insert'] as const)('when queueing a mail of the share %s', (how) => {
  it.each([
    ['the first', 0],
    ['the last', RECIPIENTS.length - 1],
  ])('for %s recipient, no mail, no shared-history row and no day count remain', async (_which, index) => {
    const sid = await sessionOf(t, DEMO_READER);
    const userId = await readerId();
    const article = await articlePath();

    failure = { to: RECIPIENTS[index]!, how };
    await shareWithAll(sid, article.path, 500);
    await expectNothingKeptThenShare(sid, userId, article);
  });
});

describe('when the share cannot be recorded', () => {
  it('none of its mails (queued before the record) remains, and nothing is counted', async () => {
    const sid = await sessionOf(t, DEMO_READER);
    const userId = await readerId();
    const article = await articlePath();

    // The shared history is out of reach: writing the record fails after every mail was queued.
    await t.db.schema.alterTable('shares').renameTo('shares_away').execute();
    try {
      await shareWithAll(sid, article.path, 500);
    } finally {
      await t.db.schema.alterTable('shares_away').renameTo('shares').execute();
    }
    await expectNothingKeptThenShare(sid, userId, article);
  });
});
