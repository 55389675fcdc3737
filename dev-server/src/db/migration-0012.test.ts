/** Migration 0012 over a database of the schema before it: sessions keep going, devices follow their user. */
import { sql } from 'kysely';
import { migrateToLatest } from './migrations';
import { migrateToBefore } from '../test/migrations';
import { openSqlite } from './sqlite';

const OWN = '0012_sessions_and_devices';

describe('migration 0012_sessions_and_devices', () => {
  it('counts an existing session as last used at its creation, and forgets a deleted user’s browsers', async () => {
    const db = openSqlite(':memory:');
    try {
      await migrateToBefore(db, OWN);
      const at = '2025-06-01T10:00:00.000Z';
      await sql`INSERT INTO users (id, guid, email, first_name, last_name, display_name, password_hash, status, created_at, updated_at)
                VALUES ('u1', 'g1', 'm@example.org', 'M', 'N', 'M N', 'x', 'registered', ${at}, ${at})`.execute(db);
      await sql`INSERT INTO sessions (id_hash, user_id, created_at, expires_at) VALUES ('h1', 'u1', ${at}, '2025-07-01T10:00:00.000Z')`.execute(db);

      await migrateToLatest(db);

      expect(await db.selectFrom('sessions').select(['id_hash', 'last_seen_at']).execute()).toEqual([{ id_hash: 'h1', last_seen_at: at }]);
      await db.insertInto('known_devices').values({ token_hash: 'd1', user_id: 'u1', created_at: at, last_used_at: at, locked_until: null }).execute();
      expect(await db.selectFrom('known_devices').select(['failures', 'locked_until']).execute()).toEqual([{ failures: 0, locked_until: null }]);
      await db.deleteFrom('users').where('id', '=', 'u1').execute();
      expect(await db.selectFrom('known_devices').selectAll().execute()).toEqual([]);
    } finally {
      await db.destroy();
    }
  });
});
