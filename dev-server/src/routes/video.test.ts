/** The video pages' calls (decision 015): GET /api/playlists, GET /api/videos/{id}/access, the clips under /media/videos. */
import fs from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { ApiErrorBodySchema, PlaylistListSchema, PlaylistSchema, QuotaSchema, VideoAccessSchema, VideoSchema } from 'shared-contracts/server';
import { z } from 'zod';
import { DEMO_SUBSCRIBER } from '../seed/demo-users';
import { VIDEO_CLIPS, VIDEO_CLIPS_DIR } from '../services/video-clips';
import { registerFresh } from '../test/accounts';
import { asBytes, createTestApp, setCookies, sidFrom, signIn, UNLIMITED, type TestApp } from '../test/harness';
import { articlesOf, getWith, readContent, type Browser, type SeedArticle } from '../test/paywall';

let t: TestApp;
let metered: SeedArticle[];
let videoIds: string[];
beforeAll(async () => {
  t = await createTestApp({ rateLimits: UNLIMITED });
  metered = await articlesOf(t, 'metered', 5);
  videoIds = (await t.db.selectFrom('videos').select('id').orderBy('id').execute()).map((r) => r.id);
});
afterAll(() => t.close());

/** GET with the body as a Buffer whatever its type. */
function getBytes(pathname: string, headers: Record<string, string> = {}) {
  return asBytes(request(t.app).get(pathname).set(headers));
}

const clipBytes = (clip: string) => fs.readFileSync(path.join(VIDEO_CLIPS_DIR, `${clip}.webm`));

async function clipOf(id: string): Promise<string> {
  return (await t.db.selectFrom('videos').select('clip').where('id', '=', id).executeTakeFirstOrThrow()).clip;
}

describe('GET /api/playlists', () => {
  it('lists the three playlists in order with their counts', async () => {
    const res = await request(t.app).get('/api/playlists').expect(200);
    const list = PlaylistListSchema.parse(res.body);
    expect(list.playlists.map((p) => [p.id, p.name])).toEqual([
      ['what-to-watch-next', 'What to watch next'],
      ['the-latest', 'The Latest'],
      ['explainers', 'Explainers'],
    ]);
    for (const p of list.playlists) {
      const playlist = PlaylistSchema.parse((await request(t.app).get(`/api/playlists/${p.id}`).expect(200)).body);
      expect(p.count).toBe(playlist.videos.length);
      // Six tiles, then 'Load more'.
      expect(p.count).toBeGreaterThanOrEqual(8);
    }
  });
});

describe('the seeded videos', () => {
  it('play their clip: a webm source under /media/videos and the clip’s length', async () => {
    const lengths = new Map<string, number>(VIDEO_CLIPS.map((c) => [c.clip, c.seconds]));
    for (const id of videoIds) {
      const video = VideoSchema.parse((await request(t.app).get(`/api/videos/${id}`).expect(200)).body);
      expect(video.src).toBe(`/media/videos/${id}/video.webm`);
      expect(video.duration).toBe(lengths.get(await clipOf(id)));
    }
    const clips = await t.db.selectFrom('videos').select('clip').distinct().orderBy('clip').execute();
    expect(clips.map((c) => c.clip)).toEqual(['clip-1', 'clip-2', 'clip-3', 'clip-4']);
    const subscriberOnly = await t.db.selectFrom('videos').select('id').where('subscriber_only', '=', 1).execute();
    expect(subscriberOnly.length).toBeGreaterThan(0);
  });
});

describe('GET /media/videos/{id}/video.webm', () => {
  it('streams the clip the video plays, kept by this browser only and checked on each use', async () => {
    const id = videoIds[0]!;
    const res = await getBytes(`/media/videos/${id}/video.webm`).expect(200);
    expect(res.headers['content-type']).toBe('video/webm');
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(Buffer.compare(res.body as Buffer, clipBytes(await clipOf(id)))).toBe(0);
  });

  it('answers a Range with 206 and those bytes', async () => {
    const id = videoIds[1]!;
    const file = clipBytes(await clipOf(id));
    const res = await getBytes(`/media/videos/${id}/video.webm`, { Range: 'bytes=0-99' }).expect(206);
    expect(res.headers['content-range']).toBe(`bytes 0-99/${file.length}`);
    expect(res.headers['content-length']).toBe('100');
    expect(res.headers['content-type']).toBe('video/webm');
    expect(Buffer.compare(res.body as Buffer, file.subarray(0, 100))).toBe(0);
  });

  it('answers a conditional GET with 304', async () => {
    const url = `/media/videos/${videoIds[2]!}/video.webm`;
    const first = await getBytes(url).expect(200);
    expect(first.headers.etag).toBeTruthy();
    await getBytes(url, { 'If-None-Match': first.headers.etag as string }).expect(304);
  });

  it('404s an unknown or malformed id with JSON', async () => {
    const unknown = await request(t.app).get('/media/videos/1234567890/video.webm').expect(404);
    expect(unknown.headers['content-type']).toMatch(/^application\/json/);
    ApiErrorBodySchema.parse(unknown.body);
    for (const id of ['..%2F..%2Fetc', 'abc', '..', '%2e%2e']) {
      const res = await request(t.app).get(`/media/videos/${id}/video.webm`).expect(404);
      ApiErrorBodySchema.parse(res.body);
    }
  });
});

describe('GET /api/videos/{id}/access', () => {
  const MeterSchema = z.object({ quota: QuotaSchema });

  async function accessOf(id: string, browser: Browser) {
    const res = await getWith(t, `/api/videos/${id}/access`, browser).expect(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(setCookies(res)).toEqual([]);
    return VideoAccessSchema.parse(res.body);
  }

  async function remaining(browser: Browser): Promise<number> {
    return MeterSchema.parse((await getWith(t, '/api/meter', browser).expect(200)).body).quota.remaining;
  }

  it('lets a fresh guest watch, without setting a cookie', async () => {
    const id = videoIds[0]!;
    expect(await accessOf(id, {})).toEqual({ videoId: id, message: 'disable-paywall', wall: null });
  });

  it('lets a guest watch while the meter has articles left, without spending it; then the registration wall', async () => {
    const id = videoIds[3]!;
    const browser: Browser = {};
    await readContent(t, metered[0]!, browser);
    expect(browser.mid).toBeTruthy();
    expect(await remaining(browser)).toBe(3);
    for (let i = 0; i < 3; i++) expect((await accessOf(id, browser)).message).toBe('disable-paywall');
    expect(await remaining(browser)).toBe(3);
    for (let i = 1; i < 4; i++) await readContent(t, metered[i]!, browser);
    expect(await remaining(browser)).toBe(0);
    expect(await accessOf(id, browser)).toEqual({ videoId: id, message: 'enable-paywall', wall: 'registration-wall' });
    // Another device is not walled.
    expect((await accessOf(id, {})).message).toBe('disable-paywall');
  });

  it('walls a registered member past the meter with the subscription wall', async () => {
    const id = videoIds[4]!;
    const { sid } = await registerFresh(t);
    const browser: Browser = { sid };
    expect((await accessOf(id, browser)).message).toBe('disable-paywall');
    for (let i = 0; i < 4; i++) await readContent(t, metered[i]!, browser);
    expect(await remaining(browser)).toBe(0);
    expect(await accessOf(id, browser)).toEqual({ videoId: id, message: 'enable-paywall', wall: 'subscription-wall' });
  });

  it('always lets a subscriber watch, subscriber-only videos too', async () => {
    const sid = sidFrom(await signIn(t.app, DEMO_SUBSCRIBER.email, DEMO_SUBSCRIBER.password).expect(200));
    const browser: Browser = { sid };
    for (let i = 0; i < 5; i++) await readContent(t, metered[i]!, browser);
    const subscriberOnly = (await t.db.selectFrom('videos').select('id').where('subscriber_only', '=', 1).executeTakeFirstOrThrow()).id;
    for (const id of [videoIds[5]!, subscriberOnly]) {
      expect(await accessOf(id, browser)).toEqual({ videoId: id, message: 'disable-paywall', wall: null });
    }
  });

  it('404s an unknown video and refuses a malformed id', async () => {
    expect(ApiErrorBodySchema.parse((await request(t.app).get('/api/videos/1234567890/access').expect(404)).body).message).toBe('Video not found');
    await request(t.app).get('/api/videos/abc/access').expect(400);
  });
});
