/** GET /api/reading-lists?article={id}: the lists holding the article, then up to three related lists. */
import request from 'supertest';
import { READING_LIST_RELATED_MAX, ReadingListsSchema } from 'shared-contracts/server';
import { createTestApp, type TestApp } from '../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function membership() {
  const rows = await t.db
    .selectFrom('reading_list_items')
    .innerJoin('reading_lists', 'reading_lists.id', 'reading_list_items.list_id')
    .innerJoin('articles', 'articles.id', 'reading_list_items.article_id')
    .select(['articles.id', 'articles.year', 'articles.month', 'articles.slug', 'reading_lists.slug as list', 'reading_lists.position'])
    .orderBy('reading_lists.position')
    .execute();
  const listsOf = new Map<string, string[]>();
  for (const r of rows) listsOf.set(r.id, [...(listsOf.get(r.id) ?? []), r.list]);
  return { rows, listsOf };
}

const lists = (article: string) => request(t.app).get(`/api/reading-lists?article=${article}`);

describe('GET /api/reading-lists', () => {
  it('answers the list holding the article first, then up to three related lists', async () => {
    const { rows, listsOf } = await membership();
    const article = rows.find((r) => listsOf.get(r.id)!.length === 1)!;
    const answer = ReadingListsSchema.parse((await lists(article.id).expect(200)).body);
    expect(answer.lists[0]!.slug).toBe(article.list);
    const url = `/${article.year}/${String(article.month).padStart(2, '0')}/${article.slug}`;
    expect(answer.lists[0]!.recordList.recordItems.map((i) => i.link)).toContain(url);
    expect(answer.lists).toHaveLength(1 + READING_LIST_RELATED_MAX);
    const related = answer.lists.slice(1);
    for (const list of related) expect(list.recordList.recordItems.map((i) => i.link)).not.toContain(url);
    expect(new Set(answer.lists.map((l) => l.slug)).size).toBe(answer.lists.length);
    for (const list of answer.lists) {
      expect(list.recordList.recordItems.length).toBeGreaterThanOrEqual(5);
      expect(list.recordList.recordItems.length).toBeLessThanOrEqual(8);
      for (const item of list.recordList.recordItems) {
        expect(item.link).toMatch(/^\/\d{4}\/\d{2}\/[a-z0-9-]+$/);
        expect(item.title.length).toBeGreaterThan(0);
        expect(item.summary.length).toBeGreaterThan(0);
        expect(item.author.length).toBeGreaterThan(0);
      }
    }
  });

  it('answers every list holding an article that is in several, in list order, before the related ones', async () => {
    const { rows, listsOf } = await membership();
    const shared = rows.find((r) => listsOf.get(r.id)!.length > 1);
    expect(shared).toBeDefined();
    const answer = ReadingListsSchema.parse((await lists(shared!.id).expect(200)).body);
    const holding = listsOf.get(shared!.id)!;
    expect(answer.lists.slice(0, holding.length).map((l) => l.slug)).toEqual(holding);
    expect(answer.lists.length).toBeLessThanOrEqual(holding.length + READING_LIST_RELATED_MAX);
  });

  it('answers no lists for an article in none', async () => {
    const { listsOf } = await membership();
    const article = await t.db
      .selectFrom('articles')
      .select('id')
      .where('id', 'not in', [...listsOf.keys()])
      .executeTakeFirstOrThrow();
    expect((await lists(article.id).expect(200)).body).toEqual({ lists: [] });
  });

  it('answers 400 without an article and 404 for an unknown one', async () => {
    expect((await request(t.app).get('/api/reading-lists').expect(400)).body.errors[0].field).toBe('article');
    await lists('%20').expect(400);
    expect((await lists('a19990101').expect(404)).body).toEqual({ message: 'Article not found' });
  });
});
