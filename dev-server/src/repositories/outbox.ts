/** The mail outbox: written by the outbox mailer, read by developers and tests. */
import type { Insertable, Kysely } from 'kysely';
import type { Database, OutboxRow, OutboxTable } from '../db/database';

export function createOutboxRepository(db: Kysely<Database>) {
  return {
    async insert(row: Insertable<OutboxTable>): Promise<void> {
      await db.insertInto('outbox').values(row).execute();
    },

    /** Oldest first; only mail to `toAddress` when given. */
    async list(toAddress?: string): Promise<OutboxRow[]> {
      let q = db.selectFrom('outbox').selectAll();
      if (toAddress !== undefined) q = q.where('to_address', '=', toAddress);
      return q.orderBy('created_at').orderBy('id').execute();
    },

    /** The newest `limit` mails, newest first; only mail to `toAddress` when given. */
    async newest(toAddress: string | undefined, limit: number): Promise<OutboxRow[]> {
      let q = db.selectFrom('outbox').selectAll();
      if (toAddress !== undefined) q = q.where('to_address', '=', toAddress);
      return q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
    },
  };
}

export type OutboxRepository = ReturnType<typeof createOutboxRepository>;
