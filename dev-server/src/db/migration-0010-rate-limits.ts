/**
 * Migration 0010, rate-limit counters in the database (decision 020): every API process behind one
 * address counts a client's tries in the same row, so adding a process does not multiply a limit.
 * One row per limiter and client key; a row whose window has ended starts again at its next hit.
 */
import type { Kysely, Migration } from 'kysely';

export const rateLimitsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('rate_limit_hits')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('hits', 'integer', (c) => c.notNull())
      .addColumn('reset_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('rate_limit_hits_reset_idx').on('rate_limit_hits').column('reset_at').execute();
  },
};
