import sharp from 'sharp';
import request from 'supertest';
import {
  ApiErrorBodySchema,
  ChartPageSchema,
  PlaylistSchema,
  ProductListSchema,
  productTypeFromSku,
  VideoSchema,
  VisualSubjectSchema,
} from 'shared-contracts/server';
import { z } from 'zod';
import { asBytes, createTestApp, getText, type TestApp } from '../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (path: string) => request(t.app).get(path);

describe('GET /api/store/products', () => {
  it('answers every product, a page at a time, and the categories without a category', async () => {
    const list = ProductListSchema.parse((await get('/api/store/products').expect(200)).body);
    expect(list.category).toBeNull();
    expect(list.categories.map((c) => c.slug)).toEqual(['books', 'case-studies', 'magazine-issues', 'toolkits']);
    const products = [...list.products];
    for (let page = 2; page <= list.pages; page++)
      products.push(...ProductListSchema.parse((await get(`/api/store/products?page=${page}`).expect(200)).body).products);
    expect(products.length).toBeGreaterThanOrEqual(35);
    expect(new Set(products.map((p) => p.type))).toEqual(new Set(['ebook', 'bundle', 'digital', 'ship']));
    expect(products.some((p) => p.availabilityStatus === 'COMING_SOON')).toBe(true);
    for (const p of products) {
      expect(p.type).toBe(productTypeFromSku(p.sku));
      expect(p.productUrl).toBe(`/product/${p.productUrl.split('/')[2]}/${p.availabilityId}`);
    }
  });

  it('filters by category', async () => {
    const list = ProductListSchema.parse((await get('/api/store/products?category=case-studies').expect(200)).body);
    expect(list.category).toBe('case-studies');
    expect(list.products.length).toBeGreaterThan(0);
    expect(list.products.every((p) => p.category === 'Case Studies')).toBe(true);
  });

  it('404s an unknown category', async () => {
    const res = await get('/api/store/products?category=garden-tools').expect(404);
    expect(ApiErrorBodySchema.parse(res.body).message).toBe('Category not found');
  });
});

describe('videos and playlists', () => {
  it('answers a playlist by id with its videos, and each video by its numeric id', async () => {
    const playlist = PlaylistSchema.parse((await get('/api/playlists/what-to-watch-next').expect(200)).body);
    expect(playlist.name).toBe('What to watch next');
    expect(playlist.videos.length).toBeGreaterThan(0);
    const first = playlist.videos[0]!;
    const video = VideoSchema.parse((await get(`/api/videos/${first.id}`).expect(200)).body);
    expect(video).toEqual(first);
  });

  it.each([
    ['the-latest', 'The Latest'],
    ['explainers', 'Explainers'],
  ])('has the %s playlist', async (id, name) => {
    const playlist = PlaylistSchema.parse((await get(`/api/playlists/${id}`).expect(200)).body);
    expect(playlist.name).toBe(name);
    expect(playlist.videos.length).toBeGreaterThan(0);
  });

  it('refuses a video id that is not digits with 400', async () => {
    const res = await get('/api/videos/abc123').expect(400);
    expect(ApiErrorBodySchema.parse(res.body).errors?.[0]?.field).toBe('id');
  });

  it('404s an unknown video and an unknown playlist', async () => {
    expect(ApiErrorBodySchema.parse((await get('/api/videos/1234567890').expect(404)).body).message).toBe('Video not found');
    expect(ApiErrorBodySchema.parse((await get('/api/playlists/no-such-list').expect(404)).body).message).toBe('Playlist not found');
  });

  it('serves the poster a video names (the generated one), and the older SVG stand-ins still', async () => {
    const playlist = PlaylistSchema.parse((await get('/api/playlists/the-latest').expect(200)).body);
    const video = playlist.videos[0]!;
    const poster = await asBytes(request(t.app).get(video.poster)).expect(200);
    expect(poster.headers['content-type']).toBe('image/jpeg');
    expect(await sharp(poster.body as Buffer).metadata()).toMatchObject({ format: 'jpeg', width: 1280, height: 720 });
    const { res, text } = await getText(t.app, `/media/videos/${video.id}/poster.svg`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(text).toContain('<title');
  });
});

describe('GET /api/data-and-visuals', () => {
  const charts = (query: string) => get(`/api/data-and-visuals${query}`);

  it('answers 10 charts a page, newest first, counting pages from 1', async () => {
    const page1 = ChartPageSchema.parse((await charts('?page=1&size=10&sort=publication_date&paywall=false').expect(200)).body);
    expect(page1.content).toHaveLength(10);
    expect(page1).toMatchObject({ number: 1, size: 10, first: true, last: false });
    expect(page1.totalElements).toBeGreaterThanOrEqual(50);
    expect(page1.totalPages).toBe(Math.ceil(page1.totalElements / 10));
    const dates = page1.content.map((c) => c.published);
    expect([...dates].sort().reverse()).toEqual(dates);

    const lastPage = ChartPageSchema.parse((await charts(`?page=${page1.totalPages}`).expect(200)).body);
    expect(lastPage).toMatchObject({ number: page1.totalPages, first: false, last: true });
    const seen = new Set(page1.content.map((c) => c.id));
    expect(lastPage.content.some((c) => seen.has(c.id))).toBe(false);
  });

  it('filters by subject (N)', async () => {
    const subjects = z.array(VisualSubjectSchema).parse((await get('/api/data-and-visuals/subjects').expect(200)).body);
    expect(subjects.length).toBeGreaterThanOrEqual(5);
    const subject = subjects[1]!;
    const page = ChartPageSchema.parse((await charts(`?N=${subject.filter}`).expect(200)).body);
    expect(page.content.length).toBeGreaterThan(0);
    expect(page.content.every((c) => c.term === subject.label)).toBe(true);
    const all = ChartPageSchema.parse((await charts('').expect(200)).body);
    expect(page.totalElements).toBeLessThan(all.totalElements);
  });

  it('gives paywalled readers only the first item and one page', async () => {
    const open = ChartPageSchema.parse((await charts('?paywall=false').expect(200)).body);
    const walled = ChartPageSchema.parse((await charts('?paywall=true').expect(200)).body);
    expect(walled.content).toHaveLength(1);
    expect(walled.content[0]).toEqual(open.content[0]);
    expect(walled.totalPages).toBe(1);
    expect(walled.last).toBe(true);
  });

  it.each(['?page=0', '?size=500', '?paywall=maybe', '?sort=title', '?N=abc'])('refuses %s with 400', async (query) => {
    ApiErrorBodySchema.parse((await charts(query).expect(400)).body);
  });

  it('serves each chart image as an SVG document with a title', async () => {
    const page = ChartPageSchema.parse((await charts('').expect(200)).body);
    const chart = page.content[0]!;
    expect(chart.contentImage).toBe(`/data-visuals/images/${chart.id}.svg`);
    const { res, text: svg } = await getText(t.app, chart.contentImage);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg).toContain('<title id="chart-title">');
    expect(svg.trimEnd().endsWith('</svg>')).toBe(true);
    expect(svg).toMatch(/<(rect|polyline) [^>]*fill="#1f5fa8"|stroke="#1f5fa8"/);
  });

  it('404s an unknown chart image', async () => {
    await get('/data-visuals/images/dv-9999.svg').expect(404);
    await get('/data-visuals/images/..%2Fsecret.svg').expect(404);
  });
});
