/**
 * Migration 0004, discovery (decision 012): sponsored reports and issue membership on articles;
 * subscriber-limited topics; the search index (search_terms); topic follows and the member's
 * "following last opened" time; newsletters and marketing campaigns with their subscriptions; and an
 * issue summary for the issue card. Portable column types only (SQLite and PostgreSQL).
 *
 * SQLite takes one column per ALTER TABLE, so every added column is its own statement.
 */
import type { Kysely, Migration } from 'kysely';

export const discoveryMigration: Migration = {
  async up(db: Kysely<unknown>) {
    // Sponsored reports (the 'analytics' stream): who paid for the piece; null for editorial content.
    await db.schema.alterTable('articles').addColumn('sponsor', 'text').execute();
    // Magazine articles belong to an issue (the archive's table of contents).
    await db.schema
      .alterTable('articles')
      .addColumn('issue_code', 'text', (c) => c.references('magazine_issues.code'))
      .execute();
    await db.schema.createIndex('articles_issue_idx').on('articles').column('issue_code').execute();

    await db.schema
      .alterTable('topics')
      .addColumn('subscriber_only', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();

    await db.schema
      .alterTable('magazine_issues')
      .addColumn('summary', 'text', (c) => c.notNull().defaultTo(''))
      .execute();

    // The search index: one row per (term, article), weight = the summed weights of the fields holding
    // the term (services/search-text.ts). The primary key's index leads with term, which is every
    // lookup (exact terms and LIKE 'prefix%'). No index by article: nothing reads by article, and a
    // second index over ~120 000 rows made the seed a third slower.
    await db.schema
      .createTable('search_terms')
      .addColumn('term', 'text', (c) => c.notNull())
      .addColumn('article_id', 'text', (c) => c.notNull().references('articles.id').onDelete('cascade'))
      .addColumn('weight', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('search_terms_pk', ['term', 'article_id'])
      .execute();

    await db.schema
      .createTable('topic_follows')
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('topic_id', 'text', (c) => c.notNull().references('topics.id').onDelete('cascade'))
      .addColumn('followed_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('topic_follows_pk', ['user_id', 'topic_id'])
      .execute();
    // When the member last opened the following stream (the unread count counts what came after).
    await db.schema.alterTable('users').addColumn('following_seen_at', 'text').execute();

    await db.schema
      .createTable('newsletters')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('frequency', 'text', (c) => c.notNull())
      .addColumn('subscriber_only', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('position', 'integer', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('newsletter_subscriptions')
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('newsletter_id', 'text', (c) => c.notNull().references('newsletters.id').onDelete('cascade'))
      .addColumn('subscribed_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('newsletter_subscriptions_pk', ['user_id', 'newsletter_id'])
      .execute();
  },
};
