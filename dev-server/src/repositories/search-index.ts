/**
 * The article search index (decision 033): one interface, one implementation per database engine,
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
 * from an outbox of article changes instead of triggers (decision 033).
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../db/database';
import { isPostgres } from '../db/locks';
import { articleContentTypeSql, scopeWhere, STREAM_ARTICLE_COLUMNS, type ArticleScope, type SearchOrderBy, type StreamArticle } from './discovery';

/** Field weights of the relevance: a title match outweighs a match anywhere else. */
export const SEARCH_WEIGHTS = { title: 8, topic: 5, authors: 4, summary: 3, lead: 2, body: 1 } as const;

/** A search result: the stream article, its relevance (higher is better) and how many query words it holds. */
export type SearchHit = StreamArticle & { score: number; matched: number };

/** How many articles of the scope match, per stream content type and per topic (with its root). */
export interface SearchTally {
  contentType: string;
  topicId: string;
  rootId: string;
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
}

const ref = (name: string) => sql.ref(name);
const columns = sql.join(STREAM_ARTICLE_COLUMNS.map((c) => ref(c)));
const topicColumns = sql`${ref('topics.name')} as topic_name, coalesce(${ref('topics.parent_id')}, ${ref('topics.id')}) as topic_root_id`;

/** Only letters and digits reach an index (search-text.ts words); anything else is a caller's bug. */
function checked(words: readonly string[]): readonly string[] {
  for (const w of words) if (!/^[a-z0-9]+$/.test(w)) throw new Error(`Not a search word: ${JSON.stringify(w)}`);
  return words;
}

function orderBy(order: SearchOrderBy): RawBuilder<unknown> {
  const dir = sql.raw(order.order === 'asc' ? 'asc' : 'desc');
  const byDate = sql`${ref('articles.published')} ${dir}, ${ref('articles.id')} ${dir}`;
  return order.sort === 'relevance' ? sql`matched ${dir}, title_matched ${dir}, score ${dir}, ${byDate}` : byDate;
}

interface TallyRow {
  content_type: string;
  topic_id: string;
  root_id: string;
  n: number | string;
}

const toTally = (rows: readonly TallyRow[]): SearchTally[] =>
  rows.map((r) => ({ contentType: r.content_type, topicId: r.topic_id, rootId: r.root_id, count: Number(r.n) }));

const toHits = (rows: readonly (StreamArticle & { score: unknown; matched: unknown })[]): SearchHit[] =>
  rows.map((r) => ({ ...r, score: Number(r.score), matched: Number(r.matched) }));

/** An FTS5 string: the word in double quotes (a quote inside doubled), never an operator. */
const ftsString = (word: string) => `"${word.replace(/"/g, '""')}"`;

export function createSqliteSearchIndex(db: Kysely<Database>): SearchIndex {
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

    async tally(words, scope) {
      if (words.length === 0) return [];
      const { rows } = await sql<TallyRow>`
        select ${articleContentTypeSql} as content_type, ${ref('articles.topic_id')} as topic_id,
               coalesce(${ref('topics.parent_id')}, ${ref('topics.id')}) as root_id, count(*) as n
        from article_search
        join article_search_docs d on d.docid = article_search.rowid
        join articles on articles.id = d.article_id
        join topics on topics.id = articles.topic_id
        where article_search match ${anyOf(words)} and ${scopeWhere(scope)}
        group by 1, 2, 3`.execute(db);
      return toTally(rows);
    },

    async page(words, scope, order, offset, limit) {
      if (words.length === 0) return [];
      const { rows } = await sql<StreamArticle & { score: number; matched: number }>`
        with matches as (
          select d.article_id as article_id, -${bm25} as score, ${matchedSql(words)} as matched, ${titleMatchedSql(words)} as title_matched
          from article_search join article_search_docs d on d.docid = article_search.rowid
          where article_search match ${anyOf(words)}
        )
        select ${columns}, ${topicColumns}, matches.score as score, matches.matched as matched
        from matches
        join articles on articles.id = matches.article_id
        join topics on topics.id = articles.topic_id
        where ${scopeWhere(scope)}
        order by ${orderBy(order)}
        limit ${limit} offset ${offset}`.execute(db);
      return toHits(rows);
    },

    async suggest(exact, prefix, scope, limit) {
      const strings = [...checked(exact).map(ftsString), `${ftsString(checked([prefix])[0] ?? '')}*`];
      // Titles are what a suggestion shows: those holding more of the typed words come first.
      const inTitle = sql.join(
        strings.map((s) => sql`(article_search.rowid in (select rowid from article_search where article_search match ${`title : ${s}`}))`),
        sql` + `,
      );
      const { rows } = await sql<StreamArticle>`
        with matches as (
          select d.article_id as article_id, ${bm25} as rank, ${inTitle} as title_matched
          from article_search join article_search_docs d on d.docid = article_search.rowid
          where article_search match ${strings.join(' ')}
        )
        select ${columns}, ${topicColumns}
        from matches
        join articles on articles.id = matches.article_id
        join topics on topics.id = articles.topic_id
        where ${scopeWhere(scope)}
        order by matches.title_matched desc, matches.rank, ${ref('articles.published')} desc, ${ref('articles.id')} desc
        limit ${limit}`.execute(db);
      return rows;
    },

    async size() {
      const { rows } = await sql<{ n: number }>`select count(*) as n from article_search_docs`.execute(db);
      return Number(rows[0]?.n ?? 0);
    },
  };
}

/**
 * ts_rank's weights of the classes {D, C, B, A}. ts_rank (not ts_rank_cd) because its frequency
 * saturates: however often a body repeats a word, it stays under one title match (decision 033).
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

  return {
    engine: 'postgresql-tsvector',

    async tally(words, scope) {
      if (words.length === 0) return [];
      const { rows } = await sql<TallyRow>`
        select ${articleContentTypeSql} as content_type, ${ref('articles.topic_id')} as topic_id,
               coalesce(${ref('topics.parent_id')}, ${ref('topics.id')}) as root_id, count(*) as n
        from article_search s
        join articles on articles.id = s.article_id
        join topics on topics.id = articles.topic_id
        where s.document @@ ${anyOf(words)} and ${scopeWhere(scope)}
        group by 1, 2, 3`.execute(db);
      return toTally(rows);
    },

    async page(words, scope, order, offset, limit) {
      if (words.length === 0) return [];
      const { rows } = await sql<StreamArticle & { score: number; matched: number }>`
        with q as (select ${anyOf(words)} as query),
        matches as (
          select s.article_id, ts_rank(${PG_RANK_WEIGHTS}::float4[], s.document, q.query) as score, ${matchedSql(words)} as matched,
                 ${titleMatchedSql(words)} as title_matched
          from article_search s, q
          where s.document @@ q.query
        )
        select ${columns}, ${topicColumns}, matches.score as score, matches.matched as matched
        from matches
        join articles on articles.id = matches.article_id
        join topics on topics.id = articles.topic_id
        where ${scopeWhere(scope)}
        order by ${orderBy(order)}
        limit ${limit} offset ${offset}`.execute(db);
      return toHits(rows);
    },

    async suggest(exact, prefix, scope, limit) {
      const typed = checked([prefix])[0] ?? '';
      // The prefix as typed ('strat' -> strategy) and as the stemmer reads it ('strategies' -> strategi).
      const prefixQuery = (weight: string) => sql`(to_tsquery('simple', ${`${typed}:*${weight}`}) || to_tsquery('english', ${`${typed}:*${weight}`}))`;
      const query = sql.join([...checked(exact).map(wordQuery), prefixQuery('')], sql` && `);
      // Titles are what a suggestion shows: those holding more of the typed words come first.
      const inTitle = sql.join(
        [...exact.map((word) => sql`(s.document @@ to_tsquery('english', ${`${word}:A`}))::int`), sql`(s.document @@ ${prefixQuery('A')})::int`],
        sql` + `,
      );
      const { rows } = await sql<StreamArticle>`
        with q as (select ${query} as query),
        matches as (
          select s.article_id, ts_rank(${PG_RANK_WEIGHTS}::float4[], s.document, q.query) as score, ${inTitle} as title_matched
          from article_search s, q
          where s.document @@ q.query
        )
        select ${columns}, ${topicColumns}
        from matches
        join articles on articles.id = matches.article_id
        join topics on topics.id = articles.topic_id
        where ${scopeWhere(scope)}
        order by matches.title_matched desc, matches.score desc, ${ref('articles.published')} desc, ${ref('articles.id')} desc
        limit ${limit}`.execute(db);
      return rows;
    },

    async size() {
      const { rows } = await sql<{ n: number }>`select count(*) as n from article_search`.execute(db);
      return Number(rows[0]?.n ?? 0);
    },
  };
}

/** The index of the database's engine. */
export function createSearchIndex(db: Kysely<Database>): SearchIndex {
  return isPostgres(db) ? createPostgresSearchIndex(db) : createSqliteSearchIndex(db);
}
