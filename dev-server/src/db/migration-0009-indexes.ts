/**
 * Migration 0009, indexes of the hot reads. Portable SQL only (SQLite and PostgreSQL).
 *
 * - articles (published, id): every article stream pages "published <= now, newest first, ties by
 *   id". With the index on published alone SQLite sorted each run of equal times in a temporary
 *   B-tree (hundreds of articles share a publication time); with (published, id) the ORDER BY is the
 *   index's own order and a page reads only its rows.
 */
import type { Kysely, Migration } from 'kysely';

export const indexesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.createIndex('articles_published_id_idx').on('articles').columns(['published', 'id']).execute();
  },
};
