/**
 * Check-then-insert statements under a limit (the meter, gift allowances) on both engines.
 *
 * SQLite runs each statement alone (one writer), so `INSERT ... SELECT ... WHERE (count) < limit`
 * can never take a subject past its limit. PostgreSQL at READ COMMITTED lets two such statements
 * both see count < limit, so there they run in a transaction that first takes a transaction-scoped
 * advisory lock on the subject: writers for one subject queue, others do not wait.
 */
import { PostgresAdapter, sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from './database';

export function isPostgres(db: Kysely<Database>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export async function serializedBy<T>(db: Kysely<Database>, key: string, run: (db: Kysely<Database> | Transaction<Database>) => Promise<T>): Promise<T> {
  if (!isPostgres(db)) return run(db);
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
    return run(trx);
  });
}
