/**
 * Migration 0017, gated collections ("Tiers mean something", PAY-06.3).
 *
 * - collection_items: the articles of each gated collection (shared-contracts entitlements.ts
 *   GATED_COLLECTIONS: 'case-selections', 'top-50-articles', 'executive-only'), with their place in
 *   it. An article in a collection is read in full only by a tier with the collection's grant
 *   (services/entitlements.ts). The article id is indexed for the article API's lookup.
 */
import type { Kysely, Migration } from 'kysely';

export const gatedCollectionsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('collection_items')
      .addColumn('collection', 'text', (c) => c.notNull())
      .addColumn('article_id', 'text', (c) => c.notNull().references('articles.id').onDelete('cascade'))
      .addColumn('position', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('collection_items_pk', ['collection', 'article_id'])
      .execute();
    await db.schema.createIndex('collection_items_article_idx').on('collection_items').column('article_id').execute();
  },
};
