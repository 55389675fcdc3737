/** Topics, articles and the magazine archive. */
import type { Kysely } from 'kysely';
import type { ArchiveEntryRow, ArticleRow, Database, TopicRow } from '../db/database';

/** topic_root_id: the topic's parent, or the topic itself when it is a top level. */
export type ArticleWithTopic = ArticleRow & { topic_name: string; topic_root_id: string };

export function createContentRepository(db: Kysely<Database>) {
  const articlesWithTopic = () =>
    db
      .selectFrom('articles')
      .innerJoin('topics', 'topics.id', 'articles.topic_id')
      .selectAll('articles')
      .select('topics.name as topic_name')
      .select((eb) => eb.fn.coalesce('topics.parent_id', 'topics.id').as('topic_root_id'));

  return {
    async listTopics(): Promise<TopicRow[]> {
      return db.selectFrom('topics').selectAll().orderBy('position').execute();
    },

    /** Articles published at or before `untilIso`. */
    async countPublished(untilIso: string): Promise<number> {
      const row = await db
        .selectFrom('articles')
        .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
        .where('published', '<=', untilIso)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    /** Newest first; ties broken by id so pages never overlap. */
    async listPublished(untilIso: string, offset: number, limit: number): Promise<ArticleWithTopic[]> {
      return articlesWithTopic()
        .where('articles.published', '<=', untilIso)
        .orderBy('articles.published', 'desc')
        .orderBy('articles.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
    },

    async findArticle(year: number, month: number, slug: string): Promise<ArticleWithTopic | undefined> {
      return articlesWithTopic().where('articles.year', '=', year).where('articles.month', '=', month).where('articles.slug', '=', slug).executeTakeFirst();
    },

    /**
     * findArticle and its PDF reprint (what CartRepository.reprintOf finds: the first product of kind
     * 'product' and format 'PDF' by id) in one query, for the article page's answer.
     */
    async findArticleWithReprint(
      year: number,
      month: number,
      slug: string,
    ): Promise<(ArticleWithTopic & { reprint_slug: string | null; reprint_availability_id: string | null }) | undefined> {
      return articlesWithTopic()
        .select((eb) => {
          const reprint = () =>
            eb
              .selectFrom('products')
              .whereRef('products.article_id', '=', 'articles.id')
              .where('products.kind', '=', 'product')
              .where('products.format', '=', 'PDF')
              .orderBy('products.id')
              .limit(1);
          return [reprint().select('products.slug').as('reprint_slug'), reprint().select('products.availability_id').as('reprint_availability_id')];
        })
        .where('articles.year', '=', year)
        .where('articles.month', '=', month)
        .where('articles.slug', '=', slug)
        .executeTakeFirst();
    },

    async findArticleById(id: string): Promise<ArticleWithTopic | undefined> {
      return articlesWithTopic().where('articles.id', '=', id).executeTakeFirst();
    },

    /** What an article's generated picture is drawn from (services/images), without its text. */
    async findArticlePictureFacts(id: string): Promise<Pick<ArticleRow, 'id' | 'title' | 'topic_id' | 'published'> | undefined> {
      return db.selectFrom('articles').select(['id', 'title', 'topic_id', 'published']).where('id', '=', id).executeTakeFirst();
    },

    /**
     * What the archive's answer depends on, in one cheap read: how many entries there are and the
     * newest issue code (an added issue changes it; entries are never edited in place).
     */
    async archiveVersion(): Promise<string> {
      const row = await db
        .selectFrom('archive_entries')
        .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('issue_code').as('newest')])
        .executeTakeFirst();
      return `${Number(row?.n ?? 0)}:${row?.newest ?? ''}`;
    },

    /** Archive picker rows: newest year first, months in issue order. */
    async listArchiveEntries(): Promise<ArchiveEntryRow[]> {
      return db.selectFrom('archive_entries').selectAll().orderBy('year', 'desc').orderBy('position', 'asc').execute();
    },
  };
}

export type ContentRepository = ReturnType<typeof createContentRepository>;
