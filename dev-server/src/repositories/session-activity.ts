/** When sessions were last used: the idle expiry beside the absolute one (services/auth.ts). */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/database';

export function createSessionActivityRepository(db: Kysely<Database>) {
  return {
    /** Records that the session of `idHash` was used at `nowIso`. */
    async touch(idHash: string, nowIso: string): Promise<void> {
      await db.updateTable('sessions').set({ last_seen_at: nowIso }).where('id_hash', '=', idHash).execute();
    },

    /** Ends every session last used at or before `cutoffIso` (a session never touched counts from its creation). */
    async deleteIdle(cutoffIso: string): Promise<void> {
      await db
        .deleteFrom('sessions')
        .where(sql<string>`coalesce(${sql.ref('last_seen_at')}, ${sql.ref('created_at')})`, '<=', cutoffIso)
        .execute();
    },
  };
}

export type SessionActivityRepository = ReturnType<typeof createSessionActivityRepository>;
