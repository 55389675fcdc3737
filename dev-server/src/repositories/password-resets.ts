/** Password-reset tokens: only their SHA-256 is stored; using one is a single conditional update. */
import type { Insertable, Kysely } from 'kysely';
import type { Database, PasswordResetRow, PasswordResetTable } from '../db/database';

export function createPasswordResetRepository(db: Kysely<Database>) {
  return {
    /**
     * Stores a new token and retires the user's earlier unused ones (only the newest link works).
     * `within` runs in the same transaction (it queues the mail of the link): the token and its
     * mail are committed together, and when either fails neither is.
     */
    async replaceForUser(row: Insertable<PasswordResetTable>, within?: (trx: Kysely<Database>) => Promise<void>): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('password_resets').set({ used_at: row.created_at }).where('user_id', '=', row.user_id).where('used_at', 'is', null).execute();
        await trx.insertInto('password_resets').values(row).execute();
        if (within) await within(trx);
      });
    },

    async find(tokenHash: string): Promise<PasswordResetRow | undefined> {
      return db.selectFrom('password_resets').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
    },

    /**
     * Marks the token used if it is unused and unexpired at `nowIso`, atomically; returns the user
     * id, or undefined when another request used it first or it has expired.
     */
    async consume(tokenHash: string, nowIso: string): Promise<string | undefined> {
      const row = await db
        .updateTable('password_resets')
        .set({ used_at: nowIso })
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', nowIso)
        .returning('user_id')
        .executeTakeFirst();
      return row?.user_id;
    },
  };
}

export type PasswordResetRepository = ReturnType<typeof createPasswordResetRepository>;
