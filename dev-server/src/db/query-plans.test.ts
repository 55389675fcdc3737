/**
 * The hot reads use the indexes their plans need (PLAT-20): EXPLAIN QUERY PLAN on SQLite, EXPLAIN
 * on PostgreSQL (with sequential scans discouraged, as a table of 100 000 articles would make the
 * planner do by itself; the test database is small). A read that scans the articles table, or the
 * search index's table, row by row fails here: at a publisher's scale it would read every article.
 */
import { CompiledQuery, type Kysely, type KyselyPlugin } from 'kysely';
import type { Database } from './database';
import { isPostgres } from './locks';
import { createDiscoveryRepository } from '../repositories/discovery';
import { createSearchIndex } from '../repositories/search-index';
import { closeDatabase, seededDatabase } from '../test/harness';

let db: Kysely<Database>;
beforeAll(async () => {
  db = await seededDatabase();
});
afterAll(() => closeDatabase(db));

const until = '2025-07-01T12:00:00.000Z';

/** Every query `run` sends through the returned database, compiled as the engine receives it. */
async function queriesOf(run: (spy: Kysely<Database>) => Promise<unknown>): Promise<CompiledQuery[]> {
  const seen: CompiledQuery[] = [];
  const plugin: KyselyPlugin = {
    transformQuery: (args) => {
      seen.push(db.getExecutor().compileQuery(args.node, args.queryId));
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  await run(db.withPlugin(plugin));
  return seen;
}

/** The plan of a query, one line per step. */
async function planOf(query: CompiledQuery): Promise<string[]> {
  if (!isPostgres(db)) {
    const result = await db.executeQuery<{ detail: string }>(CompiledQuery.raw(`EXPLAIN QUERY PLAN ${query.sql}`, [...query.parameters]));
    return result.rows.map((r) => r.detail);
  }
  return db.transaction().execute(async (trx) => {
    await trx.executeQuery(CompiledQuery.raw('SET LOCAL enable_seqscan = off'));
    const result = await trx.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`EXPLAIN ${query.sql}`, [...query.parameters]));
    return result.rows.map((r) => r['QUERY PLAN']);
  });
}

/** Steps that read a big table row by row. */
function fullScans(plan: readonly string[]): string[] {
  return plan.filter((step) =>
    isPostgres(db)
      ? /Seq Scan on (articles|article_search)\b/.test(step)
      : /^SCAN (articles|a|d|article_search_docs)\b(?!.*USING (COVERING )?INDEX)/.test(step),
  );
}

async function plansOf(run: (spy: Kysely<Database>) => Promise<unknown>): Promise<string[][]> {
  const queries = await queriesOf(run);
  expect(queries.length).toBeGreaterThan(0);
  return Promise.all(queries.map(planOf));
}

type Run = (spy: Kysely<Database>) => Promise<unknown>;

describe('query plans of the hot reads', () => {
  // [read, run, the SQLite index every one of its queries reads the articles by, its order from the index]
  it.each<[string, Run, string, boolean]>([
    ['the latest stream', (spy) => createDiscoveryRepository(spy).pageArticles({ until }, 0, 10), 'articles_stream_idx', true],
    ['a page deep in the latest stream', (spy) => createDiscoveryRepository(spy).pageArticles({ until }, 500, 10), 'articles_stream_idx', true],
    ['the magazine stream', (spy) => createDiscoveryRepository(spy).pageArticles({ until, kind: 'magazine' }, 0, 10), 'articles_stream_idx', true],
    ['a root topic stream', (spy) => createDiscoveryRepository(spy).pageArticles({ until, topicId: 'strategy' }, 0, 10), 'articles_topic_published_idx', false],
    [
      'a subtopic stream',
      (spy) => createDiscoveryRepository(spy).pageArticles({ until, topicId: 'pricing-strategy' }, 0, 10),
      'articles_topic_published_idx',
      false,
    ],
    ['a search tally', (spy) => createSearchIndex(spy).tally(['supplier', 'networks'], { until }), 'COVERING INDEX articles_search_idx', false],
    [
      'a search page',
      (spy) => createSearchIndex(spy).page(['supplier', 'networks'], { until, contentType: 'Digital Article' }, { sort: 'relevance', order: 'desc' }, 0, 10),
      'COVERING INDEX articles_search_idx',
      false,
    ],
    ['auto-suggest', (spy) => createSearchIndex(spy).suggest(['supplier'], 'netw', { until }, 6), 'COVERING INDEX articles_search_idx', false],
    ['an issue table of contents', (spy) => createDiscoveryRepository(spy).listIssueArticles('BR2506', until), 'articles_issue_idx', false],
  ])('%s reads indexes, never every article', async (name, run, index, ordered) => {
    const plans = await plansOf(run);
    if (process.env.SHOW_PLANS) console.log(name, JSON.stringify(plans, null, 1));
    for (const plan of plans) expect(fullScans(plan)).toEqual([]);
    if (isPostgres(db)) return;
    // SQLite: the index this read was built for, in the first query's first read of the articles.
    const first = plans[0]!.find((step) => / articles USING /.test(step));
    expect(first).toContain(index);
    if (ordered) expect(plans.flat().filter((step) => step.includes('TEMP B-TREE FOR ORDER BY'))).toEqual([]);
  });
});
