/**
 * The media URLs apply the page's decision (services/video-access.ts wallFor): a guest past the
 * meter gets no clip bytes (whole or ranged) and no chart image beyond what the walled page shows;
 * the subscriber-only video walls everyone but subscribers; the visual-library stream gives a walled
 * reader exactly what /api/data-and-visuals gives. Deciding never spends the meter.
 */
import request from 'supertest';
import { ApiErrorBodySchema, ChartPageSchema, firstPageOf, QuotaSchema, StreamSchema, VideoAccessSchema } from 'shared-contracts/server';
import { z } from 'zod';
import { DEMO_SUBSCRIBER } from '../seed/demo-users';
import { registerFresh } from '../test/accounts';
import { asBytes, createTestApp, sidFrom, signIn, UNLIMITED, type TestApp } from '../test/harness';
import { articlesOf, getWith, readContent, type Browser, type SeedArticle } from '../test/paywall';
import { MEDIA_WALLED } from './media';

/** The video the seed marks subscriber-only. */
const SUBSCRIBER_ONLY_VIDEO = '4660386311048';
const CHART_IDS = Array.from({ length: 20 }, (_, i) => `dv-${String(i + 1).padStart(4, '0')}`);
const VISUAL_STREAM = `/service/stream/visual-library/${firstPageOf('visual-library')}/50`;

let t: TestApp;
let metered: SeedArticle[];
let openVideo: string;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: UNLIMITED });
  metered = await articlesOf(t, 'metered', 4);
  openVideo = (await t.db.selectFrom('videos').select('id').where('subscriber_only', '=', 0).orderBy('id').executeTakeFirstOrThrow()).id;
});
afterAll(() => t.close());

/** GET with the body as a Buffer whatever its type. */
function getBytes(path: string, browser: Browser, headers: Record<string, string> = {}) {
  return asBytes(getWith(t, path, browser).set(headers));
}

/** A guest device that has read `count` metered articles this month. */
async function guestWithViews(count: number): Promise<Browser> {
  const browser: Browser = {};
  for (const article of metered.slice(0, count)) await readContent(t, article, browser);
  return browser;
}

async function subscriber(): Promise<Browser> {
  const sid = sidFrom(await signIn(t.app, DEMO_SUBSCRIBER.email, DEMO_SUBSCRIBER.password).expect(200));
  if (!sid) throw new Error('no session');
  return { sid };
}

async function meterCount(browser: Browser): Promise<number> {
  return QuotaSchema.parse((await getWith(t, '/api/meter', browser).expect(200)).body.quota).count;
}

/** A refused media request: 403 JSON with the wall's message, and no byte of the item. */
function expectWalled(res: request.Response, message: string): void {
  expect(res.status).toBe(403);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  expect(res.headers['content-range']).toBeUndefined();
  expect(ApiErrorBodySchema.parse(JSON.parse((res.body as Buffer).toString('utf8'))).message).toBe(message);
}

describe('video clips follow the video paywall', () => {
  it('a guest past the meter is told enable-paywall and gets no clip bytes, whole or ranged', async () => {
    const guest = await guestWithViews(4);
    const access = VideoAccessSchema.parse((await getWith(t, `/api/videos/${openVideo}/access`, guest).expect(200)).body);
    expect(access).toEqual({ videoId: openVideo, message: 'enable-paywall', wall: 'registration-wall' });
    expectWalled(await getBytes(`/media/videos/${openVideo}/video.webm`, guest), MEDIA_WALLED.video);
    expectWalled(await getBytes(`/media/videos/${openVideo}/video.webm`, guest, { Range: 'bytes=0-99' }), MEDIA_WALLED.video);
    expectWalled(await getBytes(`/media/videos/${openVideo}/video.webm`, guest, { Range: 'bytes=100-' }), MEDIA_WALLED.video);
    // The poster is what the walled page shows instead of the player.
    await getWith(t, `/media/videos/${openVideo}/poster.svg`, guest).expect(200);
  });

  it('a guest with articles left watches (200 and 206), and the clip requests spend no view', async () => {
    const guest = await guestWithViews(3);
    expect((await getWith(t, `/api/videos/${openVideo}/access`, guest).expect(200)).body).toMatchObject({ message: 'disable-paywall' });
    const whole = await getBytes(`/media/videos/${openVideo}/video.webm`, guest).expect(200);
    expect(whole.headers['content-type']).toBe('video/webm');
    expect(whole.headers['cache-control']).toBe('private, no-cache');
    for (let i = 0; i < 5; i++) {
      const part = await getBytes(`/media/videos/${openVideo}/video.webm`, guest, { Range: `bytes=${i * 10}-${i * 10 + 9}` }).expect(206);
      expect((part.body as Buffer).length).toBe(10);
    }
    expect(await meterCount(guest)).toBe(3);
    // A guest who has never read (no cookie) watches too.
    await getBytes(`/media/videos/${openVideo}/video.webm`, {}, { Range: 'bytes=0-9' }).expect(206);
  });

  it('the subscriber-only video walls a guest and a registered reader and plays for a subscriber', async () => {
    const path = `/media/videos/${SUBSCRIBER_ONLY_VIDEO}/video.webm`;
    const { sid } = await registerFresh(t);
    for (const browser of [{}, await guestWithViews(1), { sid }] as Browser[]) {
      const access = VideoAccessSchema.parse((await getWith(t, `/api/videos/${SUBSCRIBER_ONLY_VIDEO}/access`, browser).expect(200)).body);
      expect(access).toEqual({ videoId: SUBSCRIBER_ONLY_VIDEO, message: 'enable-paywall', wall: 'subscription-wall' });
      expectWalled(await getBytes(path, browser), MEDIA_WALLED.video);
      expectWalled(await getBytes(path, browser, { Range: 'bytes=0-99' }), MEDIA_WALLED.video);
    }
    const sub = await subscriber();
    expect((await getWith(t, `/api/videos/${SUBSCRIBER_ONLY_VIDEO}/access`, sub).expect(200)).body).toMatchObject({ message: 'disable-paywall', wall: null });
    await getBytes(path, sub).expect(200);
    await getBytes(path, sub, { Range: 'bytes=0-99' }).expect(206);
  });

  it('a subscriber watches every video past any meter', async () => {
    const sub = await subscriber();
    await getBytes(`/media/videos/${openVideo}/video.webm`, sub, { Range: 'bytes=0-9' }).expect(206);
  });
});

describe('the visual library follows one decision', () => {
  const streamIds = async (browser: Browser) => StreamSchema.parse((await getWith(t, VISUAL_STREAM, browser).expect(200)).body);
  const feed = async (browser: Browser, query = '') => ChartPageSchema.parse((await getWith(t, `/api/data-and-visuals${query}`, browser).expect(200)).body);

  it('the visual-library stream gives a walled guest exactly what /api/data-and-visuals gives', async () => {
    const guest = await guestWithViews(4);
    const page = await feed(guest);
    expect(page.paywalled).toBe(true);
    expect(page.content).toHaveLength(1);
    const stream = await streamIds(guest);
    expect(stream.entry.map((e) => e.id)).toEqual(page.content.map((c) => c.id));
    expect(stream.page).toMatchObject({ totalPages: 1, last: true });
    // Any page of it: still the one chart.
    const later = StreamSchema.parse((await getWith(t, '/service/stream/visual-library/3/10', guest).expect(200)).body);
    expect(later.entry.map((e) => e.id)).toEqual(page.content.map((c) => c.id));
  });

  it('a guest with articles left and a subscriber get the whole stream', async () => {
    for (const browser of [await guestWithViews(1), await subscriber()]) {
      const stream = await streamIds(browser);
      expect(stream.entry.length).toBeGreaterThan(20);
      expect((await feed(browser)).paywalled).toBe(false);
    }
  });

  it('chart images: a walled guest gets only the charts the walled feeds show, 403 for the others', async () => {
    const guest = await guestWithViews(4);
    const subjects = z.array(z.object({ filter: z.string() })).parse((await request(t.app).get('/api/data-and-visuals/subjects').expect(200)).body);
    const shown = new Set((await feed(guest)).content.map((c) => c.id));
    for (const s of subjects) for (const c of (await feed(guest, `?N=${s.filter}`)).content) shown.add(c.id);
    const refused: string[] = [];
    for (const id of CHART_IDS) {
      const res = await getBytes(`/data-visuals/images/${id}.svg`, guest);
      if (shown.has(id)) expect(res.status).toBe(200);
      else {
        expectWalled(res, MEDIA_WALLED.chart);
        refused.push(id);
      }
    }
    expect(refused.length).toBeGreaterThan(10);
    // Every chart the walled page shows is drawn.
    for (const id of shown) await getBytes(`/data-visuals/images/${id}.svg`, guest).expect(200);
  });

  it('chart images: a guest with articles left and a subscriber get every chart, never cached for others', async () => {
    for (const browser of [await guestWithViews(2), await subscriber()]) {
      for (const id of CHART_IDS) {
        const res = await getBytes(`/data-visuals/images/${id}.svg`, browser).expect(200);
        expect(res.headers['cache-control']).toBe('private, no-cache');
      }
    }
    expect(await meterCount(await guestWithViews(2))).toBe(2);
  });

  it('a walled guest gets no chart download (signed-in subscribers with the visual library only)', async () => {
    const guest = await guestWithViews(4);
    await getWith(t, `/data-visuals/download/abc/${CHART_IDS[5]}.svg`, guest).expect(401);
  });
});
