/** Users, their tiers, sessions and folders. */
import type { Insertable, Kysely } from 'kysely';
import type { Database, FolderRow, SessionRow, SessionTable, UserRow } from '../db/database';

export type FolderWithCount = FolderRow & { item_count: number };

export function createAccountRepository(db: Kysely<Database>) {
  return {
    async findUserByEmail(email: string): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('email', '=', email.trim().toLowerCase()).executeTakeFirst();
    },

    async findUserById(id: string): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async listTierCodes(userId: string): Promise<string[]> {
      const rows = await db
        .selectFrom('user_tiers')
        .select('role_code')
        .where('user_id', '=', userId)
        .orderBy('role_code')
        .execute();
      return rows.map((r) => r.role_code);
    },

    async insertSession(row: Insertable<SessionTable>): Promise<void> {
      await db.insertInto('sessions').values(row).execute();
    },

    /** The session with this hash, if it has not expired at `nowIso`. */
    async findLiveSession(idHash: string, nowIso: string): Promise<SessionRow | undefined> {
      return db
        .selectFrom('sessions')
        .selectAll()
        .where('id_hash', '=', idHash)
        .where('expires_at', '>', nowIso)
        .executeTakeFirst();
    },

    async deleteSession(idHash: string): Promise<void> {
      await db.deleteFrom('sessions').where('id_hash', '=', idHash).execute();
    },

    async deleteExpiredSessions(nowIso: string): Promise<void> {
      await db.deleteFrom('sessions').where('expires_at', '<=', nowIso).execute();
    },

    /** The user's folders in their order, with the number of items in each. */
    async listFolders(userId: string): Promise<FolderWithCount[]> {
      const rows = await db
        .selectFrom('folders')
        .leftJoin('folder_items', 'folder_items.folder_id', 'folders.id')
        .selectAll('folders')
        .select((eb) => eb.fn.count<number | string | bigint>('folder_items.article_id').as('item_count'))
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
        ])
        .orderBy('folders.position')
        .execute();
      return rows.map((r) => ({ ...r, item_count: Number(r.item_count) }));
    },
  };
}

export type AccountRepository = ReturnType<typeof createAccountRepository>;
