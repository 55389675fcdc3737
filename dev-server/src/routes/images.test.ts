/** GET /images/{kind}/{id}/{version}-{width}.{format}: the generated pictures (decision 036). */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import { CollectionListSchema, IssueSchema, PlaylistListSchema, PlaylistSchema, ProductListSchema, StreamSchema } from 'shared-contracts/server';
import { rasterize } from '../services/images/raster';
import { asBytes, createTestApp, TEST_NOW, UNLIMITED, type TestApp } from '../test/harness';

jest.mock('../services/images/raster', () => {
  const actual: typeof import('../services/images/raster') = jest.requireActual('../services/images/raster');
  return { ...actual, rasterize: jest.fn(actual.rasterize) };
});
const renders = rasterize as jest.MockedFunction<typeof rasterize>;

const BASE = /^\/images\/(article|product|issue|video|collection)\/[\w-]+\/[0-9a-f]{12}$/;

let t: TestApp;
/** One base path of each kind, as the API answers give them. */
const bases: Record<'article' | 'product' | 'issue' | 'video' | 'collection', string> = { article: '', product: '', issue: '', video: '', collection: '' };

async function basesOf(app: TestApp['app']): Promise<typeof bases> {
  const stream = StreamSchema.parse((await request(app).get('/service/stream/latest/0/10').expect(200)).body);
  const products = ProductListSchema.parse((await request(app).get('/api/store/products?category=books').expect(200)).body);
  const issue = IssueSchema.parse((await request(app).get('/api/magazine/current-issue').expect(200)).body);
  const playlists = PlaylistListSchema.parse((await request(app).get('/api/playlists').expect(200)).body);
  const playlist = PlaylistSchema.parse((await request(app).get(`/api/playlists/${playlists.playlists[0]?.id}`).expect(200)).body);
  const collections = CollectionListSchema.parse((await request(app).get('/api/data-and-visuals/collections').expect(200)).body);
  return {
    article: stream.entry[0]?.image ?? '',
    product: products.products[0]?.image ?? '',
    issue: issue.cover,
    video: playlist.videos[0]?.image ?? '',
    collection: collections.collections[0]?.image ?? '',
  };
}

beforeAll(async () => {
  t = await createTestApp({ rateLimits: UNLIMITED });
  Object.assign(bases, await basesOf(t.app));
});
afterAll(() => t.close());
afterEach(() => t.clock.set(TEST_NOW));

const get = (app: TestApp['app'], url: string) => asBytes(request(app).get(url));

const MAGIC = {
  jpg: (b: Buffer) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  webp: (b: Buffer) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  avif: (b: Buffer) => b.subarray(4, 8).toString('latin1') === 'ftyp' && /avi[fs]/.test(b.subarray(8, 32).toString('latin1')),
};
const TYPES = { jpg: 'image/jpeg', webp: 'image/webp', avif: 'image/avif' } as const;
const SHARP_FORMAT = { jpg: 'jpeg', webp: 'webp', avif: 'heif' } as const;

describe('the API gives a base path of each kind', () => {
  it.each(['article', 'product', 'issue', 'video', 'collection'] as const)('%s', (kind) => {
    expect(bases[kind]).toMatch(BASE);
    expect(bases[kind].split('/')[2]).toBe(kind);
  });
});

describe('variants', () => {
  it.each([
    ['article', 640, 360],
    ['article', 320, 180],
    ['article', 1280, 720],
    ['video', 960, 540],
    ['collection', 640, 360],
    ['product', 480, 640],
    ['product', 240, 320],
    ['issue', 720, 960],
    ['issue', 480, 640],
  ] as const)('%s at %i x %i: AVIF, WebP and JPEG of that size', async (kind, width, height) => {
    for (const format of ['avif', 'webp', 'jpg'] as const) {
      const res = await get(t.app, `${bases[kind]}-${width}.${format}`).expect(200);
      const bytes = res.body as Buffer;
      expect(MAGIC[format](bytes)).toBe(true);
      expect(res.headers['content-type']).toBe(TYPES[format]);
      expect(Number(res.headers['content-length'])).toBe(bytes.length);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
      expect(res.headers.etag).toMatch(/^"[\w-]{22}"$/);
      const meta = await sharp(bytes).metadata();
      expect(meta).toMatchObject({ format: SHARP_FORMAT[format], width, height });
    }
  });

  it('the base path alone is the JPEG at the middle width (a plain <img src> works)', async () => {
    const wide = await get(t.app, bases.article).expect(200);
    expect(wide.headers['content-type']).toBe('image/jpeg');
    expect(await sharp(wide.body as Buffer).metadata()).toMatchObject({ format: 'jpeg', width: 640, height: 360 });
    expect(wide.body).toEqual((await get(t.app, `${bases.article}-640.jpg`).expect(200)).body);
    const tall = await get(t.app, bases.issue).expect(200);
    expect(await sharp(tall.body as Buffer).metadata()).toMatchObject({ width: 480, height: 640 });
  });

  it('answers HEAD and If-None-Match (304, no body)', async () => {
    const url = `${bases.product}-480.webp`;
    const first = await get(t.app, url).expect(200);
    const head = await request(t.app).head(url).expect(200);
    expect(head.headers.etag).toBe(first.headers.etag);
    expect(head.headers['content-length']).toBe(first.headers['content-length']);
    await request(t.app).get(url).set('If-None-Match', String(first.headers.etag)).expect(304);
  });
});

describe('determinism and caching', () => {
  it('the same address gives the same bytes, also from another process with empty caches', async () => {
    const other = await createTestApp({ rateLimits: UNLIMITED });
    try {
      expect(await basesOf(other.app)).toEqual(bases);
      for (const kind of Object.keys(bases) as (keyof typeof bases)[]) {
        const url = `${bases[kind]}-${kind === 'product' || kind === 'issue' ? 240 : 320}.webp`;
        const a = (await get(t.app, url).expect(200)).body as Buffer;
        const again = (await get(t.app, url).expect(200)).body as Buffer;
        const b = (await get(other.app, url).expect(200)).body as Buffer;
        expect(again.equals(a)).toBe(true);
        expect(b.equals(a)).toBe(true);
      }
    } finally {
      await other.close();
    }
  });

  it('items differ: two articles, two products, two videos do not share a picture', async () => {
    const stream = StreamSchema.parse((await request(t.app).get('/service/stream/latest/0/4').expect(200)).body);
    const images = stream.entry.map((e) => e.image ?? '');
    expect(new Set(images).size).toBe(images.length);
    const bytes = await Promise.all(images.slice(0, 2).map(async (base) => (await get(t.app, `${base}-320.jpg`).expect(200)).body as Buffer));
    expect(bytes[0]?.equals(bytes[1] as Buffer)).toBe(false);
  });

  it('draws a variant once: a second request, and concurrent ones, are served from the cache', async () => {
    const url = `${bases.collection}-960.avif`;
    renders.mockClear();
    const answers = await Promise.all([1, 2, 3].map(() => get(t.app, url).expect(200)));
    expect(renders).toHaveBeenCalledTimes(1);
    await get(t.app, url).expect(200);
    expect(renders).toHaveBeenCalledTimes(1);
    expect(new Set(answers.map((a) => (a.body as Buffer).toString('base64'))).size).toBe(1);
  });

  it('keeps drawn pictures on disk: a new process with the same folder draws nothing', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'images-'));
    const first = await createTestApp({ rateLimits: UNLIMITED, imageCacheDir: dir });
    const second = await createTestApp({ rateLimits: UNLIMITED, imageCacheDir: dir });
    try {
      const url = `${bases.video}-640.jpg`;
      renders.mockClear();
      const a = (await get(first.app, url).expect(200)).body as Buffer;
      expect(renders).toHaveBeenCalledTimes(1);
      expect(readdirSync(path.join(dir, 'video'))).toEqual([`${url.split('/')[3]}--${url.split('/')[4]}`]);
      const b = (await get(second.app, url).expect(200)).body as Buffer;
      expect(renders).toHaveBeenCalledTimes(1);
      expect(b.equals(a)).toBe(true);
    } finally {
      await first.close();
      await second.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('refusals: 404, nothing drawn', () => {
  const stale = (base: string) => base.replace(/[0-9a-f]$/, (c) => (c === '0' ? '1' : '0'));
  const cases: [string, () => string][] = [
    ['an unknown kind', () => bases.article.replace('/article/', '/poster/')],
    ['an unknown id', () => bases.article.replace(/\/images\/article\/[\w-]+\//, '/images/article/a19000101/')],
    ['another kind with the same id', () => bases.article.replace('/article/', '/video/')],
    ['a stale or made-up version', () => `${stale(bases.article)}-640.jpg`],
    ['a version in capitals', () => `${bases.article.toUpperCase().replace('/IMAGES/ARTICLE/', '/images/article/')}-640.jpg`],
    ['a width outside the set', () => `${bases.article}-641.jpg`],
    ['a cover width for a 16:9 picture', () => `${bases.article}-480.jpg`],
    ['a 16:9 width for a cover', () => `${bases.product}-1280.jpg`],
    ['a huge width', () => `${bases.product}-99999.jpg`],
    ['a format not served', () => `${bases.article}-640.png`],
    ['a format in capitals', () => `${bases.article}-640.JPG`],
    ['a double extension', () => `${bases.article}-640.jpg.svg`],
    ['a query-like file', () => `${bases.article}-640.jpg;.svg`],
    ['an extra segment', () => `${bases.article}/x-640.jpg`],
    ['no version', () => bases.article.replace(/\/[0-9a-f]{12}$/, '/')],
    ['a dot segment', () => bases.article.replace('/images/article/', '/images/article/../')],
    ['an encoded traversal', () => bases.article.replace('/images/article/', '/images/article/..%2f..%2f')],
    ['a backslash', () => bases.article.replace('/images/article/', '/images/article/..%5c')],
    ['a NUL', () => `${bases.article}%00-640.jpg`],
    ['an id with a dot', () => bases.article.replace(/\/images\/article\/([\w-]+)\//, '/images/article/$1.x/')],
    ['a long id', () => bases.article.replace(/\/images\/article\/[\w-]+\//, `/images/article/${'a'.repeat(81)}/`)],
  ];
  it.each(cases)('%s', async (_name, url) => {
    renders.mockClear();
    const res = await request(t.app).get(url());
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).not.toMatch(/^image\//);
    expect(renders).not.toHaveBeenCalled();
  });

  it('an article not yet published has no picture (its address is not answered before it is out)', async () => {
    const stream = StreamSchema.parse((await request(t.app).get('/service/stream/latest/0/1').expect(200)).body);
    const newest = stream.entry[0];
    t.clock.set(new Date(Date.parse(newest?.published ?? TEST_NOW) - 1000).toISOString());
    await request(t.app).get(`${newest?.image}-320.jpg`).expect(404);
  });

  it('a renamed item gets a new address and its old one answers 404', async () => {
    const other = await createTestApp({ rateLimits: UNLIMITED });
    try {
      const id = bases.article.split('/')[3] as string;
      await get(other.app, `${bases.article}-320.jpg`).expect(200);
      await other.db.updateTable('articles').set({ title: 'A Title an Editor Changed' }).where('id', '=', id).execute();
      await request(other.app).get(`${bases.article}-320.jpg`).expect(404);
      const renamed = StreamSchema.parse((await request(other.app).get('/service/stream/latest/0/10').expect(200)).body).entry.find((e) => e.id === id);
      expect(renamed?.image).toMatch(BASE);
      expect(renamed?.image).not.toBe(bases.article);
      await get(other.app, `${renamed?.image}-320.jpg`).expect(200);
    } finally {
      await other.close();
    }
  });
});

describe('rate limit on drawing', () => {
  it('counts pictures drawn per address, not pictures served from the cache', async () => {
    const limited = await createTestApp({ rateLimits: { ...UNLIMITED, imageRenders: { windowMs: 60_000, limit: 2 } } });
    try {
      const all = await basesOf(limited.app);
      await get(limited.app, `${all.article}-320.jpg`).expect(200);
      await get(limited.app, `${all.article}-640.jpg`).expect(200);
      const refused = await request(limited.app).get(`${all.article}-960.jpg`).expect(429);
      expect(refused.headers['content-type']).toMatch(/json/);
      // Already drawn: served whatever the count.
      await get(limited.app, `${all.article}-320.jpg`).expect(200);
      // Refusals before drawing do not count either: a bad width is a 404, not a 429.
      await request(limited.app).get(`${all.article}-333.jpg`).expect(404);
    } finally {
      await limited.close();
    }
  });
});

describe('no disk folder for an in-memory database', () => {
  it('the test app (memory only) writes nothing under the working folder', () => {
    expect(existsSync(path.join(process.cwd(), 'images'))).toBe(false);
  });
});
