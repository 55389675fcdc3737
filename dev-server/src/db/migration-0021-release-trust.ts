/**
 * Migration 0021, the release registry's trust boundary (decision 046). Portable (SQLite and
 * PostgreSQL).
 *
 * - release_versions gains the digests its files were pinned to at publish (SRI form,
 *   `sha384-<base64>`): the manifest, the remote entry and the server build (null: it has none).
 *   A version the operator configured (REMOTE_*_URL) has none: it is the operator's own word.
 * - release_refusals: refused requests, counted per remote, actor, action and hour instead of one
 *   audit row each, so a flood of refusals can never push a change out of the history.
 * - release_failing_browsers: which browsers reported a version failing (the id of their signed
 *   served-versions cookie), one row per browser and version: an automatic rollback needs failures
 *   from several distinct browsers.
 */
import { sql, type Kysely, type Migration } from 'kysely';

export const releaseTrustMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('release_versions').addColumn('manifest_integrity', 'text').execute();
    await db.schema.alterTable('release_versions').addColumn('entry_integrity', 'text').execute();
    await db.schema.alterTable('release_versions').addColumn('server_integrity', 'text').execute();

    await db.schema
      .createTable('release_refusals')
      .addColumn('remote', 'text', (c) => c.notNull())
      .addColumn('actor', 'text', (c) => c.notNull())
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('window_start', 'text', (c) => c.notNull())
      .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('first_at', 'text', (c) => c.notNull())
      .addColumn('last_at', 'text', (c) => c.notNull())
      .addColumn('last_reason', 'text', (c) => c.notNull().defaultTo(''))
      .addPrimaryKeyConstraint('release_refusals_pk', ['remote', 'actor', 'action', 'window_start'])
      .execute();
    await db.schema.createIndex('release_refusals_remote_last_idx').on('release_refusals').columns(['remote', 'last_at']).execute();

    await db.schema
      .createTable('release_failing_browsers')
      .addColumn('remote', 'text', (c) => c.notNull())
      .addColumn('version', 'text', (c) => c.notNull())
      .addColumn('browser', 'text', (c) => c.notNull())
      .addColumn('at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('release_failing_browsers_pk', ['remote', 'version', 'browser'])
      .execute();

    // The refused requests written as audit rows before this migration become counted refusals.
    await sql`INSERT INTO release_refusals (remote, actor, action, window_start, count, first_at, last_at, last_reason)
      SELECT remote, actor, action, MIN(at), COUNT(*), MIN(at), MAX(at), MAX(reason)
      FROM release_events WHERE outcome = 'refused' GROUP BY remote, actor, action`.execute(db);
    await sql`DELETE FROM release_events WHERE outcome = 'refused'`.execute(db);
  },
};
