/** Opens the embedded SQLite database (a file, or ':memory:' for tests) behind Kysely. */
import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { Database } from './database';

export function openSqlite(file: string): Kysely<Database> {
  const inMemory = file === ':memory:';
  if (!inMemory) fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new SqliteDatabase(file);
  if (!inMemory) sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  // Kysely's SqliteDialect keeps one connection, which is what ':memory:' needs (one database per connection).
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
}
