/**
 * Read-only SQLite connections on worker threads (decision 039), for the reads that take long on a
 * big catalogue: a full-text search ranking tens of thousands of matches. better-sqlite3 runs a
 * statement to completion on the thread that asks, so on the API's own thread such a read stops
 * every other request until it ends. A reader runs it on its own thread and connection instead
 * (the file is in WAL mode: readers see every committed write and never block the writer), and the
 * API's thread answers other requests meanwhile, on the machine's other core.
 *
 * Only for a database file: ':memory:' is one connection's own database, so its reads stay in-process.
 */
import { Worker } from 'node:worker_threads';
import type { CompiledQuery } from 'kysely';

export interface SqliteReaders {
  /** How many readers (threads) there are. */
  readonly size: number;
  /** The rows of a compiled SELECT, read by the least busy reader; NoSqliteReaderError when none runs. */
  all<R>(query: CompiledQuery<R>): Promise<R[]>;
  /** Stops every reader; asks still waiting are refused. */
  close(): Promise<void>;
}

/** The worker's code (CommonJS, evaluated): one read-only connection, a statement cache, one message per query. */
const READER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { readonly: true, fileMustExist: true });
db.pragma('busy_timeout = 5000');
const statements = new Map();
parentPort.on('message', ({ id, sql, parameters }) => {
  try {
    let statement = statements.get(sql);
    if (!statement) {
      if (statements.size >= 200) statements.clear();
      statement = db.prepare(sql);
      statements.set(sql, statement);
    }
    parentPort.postMessage({ id, rows: statement.all(parameters) });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error && error.message || error) });
  }
});
`;

type Pending = { resolve: (rows: unknown[]) => void; reject: (error: Error) => void };
type Reader = { worker: Worker; pending: Map<number, Pending>; alive: boolean };

/** No reader is running (each has stopped, or they were closed): the caller reads in-process instead. */
export class NoSqliteReaderError extends Error {
  constructor(why: string) {
    super(why);
    this.name = 'NoSqliteReaderError';
  }
}

/** `count` readers of the SQLite `file` (at least one). */
export function createSqliteReaders(file: string, count = 1): SqliteReaders {
  const driver = require.resolve('better-sqlite3');
  let nextId = 0;
  let closing = false;
  const readers: Reader[] = Array.from({ length: Math.max(1, count) }, () => {
    const worker = new Worker(READER, { eval: true, workerData: { file, driver } });
    const reader: Reader = { worker, pending: new Map(), alive: true };
    worker.on('message', (message: { id: number; rows?: unknown[]; error?: string }) => {
      const pending = reader.pending.get(message.id);
      if (!pending) return;
      reader.pending.delete(message.id);
      if (message.error !== undefined) pending.reject(new Error(message.error));
      else pending.resolve(message.rows ?? []);
    });
    const failAll = (error: Error) => {
      for (const p of reader.pending.values()) p.reject(error);
      reader.pending.clear();
    };
    // An error the reader did not catch (its file cannot be opened...) stops it.
    worker.on('error', (error: unknown) => {
      reader.alive = false;
      failAll(
        new NoSqliteReaderError(
          `a SQLite reader failed: ${error instanceof Error ? error.message : String((error as { message?: unknown })?.message ?? error)}`,
        ),
      );
    });
    worker.on('exit', (code) => {
      reader.alive = false;
      failAll(new NoSqliteReaderError(`a SQLite reader stopped (exit ${code})`));
    });
    // A reader never keeps the process alive by itself.
    worker.unref();
    return reader;
  });

  return {
    size: readers.length,
    all<R>(query: CompiledQuery<R>): Promise<R[]> {
      if (closing) return Promise.reject(new NoSqliteReaderError('the SQLite readers are closed'));
      const alive = readers.filter((r) => r.alive);
      if (alive.length === 0) return Promise.reject(new NoSqliteReaderError('every SQLite reader has stopped'));
      const reader = alive.reduce((a, b) => (b.pending.size < a.pending.size ? b : a));
      const id = nextId++;
      return new Promise<R[]>((resolve, reject) => {
        reader.pending.set(id, { resolve: resolve as (rows: unknown[]) => void, reject });
        reader.worker.postMessage({ id, sql: query.sql, parameters: query.parameters });
      });
    },
    async close() {
      closing = true;
      await Promise.all(readers.map((r) => r.worker.terminate()));
    },
  };
}
