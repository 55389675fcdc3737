/** GET /service/stream/{type}/{number}/{size}: every stream type, paging, bases, maintenance. */
import request from 'supertest';
import { ApiErrorBodySchema, DISCOVERY_MESSAGES, firstPageOf, STREAM_TYPES, StreamSchema } from 'shared-contracts/server';
import { DEMO_READER, DEMO_SUBSCRIBER } from '../seed/demo-users';
import { loadAll, loadStream, sessionOf } from '../test/discovery';
import { createTestApp, TEST_NOW, UNLIMITED, type TestApp } from '../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: UNLIMITED });
});
afterAll(() => t.close());
afterEach(() => t.clock.set(TEST_NOW));

const ARTICLE_URL = /^\/\d{4}\/\d{2}\/[a-z0-9-]+$/;
const newestFirst = (dates: string[]) => expect([...dates].sort().reverse()).toEqual(dates);

async function publishedArticleCount(where: (q: ReturnType<typeof base>) => ReturnType<typeof base> = (q) => q) {
  const row = await where(base())
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
function base() {
  return t.db.selectFrom('articles').where('published', '<=', t.clock.now().toISOString());
}

describe('every stream type', () => {
  it.each(STREAM_TYPES.filter((type) => type !== 'following'))('%s answers a Stream of its own type', async (type) => {
    const first = firstPageOf(type);
    const query = type === 'search' ? '?query=strategy&format=json' : type === 'topic' ? '?topic=strategy&format=json' : '?format=json';
    const stream = await loadStream(t, `/service/stream/${type}/${first}/8${query}`);
    expect(stream.type).toBe(type);
    expect(stream.entry.length).toBeGreaterThan(0);
    expect(stream.page).toMatchObject({ number: first, size: 8 });
    expect(stream.maintenanceStatus).toBe(false);
    expect(stream.isPaywallEnabled).toBe(true);
  });

  it('answers 404 for an unknown type', async () => {
    const res = await request(t.app).get('/service/stream/popular/0/8').expect(404);
    expect(ApiErrorBodySchema.parse(res.body).message).toBe('Stream not found');
  });

  it('answers 401 to a guest loading the following stream', async () => {
    await request(t.app).get('/service/stream/following/0/8').expect(401);
  });
});

describe('paging', () => {
  it('serves pages of 8 and of 10 without overlap, newest first', async () => {
    const eight = await loadStream(t, '/service/stream/latest/0/8');
    const ten = await loadStream(t, '/service/stream/latest/0/10');
    const second = await loadStream(t, '/service/stream/latest/1/10');
    expect(eight.entry).toHaveLength(8);
    expect(ten.entry).toHaveLength(10);
    expect(ten.entry.slice(0, 8)).toEqual(eight.entry);
    expect(second.page.number).toBe(1);
    const ids = new Set(ten.entry.map((e) => e.id));
    expect(second.entry.some((e) => ids.has(e.id))).toBe(false);
    newestFirst([...ten.entry, ...second.entry].map((e) => e.published));
  });

  it('marks the last page of a stream counting from 0 and from 1', async () => {
    const total = await publishedArticleCount();
    const latest = await loadStream(t, '/service/stream/latest/0/10');
    expect(latest.page.totalElements).toBe(total);
    expect(latest.page.totalPages).toBe(Math.ceil(total / 10));
    expect(latest.page.last).toBe(false);
    const final = await loadStream(t, `/service/stream/latest/${latest.page.totalPages - 1}/10`);
    expect(final.page.last).toBe(true);
    expect(final.entry).toHaveLength(total - (latest.page.totalPages - 1) * 10);

    const analytics = await loadStream(t, '/service/stream/analytics/1/5');
    expect(analytics.page).toMatchObject({ number: 1, totalElements: 8, totalPages: 2, last: false });
    const lastAnalytics = await loadStream(t, '/service/stream/analytics/2/5');
    expect(lastAnalytics.page).toMatchObject({ number: 2, last: true });
    expect(lastAnalytics.entry).toHaveLength(3);
  });

  it('answers an empty last page past the end', async () => {
    const stream = await loadStream(t, '/service/stream/analytics/9/8');
    expect(stream.entry).toEqual([]);
    expect(stream.page.last).toBe(true);
  });

  it.each([
    ['/service/stream/search/0/8?query=team', 'number'],
    ['/service/stream/webinars/0/8', 'number'],
    ['/service/stream/latest/-1/8', 'number'],
    ['/service/stream/latest/abc/8', 'number'],
    ['/service/stream/latest/0/0', 'size'],
    ['/service/stream/latest/0/51', 'size'],
    ['/service/stream/latest/0/8?sort=popular', 'sort'],
    ['/service/stream/search/1/8?query=team&order=up', 'order'],
  ])('refuses %s with 400 naming %s', async (path, field) => {
    const res = await request(t.app).get(path).expect(400);
    expect(ApiErrorBodySchema.parse(res.body).errors?.map((e) => e.field)).toContain(field);
  });

  it('accepts number 0 for streams counting from 0 and 1 for the others', async () => {
    await loadStream(t, '/service/stream/magazine/0/8');
    await loadStream(t, '/service/stream/webinars/1/8');
  });
});

describe('stream contents', () => {
  it('latest: every published article, sponsored reports styled apart', async () => {
    const entries = await loadAll(t, 'latest', 0);
    expect(entries).toHaveLength(await publishedArticleCount());
    newestFirst(entries.map((e) => e.published));
    const sponsored = entries.filter((e) => e.sponsored);
    expect(sponsored).toHaveLength(8);
    for (const e of sponsored) {
      expect(e.contentType).toBe('Sponsored Report');
      expect(e.sponsor).toEqual(expect.any(String));
    }
    for (const e of entries) {
      expect(e.url).toMatch(ARTICLE_URL);
      expect(e.listPrice).toBeNull();
      expect(e.productStatus).toBeNull();
      if (!e.sponsored) expect(e.sponsor).toBeNull();
    }
  });

  it('latest and magazine: contentType narrows the stream', async () => {
    const digital = await loadStream(t, '/service/stream/latest/0/50?contentType=Digital%20Article');
    expect(digital.entry.every((e) => e.contentType === 'Digital Article' && !e.sponsored)).toBe(true);
    const reports = await loadStream(t, '/service/stream/latest/0/50?contentType=Sponsored%20Report');
    expect(reports.page.totalElements).toBe(8);
  });

  it('magazine: magazine articles only, back to the 1956 archive', async () => {
    const first = await loadStream(t, '/service/stream/magazine/0/50');
    expect(first.entry.every((e) => e.contentType === 'Magazine Article')).toBe(true);
    newestFirst(first.entry.map((e) => e.published));
    expect(first.page.totalElements).toBe(await publishedArticleCount((q) => q.where('content_type', '=', 'Magazine Article')));
    const oldest = await loadStream(t, `/service/stream/magazine/${first.page.totalPages - 1}/50`);
    expect(oldest.entry.at(-1)!.published.startsWith('1956-01-01')).toBe(true);
  });

  it('topic: a root topic includes its subtopics; a subtopic only itself', async () => {
    const detail = await request(t.app).get('/api/topic/strategy').expect(200);
    const names = new Set<string>([detail.body.topic.name, ...detail.body.children.map((c: { name: string }) => c.name)]);
    // Products listed under the topic (SITE-03.5) have a price; the articles have none.
    const root = (await loadAll(t, 'topic', 0, '?topic=strategy')).filter((e) => e.listPrice === null);
    expect(root.length).toBe(detail.body.articleCount);
    expect(root.every((e) => names.has(e.category.term))).toBe(true);
    expect(new Set(root.map((e) => e.category.term)).size).toBeGreaterThan(3);

    const leaf = (await loadAll(t, 'topic', 0, '?topic=growth-strategy')).filter((e) => e.listPrice === null);
    expect(leaf.length).toBeGreaterThan(0);
    expect(leaf.every((e) => e.category.term === 'Growth strategy')).toBe(true);
  });

  it('topic: 404 for an unknown topic, 400 without one', async () => {
    const res = await request(t.app).get('/service/stream/topic/0/8?topic=astrology').expect(404);
    expect(res.body.message).toBe(DISCOVERY_MESSAGES.topicNotFound);
    await request(t.app).get('/service/stream/topic/0/8').expect(400);
  });

  it('analytics: the sponsored reports', async () => {
    const entries = await loadAll(t, 'analytics', 1);
    expect(entries).toHaveLength(8);
    expect(entries.every((e) => e.sponsored && e.contentType === 'Sponsored Report' && e.author[0]?.name === 'Analytic Services')).toBe(true);
  });

  it('ascend: the Ascend articles', async () => {
    const entries = await loadAll(t, 'ascend', 1);
    const ids = await base().select('id').where('ascend', '=', 1).orderBy('published', 'desc').orderBy('id', 'desc').execute();
    expect(entries.map((e) => e.id)).toEqual(ids.map((r) => r.id));
  });

  it('big-ideas: The Big Idea articles only, newest first, every one of them', async () => {
    const entries = await loadAll(t, 'big-ideas', 0);
    const ids = await base().select('id').where('big_idea', '=', 1).orderBy('published', 'desc').orderBy('id', 'desc').execute();
    expect(ids.length).toBeGreaterThan(0);
    expect(entries.map((e) => e.id)).toEqual(ids.map((r) => r.id));
  });

  it('webinars: published videos as Video entries with their page', async () => {
    const entries = await loadAll(t, 'webinars', 1);
    const videos = await t.db.selectFrom('videos').select(['id', 'slug']).where('pubdate', '<=', TEST_NOW).execute();
    expect(entries).toHaveLength(videos.length);
    newestFirst(entries.map((e) => e.published));
    const slug = new Map(videos.map((v) => [v.id, v.slug]));
    for (const e of entries) {
      expect(e.contentType).toBe('Video');
      expect(e.url).toBe(`/video/${e.id}/${slug.get(e.id)}`);
      // The generated poster's base path (decision 036).
      expect(e.image).toMatch(new RegExp(`^/images/video/${e.id}/[0-9a-f]{12}$`));
    }
  });

  it('visual-library: published charts pointing at their article', async () => {
    const entries = await loadAll(t, 'visual-library', 1);
    const charts = await t.db.selectFrom('charts').select('id').where('published', '<=', TEST_NOW).execute();
    expect(entries).toHaveLength(charts.length);
    for (const e of entries) {
      expect(e.contentType).toBe('Chart');
      expect(e.url).toMatch(ARTICLE_URL);
      expect(e.image).toBe(`/data-visuals/images/${e.id}.svg`);
    }
  });

  it('serves only what is published at the clock time', async () => {
    t.clock.set('2024-01-01T00:00:00.000Z');
    const stream = await loadStream(t, '/service/stream/latest/0/8');
    expect(stream.entry[0]!.published < '2024-01-01').toBe(true);
    const analytics = await loadStream(t, '/service/stream/analytics/1/8');
    expect(analytics.page.totalElements).toBe(4);
  });
});

describe('viewers', () => {
  it('turns the paywall off for subscribers only', async () => {
    const reader = await loadStream(t, '/service/stream/latest/0/8', await sessionOf(t, DEMO_READER));
    expect(reader.isPaywallEnabled).toBe(true);
    const subscriber = await loadStream(t, '/service/stream/latest/0/8', await sessionOf(t, DEMO_SUBSCRIBER));
    expect(subscriber.isPaywallEnabled).toBe(false);
  });

  it('is never stored by shared caches', async () => {
    const res = await request(t.app).get('/service/stream/latest/0/8').expect(200);
    expect(res.headers['cache-control']).toBe('private, no-cache');
  });
});

describe('maintenance (MAINTENANCE=1)', () => {
  let m: TestApp;
  beforeAll(async () => {
    m = await createTestApp({ maintenance: true, rateLimits: UNLIMITED });
  });
  afterAll(() => m.close());

  it.each(['latest/0/8', 'magazine/0/10', 'webinars/1/8', 'search/1/8?query=team'])('answers %s with no entries and maintenanceStatus', async (path) => {
    const res = await request(m.app).get(`/service/stream/${path}`).expect(200);
    const stream = StreamSchema.parse(res.body);
    expect(stream.maintenanceStatus).toBe(true);
    expect(stream.entry).toEqual([]);
    expect(stream.page.last).toBe(true);
  });

  it('still refuses what is invalid', async () => {
    await request(m.app).get('/service/stream/search/0/8?query=team').expect(400);
    await request(m.app).get('/service/stream/following/0/8').expect(401);
  });
});
