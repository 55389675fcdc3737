/**
 * The article search index (decision 034): one interface, one implementation per database engine,
 * chosen by the engine (`createSearchIndex`). Migration 0018 creates the engine's index and the
 * triggers that keep it in step with `articles`; nothing here writes to it.
 *
 * - SQLite: FTS5 (`article_search`), ranked by bm25() with the column weights of SEARCH_WEIGHTS.
 * - PostgreSQL: a weighted tsvector (`article_search.document`, GIN index), ranked by ts_rank with
 *   the weights of the four classes A-D (title A; topic and authors B; summary and lead C; body D).
 *
 * The words handed to an index are already tokenised by services/search-text.ts (letters and digits
 * only): each reaches the engine as one quoted FTS5 string inside a bound MATCH parameter, or as one
 * bound parameter of plainto_tsquery/to_tsquery, so nothing a reader types is ever FTS or tsquery
 * syntax. Both engines stem (Porter, the 'english' Snowball stemmer): 'strategies' finds 'strategy'.
 *
 * An external engine (OpenSearch, Meilisearch) would be a third implementation of SearchIndex, fed
 * from an outbox of article changes instead of triggers (decision 034).
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../db/database';
import { NoSqliteReaderError, type SqliteReaders } from '../db/sqlite-readers';
import { createGate } from '../gate';
import { isPostgres } from '../db/locks';
import { articleContentTypeSql, scopeWhere, STREAM_ARTICLE_COLUMNS, type ArticleScope, type SearchOrderBy, type StreamArticle } from './discovery';

/** Field weights of the relevance: a title match outweighs a match anywhere else. */
export const SEARCH_WEIGHTS = { title: 8, topic: 5, authors: 4, summary: 3, lead: 2, body: 1 } as const;

/**
 * A search result: the stream article, its relevance (higher is better), how many query words it
 * holds and how many of them its title holds (all 0 when sorted by date).
 */
export type SearchHit = StreamArticle & { score: number; matched: number; titleMatched: number };

/** How many articles of the scope match, per stream content type and per topic. */
export interface SearchTally {
  contentType: string;
  topicId: string;
  count: number;
}

export interface SearchIndex {
  readonly engine: 'sqlite-fts5' | 'postgresql-tsvector';
  /** Counts of the articles of the scope holding at least one of the words (facets and totals). */
  tally(words: readonly string[], scope: ArticleScope): Promise<SearchTally[]>;
  /**
   * A page of the articles of the scope holding at least one of the words. Relevance: articles
   * holding more of the words first, then those with more of them in the title, then the engine's
   * score; date: by publication. Ties go by publication, then id, in the order asked.
   */
  page(words: readonly string[], scope: ArticleScope, order: SearchOrderBy, offset: number, limit: number): Promise<SearchHit[]>;
  /**
   * Auto-suggest: the articles of the scope holding every exact word and a word starting with the
   * prefix; those with more of them in the title first, then the engine's score, then the newest.
   */
  suggest(exact: readonly string[], prefix: string, scope: ArticleScope, limit: number): Promise<StreamArticle[]>;
  /** How many articles the index holds. */
  size(): Promise<number>;
  /**
   * Runs one search's reads (a tally, then a page) as one turn: at most a few turns at once, the
   * others waiting first come, first served (decision 039). A search's second read then never
   * queues behind the first reads of every search that came after it, and searches leave the
   * database's other connections to the other reads.
   */
  turn<T>(reads: () => Promise<T>): Promise<T>;
}

/** Searches at once on PostgreSQL: a few of the pool's connections, the rest left to other reads. */
export const POSTGRES_SEARCH_TURNS = 4;

const ref = (name: string) => sql.ref(name);
const columns = sql.join(STREAM_ARTICLE_COLUMNS.map((c) => ref(c)));
const topicColumns = sql`${ref('topics.name')} as topic_name, coalesce(${ref('topics.parent_id')}, ${ref('topics.id')}) as topic_root_id`;

/** Only letters and digits reach an index (search-text.ts words); anything else is a caller's bug. */
function checked(words: readonly string[]): readonly string[] {
  for (const w of words) if (!/^[a-z0-9]+$/.test(w)) throw new Error(`Not a search word: ${JSON.stringify(w)}`);
  return words;
}

function orderBy(order: SearchOrderBy, from: 'matches' | 'picked' = 'matches'): RawBuilder<unknown> {
  const dir = sql.raw(order.order === 'asc' ? 'asc' : 'desc');
  const f = (column: string) => ref(`${from}.${column}`);
  const byDate =
    from === 'picked' ? sql`${f('published')} ${dir}, ${f('article_id')} ${dir}` : sql`${ref('articles.published')} ${dir}, ${ref('articles.id')} ${dir}`;
  return order.sort === 'relevance' ? sql`${f('matched')} ${dir}, ${f('title_matched')} ${dir}, ${f('score')} ${dir}, ${byDate}` : byDate;
}

interface TallyRow {
  content_type: string;
  topic_id: string;
  n: number | string;
}

const toTally = (rows: readonly TallyRow[]): SearchTally[] => rows.map((r) => ({ contentType: r.content_type, topicId: r.topic_id, count: Number(r.n) }));

/**
 * A page of matches in two steps: `picked` orders every match of the scope by what the order needs
 * (the match's numbers, and the covering (id, published, ...) index's columns, never a text
 * column) and keeps the page's ids; only then are the page's rows and topics read.
 */
function pageOf(
  matches: RawBuilder<unknown>,
  scope: ArticleScope,
  order: SearchOrderBy,
  offset: number,
  limit: number,
): RawBuilder<StreamArticle & { score: number; matched: number; title_matched: number }> {
  return sql<StreamArticle & { score: number; matched: number; title_matched: number }>`
    with matches as (${matches}),
    picked as (
      select matches.article_id, matches.score, matches.matched, matches.title_matched, ${ref('articles.published')} as published
      from matches join articles on articles.id = matches.article_id
      where ${scopeWhere(scope)}
      order by ${orderBy(order)}
      limit ${limit} offset ${offset}
    )
    select ${columns}, ${topicColumns}, picked.score as score, picked.matched as matched, picked.title_matched as title_matched
    from picked
    join articles on articles.id = picked.article_id
    join topics on topics.id = articles.topic_id
    order by ${orderBy(order, 'picked')}`;
}

const toHits = (rows: readonly (StreamArticle & { score: unknown; matched: unknown; title_matched: unknown })[]): SearchHit[] =>
  rows.map(({ title_matched, ...r }) => ({ ...r, score: Number(r.score), matched: Number(r.matched), titleMatched: Number(title_matched) }));

/**
 * Auto-suggest's order: articles whose title holds every word (what a suggestion shows), then, when
 * there are fewer than `limit`, the others. The title query reads far fewer rows than the full one.
 */
async function titlesFirst(
  limit: number,
  inTitles: () => Promise<StreamArticle[]>,
  anywhere: (count: number) => Promise<StreamArticle[]>,
): Promise<StreamArticle[]> {
  const first = await inTitles();
  if (first.length >= limit) return first;
  const seen = new Set(first.map((a) => a.id));
  const more = (await anywhere(limit + first.length)).filter((a) => !seen.has(a.id));
  return [...first, ...more].slice(0, limit);
}

/** An FTS5 string: the word in double quotes (a quote inside doubled), never an operator. */
const ftsString = (word: string) => `"${word.replace(/"/g, '""')}"`;

/**
 * The SQLite index. With `readers` (a database file; decision 039) its queries run on reader
 * threads, so a search ranking a big catalogue never holds up the API's other requests.
 */
export function createSqliteSearchIndex(db: Kysely<Database>, readers?: SqliteReaders): SearchIndex {
  const inProcess = async <R>(query: RawBuilder<R>): Promise<R[]> => (await query.execute(db)).rows;
  // A reader that has stopped (a crash, the process closing) leaves the reads to this thread, never unanswered.
  const rowsOf = async <R>(query: RawBuilder<R>): Promise<R[]> =>
    readers
      ? readers.all(query.compile(db)).catch((error: unknown) => {
          if (error instanceof NoSqliteReaderError) return inProcess(query);
          throw error;
        })
      : inProcess(query);
  // In-process, a read holds the thread until it ends: turns would change nothing.
  const turn = readers ? createGate(readers.size) : <T>(reads: () => Promise<T>) => reads();
  const w = SEARCH_WEIGHTS;
  const bm25 = sql.raw(`bm25(article_search, ${w.title}, ${w.topic}, ${w.authors}, ${w.summary}, ${w.lead}, ${w.body})`);
  /** Any of the words. */
  const anyOf = (words: readonly string[]) => checked(words).map(ftsString).join(' OR ');
  /** How many of the words an article holds: one uncorrelated (evaluated once) set per word. */
  const matchedSql = (words: readonly string[]) =>
    words.length <= 1
      ? sql`1`
      : sql.join(
          words.map((word) => sql`(article_search.rowid in (select rowid from article_search where article_search match ${ftsString(word)}))`),
          sql` + `,
        );
  /** How many of the words its title holds (an FTS5 column filter). */
  const titleMatchedSql = (words: readonly string[]) =>
    sql.join(
      words.map((word) => sql`(article_search.rowid in (select rowid from article_search where article_search match ${`title : ${ftsString(word)}`}))`),
      sql` + `,
    );

  return {
    engine: 'sqlite-fts5',
    turn,

    async tally(words, scope) {
      if (words.length === 0) return [];
      const rows = await rowsOf(sql<TallyRow>`
        select ${articleContentTypeSql} as content_type, ${ref('articles.topic_id')} as topic_id, count(*) as n
        from article_search
        join article_search_docs d on d.docid = article_search.rowid
        join articles on articles.id = d.article_id
        where article_search match ${anyOf(words)} and ${scopeWhere(scope)}
        group by 1, 2`);
      return toTally(rows);
    },

    async page(words, scope, order, offset, limit) {
      if (words.length === 0) return [];
      // By date, no match is ranked: the relevance keys are left at 0 (they cost most of the query).
      const ranked = order.sort === 'relevance';
      const matches = sql`
        select d.article_id as article_id,
               ${ranked ? sql`-${bm25}` : sql`0`} as score,
               ${ranked ? matchedSql(words) : sql`0`} as matched,
               ${ranked ? titleMatchedSql(words) : sql`0`} as title_matched
        from article_search join article_search_docs d on d.docid = article_search.rowid
        where article_search match ${anyOf(words)}`;
      const rows = await rowsOf(pageOf(matches, scope, order, offset, limit));
      return toHits(rows);
    },

    async suggest(exact, prefix, scope, limit) {
      const strings = [...checked(exact).map(ftsString), `${ftsString(checked([prefix])[0] ?? '')}*`];
      const run = async (match: string, count: number) => {
        const rows = await rowsOf(sql<StreamArticle>`
          with matches as (
            select d.article_id as article_id, ${bm25} as rank
            from article_search join article_search_docs d on d.docid = article_search.rowid
            where article_search match ${match}
          ),
          picked as (
            select matches.article_id, matches.rank, ${ref('articles.published')} as published
            from matches join articles on articles.id = matches.article_id
            where ${scopeWhere(scope)}
            order by matches.rank, ${ref('articles.published')} desc, ${ref('articles.id')} desc
            limit ${count}
          )
          select ${columns}, ${topicColumns}
          from picked join articles on articles.id = picked.article_id join topics on topics.id = articles.topic_id
          order by picked.rank, picked.published desc, picked.article_id desc`);
        return rows;
      };
      return turn(() =>
        titlesFirst(
          limit,
          () => run(`title : (${strings.join(' AND ')})`, limit),
          (count) => run(strings.join(' AND '), count),
        ),
      );
    },

    async size() {
      const rows = await rowsOf(sql<{ n: number }>`select count(*) as n from article_search_docs`);
      return Number(rows[0]?.n ?? 0);
    },
  };
}

/**
 * ts_rank's weights of the classes {D, C, B, A}. ts_rank (not ts_rank_cd) because its frequency
 * saturates: however often a body repeats a word, it stays under one title match (decision 034).
 */
const PG_RANK_WEIGHTS = '{0.1, 0.3, 0.5, 1.0}';

export function createPostgresSearchIndex(db: Kysely<Database>): SearchIndex {
  /** One word's query (the english configuration stems it; a stop word of its list matches nothing). */
  const wordQuery = (word: string) => sql`plainto_tsquery('english', ${word})`;
  const anyOf = (words: readonly string[]) => sql`(${sql.join(checked(words).map(wordQuery), sql` || `)})`;
  const matchedSql = (words: readonly string[]) =>
    words.length <= 1
      ? sql`1`
      : sql.join(
          words.map((word) => sql`(s.document @@ ${wordQuery(word)})::int`),
          sql` + `,
        );
  /** How many of the words its title holds (the word's lexeme restricted to class A; the word is letters and digits only). */
  const titleMatchedSql = (words: readonly string[]) =>
    sql.join(
      words.map((word) => sql`(s.document @@ to_tsquery('english', ${`${word}:A`}))::int`),
      sql` + `,
    );

  const turn = createGate(POSTGRES_SEARCH_TURNS);
  return {
    engine: 'postgresql-tsvector',
    turn,

    async tally(words, scope) {
      if (words.length === 0) return [];
      const { rows } = await sql<TallyRow>`
        select ${articleContentTypeSql} as content_type, ${ref('articles.topic_id')} as topic_id, count(*) as n
        from article_search s
        join articles on articles.id = s.article_id
        where s.document @@ ${anyOf(words)} and ${scopeWhere(scope)}
        group by 1, 2`.execute(db);
      return toTally(rows);
    },

    async page(words, scope, order, offset, limit) {
      if (words.length === 0) return [];
      // By date, no match is ranked: the relevance keys are left at 0 (they cost most of the query).
      const ranked = order.sort === 'relevance';
      const matches = sql`
        select s.article_id,
               ${ranked ? sql`ts_rank(${PG_RANK_WEIGHTS}::float4[], s.document, q.query)` : sql`0`} as score,
               ${ranked ? matchedSql(words) : sql`0`} as matched,
               ${ranked ? titleMatchedSql(words) : sql`0`} as title_matched
        from article_search s, (select ${anyOf(words)} as query) q
        where s.document @@ q.query`;
      const { rows } = await pageOf(matches, scope, order, offset, limit).execute(db);
      return toHits(rows);
    },

    async suggest(exact, prefix, scope, limit) {
      const typed = checked([prefix])[0] ?? '';
      // The prefix as typed ('strat' -> strategy) and as the stemmer reads it ('strategies' -> strategi).
      const prefixQuery = (weight: string) => sql`(to_tsquery('simple', ${`${typed}:*${weight}`}) || to_tsquery('english', ${`${typed}:*${weight}`}))`;
      const everywhere = sql.join([...checked(exact).map(wordQuery), prefixQuery('')], sql` && `);
      // Class A only: the title (each word is letters and digits, so 'word:A' is one lexeme's query).
      const inTitle = sql.join([...exact.map((word) => sql`to_tsquery('english', ${`${word}:A`})`), prefixQuery('A')], sql` && `);
      const run = async (query: RawBuilder<unknown>, count: number) => {
        const { rows } = await sql<StreamArticle>`
          with matches as (
            select s.article_id, ts_rank(${PG_RANK_WEIGHTS}::float4[], s.document, q.query) as score
            from article_search s, (select ${query} as query) q
            where s.document @@ q.query
          ),
          picked as (
            select matches.article_id, matches.score, ${ref('articles.published')} as published
            from matches join articles on articles.id = matches.article_id
            where ${scopeWhere(scope)}
            order by matches.score desc, ${ref('articles.published')} desc, ${ref('articles.id')} desc
            limit ${count}
          )
          select ${columns}, ${topicColumns}
          from picked join articles on articles.id = picked.article_id join topics on topics.id = articles.topic_id
          order by picked.score desc, picked.published desc, picked.article_id desc`.execute(db);
        return rows;
      };
      return turn(() =>
        titlesFirst(
          limit,
          () => run(inTitle, limit),
          (count) => run(everywhere, count),
        ),
      );
    },

    async size() {
      const { rows } = await sql<{ n: number }>`select count(*) as n from article_search`.execute(db);
      return Number(rows[0]?.n ?? 0);
    },
  };
}

/** The index of the database's engine. */
export function createSearchIndex(db: Kysely<Database>, readers?: SqliteReaders): SearchIndex {
  return isPostgres(db) ? createPostgresSearchIndex(db) : createSqliteSearchIndex(db, readers);
}
