/** Rate-limit counters (migration 0010), shared by every API process over the database. */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/database';

export function createRateLimitRepository(db: Kysely<Database>) {
  return {
    /**
     * Counts one hit in ONE statement (an upsert), so concurrent hits from any process are all
     * counted: a new key, or one whose window ended, starts at 1 with the window ending at resetIso.
     */
    async hit(key: string, nowIso: string, resetIso: string): Promise<{ hits: number; resetAt: string }> {
      const expired = sql<boolean>`rate_limit_hits.reset_at <= ${nowIso}`;
      const row = await db
        .insertInto('rate_limit_hits')
        .values({ key, hits: 1, reset_at: resetIso })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            hits: sql<number>`case when ${expired} then 1 else rate_limit_hits.hits + 1 end`,
            reset_at: sql<string>`case when ${expired} then ${resetIso} else rate_limit_hits.reset_at end`,
          }),
        )
        .returning(['hits', 'reset_at'])
        .executeTakeFirstOrThrow();
      return { hits: Number(row.hits), resetAt: row.reset_at };
    },

    async find(key: string): Promise<{ hits: number; resetAt: string } | undefined> {
      const row = await db.selectFrom('rate_limit_hits').select(['hits', 'reset_at']).where('key', '=', key).executeTakeFirst();
      return row && { hits: Number(row.hits), resetAt: row.reset_at };
    },

    async unhit(key: string): Promise<void> {
      await db
        .updateTable('rate_limit_hits')
        .set({ hits: sql<number>`hits - 1` })
        .where('key', '=', key)
        .where('hits', '>', 0)
        .execute();
    },

    async reset(key: string): Promise<void> {
      await db.deleteFrom('rate_limit_hits').where('key', '=', key).execute();
    },

    /** Forgets every window that has ended (their next hit would start again at 1 anyway). */
    async pruneExpired(nowIso: string): Promise<void> {
      await db.deleteFrom('rate_limit_hits').where('reset_at', '<=', nowIso).execute();
    },
  };
}

export type RateLimitRepository = ReturnType<typeof createRateLimitRepository>;
