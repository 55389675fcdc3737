/**
 * Schema migrations, kept in code (no files to find at run time) and run with Kysely's Migrator.
 * Only the schema builder is used, with portable column types, so the same migrations run on
 * PostgreSQL. Add a migration by appending to `migrations` with the next number; never edit one
 * that has shipped.
 */
import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import type { Database } from './database';
import { accountsMigration } from './migration-0002-accounts';
import { paywallMigration } from './migration-0003-paywall';
import { discoveryMigration } from './migration-0004-discovery';
import { libraryMigration } from './migration-0005-library';
import { storeMigration } from './migration-0006-store';
import { videoMigration } from './migration-0007-video';
import { visualMigration } from './migration-0008-visual';
import { indexesMigration } from './migration-0009-indexes';
import { rateLimitsMigration } from './migration-0010-rate-limits';
import { emailVerificationMigration } from './migration-0011-email-verification';
import { sessionsAndDevicesMigration } from './migration-0012-sessions-and-devices';
import { voucherRedemptionsMigration } from './migration-0014-voucher-redemptions';
import { mailQueueMigration } from './migration-0016-mail-queue';
import { gatedCollectionsMigration } from './migration-0017-gated-collections';
import { fullTextSearchMigration } from './migration-0018-full-text-search';
import { readsAtScaleMigration } from './migration-0019-reads-at-scale';
import { releaseRegistryMigration } from './migration-0020-release-registry';
import { releaseTrustMigration } from './migration-0021-release-trust';
import { spentVouchersMigration } from './migration-0022-spent-vouchers';

const foundation: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('topics')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('slug', 'text', (c) => c.notNull().unique())
      .addColumn('parent_id', 'text', (c) => c.references('topics.id'))
      .addColumn('position', 'integer', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('articles')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('slug', 'text', (c) => c.notNull())
      .addColumn('year', 'integer', (c) => c.notNull())
      .addColumn('month', 'integer', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('summary', 'text', (c) => c.notNull())
      .addColumn('lead', 'text', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('authors', 'text', (c) => c.notNull())
      .addColumn('published', 'text', (c) => c.notNull())
      .addColumn('content_type', 'text', (c) => c.notNull())
      .addColumn('topic_id', 'text', (c) => c.notNull().references('topics.id'))
      .addColumn('series', 'text')
      .addColumn('big_idea', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('free', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('image', 'text')
      .addUniqueConstraint('articles_path_unique', ['year', 'month', 'slug'])
      .execute();
    await db.schema.createIndex('articles_published_idx').on('articles').column('published').execute();

    await db.schema
      .createTable('magazine_issues')
      .addColumn('code', 'text', (c) => c.primaryKey())
      .addColumn('year', 'integer', (c) => c.notNull())
      .addColumn('number', 'integer', (c) => c.notNull())
      .addColumn('label', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('archive_entries')
      .addColumn('year', 'integer', (c) => c.notNull())
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('month_label', 'text', (c) => c.notNull())
      .addColumn('issue_code', 'text', (c) => c.notNull().references('magazine_issues.code'))
      .addPrimaryKeyConstraint('archive_entries_pk', ['year', 'position'])
      .execute();

    await db.schema
      .createTable('product_categories')
      .addColumn('slug', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('position', 'integer', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('products')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('sku', 'text', (c) => c.notNull().unique())
      .addColumn('slug', 'text', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('summary', 'text', (c) => c.notNull())
      .addColumn('category_slug', 'text', (c) => c.notNull().references('product_categories.slug'))
      .addColumn('availability_id', 'text', (c) => c.notNull().unique())
      .addColumn('format', 'text', (c) => c.notNull())
      .addColumn('language', 'text', (c) => c.notNull())
      .addColumn('content_type', 'text', (c) => c.notNull())
      .addColumn('list_price', 'double precision', (c) => c.notNull())
      .addColumn('availability_status', 'text', (c) => c.notNull())
      .addColumn('image', 'text')
      .addColumn('position', 'integer', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('products_category_idx').on('products').column('category_slug').execute();

    await db.schema
      .createTable('videos')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('slug', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('link_url', 'text')
      .addColumn('link_text', 'text')
      .addColumn('poster', 'text', (c) => c.notNull())
      .addColumn('thumbnail', 'text', (c) => c.notNull())
      .addColumn('src', 'text', (c) => c.notNull())
      .addColumn('duration', 'integer', (c) => c.notNull())
      .addColumn('pubdate', 'text', (c) => c.notNull())
      .addColumn('tags', 'text', (c) => c.notNull())
      .addColumn('subscriber_only', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();

    await db.schema
      .createTable('playlists')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('position', 'integer', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('playlist_videos')
      .addColumn('playlist_id', 'text', (c) => c.notNull().references('playlists.id').onDelete('cascade'))
      .addColumn('video_id', 'text', (c) => c.notNull().references('videos.id').onDelete('cascade'))
      .addColumn('position', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('playlist_videos_pk', ['playlist_id', 'video_id'])
      .execute();

    await db.schema
      .createTable('chart_subjects')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('label', 'text', (c) => c.notNull())
      .addColumn('filter', 'text', (c) => c.notNull().unique())
      .addColumn('position', 'integer', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('charts')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('subject_id', 'text', (c) => c.notNull().references('chart_subjects.id'))
      .addColumn('summary', 'text', (c) => c.notNull())
      .addColumn('published', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('data', 'text', (c) => c.notNull())
      .addColumn('parent_article_title', 'text', (c) => c.notNull())
      .addColumn('parent_article_url', 'text', (c) => c.notNull())
      .addColumn('is_collection', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.createIndex('charts_published_idx').on('charts').column('published').execute();

    await db.schema
      .createTable('users')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('guid', 'text', (c) => c.notNull().unique())
      .addColumn('email', 'text', (c) => c.notNull().unique())
      .addColumn('first_name', 'text', (c) => c.notNull())
      .addColumn('last_name', 'text', (c) => c.notNull())
      .addColumn('display_name', 'text', (c) => c.notNull())
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('user_tiers')
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('role_code', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('user_tiers_pk', ['user_id', 'role_code'])
      .execute();

    await db.schema
      .createTable('sessions')
      .addColumn('id_hash', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

    await db.schema
      .createTable('folders')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('slug', 'text', (c) => c.notNull())
      .addColumn('read_only', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('folders_user_slug_unique', ['user_id', 'slug'])
      .execute();

    await db.schema
      .createTable('folder_items')
      .addColumn('folder_id', 'text', (c) => c.notNull().references('folders.id').onDelete('cascade'))
      .addColumn('article_id', 'text', (c) => c.notNull().references('articles.id').onDelete('cascade'))
      .addColumn('saved_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('folder_items_pk', ['folder_id', 'article_id'])
      .execute();

    await db.schema
      .createTable('outbox')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('to_address', 'text', (c) => c.notNull())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
  },
};

/** Every migration, in order. Names sort in the order they must run. */
export const migrations: Record<string, Migration> = {
  '0001_foundation': foundation,
  '0002_accounts': accountsMigration,
  '0003_paywall': paywallMigration,
  '0004_discovery': discoveryMigration,
  '0005_library': libraryMigration,
  '0006_store': storeMigration,
  '0007_video': videoMigration,
  '0008_visual': visualMigration,
  '0009_indexes': indexesMigration,
  '0010_rate_limits': rateLimitsMigration,
  '0011_email_verification': emailVerificationMigration,
  '0012_sessions_and_devices': sessionsAndDevicesMigration,
  '0014_voucher_redemptions': voucherRedemptionsMigration,
  '0016_mail_queue': mailQueueMigration,
  '0017_gated_collections': gatedCollectionsMigration,
  '0018_full_text_search': fullTextSearchMigration,
  '0019_reads_at_scale': readsAtScaleMigration,
  '0020_release_registry': releaseRegistryMigration,
  '0021_release_trust': releaseTrustMigration,
  '0022_spent_vouchers': spentVouchersMigration,
};

class InCodeMigrationProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    return migrations;
  }
}

/** Bring the database to the latest schema; throws when a migration fails. */
export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  const migrator = new Migrator({ db, provider: new InCodeMigrationProvider() });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error !== undefined || failed) {
    const cause = error instanceof Error ? error : new Error(String(error ?? failed?.migrationName));
    throw new Error(`Migration failed${failed ? ` at ${failed.migrationName}` : ''}: ${cause.message}`, { cause });
  }
}
