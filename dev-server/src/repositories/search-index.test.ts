/**
 * The search index follows the articles table whoever writes it (migration 0018's triggers), on the
 * engine the tests run on (SQLite, or PostgreSQL with TEST_DATABASE_URL).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import { closeDatabase, seededDatabase } from '../test/harness';
import { NoSqliteReaderError, type SqliteReaders } from '../db/sqlite-readers';
import { createSearchIndex, type SearchIndex } from './search-index';

let db: Kysely<Database>;
let index: SearchIndex;
beforeAll(async () => {
  db = await seededDatabase();
  index = createSearchIndex(db);
});
afterAll(() => closeDatabase(db));

const until = '2100-01-01T00:00:00.000Z';
const find = async (...words: string[]) => (await index.page(words, { until }, { sort: 'relevance', order: 'desc' }, 0, 10)).map((hit) => hit.id);

const article = {
  id: 'a-fts-probe',
  slug: 'the-quokka-ledger',
  year: 2025,
  month: 6,
  title: 'The Quokka Ledger',
  summary: 'How a marsupial kept the books of a café.',
  lead: 'It began with a spreadsheet.',
  body: JSON.stringify(['Zanzibarian accountants were amazed.', 'Nobody had seen such columns.']),
  authors: JSON.stringify(['Philippa Wrenfield']),
  published: '2025-06-01T00:00:00.000Z',
  content_type: 'Digital Article',
  topic_id: '',
  series: null,
  big_idea: 0 as const,
  free: 0 as const,
  image: null,
};

describe('the search index follows the articles table', () => {
  let topicId: string;
  beforeAll(async () => {
    topicId = (await db.selectFrom('topics').select('id').orderBy('position').executeTakeFirstOrThrow()).id;
  });

  it('indexes an inserted article by title, body, authors and topic, and counts it', async () => {
    const before = await index.size();
    await db
      .insertInto('articles')
      .values({ ...article, topic_id: topicId })
      .execute();
    expect(await index.size()).toBe(before + 1);
    expect(await find('quokka')).toEqual([article.id]);
    expect(await find('zanzibarian')).toEqual([article.id]);
    expect(await find('wrenfield')).toEqual([article.id]);
    // Accents are ignored (what readers type loses them too) and the forms of a word meet.
    expect(await find('cafe')).toContain(article.id);
    expect(await find('ledgers')).toContain(article.id);
    const suggested = await index.suggest(['quokka'], 'led', { until }, 6);
    expect(suggested.map((a) => a.id)).toEqual([article.id]);
  });

  it('re-indexes an edited article, and ignores edits of other columns', async () => {
    await db.updateTable('articles').set({ title: 'The Wombat Ledger' }).where('id', '=', article.id).execute();
    expect(await find('quokka')).toEqual([]);
    expect(await find('wombat')).toEqual([article.id]);
    await db.updateTable('articles').set({ free: 1 }).where('id', '=', article.id).execute();
    expect(await find('wombat')).toEqual([article.id]);
  });

  it("re-indexes a topic's articles when the topic is renamed", async () => {
    const topic = await db.selectFrom('topics').select('name').where('id', '=', topicId).executeTakeFirstOrThrow();
    await db.updateTable('topics').set({ name: 'Xenobiology' }).where('id', '=', topicId).execute();
    expect(await find('xenobiology')).toContain(article.id);
    await db.updateTable('topics').set({ name: topic.name }).where('id', '=', topicId).execute();
    expect(await find('xenobiology')).toEqual([]);
  });

  it('forgets a deleted article', async () => {
    const before = await index.size();
    await db.deleteFrom('articles').where('id', '=', article.id).execute();
    expect(await index.size()).toBe(before - 1);
    expect(await find('wombat')).toEqual([]);
  });

  it('refuses anything but a word of letters and digits (the service tokenises what readers type)', async () => {
    await expect(index.page(['"quokka" OR *'], { until }, { sort: 'relevance', order: 'desc' }, 0, 10)).rejects.toThrow(/Not a search word/);
    await expect(index.suggest([], 'a:*', { until }, 6)).rejects.toThrow(/Not a search word/);
  });
});

describe('with reader threads that have stopped', () => {
  it('reads in-process instead of leaving the search unanswered (SQLite; PostgreSQL has no readers)', async () => {
    const stopped: SqliteReaders = {
      size: 1,
      all: () => Promise.reject(new NoSqliteReaderError('every SQLite reader has stopped')),
      close: async () => undefined,
    };
    const withStopped = createSearchIndex(db, stopped);
    const words = ['strategy'];
    expect(await withStopped.page(words, { until }, { sort: 'relevance', order: 'desc' }, 0, 5)).toEqual(
      await index.page(words, { until }, { sort: 'relevance', order: 'desc' }, 0, 5),
    );
    expect(await withStopped.size()).toBe(await index.size());
  });

  it('passes on any other failure of a reader', async () => {
    const failing: SqliteReaders = { size: 1, all: () => Promise.reject(new Error('disk I/O error')), close: async () => undefined };
    const index2 = createSearchIndex(db, failing);
    if (index2.engine === 'sqlite-fts5') await expect(index2.size()).rejects.toThrow('disk I/O error');
    else expect(await index2.size()).toBeGreaterThan(0);
  });
});
