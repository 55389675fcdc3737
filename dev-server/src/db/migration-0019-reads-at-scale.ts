/**
 * Migration 0019, the indexes of the hot reads at a publisher's scale (PLAT-20: 100 000 articles).
 * Portable (SQLite and PostgreSQL). An article row holds its text (a few kilobytes, overflow pages
 * in SQLite), so a read that touches a row per candidate article is slow however well it is
 * filtered; these indexes hold what the scans filter and sort on, so a stream, a count or a search's
 * tally reads index entries only, and rows only for the page it answers. Tests of the query plans
 * (db/query-plans.test.ts) fail when a hot read stops using them.
 *
 * - articles (published, id, topic_id, content_type, sponsor, ascend, big_idea): every article
 *   stream pages "published <= now, newest first, ties by id" and filters by kind, content type or
 *   topic within the index. It replaces (published) and (published, id), its prefixes.
 * - articles (topic_id, published, id): a topic stream's count and pages read only the topic's
 *   entries (a root topic: its own and its subtopics', by the topics subquery).
 * - articles (id, published, topic_id, content_type, sponsor): a search's matches are looked up by
 *   id, filtered by the scope and tallied by content type and topic without reading a row.
 */
import type { Kysely, Migration } from 'kysely';

export const readsAtScaleMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createIndex('articles_stream_idx')
      .on('articles')
      .columns(['published', 'id', 'topic_id', 'content_type', 'sponsor', 'ascend', 'big_idea'])
      .execute();
    await db.schema.dropIndex('articles_published_id_idx').execute();
    await db.schema.dropIndex('articles_published_idx').execute();
    await db.schema.createIndex('articles_topic_published_idx').on('articles').columns(['topic_id', 'published', 'id']).execute();
    await db.schema.createIndex('articles_search_idx').on('articles').columns(['id', 'published', 'topic_id', 'content_type', 'sponsor']).execute();
  },
};
