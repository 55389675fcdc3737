/** Users, their tiers, sessions, folders and email-confirmation links. */
import { randomBytes } from 'node:crypto';
import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import { folderNameKey, MY_LIBRARY_FOLDER_NAME } from 'shared-contracts/server';
import type { Database, EmailVerificationTable, FolderRow, NewUser, SessionRow, SessionTable, UserRow, UserTable } from '../db/database';
import { isUniqueViolation } from './db-errors';

export type FolderWithCount = FolderRow & { item_count: number };

export function createAccountRepository(db: Kysely<Database>) {
  return {
    async findUserByEmail(email: string): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('email', '=', email.trim().toLowerCase()).executeTakeFirst();
    },

    async findUserById(id: string): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** Inserts the user with their tiers; returns false (and writes nothing) when the email is taken. */
    async insertUser(row: NewUser, roleCodes: readonly string[] = []): Promise<boolean> {
      try {
        await db.transaction().execute(async (trx) => {
          await trx.insertInto('users').values(row).execute();
          // Every account has its read-only 'My Library' folder, where every save goes.
          await trx
            .insertInto('folders')
            .values({
              id: `f-${randomBytes(6).toString('hex')}`,
              user_id: row.id,
              name: MY_LIBRARY_FOLDER_NAME,
              name_key: folderNameKey(MY_LIBRARY_FOLDER_NAME),
              description: 'Everything you have saved',
              slug: 'my-library',
              read_only: 1,
              position: 0,
              created_at: row.created_at,
            })
            .execute();
          if (roleCodes.length > 0) {
            await trx
              .insertInto('user_tiers')
              .values(roleCodes.map((role_code) => ({ user_id: row.id, role_code })))
              .execute();
          }
        });
        return true;
      } catch (error) {
        if (isUniqueViolation(error)) return false;
        throw error;
      }
    },

    /** Updates the user's row; returns false when a new email is already taken. */
    async updateUser(id: string, patch: Updateable<UserTable>): Promise<boolean> {
      try {
        await db.updateTable('users').set(patch).where('id', '=', id).execute();
        return true;
      } catch (error) {
        if (isUniqueViolation(error)) return false;
        throw error;
      }
    },

    /**
     * Stores a new email-confirmation link and retires the user's unused links of the same kind
     * (only the newest link of a kind works). `within` runs in the same transaction (it queues the
     * link's mails): the link and its mails are committed together, and when either fails neither is.
     */
    async replaceEmailVerification(row: Insertable<EmailVerificationTable>, within?: (trx: Kysely<Database>) => Promise<void>): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('email_verifications')
          .set({ used_at: row.created_at })
          .where('user_id', '=', row.user_id)
          .where('kind', '=', row.kind)
          .where('used_at', 'is', null)
          .execute();
        await trx.insertInto('email_verifications').values(row).execute();
        if (within) await within(trx);
      });
    },

    async findEmailVerification(tokenHash: string): Promise<Selectable<EmailVerificationTable> | undefined> {
      return db.selectFrom('email_verifications').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
    },

    /**
     * Marks the link used if it is unused and unexpired at `nowIso`, atomically (so two requests
     * racing with one link cannot both use it); returns false when it was not.
     */
    async consumeEmailVerification(tokenHash: string, nowIso: string): Promise<boolean> {
      const result = await db
        .updateTable('email_verifications')
        .set({ used_at: nowIso })
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', nowIso)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Retires every unused email-confirmation link of the user. */
    async retireEmailVerifications(userId: string, nowIso: string): Promise<void> {
      await db.updateTable('email_verifications').set({ used_at: nowIso }).where('user_id', '=', userId).where('used_at', 'is', null).execute();
    },

    async listTierCodes(userId: string): Promise<string[]> {
      const rows = await db.selectFrom('user_tiers').select('role_code').where('user_id', '=', userId).orderBy('role_code').execute();
      return rows.map((r) => r.role_code);
    },

    async insertSession(row: Insertable<SessionTable>): Promise<void> {
      await db.insertInto('sessions').values(row).execute();
    },

    /** The session with this hash, if it has not expired at `nowIso`. */
    async findLiveSession(idHash: string, nowIso: string): Promise<SessionRow | undefined> {
      return db.selectFrom('sessions').selectAll().where('id_hash', '=', idHash).where('expires_at', '>', nowIso).executeTakeFirst();
    },

    async deleteSession(idHash: string): Promise<void> {
      await db.deleteFrom('sessions').where('id_hash', '=', idHash).execute();
    },

    /** Ends every session of the user except the one whose hash is `keepHash`. */
    async deleteSessionsOfUser(userId: string, keepHash?: string): Promise<void> {
      let q = db.deleteFrom('sessions').where('user_id', '=', userId);
      if (keepHash !== undefined) q = q.where('id_hash', '!=', keepHash);
      await q.execute();
    },

    async deleteExpiredSessions(nowIso: string): Promise<void> {
      await db.deleteFrom('sessions').where('expires_at', '<=', nowIso).execute();
    },

    /** The user's folders in their order, with the number of items in each. */
    async listFolders(userId: string): Promise<FolderWithCount[]> {
      const rows = await db
        .selectFrom('folders')
        .leftJoin('library_items', 'library_items.folder_id', 'folders.id')
        .selectAll('folders')
        .select((eb) => eb.fn.count<number | string | bigint>('library_items.content_id').as('item_count'))
        .where('folders.user_id', '=', userId)
        .groupBy([
          'folders.id',
          'folders.user_id',
          'folders.name',
          'folders.description',
          'folders.slug',
          'folders.read_only',
          'folders.position',
          'folders.created_at',
          'folders.name_key',
        ])
        .orderBy('folders.position')
        .execute();
      return rows.map((r) => ({ ...r, item_count: Number(r.item_count) }));
    },
  };
}

export type AccountRepository = ReturnType<typeof createAccountRepository>;
