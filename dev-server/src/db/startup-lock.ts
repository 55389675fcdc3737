/**
 * Migrations and the seed run under a database lock, so any number of API processes can start
 * together over one new database (as a deployment starts its replicas): one migrates and seeds, the
 * others wait, then find the work done. Without it two processes seeding one new PostgreSQL database
 * raced on the same rows (a duplicate key in `topics`) and one died at start.
 *
 * - PostgreSQL: a session-level advisory lock, held on one connection of the pool while the work
 *   runs on the others; released at the end (or when that connection closes, if the process dies).
 * - A SQLite file: SQLite's own lock, on a small lock database beside the file
 *   (`<file>.startup-lock`): an exclusive transaction held while the work runs, so another process
 *   waits for it (busy timeout) and the site's file itself is never held. Within one process, starts
 *   over the same file queue first (a blocking wait inside the process would never end).
 * - An in-memory database is the process's own: nothing to lock.
 */
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
import type { Database } from './database';
import { isPostgres } from './locks';

/** The advisory lock's key: any fixed 64-bit number no other code of the site uses. */
const STARTUP_LOCK_KEY = 8_141_337_201_026n;
/** How long a process waits for another's migrations and seed (a 100 000-article seed takes 20-40 s). */
const WAIT_MS = 300_000;

const queues = new Map<string, Promise<unknown>>();

export async function underStartupLock<T>(db: Kysely<Database>, file: string | null, run: () => Promise<T>): Promise<T> {
  if (isPostgres(db)) {
    return db.connection().execute(async (connection) => {
      await sql`select pg_advisory_lock(${STARTUP_LOCK_KEY})`.execute(connection);
      try {
        return await run();
      } finally {
        await sql`select pg_advisory_unlock(${STARTUP_LOCK_KEY})`.execute(connection);
      }
    });
  }
  if (!file || file === ':memory:') return run();
  const lockFile = `${path.resolve(file)}.startup-lock`;
  const before = queues.get(lockFile) ?? Promise.resolve();
  const mine = before
    .catch(() => undefined)
    .then(() => {
      const lock = new SqliteDatabase(lockFile, { timeout: WAIT_MS });
      try {
        lock.exec('BEGIN EXCLUSIVE');
      } catch (error) {
        lock.close();
        throw error;
      }
      return run().finally(() => {
        lock.exec('COMMIT');
        lock.close();
      });
    });
  queues.set(lockFile, mine);
  try {
    return await mine;
  } finally {
    if (queues.get(lockFile) === mine) queues.delete(lockFile);
  }
}
