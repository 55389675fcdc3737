import { createFakeClock, createMemoryMailer, createOutboxMailer, localCaptchaVerifier } from './deps';
import { createOutboxRepository } from './repositories/outbox';
import { openSqlite } from './db/sqlite';
import { migrateToLatest } from './db/migrations';

describe('local implementations', () => {
  it('the outbox mailer writes mail a developer can read back', async () => {
    const db = openSqlite(':memory:');
    try {
      await migrateToLatest(db);
      const clock = createFakeClock('2025-03-04T05:06:07.000Z');
      await createOutboxMailer(db, clock).send({ to: 'reader@example.com', subject: 'Reset', body: 'Link: /reset?t=1' });
      await createOutboxMailer(db, clock).send({ to: 'other@example.com', subject: 'Hi', body: '...' });
      const mail = await createOutboxRepository(db).list('reader@example.com');
      expect(mail).toHaveLength(1);
      expect(mail[0]).toMatchObject({ subject: 'Reset', body: 'Link: /reset?t=1', created_at: '2025-03-04T05:06:07.000Z' });
    } finally {
      await db.destroy();
    }
  });

  it('the memory mailer keeps what was sent', async () => {
    const mailer = createMemoryMailer(createFakeClock('2025-01-01T00:00:00.000Z'));
    await mailer.send({ to: 'a@example.com', subject: 's', body: 'b' });
    expect(mailer.sent).toEqual([expect.objectContaining({ to: 'a@example.com', createdAt: '2025-01-01T00:00:00.000Z' })]);
  });

  it('the local captcha accepts any non-empty token only', async () => {
    expect(await localCaptchaVerifier.verify('local', 'sign_in')).toBe(true);
    expect(await localCaptchaVerifier.verify('', 'sign_in')).toBe(false);
    expect(await localCaptchaVerifier.verify('   ', 'sign_in')).toBe(false);
    expect(await localCaptchaVerifier.verify(undefined, 'sign_in')).toBe(false);
  });

  it('the fake clock moves only when told', () => {
    const clock = createFakeClock('2025-01-01T00:00:00.000Z');
    clock.advance(1000);
    expect(clock.now().toISOString()).toBe('2025-01-01T00:00:01.000Z');
    clock.set('2026-01-01T00:00:00.000Z');
    expect(clock.now().getUTCFullYear()).toBe(2026);
  });
});
