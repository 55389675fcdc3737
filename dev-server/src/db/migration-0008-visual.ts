/**
 * Migration 0008, the visual library (decision 016). Portable column types only (SQLite and PostgreSQL).
 *
 * - chart_collections: the curated collections the feed shows as a card after every third entry
 *   (PAY-03). collection_link is the visual library filtered by a subject; content_image the
 *   image path of one of that subject's charts. seedVisualIfMissing (seed/index.ts) fills it (and
 *   adds the extra charts of a fresh seed) in a database seeded before this migration.
 */
import type { Kysely, Migration } from 'kysely';

export const visualMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('chart_collections')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('summary', 'text', (c) => c.notNull())
      .addColumn('collection_link', 'text', (c) => c.notNull())
      .addColumn('content_image', 'text', (c) => c.notNull())
      .addColumn('position', 'integer', (c) => c.notNull())
      .execute();
  },
};
