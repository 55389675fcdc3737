/**
 * Migration 0020, the release registry (decision 037). Portable (SQLite and PostgreSQL).
 *
 * - user_roles: staff roles of an account, apart from the subscription tiers of user_tiers (a role
 *   is never part of a reader's profile or entitlements). 'operator' may use /operations and the
 *   release API for every remote.
 * - release_versions: every published version of a remote, never changed once written except its
 *   counters: where its manifest is, who published it when, the pre-release check's result, and the
 *   loads and failures the shell reported for it.
 * - release_channels: the version each channel ('stable', 'canary') of a remote points at; the
 *   canary's share of browsers (percent) and its own counters since it entered the channel.
 * - release_events: the audit trail, every change and every refusal: who, when, what, from, to, why.
 * - release_tokens: deploy tokens, one remote each, kept as SHA-256 hashes (as sessions are).
 */
import type { Kysely, Migration } from 'kysely';

export const releaseRegistryMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('user_roles')
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('role', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('user_roles_pk', ['user_id', 'role'])
      .execute();

    await db.schema
      .createTable('release_versions')
      .addColumn('remote', 'text', (c) => c.notNull())
      .addColumn('version', 'text', (c) => c.notNull())
      .addColumn('manifest_url', 'text', (c) => c.notNull())
      .addColumn('published_at', 'text', (c) => c.notNull())
      .addColumn('published_by', 'text', (c) => c.notNull())
      .addColumn('check_report', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('loads', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('release_versions_pk', ['remote', 'version'])
      .execute();

    await db.schema
      .createTable('release_channels')
      .addColumn('remote', 'text', (c) => c.notNull())
      .addColumn('channel', 'text', (c) => c.notNull())
      .addColumn('version', 'text', (c) => c.notNull())
      .addColumn('percent', 'integer', (c) => c.notNull().defaultTo(100))
      .addColumn('since', 'text', (c) => c.notNull())
      .addColumn('loads', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('release_channels_pk', ['remote', 'channel'])
      .execute();

    await db.schema
      .createTable('release_events')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('remote', 'text', (c) => c.notNull())
      .addColumn('at', 'text', (c) => c.notNull())
      .addColumn('actor', 'text', (c) => c.notNull())
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('channel', 'text')
      .addColumn('from_version', 'text')
      .addColumn('to_version', 'text')
      .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('outcome', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('release_events_remote_at_idx').on('release_events').columns(['remote', 'at']).execute();

    await db.schema
      .createTable('release_tokens')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('id', 'text', (c) => c.notNull().unique())
      .addColumn('remote', 'text', (c) => c.notNull())
      .addColumn('label', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('created_by', 'text', (c) => c.notNull())
      .addColumn('revoked_at', 'text')
      .execute();
  },
};
