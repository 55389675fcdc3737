/**
 * Migration 0016, the outbox becomes the mail queue: a mail row is written in the same transaction
 * as the change that causes it, and a worker (mail/worker.ts) delivers it over SMTP when SMTP_URL is
 * set, claiming each row with a lease so that two API processes never send one mail twice.
 *
 * - status: 'pending' (waiting for its next attempt), 'sending' (claimed until claimed_until),
 *   'sent', 'failed' (given up). Every row, old or new, starts 'pending'; the worker gives up on a
 *   mail older than its maximum age instead of sending it, so a backlog written before SMTP was
 *   configured (stale reset links included) is never mailed.
 * - attempts: delivery attempts made (counted when a row is claimed).
 * - next_attempt_at: the earliest time of the next attempt (existing rows: their created_at).
 * - html: the HTML part (null: plain text only); kind: which template wrote it ('other' when none).
 */
import { sql, type Kysely, type Migration } from 'kysely';

export const mailQueueMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('outbox')
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
      .execute();
    await db.schema
      .alterTable('outbox')
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable('outbox')
      .addColumn('next_attempt_at', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema.alterTable('outbox').addColumn('claimed_until', 'text').execute();
    await db.schema.alterTable('outbox').addColumn('last_error', 'text').execute();
    await db.schema.alterTable('outbox').addColumn('sent_at', 'text').execute();
    await db.schema.alterTable('outbox').addColumn('html', 'text').execute();
    await db.schema
      .alterTable('outbox')
      .addColumn('kind', 'text', (c) => c.notNull().defaultTo('other'))
      .execute();
    await sql`update outbox set next_attempt_at = created_at`.execute(db);
    await db.schema.createIndex('outbox_status_due_idx').on('outbox').columns(['status', 'next_attempt_at']).execute();
  },
};
