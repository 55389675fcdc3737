/**
 * The member's activity behind My Library's histories: shares, watched videos, read articles and
 * orders; and the folders' share-list links. Every list is newest first, ties by id.
 */
import type { Insertable, Kysely } from 'kysely';
import type { Database, FolderRow, OrderLineRow, OrderRow, ShareRow, ShareTable } from '../db/database';
import { createRateLimitRepository, type RateLimitRepository } from './rate-limits';

export interface ActivityRef {
  content_id: string;
  at: string;
}

export interface SharedListRow {
  token_hash: string;
  folder_id: string;
  nonce: string;
  created_at: string;
}

const count = (row: { n: number | string | bigint } | undefined) => Number(row?.n ?? 0);

const shareInserter = (db: Kysely<Database>) => async (row: Insertable<ShareTable>) => {
  await db.insertInto('shares').values(row).execute();
};

/** What a share writes, bound to one transaction (ActivityRepository.shareTransaction). */
export interface ShareTransaction {
  /** The transaction itself: the share's mails are queued in it (`mailer.send(message, { db })`). */
  db: Kysely<Database>;
  /** The member's day count of email-share addresses (the rate-limit counters). */
  counters: Pick<RateLimitRepository, 'hit'>;
  /** The share's record (the shared history). */
  insertShare(row: Insertable<ShareTable>): Promise<void>;
}

/** The tables of a member's activity, each with its owner's `user_id`. */
type ActivityTable = 'shares' | 'watched' | 'article_reads' | 'orders';

export function createActivityRepository(db: Kysely<Database>) {
  /** How many rows of `table` are the member's. */
  const countOf = async (table: ActivityTable, userId: string): Promise<number> =>
    count(
      await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirst(),
    );
  return {
    /* ---------------------------------------------------------------- shares */

    insertShare: shareInserter(db),

    /**
     * Runs `fn` in one transaction: a share's record, its day count and its mails are committed
     * together, or (when any of them fails) none of them is.
     */
    async shareTransaction<T>(fn: (tx: ShareTransaction) => Promise<T>): Promise<T> {
      return db.transaction().execute((trx) => fn({ db: trx, counters: createRateLimitRepository(trx), insertShare: shareInserter(trx) }));
    },

    async countShares(userId: string): Promise<number> {
      return countOf('shares', userId);
    },

    async listShares(userId: string, offset: number, limit: number): Promise<ShareRow[]> {
      return db
        .selectFrom('shares')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
    },

    /* ---------------------------------------------------------------- watched */

    /** Records a watch; watching again moves it to now. */
    async recordWatched(userId: string, videoId: string, at: string): Promise<void> {
      await db
        .insertInto('watched')
        .values({ user_id: userId, video_id: videoId, watched_at: at })
        .onConflict((oc) => oc.columns(['user_id', 'video_id']).doUpdateSet({ watched_at: at }))
        .execute();
    },

    async countWatched(userId: string): Promise<number> {
      return countOf('watched', userId);
    },

    async listWatched(userId: string, offset: number, limit: number): Promise<ActivityRef[]> {
      return db
        .selectFrom('watched')
        .select(['video_id as content_id', 'watched_at as at'])
        .where('user_id', '=', userId)
        .orderBy('watched_at', 'desc')
        .orderBy('video_id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
    },

    /* ---------------------------------------------------------------- reads */

    /** Records a full read of the article; reading it again moves it to now. */
    async recordRead(userId: string, articleId: string, at: string): Promise<void> {
      await db
        .insertInto('article_reads')
        .values({ user_id: userId, article_id: articleId, read_at: at })
        .onConflict((oc) => oc.columns(['user_id', 'article_id']).doUpdateSet({ read_at: at }))
        .execute();
    },

    async countReads(userId: string): Promise<number> {
      return countOf('article_reads', userId);
    },

    async listReads(userId: string, offset: number, limit: number): Promise<ActivityRef[]> {
      return db
        .selectFrom('article_reads')
        .select(['article_id as content_id', 'read_at as at'])
        .where('user_id', '=', userId)
        .orderBy('read_at', 'desc')
        .orderBy('article_id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
    },

    /* ---------------------------------------------------------------- orders */

    async countOrders(userId: string): Promise<number> {
      return countOf('orders', userId);
    },

    async listOrders(userId: string, offset: number, limit: number): Promise<OrderRow[]> {
      return db
        .selectFrom('orders')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
    },

    async orderLines(orderIds: readonly string[]): Promise<OrderLineRow[]> {
      if (orderIds.length === 0) return [];
      return db
        .selectFrom('order_lines')
        .selectAll()
        .where('order_id', 'in', [...orderIds])
        .orderBy('order_id')
        .orderBy('position')
        .execute();
    },

    /* ---------------------------------------------------------------- share-list links */

    async sharedListOf(folderId: string): Promise<SharedListRow | undefined> {
      return db.selectFrom('shared_lists').selectAll().where('folder_id', '=', folderId).executeTakeFirst();
    },

    /** Adds the folder's link unless it has one (two parallel first calls keep one). */
    async insertSharedListIfAbsent(row: SharedListRow): Promise<void> {
      await db
        .insertInto('shared_lists')
        .values(row)
        .onConflict((oc) => oc.doNothing())
        .execute();
    },

    async deleteSharedList(folderId: string): Promise<void> {
      await db.deleteFrom('shared_lists').where('folder_id', '=', folderId).execute();
    },

    /** The folder a link's token hash opens, with its owner's first name. */
    async findSharedList(tokenHash: string): Promise<{ folder: FolderRow; ownerFirstName: string } | undefined> {
      const row = await db
        .selectFrom('shared_lists')
        .innerJoin('folders', 'folders.id', 'shared_lists.folder_id')
        .innerJoin('users', 'users.id', 'folders.user_id')
        .selectAll('folders')
        .select('users.first_name as owner_first_name')
        .where('shared_lists.token_hash', '=', tokenHash)
        .executeTakeFirst();
      if (!row) return undefined;
      const { owner_first_name, ...folder } = row;
      return { folder, ownerFirstName: owner_first_name };
    },
  };
}

export type ActivityRepository = ReturnType<typeof createActivityRepository>;
