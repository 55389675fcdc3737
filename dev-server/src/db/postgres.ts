/**
 * PostgreSQL behind the same Kysely data layer (decision 020): DATABASE_URL=postgres://... selects it.
 * The schema and every query are the ones SQLite runs (decision 004); what differs is kept here:
 * PostgreSQL's 64-bit integers (count(*), sum of integers) arrive from node-postgres as strings,
 * so they are parsed to numbers, as SQLite gives them.
 */
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './database';

/** int8 (count, sum) and numeric (avg, round) as JavaScript numbers: every value here is far below 2^53. */
pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value: string) => Number(value));

export function isPostgresUrl(value: string | undefined): value is string {
  return value !== undefined && /^postgres(ql)?:\/\//.test(value);
}

export interface PostgresOptions {
  /** Connections in the pool; default 10 (DATABASE_POOL_SIZE). */
  poolSize?: number;
  /** How long an idle connection stays open; default 10 s (node-postgres' default). */
  idleTimeoutMillis?: number;
}

export function openPostgres(url: string, options: PostgresOptions = {}): Kysely<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    idleTimeoutMillis: options.idleTimeoutMillis ?? 10_000,
    // An idle pool never keeps the process alive (tests and scripts end without closing every pool).
    allowExitOnIdle: true,
  });
  // An idle client's error (the server went away) must not crash the process; the next query reports it.
  pool.on('error', () => undefined);
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}
