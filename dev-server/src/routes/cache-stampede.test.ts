/**
 * A popular read asked by many readers at once (decision 039): while the first answer is being built,
 * the others wait for it instead of each asking the database again. Without this, fifty readers
 * searching the same new words at 100,000 articles ran fifty full-text queries at once and held
 * every database connection for seconds, so every other read of the site waited too.
 */
import type { AddressInfo } from 'node:net';
import { createTestApp, UNLIMITED, type TestApp } from '../test/harness';

/** The JSON address of the newest article. */
async function articleApiPath(app: TestApp): Promise<string> {
  const latest = (await (await fetchFrom(app, '/service/stream/latest/0/1')).json()) as { entry: { url: string }[] };
  return latest.entry[0]!.url.replace(/^\/(\d{4})\/(\d{2})\//, '/api/article/$1/$2/');
}

/**
 * How many statements the app sends to the database while `run` runs. Each statement first waits a
 * turn of the event loop, as it does on a networked database, so that requests really overlap
 * (an embedded database otherwise answers before the next request is even read).
 */
async function statementsDuring(db: TestApp['db'], run: () => Promise<unknown>): Promise<number> {
  const executor = db.getExecutor();
  const original = executor.executeQuery.bind(executor);
  let count = 0;
  const spy = jest.spyOn(executor, 'executeQuery').mockImplementation(async (...args: Parameters<typeof executor.executeQuery>) => {
    count++;
    await new Promise((resolve) => setImmediate(resolve));
    return original(...args);
  });
  try {
    await run();
    return count;
  } finally {
    spy.mockRestore();
  }
}

/** One GET of the app, over a listening server. */
async function fetchFrom(app: TestApp, path: string): Promise<Response> {
  const server = app.app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  try {
    const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`);
    await res.clone().arrayBuffer();
    return res;
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

/** `n` readers asking `path` at the same moment, over one listening server. */
const together = (app: TestApp, path: string, n: number) => async () => {
  const server = app.app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    const answers = await Promise.all(Array.from({ length: n }, () => fetch(`http://127.0.0.1:${port}${path}`)));
    expect(answers.map((a) => a.status)).toEqual(Array.from({ length: n }, () => 200));
    const bodies = await Promise.all(answers.map((a) => a.text()));
    expect(new Set(bodies).size).toBe(1);
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
};

it.each<[string, string | null]>([
  ['a search', '/service/stream/search/1/10?query=supplier%20rivals'],
  ['an auto-suggestion', '/service/search/auto-suggest?term=supplier%20riv'],
  ['a page of a stream', '/service/stream/topic/1/9?topic=strategy'],
  ['an article', null],
  ['the magazine archive', '/api/magazine/archive'],
])('%s asked by ten readers at once, before it is cached, reaches the database as one reader does', async (_name, known) => {
  // Two apps, nothing cached in either: one reader in the first, ten at once in the second.
  const one = await createTestApp({ rateLimits: UNLIMITED });
  const other = await createTestApp({ rateLimits: UNLIMITED });
  try {
    // (Both apps list the latest stream first when the path is an article's, so they start alike.)
    const path = known ?? (await articleApiPath(one));
    if (known === null) await articleApiPath(other);
    const alone = await statementsDuring(one.db, together(one, path, 1));
    expect(alone).toBeGreaterThan(0);
    const ten = await statementsDuring(other.db, together(other, path, 10));
    expect(ten).toBeLessThanOrEqual(alone);
  } finally {
    await one.close();
    await other.close();
  }
});
