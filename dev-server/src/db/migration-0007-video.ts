/**
 * Migration 0007, the video pages (decision 015). Portable column types only (SQLite and PostgreSQL).
 *
 * - videos.clip: which clip of dev-server/media/clips a video plays ('clip-1' ... 'clip-4'). The
 *   server maps it to a file through a fixed list (routes/media.ts), never a path built from the
 *   request. Existing rows get 'clip-1'; seedVideosIfOutdated (seed/index.ts) then gives a
 *   database seeded before this migration the clips, sources and durations of a fresh seed.
 */
import type { Kysely, Migration } from 'kysely';

export const videoMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('videos')
      .addColumn('clip', 'text', (c) => c.notNull().defaultTo('clip-1'))
      .execute();
  },
};
