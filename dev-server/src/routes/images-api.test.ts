/** Every answer a reader sees an item in carries its picture (`image`, `imageUri`, `cover`, posters; PLAT-17). */
import request from 'supertest';
import {
  ArticleSchema,
  CollectionListSchema,
  IssueSchema,
  PlaylistListSchema,
  PlaylistSchema,
  ProductDetailSchema,
  ProductListSchema,
  ReadingListsSchema,
  StreamSchema,
  VideoSchema,
} from 'shared-contracts/server';
import { createTestApp, type TestApp } from '../test/harness';

const base = (kind: string, id?: string) => new RegExp(`^/images/${kind}/${id ?? '[\\w-]+'}/[0-9a-f]{12}$`);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const stream = async (path: string) => StreamSchema.parse((await request(t.app).get(path).expect(200)).body);

describe('articles', () => {
  it('stream entries of every article stream', async () => {
    for (const path of [
      '/service/stream/latest/0/10',
      '/service/stream/magazine/0/10',
      '/service/stream/topic/0/10?topic=strategy',
      '/service/stream/big-ideas/0/5',
    ]) {
      const { entry } = await stream(path);
      const articles = entry.filter((e) => e.listPrice === null);
      expect(articles.length).toBeGreaterThan(0);
      for (const e of articles) expect(e.image).toMatch(base('article', e.id));
    }
  });

  it('the article answer, with the same picture as its stream entry', async () => {
    const [first] = (await stream('/service/stream/latest/0/1')).entry;
    const article = ArticleSchema.parse((await request(t.app).get(`/api/article${first?.url}`).expect(200)).body);
    expect(article.image).toBe(first?.image);
  });

  it('reading lists (imageUri)', async () => {
    const held = await t.db.selectFrom('reading_list_items').select('article_id').limit(1).executeTakeFirstOrThrow();
    const { lists } = ReadingListsSchema.parse((await request(t.app).get(`/api/reading-lists?article=${held.article_id}`).expect(200)).body);
    const items = lists.flatMap((l) => l.recordList.recordItems);
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) expect(item.imageUri).toMatch(base('article'));
  });

  it('an issue: its articles and its cover', async () => {
    const issue = IssueSchema.parse((await request(t.app).get('/api/magazine/current-issue').expect(200)).body);
    expect(issue.cover).toMatch(base('issue', issue.issueCode));
    for (const a of issue.articles) expect(a.image).toMatch(base('article', a.id));
  });

  it('an editor’s own image is kept', async () => {
    const [first] = (await stream('/service/stream/latest/0/1')).entry;
    const own = 'https://images.example.com/cover-photo.jpg';
    // A new app: the stream and article answers of seeded content are cached in the process (decision 019).
    const edited = await createTestApp();
    try {
      await edited.db
        .updateTable('articles')
        .set({ image: own })
        .where('id', '=', first?.id ?? '')
        .execute();
      const latest = StreamSchema.parse((await request(edited.app).get('/service/stream/latest/0/1').expect(200)).body);
      expect(latest.entry[0]?.image).toBe(own);
      expect(ArticleSchema.parse((await request(edited.app).get(`/api/article${first?.url}`).expect(200)).body).image).toBe(own);
    } finally {
      await edited.close();
    }
  });
});

describe('products', () => {
  it('the catalogue, a product page and products in topic streams', async () => {
    const list = ProductListSchema.parse((await request(t.app).get('/api/store/products').expect(200)).body);
    expect(list.products.length).toBeGreaterThan(0);
    for (const p of list.products) expect(p.image).toMatch(base('product', p.id));
    const first = list.products[0];
    const detail = ProductDetailSchema.parse((await request(t.app).get(`/api/store/product/${first?.availabilityId}`).expect(200)).body);
    expect(detail.product.image).toBe(first?.image);
    const products = (await stream('/service/stream/topic/0/40?topic=strategy')).entry.filter((e) => e.listPrice !== null);
    expect(products.length).toBeGreaterThan(0);
    for (const e of products) expect(e.image).toMatch(base('product', e.id));
  });

  it('magazine issues sold in the store', async () => {
    const list = ProductListSchema.parse((await request(t.app).get('/api/store/products?category=magazine-issues').expect(200)).body);
    expect(list.products.length).toBeGreaterThan(0);
    for (const p of list.products) expect(p.image).toMatch(base('product', p.id));
  });
});

describe('videos', () => {
  it('a video: image is the poster’s base path; poster and thumbnail are its JPEGs', async () => {
    const { playlists } = PlaylistListSchema.parse((await request(t.app).get('/api/playlists').expect(200)).body);
    const playlist = PlaylistSchema.parse((await request(t.app).get(`/api/playlists/${playlists[0]?.id}`).expect(200)).body);
    const video = VideoSchema.parse((await request(t.app).get(`/api/videos/${playlist.videos[0]?.id}`).expect(200)).body);
    expect(video.image).toMatch(base('video', video.id));
    expect(video.poster).toBe(`${video.image}-1280.jpg`);
    expect(video.thumbnail).toBe(`${video.image}-640.jpg`);
    expect(playlist.videos[0]).toEqual(video);
  });

  it('video entries of the webinars stream and of search', async () => {
    const webinars = (await stream('/service/stream/webinars/1/10')).entry;
    expect(webinars.length).toBeGreaterThan(0);
    for (const e of webinars) expect(e.image).toMatch(base('video', e.id));
    const found = (await stream('/service/stream/search/1/10?query=explained&contentType=Video')).entry;
    expect(found.length).toBeGreaterThan(0);
    for (const e of found) expect(e.image).toMatch(base('video', e.id));
  });
});

describe('the visual library', () => {
  it('chart collections carry a picture; contentImage stays one of their charts', async () => {
    const { collections } = CollectionListSchema.parse((await request(t.app).get('/api/data-and-visuals/collections').expect(200)).body);
    expect(collections.length).toBeGreaterThan(0);
    for (const c of collections) {
      expect(c.image).toMatch(base('collection', c.id));
      expect(c.contentImage).toMatch(/^\/data-visuals\/images\/[\w-]+\.svg$/);
    }
  });
});
