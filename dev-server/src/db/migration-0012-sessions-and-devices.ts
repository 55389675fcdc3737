/**
 * Migration 0012, idle session expiry and recognised sign-in devices.
 *
 * - sessions.last_seen_at: when the session was last used (touched at most every few minutes); a
 *   session unused for the idle limit is signed out even before its absolute expiry. Existing
 *   sessions start from their creation time.
 * - known_devices: browsers in which an account has signed in with its password. The browser keeps
 *   a random token in a cookie; only its SHA-256 is stored, bound to one user. Failed sign-ins from
 *   a recognised browser count on its own row (failures, locked_until), apart from the account's
 *   unknown-browser count in sign_in_counters, so strangers cannot lock its owner out.
 */
import { sql, type Kysely, type Migration } from 'kysely';

export const sessionsAndDevicesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('sessions').addColumn('last_seen_at', 'text').execute();
    await sql`UPDATE sessions SET last_seen_at = created_at`.execute(db);

    await db.schema
      .createTable('known_devices')
      .addColumn('token_hash', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('last_used_at', 'text', (c) => c.notNull())
      .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('locked_until', 'text')
      .addPrimaryKeyConstraint('known_devices_pk', ['token_hash', 'user_id'])
      .execute();
    await db.schema.createIndex('known_devices_user_idx').on('known_devices').column('user_id').execute();
  },
};
