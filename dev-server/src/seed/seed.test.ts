import { ArticleContentTypeSchema } from 'shared-contracts';
import { seededDatabase } from '../test/harness';
import { seedPaywallIfMissing } from '.';
import { buildArchive } from './issues';
import { createRng } from './prng';
import { DEMO_LOCKING, DEMO_READER, DEMO_RESTRICTED, DEMO_SUBSCRIBER, DEMO_SUBSCRIBER_RECORDS, DEMO_USERS } from './demo-users';

async function snapshot(seed?: string) {
  const db = await seededDatabase(seed);
  try {
    const articles = await db.selectFrom('articles').select(['id', 'title', 'slug', 'published']).orderBy('id').execute();
    const products = await db.selectFrom('products').select(['sku', 'title']).orderBy('sku').execute();
    const videos = await db.selectFrom('videos').select(['id', 'name']).orderBy('id').execute();
    const charts = await db.selectFrom('charts').select(['id', 'title', 'data']).orderBy('id').execute();
    const folders = await db.selectFrom('folders').select(['id', 'name']).orderBy('id').execute();
    return { articles, products, videos, charts, folders };
  } finally {
    await db.destroy();
  }
}

describe('content seed', () => {
  it('builds the same site from the same seed', async () => {
    const a = await snapshot();
    const b = await snapshot();
    expect(b.articles.map((x) => x.title)).toEqual(a.articles.map((x) => x.title));
    expect(b).toEqual(a);
  });

  it('builds a different site from another seed', async () => {
    const a = await snapshot();
    const other = await snapshot('another-seed');
    expect(other.articles.map((x) => x.title)).not.toEqual(a.articles.map((x) => x.title));
  });

  it('has about 120 articles from 2023 to mid-2025, with 6-10 paragraphs and 1-2 authors, some free', async () => {
    const db = await seededDatabase();
    try {
      const rows = await db.selectFrom('articles').selectAll().execute();
      expect(rows.length).toBeGreaterThanOrEqual(100);
      expect(rows.length).toBeLessThanOrEqual(140);
      for (const r of rows) {
        expect(r.year).toBeGreaterThanOrEqual(2023);
        expect(r.year).toBeLessThanOrEqual(2025);
        expect(r.published.slice(0, 7)).toBe(`${r.year}-${String(r.month).padStart(2, '0')}`);
        const body: unknown = JSON.parse(r.body);
        expect(Array.isArray(body) && body.length >= 6 && body.length <= 10).toBe(true);
        const authors: unknown = JSON.parse(r.authors);
        expect(Array.isArray(authors) && authors.length >= 1 && authors.length <= 2).toBe(true);
        ArticleContentTypeSchema.parse(r.content_type);
      }
      const free = rows.filter((r) => r.free === 1).length;
      expect(free).toBeGreaterThan(0);
      expect(free).toBeLessThan(rows.length * 0.25);
      expect(new Set(rows.map((r) => r.content_type))).toEqual(new Set(['Magazine Article', 'Digital Article']));
    } finally {
      await db.destroy();
    }
  });

  it('seeds one demo account of each kind, passwords hashed', async () => {
    const db = await seededDatabase();
    try {
      const users = await db.selectFrom('users').select(['email', 'status', 'password_hash', 'restricted']).orderBy('email').execute();
      expect(users.map((u) => [u.email, u.status])).toEqual(
        [...DEMO_USERS].sort((a, b) => a.email.localeCompare(b.email)).map((d) => [d.email, d.status]),
      );
      expect(users.map((u) => u.email)).toEqual(expect.arrayContaining([DEMO_READER.email, DEMO_SUBSCRIBER.email]));
      expect(users.filter((u) => u.restricted === 1).map((u) => u.email)).toEqual([DEMO_RESTRICTED.email]);
      for (const u of users) expect(u.password_hash).not.toContain(DEMO_READER.password);
    } finally {
      await db.destroy();
    }
  });

  it('links each demo subscriber to a lookup record and keeps records without a web account', async () => {
    const db = await seededDatabase();
    try {
      const records = await db.selectFrom('subscriber_records').selectAll().orderBy('id').execute();
      const subscribers = DEMO_USERS.filter((u) => u.status === 'subscriber');
      expect(records.filter((r) => r.linked_user_id !== null).map((r) => r.email).sort()).toEqual(
        subscribers.map((u) => u.email).sort(),
      );
      expect(records.filter((r) => r.linked_user_id === null).map((r) => r.email)).toEqual(
        DEMO_SUBSCRIBER_RECORDS.map((r) => r.email),
      );
      const counter = await db.selectFrom('sign_in_counters').selectAll().execute();
      expect(counter).toEqual([expect.objectContaining({ email_key: DEMO_LOCKING.email, failures: 4, locked_until: null })]);
    } finally {
      await db.destroy();
    }
  });
});

describe('archive builder', () => {
  it('leaves some gaps in old years but never drops the first issue of a year', () => {
    const { issues } = buildArchive(createRng('magazine-site', 'archive'));
    const before1980 = issues.filter((i) => i.year < 1980);
    expect(before1980.length).toBeLessThan(24 * 6);
    for (let y = 1956; y <= 2025; y++) expect(issues.some((i) => i.year === y && i.number === 1)).toBe(true);
  });
});

describe('paywall seed', () => {
  it('marks about 10% of the metered articles Ascend, never a free one, the same every time', async () => {
    const a = await seededDatabase();
    const b = await seededDatabase();
    try {
      const rows = await a.selectFrom('articles').select(['id', 'free', 'ascend']).orderBy('id').execute();
      const ascend = rows.filter((r) => r.ascend === 1);
      expect(ascend.length).toBe(Math.round(rows.filter((r) => r.free === 0).length * 0.1));
      expect(ascend.every((r) => r.free === 0)).toBe(true);
      const again = await b.selectFrom('articles').select('id').where('ascend', '=', 1).orderBy('id').execute();
      expect(again.map((r) => r.id)).toEqual(ascend.map((r) => r.id));
    } finally {
      await a.destroy();
      await b.destroy();
    }
  });

  it('seeds 6-8 reading lists of 5-8 articles, some articles in several, no Ascend article', async () => {
    const db = await seededDatabase();
    try {
      const lists = await db.selectFrom('reading_lists').selectAll().execute();
      expect(lists.length).toBeGreaterThanOrEqual(6);
      expect(lists.length).toBeLessThanOrEqual(8);
      const items = await db
        .selectFrom('reading_list_items')
        .innerJoin('articles', 'articles.id', 'reading_list_items.article_id')
        .select(['list_id', 'article_id', 'articles.ascend'])
        .execute();
      for (const list of lists) {
        const n = items.filter((i) => i.list_id === list.id).length;
        expect(n).toBeGreaterThanOrEqual(5);
        expect(n).toBeLessThanOrEqual(8);
      }
      const perArticle = new Map<string, number>();
      for (const i of items) perArticle.set(i.article_id, (perArticle.get(i.article_id) ?? 0) + 1);
      expect([...perArticle.values()].some((n) => n > 1)).toBe(true);
      expect(items.some((i) => i.ascend === 1)).toBe(false);
    } finally {
      await db.destroy();
    }
  });

  it('adds the same Ascend marks and reading lists to a database seeded before them', async () => {
    const fresh = await seededDatabase();
    const old = await seededDatabase();
    try {
      await old.deleteFrom('reading_list_items').execute();
      await old.deleteFrom('reading_lists').execute();
      await old.updateTable('articles').set({ ascend: 0 }).execute();
      expect(await seedPaywallIfMissing(old)).toBe(true);
      expect(await seedPaywallIfMissing(old)).toBe(false);
      const marks = (db: typeof old) => db.selectFrom('articles').select('id').where('ascend', '=', 1).orderBy('id').execute();
      const items = (db: typeof old) => db.selectFrom('reading_list_items').selectAll().orderBy('list_id').orderBy('position').execute();
      expect(await marks(old)).toEqual(await marks(fresh));
      expect(await items(old)).toEqual(await items(fresh));
    } finally {
      await fresh.destroy();
      await old.destroy();
    }
  });
});
