/** Opens the embedded SQLite database (a file, or ':memory:' for tests) behind Kysely. */
import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect, type SqliteDatabase as KyselySqliteDatabase, type SqliteStatement } from 'kysely';
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
  // The folder and the file are the owner's alone: the render tier runs as another user (decision
  // 045), and the database holds every reader's sessions. A folder that exists keeps its mode.
  if (typeof source === 'string' && !inMemory) fs.mkdirSync(path.dirname(path.resolve(source)), { recursive: true, mode: 0o700 });
  const sqlite = new SqliteDatabase(source);
  if (typeof source === 'string' && !inMemory) ownerOnly(source);
  if (!inMemory) {
    sqlite.pragma('journal_mode = WAL');
    // Several API processes may share the file: a writer waits for another's lock.
    sqlite.pragma('busy_timeout = 5000');
  }
  sqlite.pragma('foreign_keys = ON');
  // Kysely's SqliteDialect keeps one connection, which is what ':memory:' needs (one database per connection).
  return { db: new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) }), handle: sqlite };
}

/** Read and write for the owner only; a file another user owns is left as it is. */
function ownerOnly(file: string): void {
  try {
    fs.chmodSync(file, 0o600);
  } catch {
    // Not the owner (EPERM): nothing this process may change.
  }
}

/** How many distinct SQL texts keep their prepared statement (a search's SQL text varies with its number of words). */
export const STATEMENT_CACHE_SIZE = 500;

/**
 * The handle as Kysely sees it, preparing each SQL text once: Kysely prepares every query it runs,
 * and compiling the same statement again on every request is a large share of a cheap query's cost.
 * better-sqlite3 runs a statement to completion in all()/run(), so one statement serves every call;
 * iterate() (a streamed query, which stays open) gets a statement of its own. SQLite re-prepares a
 * cached statement by itself when the schema changes.
 */
export function withStatementCache(sqlite: SqliteDatabase.Database, size = STATEMENT_CACHE_SIZE): KyselySqliteDatabase {
  const cache = new Map<string, SqliteStatement>();
  return {
    close: () => {
      cache.clear();
      sqlite.close();
    },
    prepare(sqlText: string): SqliteStatement {
      let statement = cache.get(sqlText);
      if (!statement) {
        const prepared = sqlite.prepare(sqlText);
        statement = {
          reader: prepared.reader,
          all: (parameters) => prepared.all(parameters),
          run: (parameters) => prepared.run(parameters),
          iterate: (parameters) => sqlite.prepare(sqlText).iterate(parameters) as IterableIterator<unknown>,
        };
        if (cache.size >= size) cache.clear();
        cache.set(sqlText, statement);
      }
      return statement;
    },
  };
}
