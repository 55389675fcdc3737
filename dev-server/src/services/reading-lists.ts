/**
 * Reading lists (PAY-02 overlay, PAY-03, PAY-09): for an article, the lists that hold it (the first is
 * the selected one) followed by up to READING_LIST_RELATED_MAX related lists: lists sharing the
 * article's top-level topic first (most shared articles first), then any others, in list order.
 * An article in no list gets no lists at all (its content message has no '+rl', so no overlay).
 */
import { READING_LIST_RELATED_MAX, type ReadingList, type ReadingLists } from 'shared-contracts/server';
import { z } from 'zod';
import type { Clock } from '../deps';
import type { ReadingListArticleRow, ReadingListRepository } from '../repositories/reading-lists';
import { articleUrl, type ContentService } from './content';
import { articleSubject, imageOr } from './images/subjects';

const StringList = z.array(z.string());

function toItem(row: ReadingListArticleRow): ReadingList['recordList']['recordItems'][number] {
  return {
    title: row.title,
    link: articleUrl(row.year, row.month, row.slug),
    summary: row.summary,
    author: StringList.parse(JSON.parse(row.authors)).map((name) => ({ name })),
    imageUri: imageOr(row.image, articleSubject(row)),
  };
}

export function createReadingListService(deps: { readingLists: ReadingListRepository; content: ContentService; clock: Clock }) {
  const { readingLists, content, clock } = deps;
  return {
    /** The slug of the first list holding the article, or null. */
    async firstListSlugOf(articleId: string): Promise<string | null> {
      const [first] = await readingLists.listIdsContaining(articleId);
      if (first === undefined) return null;
      const lists = await readingLists.listAll();
      return lists.find((l) => l.id === first)?.slug ?? null;
    },

    async forArticle(articleId: string): Promise<ReadingLists> {
      const article = await content.articleById(articleId);
      const [lists, rows] = await Promise.all([readingLists.listAll(), readingLists.listArticles(clock.now().toISOString())]);
      const rowsOf = new Map<string, ReadingListArticleRow[]>();
      for (const row of rows) rowsOf.set(row.list_id, [...(rowsOf.get(row.list_id) ?? []), row]);
      const withItems = lists.filter((l) => (rowsOf.get(l.id) ?? []).length > 0);
      const holding = withItems.filter((l) => rowsOf.get(l.id)!.some((r) => r.id === article.id));
      if (holding.length === 0) return { lists: [] };
      const shared = (listId: string) => rowsOf.get(listId)!.filter((r) => r.root_topic_id === article.topic_root_id).length;
      const related = withItems
        .filter((l) => !holding.includes(l))
        .map((l) => ({ list: l, score: shared(l.id) }))
        .sort((a, b) => b.score - a.score || a.list.position - b.list.position)
        .slice(0, READING_LIST_RELATED_MAX)
        .map((x) => x.list);
      return {
        lists: [...holding, ...related].map((l) => ({
          name: l.name,
          slug: l.slug,
          recordList: { recordItems: [...rowsOf.get(l.id)!].sort((a, b) => a.position - b.position).map(toItem) },
        })),
      };
    },
  };
}

export type ReadingListService = ReturnType<typeof createReadingListService>;
