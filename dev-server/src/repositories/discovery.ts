/**
 * Discovery queries: article streams under a scope (published by a time, kind, content type,
 * topic, followed topics), the search index (scores in one GROUP BY), topics, and magazine issues.
 *
 * Portable SQL only (SQLite and PostgreSQL): the scope is a conjunction of plain comparisons, the
 * relevance a SUM over CASE expressions whose idf values are numeric literals worked out by the
 * service, and text prefixes use LIKE on lower-case index terms.
 */
import { sql, type Expression, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { Database, MagazineIssueRow, ProductRow, TopicRow } from '../db/database';
import type { ArticleWithTopic } from './content';

/** An article of a stream page: every column but the text (lead and body), which no stream entry shows. */
export type StreamArticle = Omit<ArticleWithTopic, 'lead' | 'body'>;

/** The article columns of StreamArticle. */
const STREAM_ARTICLE_COLUMNS = [
  'articles.id',
  'articles.slug',
  'articles.year',
  'articles.month',
  'articles.title',
  'articles.summary',
  'articles.authors',
  'articles.published',
  'articles.content_type',
  'articles.topic_id',
  'articles.series',
  'articles.big_idea',
  'articles.free',
  'articles.image',
  'articles.ascend',
  'articles.sponsor',
  'articles.issue_code',
] as const;

/** The stream content type of a sponsored article (SITE-02: sponsored entries are styled apart). */
export const SPONSORED_REPORT = 'Sponsored Report';

/** Which articles a stream or a search covers; every field narrows it. */
export interface ArticleScope {
  /** Published at or before this ISO time. */
  until: string;
  /** Published strictly after this ISO time (the unread count); null or absent: no lower bound. */
  after?: string | null;
  /** magazine: content type 'Magazine Article'; sponsored: has a sponsor; ascend: Ascend articles; big-idea: The Big Idea. */
  kind?: 'magazine' | 'sponsored' | 'ascend' | 'big-idea';
  /** A stream content type: 'Magazine Article' and 'Digital Article' (not sponsored), or 'Sponsored Report'. */
  contentType?: string;
  /** A topic id; a root topic includes its subtopics. */
  topicId?: string;
  /** Articles in any of these topics (roots include their subtopics); the following stream. */
  anyTopicIds?: readonly string[];
  /** Articles of this gated collection (migration 0017: case-selections, top-50-articles). */
  collection?: string;
}

/** A search: each group is a set of alternative terms (a typed word, or the terms a prefix matches). */
export interface TermQuery {
  groups: readonly (readonly string[])[];
  /** idf of every term of every group. */
  idf: ReadonlyMap<string, number>;
  /** true: an article must match every group (auto-suggest); false: at least one (search). */
  requireAll: boolean;
}

export type SearchOrderBy = { sort: 'relevance' | 'date'; order: 'asc' | 'desc' };

const ref = (name: string) => sql.ref(name);

/** "topic, or a subtopic of it" for an article joined with its topic. */
function inTopics(ids: readonly string[]): RawBuilder<SqlBool> {
  const list = sql.join(ids.map((id) => sql`${id}`));
  return sql<SqlBool>`(${ref('articles.topic_id')} in (${list}) or ${ref('topics.parent_id')} in (${list}))`;
}

function scopeWhere(scope: ArticleScope): Expression<SqlBool> {
  const parts: RawBuilder<unknown>[] = [sql`${ref('articles.published')} <= ${scope.until}`];
  if (scope.after) parts.push(sql`${ref('articles.published')} > ${scope.after}`);
  if (scope.kind === 'magazine') parts.push(sql`${ref('articles.content_type')} = ${'Magazine Article'}`);
  if (scope.kind === 'sponsored') parts.push(sql`${ref('articles.sponsor')} is not null`);
  if (scope.kind === 'ascend') parts.push(sql`${ref('articles.ascend')} = 1`);
  if (scope.kind === 'big-idea') parts.push(sql`${ref('articles.big_idea')} = 1`);
  if (scope.collection !== undefined) {
    parts.push(sql`${ref('articles.id')} in (select ${ref('article_id')} from ${ref('collection_items')} where ${ref('collection')} = ${scope.collection})`);
  }
  if (scope.contentType !== undefined) {
    if (scope.contentType === SPONSORED_REPORT) parts.push(sql`${ref('articles.sponsor')} is not null`);
    else parts.push(sql`(${ref('articles.content_type')} = ${scope.contentType} and ${ref('articles.sponsor')} is null)`);
  }
  if (scope.topicId !== undefined) parts.push(inTopics([scope.topicId]));
  if (scope.anyTopicIds !== undefined) parts.push(scope.anyTopicIds.length > 0 ? inTopics(scope.anyTopicIds) : sql`1 = 0`);
  return sql<SqlBool>`${sql.join(parts, sql` and `)}`;
}

/** The stream content type of an article row, as SQL (a literal, so GROUP BY sees one expression). */
const contentTypeSql = sql<string>`case when ${ref('articles.sponsor')} is not null then ${sql.lit(SPONSORED_REPORT)} else ${ref('articles.content_type')} end`;

const toCount = (value: unknown) => Number(value ?? 0);

/** A finite number as an SQL literal (idf values are computed here, never typed by a user). */
function numberLiteral(n: number): RawBuilder<number> {
  const safe = Number.isFinite(n) ? Math.round(n * 1e6) / 1e6 : 0;
  return sql.lit(safe) as RawBuilder<number>;
}

export function createDiscoveryRepository(db: Kysely<Database>) {
  const articlesWithTopic = () =>
    db
      .selectFrom('articles')
      .innerJoin('topics', 'topics.id', 'articles.topic_id')
      .selectAll('articles')
      .select('topics.name as topic_name')
      .select((eb) => eb.fn.coalesce('topics.parent_id', 'topics.id').as('topic_root_id'));

  /** The search's matches (article_id, score, matched) as a common table expression. */
  const withMatches = (q: TermQuery) => {
    const terms = [...new Set(q.groups.flat())];
    const idfCase = sql<number>`case ${sql.join(
      terms.map((t) => sql`when ${ref('term')} = ${t} then ${numberLiteral(q.idf.get(t) ?? 0)}`),
      sql` `,
    )} else 0 end`;
    const groupCase = sql<number>`case ${sql.join(
      q.groups.map((g, i) => sql`when ${ref('term')} in (${sql.join(g.map((t) => sql`${t}`))}) then ${sql.lit(i)}`),
      sql` `,
    )} end`;
    return db.with('matches', (qc) => {
      const base = qc
        .selectFrom('search_terms')
        .select('article_id')
        .select(sql<number>`sum(${ref('weight')} * ${idfCase})`.as('score'))
        .select(sql<number>`count(distinct ${groupCase})`.as('matched'))
        .where('term', 'in', terms)
        .groupBy('article_id');
      return q.requireAll ? base.having(sql`count(distinct ${groupCase})`, '=', q.groups.length) : base;
    });
  };

  async function countArticles(scope: ArticleScope): Promise<number> {
    // The join only matters to topic scopes (a root topic includes its subtopics): every article has
    // its topic (articles.topic_id is NOT NULL and a foreign key), so without one the count reads the
    // published index alone instead of looking up a topic per article.
    const needsTopics = scope.topicId !== undefined || scope.anyTopicIds !== undefined;
    const row = needsTopics
      ? await db
          .selectFrom('articles')
          .innerJoin('topics', 'topics.id', 'articles.topic_id')
          .select((eb) => eb.fn.countAll().as('n'))
          .where(scopeWhere(scope))
          .executeTakeFirst()
      : await db
          .selectFrom('articles')
          .select((eb) => eb.fn.countAll().as('n'))
          .where(scopeWhere(scope))
          .executeTakeFirst();
    return toCount(row?.n);
  }

  return {
    countArticles,

    /** Every article's publication time (ISO), and nothing else: the stream cache's epochs. */
    async listPublicationTimes(): Promise<string[]> {
      const rows = await db.selectFrom('articles').select('published').execute();
      return rows.map((row) => row.published);
    },

    /**
     * A page of listArticles and the scope's count in one query: the count rides along as an
     * uncorrelated scalar subquery (evaluated once), so a stream page costs one round through the
     * query builder and driver instead of two. A page past the end has no row to carry the count: then
     * it is counted on its own.
     */
    async pageArticles(scope: ArticleScope, offset: number, limit: number): Promise<{ total: number; rows: StreamArticle[] }> {
      const needsTopics = scope.topicId !== undefined || scope.anyTopicIds !== undefined;
      const counted = needsTopics
        ? db
            .selectFrom('articles')
            .innerJoin('topics', 'topics.id', 'articles.topic_id')
            .select((eb) => eb.fn.countAll().as('n'))
            .where(scopeWhere(scope))
        : db
            .selectFrom('articles')
            .select((eb) => eb.fn.countAll().as('n'))
            .where(scopeWhere(scope));
      const found = await db
        .selectFrom('articles')
        .innerJoin('topics', 'topics.id', 'articles.topic_id')
        .select(STREAM_ARTICLE_COLUMNS)
        .select('topics.name as topic_name')
        .select((eb) => eb.fn.coalesce('topics.parent_id', 'topics.id').as('topic_root_id'))
        .select(counted.as('scope_total'))
        .where(scopeWhere(scope))
        .orderBy('articles.published', 'desc')
        .orderBy('articles.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
      if (found.length === 0) return { total: await countArticles(scope), rows: [] };
      const total = toCount(found[0]?.scope_total);
      const rows = found.map(({ scope_total: _total, ...row }) => row);
      return { total, rows };
    },

    /** Newest first; ties broken by id so pages never overlap (the (published, id) index's order). */
    async listArticles(scope: ArticleScope, offset: number, limit: number): Promise<StreamArticle[]> {
      return db
        .selectFrom('articles')
        .innerJoin('topics', 'topics.id', 'articles.topic_id')
        .select(STREAM_ARTICLE_COLUMNS)
        .select('topics.name as topic_name')
        .select((eb) => eb.fn.coalesce('topics.parent_id', 'topics.id').as('topic_root_id'))
        .where(scopeWhere(scope))
        .orderBy('articles.published', 'desc')
        .orderBy('articles.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
    },

    /** How many articles the index covers (N of the idf). */
    async countIndexedArticles(): Promise<number> {
      const row = await db
        .selectFrom('articles')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirst();
      return toCount(row?.n);
    },

    /** term -> number of articles holding it, for the given terms (absent terms are left out). */
    async documentFrequencies(terms: readonly string[]): Promise<Map<string, number>> {
      if (terms.length === 0) return new Map();
      const rows = await db
        .selectFrom('search_terms')
        .select('term')
        .select((eb) => eb.fn.countAll().as('df'))
        .where('term', 'in', [...terms])
        .groupBy('term')
        .execute();
      return new Map(rows.map((r) => [r.term, toCount(r.df)]));
    },

    /** Index terms starting with any of the prefixes (lower-case letters and digits), most frequent first. */
    async termsWithPrefix(prefixes: readonly string[], limit: number): Promise<Map<string, number>> {
      if (prefixes.length === 0) return new Map();
      const rows = await db
        .selectFrom('search_terms')
        .select('term')
        .select((eb) => eb.fn.countAll().as('df'))
        .where((eb) => eb.or(prefixes.map((p) => eb('term', 'like', `${p.replace(/[^a-z0-9]/g, '')}%`))))
        .groupBy('term')
        .orderBy(sql`count(*)`, 'desc')
        .orderBy('term')
        .limit(limit)
        .execute();
      return new Map(rows.map((r) => [r.term, toCount(r.df)]));
    },

    /** A page of search results in the scope, ordered as asked; relevance ties go to the newest. */
    async search(
      q: TermQuery,
      scope: ArticleScope,
      order: SearchOrderBy,
      offset: number,
      limit: number,
    ): Promise<(ArticleWithTopic & { score: number; matched: number })[]> {
      const dir = order.order;
      let query = withMatches(q)
        .selectFrom('matches')
        .innerJoin('articles', 'articles.id', 'matches.article_id')
        .innerJoin('topics', 'topics.id', 'articles.topic_id')
        .selectAll('articles')
        .select(['topics.name as topic_name', 'matches.score', 'matches.matched'])
        .select((eb) => eb.fn.coalesce('topics.parent_id', 'topics.id').as('topic_root_id'))
        .where(scopeWhere(scope));
      if (order.sort === 'relevance') query = query.orderBy('matches.matched', dir).orderBy('matches.score', dir);
      const rows = await query.orderBy('articles.published', dir).orderBy('articles.id', dir).limit(limit).offset(offset).execute();
      return rows.map((r) => ({ ...r, score: Number(r.score), matched: Number(r.matched) }));
    },

    async countSearch(q: TermQuery, scope: ArticleScope): Promise<number> {
      const row = await withMatches(q)
        .selectFrom('matches')
        .innerJoin('articles', 'articles.id', 'matches.article_id')
        .innerJoin('topics', 'topics.id', 'articles.topic_id')
        .select((eb) => eb.fn.countAll().as('n'))
        .where(scopeWhere(scope))
        .executeTakeFirst();
      return toCount(row?.n);
    },

    /** Result counts per stream content type and per root topic id, over the scope. */
    async searchFacets(
      q: TermQuery,
      scope: ArticleScope,
    ): Promise<{ contentType: { value: string; count: number }[]; topic: { rootId: string; count: number }[] }> {
      const joined = () =>
        withMatches(q)
          .selectFrom('matches')
          .innerJoin('articles', 'articles.id', 'matches.article_id')
          .innerJoin('topics', 'topics.id', 'articles.topic_id')
          .where(scopeWhere(scope));
      const rootSql = sql<string>`coalesce(${ref('topics.parent_id')}, ${ref('topics.id')})`;
      const types = await joined()
        .select(contentTypeSql.as('value'))
        .select((eb) => eb.fn.countAll().as('n'))
        .groupBy(contentTypeSql)
        .execute();
      const roots = await joined()
        .select(rootSql.as('root_id'))
        .select((eb) => eb.fn.countAll().as('n'))
        .groupBy(rootSql)
        .execute();
      return {
        contentType: types.map((r) => ({ value: r.value, count: toCount(r.n) })),
        topic: roots.map((r) => ({ rootId: r.root_id, count: toCount(r.n) })),
      };
    },

    async findTopicBySlug(slug: string): Promise<TopicRow | undefined> {
      return db.selectFrom('topics').selectAll().where('slug', '=', slug).executeTakeFirst();
    },

    async listTopics(): Promise<TopicRow[]> {
      return db.selectFrom('topics').selectAll().orderBy('position').execute();
    },

    /** The store's listed products (not permissions, subscriptions or reprints), in catalogue order: the streams' product entries. */
    async listListedProducts(): Promise<ProductRow[]> {
      return db.selectFrom('products').selectAll().where('listed', '=', 1).where('kind', '=', 'product').orderBy('position').orderBy('id').execute();
    },

    /** The PDF reprint of each of these articles that has one (what ContentRepository.findArticleWithReprint finds), by article id. */
    async reprintsOf(articleIds: readonly string[]): Promise<Map<string, Pick<ProductRow, 'slug' | 'availability_id'>>> {
      if (articleIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('products')
        .select(['article_id', 'slug', 'availability_id', 'id'])
        .where('article_id', 'in', [...articleIds])
        .where('kind', '=', 'product')
        .where('format', '=', 'PDF')
        .orderBy('id')
        .execute();
      const byArticle = new Map<string, Pick<ProductRow, 'slug' | 'availability_id'>>();
      for (const r of rows) {
        if (r.article_id !== null && !byArticle.has(r.article_id)) byArticle.set(r.article_id, { slug: r.slug, availability_id: r.availability_id });
      }
      return byArticle;
    },

    async findIssue(code: string): Promise<MagazineIssueRow | undefined> {
      return db.selectFrom('magazine_issues').selectAll().where('code', '=', code).executeTakeFirst();
    },

    /** The newest issue (year, then number) with an article published by `until`. */
    async newestIssueWithArticles(until: string): Promise<MagazineIssueRow | undefined> {
      return db
        .selectFrom('magazine_issues')
        .selectAll()
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('articles')
              .select('articles.id')
              .whereRef('articles.issue_code', '=', 'magazine_issues.code')
              .where('articles.published', '<=', until),
          ),
        )
        .orderBy('year', 'desc')
        .orderBy('number', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    /** An issue's articles published by `until`, in table-of-contents order (oldest first, then id). */
    async listIssueArticles(code: string, until: string): Promise<ArticleWithTopic[]> {
      return articlesWithTopic()
        .where('articles.issue_code', '=', code)
        .where('articles.published', '<=', until)
        .orderBy('articles.published', 'asc')
        .orderBy('articles.id', 'asc')
        .execute();
    },
  };
}

export type DiscoveryRepository = ReturnType<typeof createDiscoveryRepository>;
