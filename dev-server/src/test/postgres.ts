/**
 * The API tests over PostgreSQL (TEST_DATABASE_URL): each test gets its own database, a copy of a
 * seeded template (CREATE DATABASE ... TEMPLATE, tens of milliseconds), so tests stay independent
 * as with SQLite's in-memory copies. A template is migrated and seeded once per server for each
 * seed and each version of the schema and seed code (its name carries a hash of their sources),
 * under an advisory lock, so parallel Jest workers build it once.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import pg from 'pg';
import type { Database } from '../db/database';
import { migrateToLatest } from '../db/migrations';
import { openPostgres } from '../db/postgres';
import { seedDatabase } from '../seed';

const SRC = path.resolve(__dirname, '..');
const SOURCES = [path.join(SRC, 'db'), path.join(SRC, 'seed'), path.resolve(SRC, '../../shared-contracts/src')];

let fingerprint: string | undefined;

/** A hash of every source that decides a template's content: migrations, seed and contracts. */
function sourceFingerprint(): string {
  if (fingerprint) return fingerprint;
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) hash.update(full).update(fs.readFileSync(full));
    }
  };
  SOURCES.forEach(walk);
  fingerprint = hash.digest('hex').slice(0, 12);
  return fingerprint;
}

/** The same server's URL for another database. */
export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Runs `run` on one connection to `url`, closed afterwards. */
export async function admin<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

const ready = new Map<string, Promise<string>>();

/** The template's name, created (migrated and seeded) if this server has none for these sources. */
function template(url: string, seed: string | undefined): Promise<string> {
  const name = `tpl_${sourceFingerprint()}_${createHash('sha256')
    .update(seed ?? '')
    .digest('hex')
    .slice(0, 8)}`;
  let promise = ready.get(name);
  if (!promise) {
    promise = admin(url, async (client) => {
      await client.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
      try {
        const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
        if (found.rowCount === 0) {
          const building = `${name}_building_${randomBytes(4).toString('hex')}`;
          await client.query(`CREATE DATABASE ${building}`);
          const db = openPostgres(withDatabase(url, building), { poolSize: 2 });
          try {
            await migrateToLatest(db);
            await seedDatabase(db, { seed });
          } finally {
            await db.destroy();
          }
          // Renamed only when complete: a template never holds half a seed.
          await client.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
        }
      } finally {
        await client.query('SELECT pg_advisory_unlock(hashtext($1))', [name]);
      }
      return name;
    });
    ready.set(name, promise);
  }
  return promise;
}

const copies = new WeakMap<Kysely<Database>, { url: string; name: string }>();

export async function seededPostgres(url: string, seed?: string): Promise<Kysely<Database>> {
  const from = await template(url, seed);
  const name = `t_${randomBytes(8).toString('hex')}`;
  await admin(url, (client) => client.query(`CREATE DATABASE ${name} TEMPLATE ${from}`));
  const db = openPostgres(withDatabase(url, name), { poolSize: 4, idleTimeoutMillis: 1000 });
  copies.set(db, { url, name });
  return db;
}

/** Closes the pool and drops the copy. */
export async function dropPostgresCopy(db: Kysely<Database>): Promise<void> {
  await db.destroy();
  const copy = copies.get(db);
  if (copy) await admin(copy.url, (client) => client.query(`DROP DATABASE IF EXISTS ${copy.name}`));
}
