/** Opens the embedded SQLite database (a file, or ':memory:' for tests) behind Kysely. */
import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { Database } from './database';

export function openSqlite(file: string): Kysely<Database> {
  return openSqliteWithHandle(file).db;
}

/**
 * The database and its better-sqlite3 handle. `source` is a file, ':memory:', or the bytes of a
 * serialized database (an in-memory copy: tests seed once and copy, see test/harness.ts).
 */
export function openSqliteWithHandle(source: string | Buffer): { db: Kysely<Database>; handle: SqliteDatabase.Database } {
  const inMemory = typeof source !== 'string' || source === ':memory:';
  if (typeof source === 'string' && !inMemory) fs.mkdirSync(path.dirname(path.resolve(source)), { recursive: true });
  const sqlite = new SqliteDatabase(source);
  if (!inMemory) sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  // Kysely's SqliteDialect keeps one connection, which is what ':memory:' needs (one database per connection).
  return { db: new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) }), handle: sqlite };
}
