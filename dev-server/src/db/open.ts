/** Opens the database a setting names: a postgres:// URL (PostgreSQL), else a SQLite file or ':memory:'. */
import type { Kysely } from 'kysely';
import type { Database } from './database';
import { isPostgresUrl, openPostgres } from './postgres';
import { openSqlite } from './sqlite';

export type DatabaseKind = 'sqlite' | 'postgres';

export function databaseKind(location: string): DatabaseKind {
  return isPostgresUrl(location) ? 'postgres' : 'sqlite';
}

export function openDatabase(location: string): Kysely<Database> {
  return isPostgresUrl(location) ? openPostgres(location) : openSqlite(location);
}

/** A database location fit for a log line: a URL's password is never printed. */
export function describeDatabase(location: string): string {
  if (!isPostgresUrl(location)) return location;
  try {
    const url = new URL(location);
    if (url.password) url.password = '***';
    return url.toString();
  } catch {
    return 'postgres (unparsable URL)';
  }
}
