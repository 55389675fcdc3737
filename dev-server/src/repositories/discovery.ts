/**
 * Discovery queries: article streams under a scope (published by a time, kind, content type,
 * topic, followed topics), topics, and magazine issues. Search is the search index's
 * (search-index.ts), which shares the scope and the stream columns defined here.
 *
 * Portable SQL only (SQLite and PostgreSQL): the scope is a conjunction of plain comparisons.
 */
import { sql, type Expression, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { Database, MagazineIssueRow, ProductRow, TopicRow } from '../db/database';
import type { ArticleWithTopic } from './content';

/** An article of a stream page: every column but the text (lead and body), which no stream entry shows. */
export type StreamArticle = Omit<ArticleWithTopic, 'lead' | 'body'>;

/** The article columns of StreamArticle. */
export const STREAM_ARTICLE_COLUMNS = [
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

export type SearchOrderBy = { sort: 'relevance' | 'date'; order: 'asc' | 'desc' };

const ref = (name: string) => sql.ref(name);

/**
 * "topic, or a subtopic of it": the article's own topic among the topics and their children (a
 * subquery over the small topics table), so an article stream reads the (topic_id, published)
 * index, or filters the (published, ...) index's entries, without joining each article's topic.
 */
function inTopics(ids: readonly string[]): RawBuilder<SqlBool> {
  const list = sql.join(ids.map((id) => sql`${id}`));
  return sql<SqlBool>`${ref('articles.topic_id')} in (select ${ref('t.id')} from ${sql.table('topics')} as ${sql.raw('t')} where ${ref('t.id')} in (${list}) or ${ref('t.parent_id')} in (${list}))`;
}

export function scopeWhere(scope: ArticleScope): Expression<SqlBool> {
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
export const articleContentTypeSql = sql<string>`case when ${ref('articles.sponsor')} is not null then ${sql.lit(SPONSORED_REPORT)} else ${ref('articles.content_type')} end`;

const toCount = (value: unknown) => Number(value ?? 0);

export function createDiscoveryRepository(db: Kysely<Database>) {
  const articlesWithTopic = () =>
    db
      .selectFrom('articles')
      .innerJoin('topics', 'topics.id', 'articles.topic_id')
      .selectAll('articles')
      .select('topics.name as topic_name')
      .select((eb) => eb.fn.coalesce('topics.parent_id', 'topics.id').as('topic_root_id'));

  async function countArticles(scope: ArticleScope): Promise<number> {
    // No join: the topic scopes are a subquery (inTopics), so the count reads an index alone.
    const row = await db
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
      const counted = db
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

    /** The title of the issue's first article published by `until` (its cover line), or null. */
    async issueCoverLine(code: string, until: string): Promise<string | null> {
      const row = await db
        .selectFrom('articles')
        .select('title')
        .where('issue_code', '=', code)
        .where('published', '<=', until)
        .orderBy('published', 'asc')
        .orderBy('id', 'asc')
        .limit(1)
        .executeTakeFirst();
      return row?.title ?? null;
    },
  };
}

export type DiscoveryRepository = ReturnType<typeof createDiscoveryRepository>;
