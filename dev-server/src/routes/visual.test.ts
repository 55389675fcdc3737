/**
 * The visual library's calls (decision 016): the feed's paywall decision (GET /api/data-and-visuals), the
 * collections (GET /api/data-and-visuals/collections) and the subscriber downloads
 * (GET /data-visuals/download/{digest}/{file}).
 */
import request from 'supertest';
import {
  ApiErrorBodySchema,
  type ChartPage,
  ChartPageSchema,
  COLLECTION_SUMMARY_MAX_CHARS,
  CollectionListSchema,
  digestDownloadPath,
  QuotaSchema,
  UserSchema,
  type VisualSubject,
  VisualSubjectSchema,
} from 'shared-contracts/server';
import { z } from 'zod';
import { CHART_COUNT, CHART_SUBJECTS, EXTRA_CHART_COUNT } from '../seed/charts';
import { DEMO_EXECUTIVE, DEMO_GOOD, DEMO_READER, DEMO_SUBSCRIBER } from '../seed/demo-users';
import { seedVisualIfMissing } from '../seed';
import { registerFresh } from '../test/accounts';
import { createTestApp, getText, seededDatabase, setCookies, sidFrom, signIn, UNLIMITED, type TestApp } from '../test/harness';
import { articlesOf, getWith, readContent, type Browser, type SeedArticle } from '../test/paywall';

let t: TestApp;
let metered: SeedArticle[];
let subjects: VisualSubject[];
beforeAll(async () => {
  t = await createTestApp({ rateLimits: UNLIMITED });
  metered = await articlesOf(t, 'metered', 5);
  subjects = z.array(VisualSubjectSchema).parse((await request(t.app).get('/api/data-and-visuals/subjects').expect(200)).body);
});
afterAll(() => t.close());

async function sessionOf(email: string, password: string): Promise<Browser> {
  const sid = sidFrom(await signIn(t.app, email, password).expect(200));
  if (!sid) throw new Error(`no session for ${email}`);
  return { sid };
}

async function digestOf(browser: Browser): Promise<string> {
  const user = UserSchema.parse((await getWith(t, '/service/user/profile', browser).expect(200)).body);
  if (!user.subscriber) throw new Error('not a subscriber');
  return user.subscriber.digest;
}

describe('GET /api/data-and-visuals: the paywall decision', () => {
  async function feed(query: string, browser: Browser = {}): Promise<ChartPage> {
    const res = await getWith(t, `/api/data-and-visuals${query}`, browser).expect(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers.vary).toMatch(/Cookie/);
    expect(setCookies(res)).toEqual([]);
    return ChartPageSchema.parse(res.body);
  }

  async function remaining(browser: Browser): Promise<number> {
    return z.object({ quota: QuotaSchema }).parse((await getWith(t, '/api/meter', browser).expect(200)).body).quota.remaining;
  }

  function expectWalled(page: ChartPage, first: ChartPage['content'][number] | undefined, total: number): void {
    expect(page.content).toEqual(first ? [first] : []);
    expect(page).toMatchObject({ number: 1, totalPages: 1, totalElements: total, first: true, last: true, paywalled: true });
  }

  it('gives a fresh guest full pages of 10, with paging', async () => {
    const page1 = await feed('');
    expect(page1.content).toHaveLength(10);
    expect(page1).toMatchObject({ number: 1, size: 10, first: true, last: false, paywalled: false });
    expect(page1.totalElements).toBe(CHART_COUNT + EXTRA_CHART_COUNT);
    expect(page1.totalPages).toBe(Math.ceil(page1.totalElements / 10));
    const page2 = await feed('?page=2');
    expect(page2).toMatchObject({ number: 2, first: false, paywalled: false });
    expect(page2.content).toHaveLength(10);
    expect(page2.content.some((c) => page1.content.some((d) => d.id === c.id))).toBe(false);
  });

  it('paywalls a guest past the meter (one item), reading the meter without spending it', async () => {
    const browser: Browser = {};
    await readContent(t, metered[0]!, browser);
    expect(await remaining(browser)).toBe(3);
    const open = await feed('', browser);
    expect(open.content).toHaveLength(10);
    expect(open.paywalled).toBe(false);
    expect(await remaining(browser)).toBe(3);
    for (let i = 1; i < 4; i++) await readContent(t, metered[i]!, browser);
    expect(await remaining(browser)).toBe(0);
    expectWalled(await feed('', browser), open.content[0], open.totalElements);
    // Any page asked is page 1 of 1; the filter still applies.
    expectWalled(await feed('?page=3', browser), open.content[0], open.totalElements);
    const subject = subjects[2]!;
    const ofSubject = await feed(`?N=${subject.filter}`);
    expectWalled(await feed(`?N=${subject.filter}&page=2`, browser), ofSubject.content[0], ofSubject.totalElements);
    // Another device is not walled.
    expect((await feed('')).paywalled).toBe(false);
  });

  it('paywalls a registered reader past the meter', async () => {
    const { sid } = await registerFresh(t);
    const browser: Browser = { sid };
    const open = await feed('', browser);
    expect(open.paywalled).toBe(false);
    for (let i = 0; i < 4; i++) await readContent(t, metered[i]!, browser);
    expectWalled(await feed('', browser), open.content[0], open.totalElements);
  });

  it('gives a subscriber full pages past any meter', async () => {
    const browser = await sessionOf(DEMO_SUBSCRIBER.email, DEMO_SUBSCRIBER.password);
    for (let i = 0; i < 5; i++) await readContent(t, metered[i]!, browser);
    const page = await feed('?page=2', browser);
    expect(page.content).toHaveLength(10);
    expect(page).toMatchObject({ number: 2, paywalled: false });
  });

  it('always answers paywall=true with the first item only', async () => {
    const open = await feed('');
    expectWalled(await feed('?paywall=true'), open.content[0], open.totalElements);
    expectWalled(await feed('?paywall=true&page=4'), open.content[0], open.totalElements);
    const browser = await sessionOf(DEMO_SUBSCRIBER.email, DEMO_SUBSCRIBER.password);
    expectWalled(await feed('?paywall=true', browser), open.content[0], open.totalElements);
    // paywall=false never lifts the server's wall, and is otherwise the default.
    expect((await feed('?paywall=false')).paywalled).toBe(false);
  });

  it('pages within a subject: every subject has more than 10 charts', async () => {
    expect(subjects.map((s) => s.filter)).toEqual(CHART_SUBJECTS.map((s) => s.filter));
    for (const subject of subjects) {
      const page1 = await feed(`?N=${subject.filter}`);
      expect(page1.totalElements).toBeGreaterThan(10);
      expect(page1).toMatchObject({ number: 1, totalPages: 2, first: true, last: false, paywalled: false });
      const page2 = await feed(`?N=${subject.filter}&page=2`);
      expect(page2).toMatchObject({ number: 2, totalPages: 2, first: false, last: true });
      expect(page2.content).toHaveLength(page1.totalElements - 10);
      for (const c of [...page1.content, ...page2.content]) expect(c.term).toBe(subject.label);
      expect(new Set([...page1.content, ...page2.content].map((c) => c.id)).size).toBe(page1.totalElements);
    }
  });

  it('answers an unknown subject filter with an empty page, walled or not', async () => {
    expect(await feed('?N=12345')).toMatchObject({ content: [], totalElements: 0, paywalled: false });
    expect(await feed('?N=12345&paywall=true')).toEqual({
      content: [],
      number: 1,
      size: 10,
      totalPages: 1,
      totalElements: 0,
      first: true,
      last: true,
      paywalled: true,
    });
  });
});

describe('GET /api/data-and-visuals/collections', () => {
  it('lists the seeded collections, each linking to a subject and showing one of its charts', async () => {
    const list = CollectionListSchema.parse((await request(t.app).get('/api/data-and-visuals/collections').expect(200)).body);
    expect(list.collections.map((c) => c.title)).toEqual([
      'Leading Through Uncertainty',
      'Strategy in Numbers',
      'The Economy in Charts',
      'Technology at Work',
      'Where the Money Goes',
      'The Future of Work',
    ]);
    expect(list.collections.some((c) => c.summary.length > COLLECTION_SUMMARY_MAX_CHARS)).toBe(true);
    expect(list.collections.some((c) => c.summary.length <= COLLECTION_SUMMARY_MAX_CHARS)).toBe(true);
    for (const c of list.collections) {
      const filter = /^\/visual-library\?filter=(\d+)$/.exec(c.collectionLink)?.[1];
      const subject = subjects.find((s) => s.filter === filter);
      expect(subject).toBeDefined();
      const charts = ChartPageSchema.parse((await request(t.app).get(`/api/data-and-visuals?N=${filter}&size=50`).expect(200)).body);
      expect(charts.content.map((ch) => ch.contentImage)).toContain(c.contentImage);
      expect((await getText(t.app, c.contentImage)).res.status).toBe(200);
    }
  });

  it('is added to a database seeded before migration 0008, as a fresh seed has it', async () => {
    const fresh = await t.db.selectFrom('chart_collections').selectAll().orderBy('position').execute();
    const freshCharts = await t.db.selectFrom('charts').selectAll().orderBy('id').execute();
    const db = await seededDatabase();
    try {
      await db.deleteFrom('chart_collections').execute();
      await db.deleteFrom('library_items').where('content_kind', '=', 'chart').where('content_id', '>', 'dv-0060').execute();
      await db.deleteFrom('charts').where('id', '>', 'dv-0060').execute();
      expect(await seedVisualIfMissing(db)).toBe(true);
      expect(await db.selectFrom('chart_collections').selectAll().orderBy('position').execute()).toEqual(fresh);
      expect(await db.selectFrom('charts').selectAll().orderBy('id').execute()).toEqual(freshCharts);
      expect(await seedVisualIfMissing(db)).toBe(false);
    } finally {
      await db.destroy();
    }
  });
});

describe('GET /data-visuals/download/{digest}/{file}', () => {
  let best: Browser;
  let bestDigest: string;
  let chartImage: string;
  let chartFile: string;
  beforeAll(async () => {
    best = await sessionOf(DEMO_SUBSCRIBER.email, DEMO_SUBSCRIBER.password);
    bestDigest = await digestOf(best);
    const page = ChartPageSchema.parse((await request(t.app).get('/api/data-and-visuals').expect(200)).body);
    chartImage = page.content[0]!.contentImage;
    chartFile = chartImage.slice(chartImage.lastIndexOf('/') + 1);
  });

  const download = (path: string, browser: Browser = {}) =>
    getWith(t, path, browser)
      .buffer(true)
      .parse((stream, done) => {
        let data = '';
        stream.setEncoding('utf8');
        stream.on('data', (chunk: string) => (data += chunk));
        stream.on('end', () => done(null, data));
      });

  async function expectError(path: string, browser: Browser, status: number): Promise<void> {
    const res = await getWith(t, path, browser).expect(status);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    ApiErrorBodySchema.parse(res.body);
  }

  it('gives a Best subscriber the chart as an attachment with their digest', async () => {
    const path = digestDownloadPath(bestDigest, { contentImage: chartImage });
    expect(path).toBe(`/data-visuals/download/${bestDigest}/${chartFile}`);
    const res = await download(path, best).expect(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${chartFile}"`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.body).toBe((await getText(t.app, chartImage)).text);
    expect(String(res.body)).toContain('<title id="chart-title">');
  });

  it('lets an Executive subscriber download with their own digest', async () => {
    const executive = await sessionOf(DEMO_EXECUTIVE.email, DEMO_EXECUTIVE.password);
    await download(`/data-visuals/download/${await digestOf(executive)}/${chartFile}`, executive).expect(200);
  });

  it('refuses a Good subscriber (no visual library) with 403, even with their own digest', async () => {
    const good = await sessionOf(DEMO_GOOD.email, DEMO_GOOD.password);
    await expectError(`/data-visuals/download/${await digestOf(good)}/${chartFile}`, good, 403);
    await expectError(`/data-visuals/download/${bestDigest}/${chartFile}`, good, 403);
  });

  it('refuses a registered reader with 403 and a guest with 401', async () => {
    const reader = await sessionOf(DEMO_READER.email, DEMO_READER.password);
    await expectError(`/data-visuals/download/${bestDigest}/${chartFile}`, reader, 403);
    await expectError(`/data-visuals/download/${bestDigest}/${chartFile}`, {}, 401);
  });

  it('refuses a wrong digest and another subscriber’s digest with 403', async () => {
    const executive = await sessionOf(DEMO_EXECUTIVE.email, DEMO_EXECUTIVE.password);
    const executiveDigest = await digestOf(executive);
    expect(executiveDigest).not.toBe(bestDigest);
    for (const digest of [executiveDigest, '0'.repeat(64), bestDigest.toUpperCase(), bestDigest.slice(0, 63), `${bestDigest}0`, 'abc']) {
      await expectError(`/data-visuals/download/${digest}/${chartFile}`, best, 403);
    }
  });

  it('404s anything but a chart of the store, without touching the file system', async () => {
    for (const file of [
      '..%2F..%2Fpackage.json',
      '..%2F..%2F..%2Fpackage.json',
      '%2e%2e%2F%2e%2e%2Fpackage.json',
      '%2e%2e',
      '..%5C..%5Cpackage.json',
      '%2Fetc%2Fpasswd',
      'dv-0001.png',
      'dv-0001.svg.json',
      'DV-0001.SVG',
      'dv-0001.svg%00.png',
      `${'a'.repeat(81)}.svg`,
      'dv-9999.svg',
      'package.svg',
    ]) {
      await expectError(`/data-visuals/download/${bestDigest}/${file}`, best, 404);
    }
    // Extra segments match no route.
    await getWith(t, `/data-visuals/download/${bestDigest}/../../package.json`, best).expect(404);
    await getWith(t, `/data-visuals/download/${bestDigest}/a/${chartFile}`, best).expect(404);
  });

  it('keeps the public image link for everyone', async () => {
    const { res } = await getText(t.app, chartImage);
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toBeUndefined();
  });
});
