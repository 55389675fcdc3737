/** Migration 0016 on a database that already holds mail: old rows join the queue as due 'pending' mail. */
import { Migrator, sql, type Migration, type MigrationProvider } from 'kysely';
import { migrateToLatest, migrations } from '../db/migrations';
import { openSqlite } from '../db/sqlite';

it('keeps every old mail, pending, due at its creation time, plain text, of kind other', async () => {
  const db = openSqlite(':memory:');
  try {
    const provider: MigrationProvider = { getMigrations: async (): Promise<Record<string, Migration>> => migrations };
    const { error } = await new Migrator({ db, provider }).migrateTo('0010_rate_limits');
    expect(error).toBeUndefined();
    await sql`insert into outbox (id, to_address, subject, body, created_at) values ('old', 'a@example.org', 'Hi', 'Body', '2025-01-01T00:00:00.000Z')`.execute(
      db,
    );
    await migrateToLatest(db);
    expect(await db.selectFrom('outbox').selectAll().execute()).toEqual([
      {
        id: 'old',
        to_address: 'a@example.org',
        subject: 'Hi',
        body: 'Body',
        created_at: '2025-01-01T00:00:00.000Z',
        status: 'pending',
        attempts: 0,
        next_attempt_at: '2025-01-01T00:00:00.000Z',
        claimed_until: null,
        last_error: null,
        sent_at: null,
        html: null,
        kind: 'other',
      },
    ]);
  } finally {
    await db.destroy();
  }
});
