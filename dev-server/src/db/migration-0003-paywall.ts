/**
 * Migration 0003, paywall: the `ascend` flag on articles; the meter's views (one row per subject,
 * article and calendar month); gift links (only the SHA-256 of the token is kept); reading lists
 * and their articles.
 */
import type { Kysely, Migration } from 'kysely';

export const paywallMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('articles')
      .addColumn('ascend', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();

    await db.schema
      .createTable('article_views')
      .addColumn('subject_key', 'text', (c) => c.notNull())
      .addColumn('article_id', 'text', (c) => c.notNull().references('articles.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('period', 'text', (c) => c.notNull())
      .addColumn('first_viewed_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('article_views_pk', ['subject_key', 'article_id', 'period'])
      .execute();
    await db.schema.createIndex('article_views_meter_idx').on('article_views').columns(['subject_key', 'period', 'kind']).execute();

    await db.schema
      .createTable('article_gifts')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('article_id', 'text', (c) => c.notNull().references('articles.id').onDelete('cascade'))
      .addColumn('giver_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('article_gifts_giver_idx').on('article_gifts').columns(['giver_id', 'created_at']).execute();

    await db.schema
      .createTable('reading_lists')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('slug', 'text', (c) => c.notNull().unique())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('position', 'integer', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('reading_list_items')
      .addColumn('list_id', 'text', (c) => c.notNull().references('reading_lists.id').onDelete('cascade'))
      .addColumn('article_id', 'text', (c) => c.notNull().references('articles.id').onDelete('cascade'))
      .addColumn('position', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('reading_list_items_pk', ['list_id', 'article_id'])
      .execute();
    await db.schema.createIndex('reading_list_items_article_idx').on('reading_list_items').column('article_id').execute();
  },
};
