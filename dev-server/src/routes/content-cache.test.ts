/**
 * The in-process caches of GET /api/article and the article streams (docs/decisions/019-api-caching.md):
 * a cached answer is byte for byte what res.json would send, follows the clock across publication
 * times both ways, and never carries one viewer's answer to another.
 */
import express from 'express';
import request from 'supertest';
import { ArticleSchema, StreamSchema } from 'shared-contracts/server';
import { DEMO_READER, DEMO_SUBSCRIBER } from '../seed/demo-users';
import { loadStream, sessionOf } from '../test/discovery';
import { createTestApp, TEST_NOW, UNLIMITED, type TestApp } from '../test/harness';
import { articlesOf, readContent } from '../test/paywall';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: UNLIMITED });
});
afterAll(() => t.close());
afterEach(() => t.clock.set(TEST_NOW));

/** What res.json of this app sends for the same value: body bytes and ETag. */
async function asResJson(text: string): Promise<{ text: string; etag: string | undefined }> {
  const app = express();
  app.set('etag', 'strong');
  app.get('/', (_req, res) => {
    res.json(JSON.parse(text));
  });
  const res = await request(app).get('/').expect(200);
  return { text: res.text, etag: res.headers.etag };
}

const apiPath = (a: { year: number; month: number; slug: string }) => `/api/article/${a.year}/${String(a.month).padStart(2, '0')}/${a.slug}`;

describe('GET /api/article from the cache', () => {
  it('answers the same bytes, type and ETag as res.json, the first time and from the cache', async () => {
    const [a] = await articlesOf(t, 'metered', 1);
    // Uncompressed (an answer from 1 KB is gzipped for a client that accepts it, without Content-Length).
    const first = await request(t.app).get(apiPath(a!)).set('Accept-Encoding', 'identity').expect(200);
    const second = await request(t.app).get(apiPath(a!)).set('Accept-Encoding', 'identity').expect(200);
    expect(second.text).toBe(first.text);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(second.headers['content-length']).toBe(String(Buffer.byteLength(first.text)));
    expect(await asResJson(first.text)).toEqual({ text: first.text, etag: first.headers.etag });
    expect(ArticleSchema.parse(second.body).body).toEqual([]);
    // Every response still has its own request id and the security headers.
    expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
    expect(second.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const [a] = await articlesOf(t, 'free', 1);
    const { headers } = await request(t.app).get(apiPath(a!)).expect(200);
    const res = await request(t.app).get(apiPath(a!)).set('If-None-Match', String(headers.etag)).expect(304);
    expect(res.text).toBe('');
  });

  it('is a 404 again when the clock goes back before the publication time, and 200 after it', async () => {
    const [a] = await articlesOf(t, 'metered', 1);
    await request(t.app).get(apiPath(a!)).expect(200);
    const published = ArticleSchema.parse((await request(t.app).get(apiPath(a!)).expect(200)).body).published;
    t.clock.set(new Date(Date.parse(published) - 1));
    await request(t.app).get(apiPath(a!)).expect(404);
    t.clock.set(published);
    await request(t.app).get(apiPath(a!)).expect(200);
  });

  it('keeps 404s out of the cache and never carries the body, whoever read the article before', async () => {
    await request(t.app).get('/api/article/2025/06/no-such-article').expect(404);
    await request(t.app).get('/api/article/2025/06/no-such-article').expect(404);
    const [a] = await articlesOf(t, 'metered', 1);
    const sid = await sessionOf(t, DEMO_SUBSCRIBER);
    const { content } = await readContent(t, a!, { sid });
    expect(content.content.length).toBeGreaterThan(0);
    const guest = ArticleSchema.parse((await request(t.app).get(apiPath(a!)).expect(200)).body);
    const subscriber = ArticleSchema.parse((await request(t.app).get(apiPath(a!)).set('Cookie', `sid=${sid}`).expect(200)).body);
    expect(guest.body).toEqual([]);
    expect(subscriber).toEqual(guest);
  });
});

describe('article stream pages from the cache', () => {
  it('answers the same bytes and ETag as res.json, the first time and from the cache', async () => {
    const first = await request(t.app).get('/service/stream/latest/0/10').expect(200);
    const second = await request(t.app).get('/service/stream/latest/0/10').expect(200);
    expect(second.text).toBe(first.text);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.headers['cache-control']).toBe('private, no-cache');
    expect(second.headers.vary).toMatch(/^Cookie\b/);
    expect(await asResJson(first.text)).toEqual({ text: first.text, etag: first.headers.etag });
    const res = await request(t.app).get('/service/stream/latest/0/10').set('If-None-Match', String(first.headers.etag)).expect(304);
    expect(res.text).toBe('');
  });

  it('gives each viewer their own isPaywallEnabled from one cached page', async () => {
    const subscriber = await sessionOf(t, DEMO_SUBSCRIBER);
    const member = await sessionOf(t, DEMO_READER);
    const path = '/service/stream/magazine/0/8';
    const views = [];
    for (const sid of [undefined, subscriber, member, undefined, subscriber]) views.push(await loadStream(t, path, sid));
    expect(views.map((s) => s.isPaywallEnabled)).toEqual([true, false, true, true, false]);
    for (const view of views) expect({ ...view, isPaywallEnabled: true }).toEqual(views[0]);
  });

  it('follows the clock across a publication time, both ways', async () => {
    const now = await loadStream(t, '/service/stream/latest/0/10');
    const newest = now.entry[0]!;
    t.clock.set(new Date(Date.parse(newest.published) - 1));
    const before = await loadStream(t, '/service/stream/latest/0/10');
    expect(before.entry.map((e) => e.id)).not.toContain(newest.id);
    expect(before.page.totalElements).toBe(now.page.totalElements - 1);
    t.clock.set(newest.published);
    expect(await loadStream(t, '/service/stream/latest/0/10')).toEqual(now);
    t.clock.set(new Date(Date.parse(newest.published) - 1));
    expect(await loadStream(t, '/service/stream/latest/0/10')).toEqual(before);
  });

  it('keeps pages of other sizes, types, content types and topics apart', async () => {
    const pages = [
      '/service/stream/latest/0/10',
      '/service/stream/latest/0/9',
      '/service/stream/latest/1/10',
      '/service/stream/magazine/0/10',
      '/service/stream/latest/0/10?contentType=Digital%20Article',
      '/service/stream/topic/0/10?topic=strategy',
      '/service/stream/topic/0/10?topic=leadership',
    ];
    const first = await Promise.all(pages.map((p) => loadStream(t, p)));
    const again = [];
    for (const p of pages) again.push(await loadStream(t, p));
    expect(again).toEqual(first);
    expect(new Set(first.map((s) => JSON.stringify(s))).size).toBe(pages.length);
    expect(first[4]!.entry.every((e) => e.contentType === 'Digital Article')).toBe(true);
  });

  it('still refuses what it refused: an unknown topic, a topic stream without one, a guest on following', async () => {
    await request(t.app).get('/service/stream/topic/0/10?topic=no-such-topic').expect(404);
    await request(t.app).get('/service/stream/topic/0/10?topic=no-such-topic').expect(404);
    await request(t.app).get('/service/stream/topic/0/10').expect(400);
    await request(t.app).get('/service/stream/following/0/10').expect(401);
    expect(StreamSchema.parse((await request(t.app).get('/service/stream/topic/0/10?topic=strategy').expect(200)).body).type).toBe('topic');
  });
});

describe('search and auto-suggest answers kept serialized', () => {
  it('answer a repeated search with the bytes and ETag res.json sends, each viewer with their own paywall flag', async () => {
    const path = '/service/stream/search/1/10?query=pricing%20power';
    const guest = await request(t.app).get(path).set('Accept-Encoding', 'identity').expect(200);
    const again = await request(t.app).get(path).set('Accept-Encoding', 'identity').expect(200);
    expect(again.text).toBe(guest.text);
    expect(again.headers.etag).toBe(guest.headers.etag);
    expect(await asResJson(guest.text)).toEqual({ text: guest.text, etag: guest.headers.etag });
    await request(t.app).get(path).set('If-None-Match', String(guest.headers.etag)).expect(304);
    expect(again.headers['cache-control']).toBe('private, no-cache');
    const subscriber = await request(t.app)
      .get(path)
      .set('Cookie', `sid=${await sessionOf(t, DEMO_SUBSCRIBER)}`)
      .expect(200);
    expect(StreamSchema.parse(guest.body).isPaywallEnabled).toBe(true);
    expect(StreamSchema.parse(subscriber.body).isPaywallEnabled).toBe(false);
    expect({ ...subscriber.body, isPaywallEnabled: true }).toEqual(guest.body);
    // A reader's own flag is never served to a guest afterwards.
    expect((await request(t.app).get(path).expect(200)).text).toBe(guest.text);
  });

  it('answer a repeated auto-suggestion with the bytes and ETag res.json sends, cacheable by a CDN', async () => {
    const path = '/service/search/auto-suggest?term=prici';
    const first = await request(t.app).get(path).set('Accept-Encoding', 'identity').expect(200);
    const again = await request(t.app).get(path).set('Accept-Encoding', 'identity').expect(200);
    expect(again.text).toBe(first.text);
    expect(await asResJson(first.text)).toEqual({ text: first.text, etag: first.headers.etag });
    expect(again.headers['cache-control']).toBe('public, max-age=60');
    await request(t.app).get(path).set('If-None-Match', String(first.headers.etag)).expect(304);
  });
});
