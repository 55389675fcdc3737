/** Reading lists and their articles. */
import type { Kysely } from 'kysely';
import type { Database, ReadingListRow } from '../db/database';

export interface ReadingListArticleRow {
  list_id: string;
  position: number;
  id: string;
  title: string;
  summary: string;
  year: number;
  month: number;
  slug: string;
  authors: string;
  image: string | null;
  /** The article's own topic (its generated picture's palette). */
  topic_id: string;
  /** The article's topic's parent, or the topic itself for a top-level topic. */
  root_topic_id: string;
}

export function createReadingListRepository(db: Kysely<Database>) {
  return {
    async listAll(): Promise<ReadingListRow[]> {
      return db.selectFrom('reading_lists').selectAll().orderBy('position').execute();
    },

    /** Ids of the lists that hold the article, in list order. */
    async listIdsContaining(articleId: string): Promise<string[]> {
      const rows = await db
        .selectFrom('reading_list_items')
        .innerJoin('reading_lists', 'reading_lists.id', 'reading_list_items.list_id')
        .select('reading_lists.id')
        .where('reading_list_items.article_id', '=', articleId)
        .orderBy('reading_lists.position')
        .execute();
      return rows.map((r) => r.id);
    },

    /** The articles of every list published by `untilIso`, in list order. */
    async listArticles(untilIso: string): Promise<ReadingListArticleRow[]> {
      return db
        .selectFrom('reading_list_items')
        .innerJoin('articles', 'articles.id', 'reading_list_items.article_id')
        .innerJoin('topics', 'topics.id', 'articles.topic_id')
        .select([
          'reading_list_items.list_id',
          'reading_list_items.position',
          'articles.id',
          'articles.title',
          'articles.summary',
          'articles.year',
          'articles.month',
          'articles.slug',
          'articles.authors',
          'articles.image',
          'articles.topic_id',
        ])
        .select((eb) => eb.fn.coalesce('topics.parent_id', 'topics.id').as('root_topic_id'))
        .where('articles.published', '<=', untilIso)
        .orderBy('reading_list_items.list_id')
        .orderBy('reading_list_items.position')
        .execute();
    },

    async count(): Promise<number> {
      const row = await db
        .selectFrom('reading_lists')
        .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },
  };
}

export type ReadingListRepository = ReturnType<typeof createReadingListRepository>;
