/**
 * My Library's folders and what they hold (library_items), and the content a saved id names.
 * Every query that takes a folder id also takes the member's id: a folder of another member is
 * simply not found. `inTransaction` runs several calls as one unit (one connection, one commit).
 */
import type { Insertable, Kysely, Updateable } from 'kysely';
import type { Database, FolderRow, FolderTable, LibraryItemRow, VideoRow } from '../db/database';
import { STREAM_ARTICLE_COLUMNS, type StreamArticle } from './discovery';
import type { ChartWithSubject } from './media';

export const MY_LIBRARY_FOLDER_SLUG = 'my-library';

export type LibraryKind = 'article' | 'video' | 'chart';

export interface FolderHolding {
  content_id: string;
  folder_id: string;
}

function libraryQueries(db: Kysely<Database>) {
  /** The member's folders whose membership the member may change: their own ones and My Library. */
  const changeableFolderIds = (userId: string) =>
    db
      .selectFrom('folders')
      .select('id')
      .where('user_id', '=', userId)
      .where((eb) => eb.or([eb('read_only', '=', 0), eb('slug', '=', MY_LIBRARY_FOLDER_SLUG)]));

  return {
    /* ---------------------------------------------------------------- folders */

    async findFolder(userId: string, folderId: string): Promise<FolderRow | undefined> {
      return db.selectFrom('folders').selectAll().where('id', '=', folderId).where('user_id', '=', userId).executeTakeFirst();
    },

    async findFolderBySlug(userId: string, slug: string): Promise<FolderRow | undefined> {
      return db.selectFrom('folders').selectAll().where('user_id', '=', userId).where('slug', '=', slug).executeTakeFirst();
    },

    async listFolders(userId: string): Promise<FolderRow[]> {
      return db.selectFrom('folders').selectAll().where('user_id', '=', userId).orderBy('position').execute();
    },

    /** Adds the folder unless one with its slug or name key exists (the caller reads it again). */
    async insertFolderIfAbsent(row: Insertable<FolderTable>): Promise<void> {
      await db
        .insertInto('folders')
        .values(row)
        .onConflict((oc) => oc.doNothing())
        .execute();
    },

    /** Inserts the folder; a taken name key or slug throws the database's unique violation. */
    async insertFolder(row: Insertable<FolderTable>): Promise<void> {
      await db.insertInto('folders').values(row).execute();
    },

    /** Changes a folder the member may edit (not read-only); returns whether a row changed. */
    async updateEditableFolder(userId: string, folderId: string, patch: Updateable<FolderTable>): Promise<boolean> {
      const result = await db
        .updateTable('folders')
        .set(patch)
        .where('id', '=', folderId)
        .where('user_id', '=', userId)
        .where('read_only', '=', 0)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Deletes a folder the member may edit; its rows in library_items and shared_lists go with it (cascade). */
    async deleteEditableFolder(userId: string, folderId: string): Promise<boolean> {
      const result = await db.deleteFrom('folders').where('id', '=', folderId).where('user_id', '=', userId).where('read_only', '=', 0).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async maxFolderPosition(userId: string): Promise<number> {
      const row = await db
        .selectFrom('folders')
        .select((eb) => eb.fn.max('position').as('max'))
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row?.max === null || row?.max === undefined ? -1 : Number(row.max);
    },

    async countItems(folderId: string): Promise<number> {
      const row = await db
        .selectFrom('library_items')
        .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
        .where('folder_id', '=', folderId)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    /* ---------------------------------------------------------------- items */

    /** A folder's items, newest first (ties by id, so pages never overlap). */
    async listItems(folderId: string, offset: number, limit: number): Promise<LibraryItemRow[]> {
      return db
        .selectFrom('library_items')
        .selectAll()
        .where('folder_id', '=', folderId)
        .orderBy('added_at', 'desc')
        .orderBy('content_id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
    },

    /** Which of the member's folders hold each of the ids, in the folders' order (My Library first). */
    async foldersHolding(userId: string, contentIds: readonly string[]): Promise<FolderHolding[]> {
      if (contentIds.length === 0) return [];
      return db
        .selectFrom('library_items')
        .innerJoin('folders', 'folders.id', 'library_items.folder_id')
        .select(['library_items.content_id', 'library_items.folder_id'])
        .where('folders.user_id', '=', userId)
        .where('library_items.content_id', 'in', [...contentIds])
        .orderBy('folders.position')
        .orderBy('folders.id')
        .execute();
    },

    /** The ids (of those given) that the folder holds. */
    async idsIn(folderId: string, contentIds: readonly string[]): Promise<LibraryItemRow[]> {
      if (contentIds.length === 0) return [];
      return db
        .selectFrom('library_items')
        .selectAll()
        .where('folder_id', '=', folderId)
        .where('content_id', 'in', [...contentIds])
        .execute();
    },

    /** Adds rows that are not there yet (a second save keeps the first); returns the rows added. */
    async addItems(rows: readonly LibraryItemRow[]): Promise<FolderHolding[]> {
      if (rows.length === 0) return [];
      return db
        .insertInto('library_items')
        .values([...rows])
        .onConflict((oc) => oc.columns(['folder_id', 'content_id']).doNothing())
        .returning(['content_id', 'folder_id'])
        .execute();
    },

    /**
     * Removes the ids from My Library and every folder of the member that is not read-only, except
     * the folders in `keep`; returns the rows removed. Read-only folders (gifts) are never touched.
     */
    async removeItems(userId: string, contentIds: readonly string[], keep: readonly string[] = []): Promise<FolderHolding[]> {
      if (contentIds.length === 0) return [];
      let q = db
        .deleteFrom('library_items')
        .where('content_id', 'in', [...contentIds])
        .where('folder_id', 'in', changeableFolderIds(userId));
      if (keep.length > 0) q = q.where('folder_id', 'not in', [...keep]);
      return q.returning(['content_id', 'folder_id']).execute();
    },

    /* ---------------------------------------------------------------- content */

    /** The kind of a published article, video or chart with this id, or null. */
    async contentKindOf(id: string, untilIso: string): Promise<LibraryKind | null> {
      const article = await db.selectFrom('articles').select('id').where('id', '=', id).where('published', '<=', untilIso).executeTakeFirst();
      if (article) return 'article';
      const video = await db.selectFrom('videos').select('id').where('id', '=', id).where('pubdate', '<=', untilIso).executeTakeFirst();
      if (video) return 'video';
      const chart = await db.selectFrom('charts').select('id').where('id', '=', id).where('published', '<=', untilIso).executeTakeFirst();
      return chart ? 'chart' : null;
    },

    /** The articles' stream columns (never the lead or the body: a library card shows neither). */
    async articlesByIds(ids: readonly string[]): Promise<StreamArticle[]> {
      if (ids.length === 0) return [];
      return db
        .selectFrom('articles')
        .innerJoin('topics', 'topics.id', 'articles.topic_id')
        .select(STREAM_ARTICLE_COLUMNS)
        .select('topics.name as topic_name')
        .select((eb) => eb.fn.coalesce('topics.parent_id', 'topics.id').as('topic_root_id'))
        .where('articles.id', 'in', [...ids])
        .execute();
    },

    async videosByIds(ids: readonly string[]): Promise<VideoRow[]> {
      if (ids.length === 0) return [];
      return db
        .selectFrom('videos')
        .selectAll()
        .where('id', 'in', [...ids])
        .execute();
    },

    async chartsByIds(ids: readonly string[]): Promise<ChartWithSubject[]> {
      if (ids.length === 0) return [];
      return db
        .selectFrom('charts')
        .innerJoin('chart_subjects', 'chart_subjects.id', 'charts.subject_id')
        .selectAll('charts')
        .select('chart_subjects.label as subject_label')
        .where('charts.id', 'in', [...ids])
        .execute();
    },

    /** An article by its page path, if published by `untilIso`. */
    async articleIdByPath(year: number, month: number, slug: string, untilIso: string): Promise<string | null> {
      const row = await db
        .selectFrom('articles')
        .select('id')
        .where('year', '=', year)
        .where('month', '=', month)
        .where('slug', '=', slug)
        .where('published', '<=', untilIso)
        .executeTakeFirst();
      return row?.id ?? null;
    },
  };
}

export type LibraryQueries = ReturnType<typeof libraryQueries>;

export function createLibraryRepository(db: Kysely<Database>) {
  return {
    ...libraryQueries(db),
    /** Runs `fn` in one transaction, over the same queries bound to it. */
    async inTransaction<T>(fn: (trx: LibraryQueries) => Promise<T>): Promise<T> {
      return db.transaction().execute((trx) => fn(libraryQueries(trx)));
    },
  };
}

export type LibraryRepository = ReturnType<typeof createLibraryRepository>;
