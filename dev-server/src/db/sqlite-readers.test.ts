/**
 * Reader threads of a SQLite file (decision 039): what they read is what the API's own connection
 * reads, a failed read is refused with its reason, and while a reader works the API's thread is free.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { startServer } from '../server';
import { openSqliteWithHandle } from './sqlite';
import { createSqliteReaders, NoSqliteReaderError } from './sqlite-readers';

jest.setTimeout(30_000);

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sqlite-readers-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('createSqliteReaders', () => {
  it('reads committed rows, later writes included; refuses a bad statement with its reason; refuses after close', async () => {
    const file = path.join(dir, 'plain.db');
    const { db } = openSqliteWithHandle(file);
    await sql`create table notes (id integer primary key, body text not null)`.execute(db);
    await sql`insert into notes (body) values ('first'), ('second')`.execute(db);
    const readers = createSqliteReaders(file, 2);
    try {
      const query = sql<{ id: number; body: string }>`select id, body from notes where id >= ${1} order by id`;
      expect(await readers.all(query.compile(db))).toEqual([
        { id: 1, body: 'first' },
        { id: 2, body: 'second' },
      ]);
      await sql`insert into notes (body) values ('third')`.execute(db);
      // Several at once spread over both readers; every one sees the third row.
      const all = await Promise.all(Array.from({ length: 6 }, () => readers.all(query.compile(db))));
      expect(all.map((rows) => rows.length)).toEqual([3, 3, 3, 3, 3, 3]);
      await expect(readers.all(sql`select id from nowhere`.compile(db))).rejects.toThrow(/no such table: nowhere/);
      // A reader is read-only: a write sent to it is refused and changes nothing.
      await expect(readers.all(sql`delete from notes returning id`.compile(db))).rejects.toThrow(/readonly/);
      expect((await sql<{ n: number }>`select count(*) as n from notes`.execute(db)).rows[0]?.n).toBe(3);
    } finally {
      await readers.close();
      await db.destroy();
    }
    await expect(readers.all(sql`select 1`.compile(db))).rejects.toThrow('the SQLite readers are closed');
  });

  it('refuses at once, never leaving an ask unanswered, when its reader has stopped', async () => {
    const file = path.join(dir, 'gone.db');
    const { db } = openSqliteWithHandle(file);
    await sql`create table t (x integer)`.execute(db);
    // A reader of a file that does not exist stops as it starts.
    const readers = createSqliteReaders(path.join(dir, 'missing.db'), 1);
    try {
      const error = await readers.all(sql`select x from t`.compile(db)).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(NoSqliteReaderError);
      await expect(readers.all(sql`select x from t`.compile(db))).rejects.toThrow('every SQLite reader has stopped');
    } finally {
      await readers.close();
      await db.destroy();
    }
  });
});

describe('the API on a database file', () => {
  it('answers searches and suggestions from its reader threads exactly as from its own connection', async () => {
    const databaseFile = path.join(dir, 'site.db');
    const paths = [
      '/service/stream/search/1/10?query=strategy',
      '/service/stream/search/1/10?query=supplier%20networks',
      '/service/stream/search/2/5?query=leadership%20teams&sort=date&order=asc',
      '/service/stream/search/1/10?query=pricing&contentType=Digital%20Article',
      '/service/search/auto-suggest?term=strat',
      '/service/search/auto-suggest?term=supplier%20netw',
    ];
    const answersOf = async (searchReaders: number) => {
      const server = await startServer({ port: 0, host: '127.0.0.1', databaseFile, searchReaders, shellDist: null, logLevel: 'silent' });
      try {
        return await Promise.all(paths.map(async (p) => (await fetch(`http://127.0.0.1:${server.port}${p}`)).json()));
      } finally {
        await server.close();
      }
    };
    const inProcess = await answersOf(0);
    const fromReaders = await answersOf(1);
    expect(fromReaders).toEqual(inProcess);
    expect((inProcess[0] as { entry: unknown[] }).entry.length).toBeGreaterThan(0);
    expect((inProcess[4] as { records: unknown[] }).records.length).toBeGreaterThan(0);
  });

  it("keeps the API's thread free while a long read runs on a reader", async () => {
    const file = path.join(dir, 'slow.db');
    const { db } = openSqliteWithHandle(file);
    const readers = createSqliteReaders(file, 1);
    try {
      // A read of a few hundred milliseconds (a recursive count), and a timer of 1 ms set just after it starts.
      const slow = readers.all(sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < 3000000) select count(*) as c from n`.compile(db));
      const started = performance.now();
      const timerLate = await new Promise<number>((resolve) => setTimeout(() => resolve(performance.now() - started), 1));
      const rows = await slow;
      const readTook = performance.now() - started;
      expect(rows).toEqual([{ c: 3000000 }]);
      // The timer fired long before the read ended: the read did not hold this thread.
      expect(timerLate).toBeLessThan(readTook / 2);
    } finally {
      await readers.close();
      await db.destroy();
    }
  });
});
