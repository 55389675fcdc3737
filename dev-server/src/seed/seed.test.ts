import { ArticleContentTypeSchema } from 'shared-contracts';
import { seededDatabase } from '../test/harness';
import { buildArchive } from './issues';
import { createRng } from './prng';
import { DEMO_READER, DEMO_SUBSCRIBER } from './demo-users';

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

  it('seeds the two demo accounts', async () => {
    const db = await seededDatabase();
    try {
      const users = await db.selectFrom('users').select(['email', 'status', 'password_hash']).orderBy('email').execute();
      expect(users.map((u) => [u.email, u.status])).toEqual([
        [DEMO_READER.email, 'registered'],
        [DEMO_SUBSCRIBER.email, 'subscriber'],
      ]);
      for (const u of users) expect(u.password_hash).not.toContain(DEMO_READER.password);
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
