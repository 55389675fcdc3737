/**
 * The network meter (services/meter.ts): a guest who drops the `mid` cookie still meets the wall
 * once their network (IPv4 address, IPv6 /64) has read NETWORK_QUOTA_MULTIPLIER times a guest's
 * quota this month; another network does not; signed-in readers are metered by their account only;
 * the address is never stored. The app trusts the loopback proxy here so X-Forwarded-For gives the
 * client address (TRUST_PROXY).
 */
import request from 'supertest';
import { type ArticleContent, ArticleContentSchema, CSRF_HEADER, CSRF_VALUE, QuotaSchema, VideoAccessSchema } from 'shared-contracts/server';
import { DEFAULT_QUOTA_LIMIT } from '../server-rules';
import { settingsFromEnv } from '../config';
import { NETWORK_LIMITS, NETWORK_QUOTA_MULTIPLIER, networkOf } from '../services/meter';
import { registerFresh } from '../test/accounts';
import { createTestApp, UNLIMITED, type TestApp } from '../test/harness';
import { articlesOf, midFrom, type SeedArticle } from '../test/paywall';
import { MEDIA_WALLED } from './media';

const OFFICE = '203.0.113.7';
const ELSEWHERE = '198.51.100.4';

let t: TestApp;
let metered: SeedArticle[];
let openVideo: string;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: UNLIMITED, trustProxy: 'loopback' });
  metered = await articlesOf(t, 'metered', NETWORK_LIMITS.article + 2);
  openVideo = (await t.db.selectFrom('videos').select('id').where('subscriber_only', '=', 0).orderBy('id').executeTakeFirstOrThrow()).id;
});
afterAll(() => t.close());

/** The content call from an address, with the given cookie (none: a browser that dropped its cookies). */
async function read(article: SeedArticle, from: string, cookie?: string): Promise<{ content: ArticleContent; mid: string | undefined }> {
  const req = request(t.app)
    .post(`/api/article/piano/content?year=${article.year}&month=${String(article.month).padStart(2, '0')}&seotitle=${article.slug}`)
    .set(CSRF_HEADER, CSRF_VALUE)
    .set('X-Forwarded-For', from);
  if (cookie) req.set('Cookie', cookie);
  const res = await req.send({}).expect(200);
  return { content: ArticleContentSchema.parse(res.body), mid: midFrom(res) };
}

describe('networkOf', () => {
  it('keys IPv4 by address, IPv6 by its /64, and leaves loopback and junk unmetered', () => {
    expect(networkOf('203.0.113.7')).toBe('203.0.113.7');
    expect(networkOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(networkOf('2001:db8:1:2:aaaa:bbbb:cccc:1')).toBe('2001:db8:1:2::/64');
    expect(networkOf('2001:0db8:0001:0002::9')).toBe('2001:db8:1:2::/64');
    expect(networkOf('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(networkOf('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    for (const unmetered of [undefined, '', '127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1', 'not-an-ip', '2001:db8::1::2']) {
      expect(networkOf(unmetered)).toBeNull();
    }
  });

  it('gives a network several times a guest quota', () => {
    expect(NETWORK_QUOTA_MULTIPLIER).toBeGreaterThanOrEqual(5);
    expect(NETWORK_LIMITS.article).toBe(DEFAULT_QUOTA_LIMIT * NETWORK_QUOTA_MULTIPLIER);
  });
});

describe('TRUST_PROXY', () => {
  it('takes a hop count or a list of proxies and refuses true', () => {
    expect(settingsFromEnv({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(settingsFromEnv({ TRUST_PROXY: 'loopback, 10.0.0.0/8' }).trustProxy).toBe('loopback, 10.0.0.0/8');
    expect(settingsFromEnv({}).trustProxy).toBeUndefined();
    expect(() => settingsFromEnv({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
  });
});

describe('a guest that drops the device cookie', () => {
  it('is walled once the network has read its quota, even with a fresh cookie; another address is not', async () => {
    const limit = NETWORK_LIMITS.article;
    // Every read from a browser without cookies: each device meter is fresh, only the network's counts.
    for (const article of metered.slice(0, limit)) {
      const { content } = await read(article, OFFICE);
      expect(content.reason).toBe('metered');
    }
    const next = metered[limit]!;
    const walled = await read(next, OFFICE);
    expect(walled.content.reason).toBe('walled');
    expect(walled.content.content).toEqual([]);
    expect(walled.content.message).toEqual({ type: 'enable-anonymus-paywall', context: 'article' });
    expect(walled.content.quota).toMatchObject({ remaining: 0 });

    // A fresh cookie on the same network: still walled, and its meter says so.
    const again = await read(next, OFFICE, walled.mid ? `mid=${walled.mid}` : undefined);
    expect(again.content.reason).toBe('walled');
    const meter = await request(t.app).get('/api/meter').set('X-Forwarded-For', OFFICE).expect(200);
    expect(QuotaSchema.parse(meter.body.quota).remaining).toBe(0);

    // The network's spent meter walls media the same way (a guest with no cookie at all).
    const access = VideoAccessSchema.parse((await request(t.app).get(`/api/videos/${openVideo}/access`).set('X-Forwarded-For', OFFICE).expect(200)).body);
    expect(access).toMatchObject({ message: 'enable-paywall', wall: 'registration-wall' });
    const clip = await request(t.app).get(`/media/videos/${openVideo}/video.webm`).set('X-Forwarded-For', OFFICE).set('Range', 'bytes=0-9');
    expect(clip.status).toBe(403);
    expect(clip.body).toMatchObject({ message: MEDIA_WALLED.video });
    const feed = await request(t.app).get('/api/data-and-visuals').set('X-Forwarded-For', OFFICE).expect(200);
    expect(feed.body).toMatchObject({ paywalled: true });

    // An article the network has already counted stays open to its other guests (an office sharing a link).
    expect((await read(metered[0]!, OFFICE)).content.reason).toBe('metered');

    // Another address reads on.
    expect((await read(next, ELSEWHERE)).content.reason).toBe('metered');
    await request(t.app).get(`/media/videos/${openVideo}/video.webm`).set('X-Forwarded-For', ELSEWHERE).set('Range', 'bytes=0-9').expect(206);

    // A registered reader on the walled network is metered by their account only.
    const { sid } = await registerFresh(t);
    expect((await read(next, OFFICE, `sid=${sid}`)).content.reason).toBe('metered');

    // Next month the network starts again.
    t.clock.set('2025-08-01T00:00:01.000Z');
    try {
      expect((await read(metered[limit + 1]!, OFFICE)).content.reason).toBe('metered');
    } finally {
      t.clock.set('2025-07-01T12:00:00.000Z');
    }
  });

  it('IPv6 guests rotating addresses inside one /64 share its meter; another /64 does not', async () => {
    const limit = NETWORK_LIMITS.article;
    for (const [i, article] of metered.slice(0, limit).entries()) {
      expect((await read(article, `2001:db8:77:1:${(i + 1).toString(16)}::${i + 1}`)).content.reason).toBe('metered');
    }
    expect((await read(metered[limit]!, '2001:db8:77:1:ffff::99')).content.reason).toBe('walled');
    expect((await read(metered[limit]!, '2001:db8:77:2::1')).content.reason).toBe('metered');
  });

  it('stores a keyed hash of the network, never the address', async () => {
    const rows = await t.db.selectFrom('article_views').select('subject_key').where('subject_key', 'like', 'n:%').execute();
    expect(rows.length).toBeGreaterThan(0);
    for (const { subject_key } of rows) {
      expect(subject_key).toMatch(/^n:[0-9a-f]{64}$/);
    }
    const keys = rows.map((r) => r.subject_key).join(' ');
    for (const raw of [OFFICE, ELSEWHERE, '2001:db8:77']) expect(keys).not.toContain(raw);
  });

  it('a guest keeping the cookie still meets the device wall first (4 articles)', async () => {
    const from = '192.0.2.44';
    const first = await read(metered[0]!, from);
    const cookie = `mid=${first.mid}`;
    for (const article of metered.slice(1, DEFAULT_QUOTA_LIMIT)) expect((await read(article, from, cookie)).content.reason).toBe('metered');
    expect((await read(metered[DEFAULT_QUOTA_LIMIT]!, from, cookie)).content.reason).toBe('walled');
  });
});
