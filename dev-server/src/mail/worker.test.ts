/**
 * The mail queue against a real SMTP server (smtp-server, in process): delivery of both parts,
 * retries with backoff on the fake clock, a server that is down, giving up, two workers over one
 * database, leases, and the forgot-password mail committed with its token or not at all.
 * Runs on SQLite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import type { Kysely } from 'kysely';
import request from 'supertest';
import { CSRF_HEADER, CSRF_VALUE, MESSAGES } from 'shared-contracts/server';
import type { Database } from '../db/database';
import { createOutboxMailer, type Clock, type Mailer } from '../deps';
import { silentLogger } from '../http/logger';
import { createOutboxRepository } from '../repositories/outbox';
import { DEMO_READER } from '../seed/demo-users';
import { post } from '../test/accounts';
import { createTestApp, TEST_NOW, TEST_ORIGIN, UNLIMITED, type TestApp } from '../test/harness';
import { createSmtpTransport, type MailTransport } from './smtp';
import { RESET_MAIL_SUBJECT } from './templates';
import { decodeQuotedPrintable, freePort, startTestSmtpServer, type TestSmtpServer } from './test-smtp-server';
import {
  createMailWorker,
  MAIL_LEASE_MS,
  MAIL_MAX_AGE_MS,
  MAIL_MAX_ATTEMPTS,
  MAIL_RETRY_BASE_MS,
  MAIL_RETRY_FACTOR,
  retryDelayMs,
  type MailWorker,
} from './worker';

const FROM = '"The Management Review" <no-reply@example.com>';

let t: TestApp;
let smtp: TestSmtpServer | null = null;
const transports: MailTransport[] = [];

beforeEach(async () => {
  t = await createTestApp({ rateLimits: UNLIMITED }, { outboxMailer: true });
});
afterEach(async () => {
  transports.splice(0).forEach((tr) => tr.close());
  await smtp?.close();
  smtp = null;
  await t.close();
});

function workerFor(url: string, db = t.db): MailWorker {
  const transport = createSmtpTransport(url);
  transports.push(transport);
  return createMailWorker({ db, clock: t.clock, transport, from: FROM, logger: silentLogger });
}

const forgot = (emailAddress: string) => post(t.app, '/api/user/forgotpassword', { emailAddress, deviceType: 'WEB_SITE', reCaptchaToken: 'token' });

async function outboxRow(to: string) {
  const rows = await createOutboxRepository(t.db).list(to);
  expect(rows).toHaveLength(1);
  const row = rows[0];
  if (!row) throw new Error('no row');
  return row;
}

describe('the mail worker over SMTP', () => {
  it('delivers a forgot-password mail with its plain-text and HTML parts, From, To and Subject, once', async () => {
    smtp = await startTestSmtpServer({ user: 'mailer', pass: 's3cret p@ss' });
    await forgot(DEMO_READER.email).expect(200);
    const worker = workerFor(smtp.url);

    expect(await worker.runOnce()).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0];
    expect(mail?.to).toEqual([DEMO_READER.email]);
    expect(mail?.from).toBe('no-reply@example.com');
    const raw = mail?.raw ?? '';
    expect(raw).toMatch(/^From: "?The Management Review"? <no-reply@example\.com>\r?$/m);
    expect(raw).toMatch(new RegExp(`^To: ${DEMO_READER.email.replace('.', '\\.')}\\r?$`, 'm'));
    expect(raw).toMatch(new RegExp(`^Subject: ${RESET_MAIL_SUBJECT}\\r?$`, 'm'));
    expect(raw).toMatch(/Content-Type: multipart\/alternative/);
    expect(raw).toMatch(/Content-Type: text\/plain/);
    expect(raw).toMatch(/Content-Type: text\/html/);
    const decoded = decodeQuotedPrintable(raw);
    expect(decoded).toMatch(new RegExp(`Choose a new password here: ${TEST_ORIGIN}/reset-password\\?token=[\\w-]{43}`));
    expect(decoded).toMatch(new RegExp(`<a href="${TEST_ORIGIN}/reset-password\\?token=[\\w-]{43}">`));

    const row = await outboxRow(DEMO_READER.email);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, sent_at: TEST_NOW, claimed_until: null, kind: 'password-reset' });
    expect(await worker.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(smtp.received).toHaveLength(1);
  });

  it('retries a mail the server refuses for now (451) only after the backoff, and delivers it once', async () => {
    smtp = await startTestSmtpServer();
    smtp.refuseNext(1, 451);
    await forgot(DEMO_READER.email).expect(200);
    const worker = workerFor(smtp.url);

    expect(await worker.runOnce()).toEqual({ sent: 0, retried: 1, failed: 0 });
    let row = await outboxRow(DEMO_READER.email);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, next_attempt_at: new Date(Date.parse(TEST_NOW) + MAIL_RETRY_BASE_MS).toISOString() });
    expect(row.last_error).toMatch(/451/);

    t.clock.advance(MAIL_RETRY_BASE_MS - 1);
    expect(await worker.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
    t.clock.advance(1);
    expect(await worker.runOnce()).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(smtp.received).toHaveLength(1);
    row = await outboxRow(DEMO_READER.email);
    expect(row).toMatchObject({ status: 'sent', attempts: 2, last_error: null });
  });

  it('with the mail server down, forgot password still answers its success; the mail waits and goes once the server is up', async () => {
    const port = await freePort();
    const worker = workerFor(`smtp://127.0.0.1:${port}`);
    const res = await forgot(DEMO_READER.email).expect(200);
    expect(res.body).toEqual({ message: MESSAGES.forgotPassword.success });

    expect(await worker.runOnce()).toEqual({ sent: 0, retried: 1, failed: 0 });
    expect(await outboxRow(DEMO_READER.email)).toMatchObject({ status: 'pending', attempts: 1 });

    smtp = await startTestSmtpServer({ port });
    t.clock.advance(MAIL_RETRY_BASE_MS);
    expect(await worker.runOnce()).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(smtp.received.map((m) => m.to)).toEqual([[DEMO_READER.email]]);
    expect(await outboxRow(DEMO_READER.email)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it(`waits ${MAIL_RETRY_BASE_MS / 1000} s, then ${MAIL_RETRY_FACTOR} times longer each time, and gives up after ${MAIL_MAX_ATTEMPTS} attempts`, async () => {
    smtp = await startTestSmtpServer();
    smtp.refuseNext(1000, 451);
    await forgot(DEMO_READER.email).expect(200);
    const worker = workerFor(smtp.url);
    const waits: number[] = [];
    for (let attempt = 1; attempt <= MAIL_MAX_ATTEMPTS; attempt++) {
      const result = await worker.runOnce();
      const row = await outboxRow(DEMO_READER.email);
      expect(row.attempts).toBe(attempt);
      if (attempt < MAIL_MAX_ATTEMPTS) {
        expect(result).toEqual({ sent: 0, retried: 1, failed: 0 });
        const wait = Date.parse(row.next_attempt_at) - t.clock.now().getTime();
        waits.push(wait);
        t.clock.advance(wait);
      } else {
        expect(result).toEqual({ sent: 0, retried: 0, failed: 1 });
        expect(row.status).toBe('failed');
      }
    }
    expect(waits).toEqual([30_000, 60_000, 120_000, 240_000, 480_000]);
    expect(waits).toEqual([1, 2, 3, 4, 5].map(retryDelayMs));
    t.clock.advance(24 * 60 * 60_000);
    expect(await worker.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(smtp.received).toHaveLength(0);
  });

  it('gives up at once on a refusal for good (550)', async () => {
    smtp = await startTestSmtpServer();
    smtp.refuseNext(1, 550);
    await forgot(DEMO_READER.email).expect(200);
    expect(await workerFor(smtp.url).runOnce()).toEqual({ sent: 0, retried: 0, failed: 1 });
    expect(await outboxRow(DEMO_READER.email)).toMatchObject({ status: 'failed', attempts: 1 });
  });

  it('two workers over one database deliver each mail exactly once', async () => {
    smtp = await startTestSmtpServer();
    const mailer = createOutboxMailer(t.db, t.clock);
    const addresses = Array.from({ length: 12 }, (_, i) => `reader.${i}@example.org`);
    for (const to of addresses) await mailer.send({ to, subject: `Hello ${to}`, body: 'Hello' });
    const one = workerFor(smtp.url);
    const two = workerFor(smtp.url);

    const [a, b] = await Promise.all([one.runOnce(), two.runOnce()]);
    expect(a.sent + b.sent).toBe(addresses.length);
    expect(smtp.received).toHaveLength(addresses.length);
    expect(smtp.received.map((m) => m.to[0]).sort()).toEqual([...addresses].sort());
    const rows = await createOutboxRepository(t.db).list();
    expect(rows.filter((r) => addresses.includes(r.to_address)).map((r) => [r.status, r.attempts])).toEqual(addresses.map(() => ['sent', 1]));
  });

  it("a claimed mail is the claiming worker's until its lease ends; then another worker sends it, and the first can no longer mark it", async () => {
    smtp = await startTestSmtpServer();
    await createOutboxMailer(t.db, t.clock).send({ to: 'lease@example.org', subject: 'Lease', body: 'Body' });
    const outbox = createOutboxRepository(t.db);
    const [id] = await outbox.claimable(t.clock.now().toISOString(), 10);
    if (!id) throw new Error('nothing claimable');
    const lease = new Date(t.clock.now().getTime() + MAIL_LEASE_MS).toISOString();
    expect(await outbox.claim(id, t.clock.now().toISOString(), lease)).toBeDefined();
    // A second claim at the same time fails: the row is taken.
    expect(await outbox.claim(id, t.clock.now().toISOString(), lease)).toBeUndefined();

    const worker = workerFor(smtp.url);
    expect(await worker.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
    t.clock.advance(MAIL_LEASE_MS + 1);
    expect(await worker.runOnce()).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(smtp.received).toHaveLength(1);
    // The first claimant, back from the dead, changes nothing.
    expect(await outbox.markRetry(id, lease, t.clock.now().toISOString(), 'late')).toBe(false);
    expect(await outbox.find(id)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('never sends a mail older than the maximum age (a backlog queued before SMTP was set)', async () => {
    smtp = await startTestSmtpServer();
    await forgot(DEMO_READER.email).expect(200);
    t.clock.advance(MAIL_MAX_AGE_MS + 1);
    expect(await workerFor(smtp.url).runOnce()).toEqual({ sent: 0, retried: 0, failed: 1 });
    expect(await outboxRow(DEMO_READER.email)).toMatchObject({ status: 'failed', last_error: 'too old to send' });
    expect(smtp.received).toHaveLength(0);
  });

  it('a queued subject cannot add a header, and an address list reaches no one', async () => {
    smtp = await startTestSmtpServer();
    const mailer = createOutboxMailer(t.db, t.clock);
    await mailer.send({ to: 'one@example.org', subject: 'Hi\r\nBcc: victim@example.org', body: 'Body' });
    await mailer.send({ to: 'two@example.org, victim@example.org', subject: 'List', body: 'Body' });
    await mailer.send({ to: 'three@example.org\r\nBcc: victim@example.org', subject: 'Break', body: 'Body' });
    expect(await workerFor(smtp.url).runOnce()).toEqual({ sent: 1, retried: 0, failed: 2 });
    expect(smtp.received.map((m) => m.to)).toEqual([['one@example.org']]);
    expect(smtp.received[0]?.raw).not.toMatch(/^Bcc:/im);
  });
});

describe('the forgot-password mail and its transaction', () => {
  it('a reset whose transaction rolls back leaves no mail and no token; the next request works', async () => {
    let failAfterQueueing = true;
    // Queues the mail in the caller's transaction, then fails: the whole change must roll back.
    const failing = (db: Kysely<Database>, clock: Clock): Mailer => {
      const outbox = createOutboxMailer(db, clock);
      return {
        async send(message, options) {
          await outbox.send(message, options);
          if (failAfterQueueing) throw new Error('failure after the mail was queued');
        },
      };
    };
    const { app, db, close } = await createTestApp({ rateLimits: UNLIMITED }, { mailer: failing });
    try {
      const user = await db.selectFrom('users').select('id').where('email', '=', DEMO_READER.email).executeTakeFirstOrThrow();
      const ask = () =>
        request(app)
          .post('/api/user/forgotpassword')
          .set(CSRF_HEADER, CSRF_VALUE)
          .send({ emailAddress: DEMO_READER.email, deviceType: 'WEB_SITE', reCaptchaToken: 'token' });
      const failed = await ask();
      expect(failed.status).toBe(500);
      expect(await createOutboxRepository(db).list(DEMO_READER.email)).toEqual([]);
      expect(await db.selectFrom('password_resets').selectAll().where('user_id', '=', user.id).execute()).toEqual([]);

      failAfterQueueing = false;
      expect((await ask()).body).toEqual({ message: MESSAGES.forgotPassword.success });
      expect(await createOutboxRepository(db).list(DEMO_READER.email)).toHaveLength(1);
      expect(await db.selectFrom('password_resets').selectAll().where('user_id', '=', user.id).execute()).toHaveLength(1);
    } finally {
      await close();
    }
  });
});
