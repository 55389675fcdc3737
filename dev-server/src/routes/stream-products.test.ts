/** The store's products in topic streams (price, coming soon) and the articles' reprints (Buy Copies; SITE-03.5). */
import request from 'supertest';
import { loadStream } from '../test/discovery';
import { createTestApp, UNLIMITED, type TestApp } from '../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: UNLIMITED });
});
afterAll(() => t.close());

async function rootSlugs(): Promise<string[]> {
  const rows = await t.db.selectFrom('topics').select('slug').where('parent_id', 'is', null).orderBy('position').execute();
  return rows.map((r) => r.slug);
}

describe('products in topic streams', () => {
  it("a root topic's first page lists its products after four articles, with price, product link and status", async () => {
    const page = await loadStream(t, '/service/stream/topic/0/8?topic=strategy');
    const products = page.entry.filter((e) => e.listPrice !== null);
    expect(products.length).toBeGreaterThan(0);
    expect(page.entry.slice(0, 4).every((e) => e.listPrice === null)).toBe(true);
    expect(page.entry.slice(4, 4 + products.length)).toEqual(products);
    const detail = await request(t.app).get('/api/topic/strategy').expect(200);
    for (const p of products) {
      const row = await t.db.selectFrom('products').selectAll().where('id', '=', p.id).executeTakeFirstOrThrow();
      expect(p).toMatchObject({
        title: row.title,
        contentType: row.content_type,
        listPrice: row.price_cents,
        url: `/product/${row.slug}/${row.availability_id}`,
        productLink: `/product/${row.slug}/${row.availability_id}`,
        productStatus: row.availability_status === 'COMING_SOON' ? 'F' : null,
        category: { term: detail.body.topic.name },
      });
      expect(row.listed).toBe(1);
    }
    // The next page is articles only.
    const next = await loadStream(t, '/service/stream/topic/1/8?topic=strategy');
    expect(next.entry.every((e) => e.listPrice === null)).toBe(true);
  });

  it('a subtopic shows the products of its root; a content-type filter shows none', async () => {
    const root = await loadStream(t, '/service/stream/topic/0/8?topic=strategy');
    const leaf = await loadStream(t, '/service/stream/topic/0/8?topic=growth-strategy');
    const ids = (s: typeof root) => s.entry.filter((e) => e.listPrice !== null).map((e) => e.id);
    expect(ids(leaf)).toEqual(ids(root));
    const filtered = await loadStream(t, '/service/stream/topic/0/8?topic=strategy&contentType=Digital%20Article');
    expect(ids(filtered)).toEqual([]);
  });

  it('every listed product appears under exactly one root topic, the coming-soon ones marked F', async () => {
    const listed = await t.db
      .selectFrom('products')
      .select(['group_id', 'availability_status'])
      .where('listed', '=', 1)
      .where('kind', '=', 'product')
      .execute();
    const groups = new Set(listed.map((r) => r.group_id));
    const seen: string[] = [];
    const statuses = new Set<string | null>();
    for (const slug of await rootSlugs()) {
      const page = await loadStream(t, `/service/stream/topic/0/50?topic=${slug}`);
      for (const e of page.entry.filter((x) => x.listPrice !== null)) {
        seen.push(e.id);
        statuses.add(e.productStatus);
      }
    }
    expect(seen).toHaveLength(groups.size);
    expect(new Set(seen).size).toBe(groups.size);
    expect(statuses).toEqual(new Set([null, 'F']));
  });
});

describe('reprints as Buy Copies', () => {
  it("a magazine article with a reprint links to its PDF reprint's product page; others have no product link", async () => {
    const page = await loadStream(t, '/service/stream/magazine/0/50');
    const reprinted = page.entry.filter((e) => e.productLink !== null);
    expect(reprinted.length).toBeGreaterThan(0);
    for (const e of page.entry) {
      const reprint = await t.db
        .selectFrom('products')
        .select(['slug', 'availability_id'])
        .where('article_id', '=', e.id)
        .where('kind', '=', 'product')
        .where('format', '=', 'PDF')
        .executeTakeFirst();
      expect(e.productLink).toBe(reprint ? `/product/${reprint.slug}/${reprint.availability_id}` : null);
      expect(e.listPrice).toBeNull();
    }
  });
});
