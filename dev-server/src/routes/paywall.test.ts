/** The server's meter: POST /api/article/piano/content, GET /api/meter, and GET /api/article without the body. */
import request from 'supertest';
import { ArticleSchema, CSRF_HEADER, CSRF_VALUE, QuotaSchema, UserSchema } from 'shared-contracts/server';
import { z } from 'zod';
import { DEMO_READER, DEMO_SUBSCRIBER } from '../seed/demo-users';
import { registerFresh } from '../test/accounts';
import { createTestApp, setCookies, sidFrom, signIn, TEST_NOW, UNLIMITED, type TestApp } from '../test/harness';
import { articlesOf, getWith, readContent, type Browser, type SeedArticle } from '../test/paywall';

const MeterSchema = z.object({ quota: QuotaSchema, ascendQuota: QuotaSchema });

let t: TestApp;
let metered: SeedArticle[];
let ascend: SeedArticle[];
let free: SeedArticle[];
beforeAll(async () => {
  t = await createTestApp({ rateLimits: UNLIMITED });
  metered = await articlesOf(t, 'metered', 12);
  ascend = await articlesOf(t, 'ascend', 4);
  free = await articlesOf(t, 'free', 2);
});
afterAll(() => t.close());
afterEach(() => t.clock.set(TEST_NOW));

async function meterOf(browser: Browser) {
  const res = await getWith(t, '/api/meter', browser).expect(200);
  expect(setCookies(res)).toEqual([]);
  return MeterSchema.parse(res.body);
}

async function sidOf(user: { email: string; password: string }): Promise<string> {
  const sid = sidFrom(await signIn(t.app, user.email, user.password).expect(200));
  if (!sid) throw new Error('no session');
  return sid;
}

const FULL = { type: 'full-content', context: 'article' };

/** No body paragraph of the article anywhere in the answer. */
function expectNoBody(answer: unknown, article: SeedArticle) {
  const text = JSON.stringify(answer);
  for (const paragraph of article.body) expect(text).not.toContain(paragraph.slice(0, 60));
}

describe('a guest device', () => {
  it('gets an HttpOnly SameSite=Lax mid cookie for a year on its first content call, and a stable guid', async () => {
    const browser: Browser = {};
    const first = await readContent(t, metered[0]!, browser);
    const [line] = setCookies(first.res).filter((l) => l.startsWith('mid='));
    expect(line).toMatch(/^mid=[A-Za-z0-9_-]{43}; Max-Age=31536000; Path=\/; Expires=[^;]+; HttpOnly; SameSite=Lax$/);
    const again = await readContent(t, metered[0]!, browser);
    expect(setCookies(again.res).some((l) => l.startsWith('mid='))).toBe(false);
    expect(again.content.guid).toBe(first.content.guid);
    expect(first.content.guid).toMatch(/^[0-9a-f-]{36}$/);
    expect(first.content.guid).not.toContain(browser.mid!);
    const other = await readContent(t, metered[0]!, {});
    expect(other.content.guid).not.toBe(first.content.guid);
  });

  it('reads four distinct articles, re-reads free, and meets the registration wall on the fifth', async () => {
    const browser: Browser = {};
    for (let i = 0; i < 4; i++) {
      const { content } = await readContent(t, metered[i]!, browser);
      expect(content).toMatchObject({ reason: 'metered', quota: { limit: 4, count: i + 1, remaining: 3 - i }, giftExpiresAt: null });
      expect(content.content).toEqual(metered[i]!.body);
    }
    const reread = await readContent(t, metered[0]!, browser);
    expect(reread.content).toMatchObject({ reason: 'reread', quota: { limit: 4, count: 4, remaining: 0 } });
    expect(reread.content.content).toEqual(metered[0]!.body);

    const walled = await readContent(t, metered[4]!, browser);
    expect(walled.content).toEqual({
      guid: reread.content.guid,
      content: [],
      quota: { limit: 4, count: 4, remaining: 0 },
      reason: 'walled',
      message: { type: 'enable-anonymus-paywall', context: 'article' },
      giftExpiresAt: null,
    });
    expectNoBody(walled.res.body, metered[4]!);
    expect(await meterOf(browser)).toEqual({ quota: { limit: 4, count: 4, remaining: 0 }, ascendQuota: { limit: 3, count: 0, remaining: 3 } });
  });

  it('never counts free articles', async () => {
    const browser: Browser = {};
    for (const article of free) {
      const { content } = await readContent(t, article, browser);
      expect(content).toMatchObject({ reason: 'free', quota: null });
      expect(content.content).toEqual(article.body);
    }
    expect((await meterOf(browser)).quota.count).toBe(0);
  });

  it('has an ascend meter of three of its own', async () => {
    const browser: Browser = {};
    for (let i = 0; i < 3; i++) {
      const { content } = await readContent(t, ascend[i]!, browser);
      expect(content).toMatchObject({ reason: 'metered', quota: { limit: 3, count: i + 1, remaining: 2 - i } });
      expect(content.message).toEqual({ type: 'ascend-full-content', context: 'article' });
    }
    const walled = await readContent(t, ascend[3]!, browser);
    expect(walled.content).toMatchObject({
      reason: 'walled',
      content: [],
      quota: { limit: 3, count: 3, remaining: 0 },
      message: { type: 'enable-registration-wall-ascend', context: 'article' },
    });
    expectNoBody(walled.res.body, ascend[3]!);
    // The article quota is untouched.
    expect((await readContent(t, metered[0]!, browser)).content).toMatchObject({ reason: 'metered', quota: { count: 1 } });
    expect(await meterOf(browser)).toEqual({ quota: { limit: 4, count: 1, remaining: 3 }, ascendQuota: { limit: 3, count: 3, remaining: 0 } });
  });

  it('starts again in a new calendar month (UTC)', async () => {
    const browser: Browser = {};
    t.clock.set('2025-07-31T23:59:59.000Z');
    for (let i = 0; i < 4; i++) await readContent(t, metered[i]!, browser);
    expect((await readContent(t, metered[4]!, browser)).content.reason).toBe('walled');
    t.clock.set('2025-08-01T00:00:00.000Z');
    expect(await meterOf(browser)).toEqual({ quota: { limit: 4, count: 0, remaining: 4 }, ascendQuota: { limit: 3, count: 0, remaining: 3 } });
    expect((await readContent(t, metered[4]!, browser)).content).toMatchObject({ reason: 'metered', quota: { count: 1 } });
    // Last month's articles count again this month.
    expect((await readContent(t, metered[0]!, browser)).content).toMatchObject({ reason: 'metered', quota: { count: 2 } });
  });

  it('never passes the limit with parallel requests', async () => {
    const browser: Browser = {};
    await readContent(t, free[0]!, browser); // gets the device its cookie
    const answers = await Promise.all(metered.slice(0, 10).map((a) => readContent(t, a, { ...browser })));
    const reasons = answers.map((a) => a.content.reason);
    expect(reasons.filter((r) => r === 'metered')).toHaveLength(4);
    expect(reasons.filter((r) => r === 'walled')).toHaveLength(6);
    for (const a of answers) expect(a.content.quota!.count).toBeLessThanOrEqual(4);
    expect((await meterOf(browser)).quota.count).toBe(4);
  });

  it('counts one article read in parallel once', async () => {
    const browser: Browser = {};
    await readContent(t, free[0]!, browser);
    const answers = await Promise.all(Array.from({ length: 6 }, () => readContent(t, metered[0]!, { ...browser })));
    expect(answers.map((a) => a.content.reason).sort()).toEqual(['metered', 'reread', 'reread', 'reread', 'reread', 'reread']);
    expect((await meterOf(browser)).quota.count).toBe(1);
  });

  it('replaces a malformed mid cookie', async () => {
    const browser: Browser = { mid: 'not-a-device-id' };
    const { res } = await readContent(t, metered[0]!, browser);
    expect(browser.mid).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(setCookies(res).some((l) => l.startsWith('mid='))).toBe(true);
  });

  it('gets a Secure cookie behind HTTPS', async () => {
    const secure = await createTestApp({ cookieSecure: true });
    try {
      const res = await request(secure.app)
        .post(`/api/article/piano/content?year=${metered[0]!.year}&month=${metered[0]!.month}&seotitle=${metered[0]!.slug}`)
        .set(CSRF_HEADER, CSRF_VALUE)
        .send({})
        .expect(200);
      expect(setCookies(res).find((l) => l.startsWith('mid='))).toMatch(/; Secure/);
    } finally {
      await secure.close();
    }
  });
});

describe('GET /api/meter', () => {
  it('answers untouched quotas to a browser without a device cookie, and sets none', async () => {
    expect(await meterOf({})).toEqual({ quota: { limit: 4, count: 0, remaining: 4 }, ascendQuota: { limit: 3, count: 0, remaining: 3 } });
  });

  it("answers a signed-in user's own meter, not the device's", async () => {
    const device: Browser = {};
    await readContent(t, metered[0]!, device);
    const account = await registerFresh(t);
    const both: Browser = { sid: account.sid, mid: device.mid };
    expect((await meterOf(both)).quota.count).toBe(0);
    await readContent(t, metered[1]!, both);
    await readContent(t, metered[2]!, both);
    expect((await meterOf(both)).quota.count).toBe(2);
    // The device's meter did not move while the user read.
    expect((await meterOf({ mid: device.mid })).quota.count).toBe(1);
  });
});

describe('a registered user', () => {
  it('reads four, then meets the subscriber-only panel with their first name', async () => {
    const account = await registerFresh(t, { firstName: 'Nadia' });
    const browser: Browser = { sid: account.sid };
    for (let i = 0; i < 4; i++) {
      const { res, content } = await readContent(t, metered[i]!, browser);
      expect(content).toMatchObject({ reason: 'metered', guid: account.user.guid, quota: { count: i + 1 } });
      expect(setCookies(res).some((l) => l.startsWith('mid='))).toBe(false);
    }
    const walled = await readContent(t, metered[4]!, browser);
    expect(walled.content).toEqual({
      guid: account.user.guid,
      content: [],
      quota: { limit: 4, count: 4, remaining: 0 },
      reason: 'walled',
      message: {
        type: 'piano:enable-paywall-creative',
        context: 'article',
        creative: {
          greetingFirstName: 'Nadia',
          title: 'Subscribe to keep reading',
          dek: 'You have read your 4 free articles this month.',
          subDek: 'Subscribers read every article, the magazine archive and the visual library without limits.',
          cta: { text: 'Subscribe now', href: '/subscriptions?ab=paywall-creative' },
        },
      },
      giftExpiresAt: null,
    });
    expectNoBody(walled.res.body, metered[4]!);
    const user = UserSchema.parse((await getWith(t, '/service/user/profile', browser).expect(200)).body);
    expect(user.quota).toEqual({ limit: 4, count: 4, remaining: 0 });
  });

  it('is walled on the fourth ascend article with the same panel', async () => {
    const account = await registerFresh(t);
    const browser: Browser = { sid: account.sid };
    for (let i = 0; i < 3; i++) await readContent(t, ascend[i]!, browser);
    const walled = await readContent(t, ascend[3]!, browser);
    expect(walled.content.reason).toBe('walled');
    expect(walled.content.message.type).toBe('piano:enable-paywall-creative');
    expect(walled.content.message.creative?.dek).toBe('You have read your 3 free Ascend articles this month.');
    expect((await getWith(t, '/service/user/ascend-quota', browser).expect(200)).body).toEqual({ limit: 3, count: 3, remaining: 0 });
  });

  it('never passes the limit with parallel requests', async () => {
    const account = await registerFresh(t);
    const answers = await Promise.all(metered.slice(0, 9).map((a) => readContent(t, a, { sid: account.sid })));
    expect(answers.filter((a) => a.content.reason === 'metered')).toHaveLength(4);
    expect((await getWith(t, '/service/user/quota', { sid: account.sid }).expect(200)).body).toEqual({ limit: 4, count: 4, remaining: 0 });
  });
});

describe('a subscriber', () => {
  it('is never metered', async () => {
    const sid = await sidOf(DEMO_SUBSCRIBER);
    for (const article of [...metered.slice(0, 6), ...ascend]) {
      const { content } = await readContent(t, article, { sid });
      expect(content).toMatchObject({ reason: 'subscriber', quota: null });
      expect(content.content).toEqual(article.body);
    }
    expect((await getWith(t, '/service/user/quota', { sid }).expect(200)).body).toEqual({ limit: 4, count: 0, remaining: 4 });
    expect((await meterOf({ sid })).ascendQuota.count).toBe(0);
  });
});

describe('the content message', () => {
  it("names the first reading list that holds the article ('full-content+rl')", async () => {
    const row = await t.db
      .selectFrom('reading_list_items')
      .innerJoin('reading_lists', 'reading_lists.id', 'reading_list_items.list_id')
      .innerJoin('articles', 'articles.id', 'reading_list_items.article_id')
      .select(['articles.year', 'articles.month', 'articles.slug', 'articles.id', 'reading_lists.slug as list'])
      .where('articles.free', '=', 0)
      .orderBy('reading_lists.position')
      .executeTakeFirstOrThrow();
    const sid = await sidOf(DEMO_SUBSCRIBER);
    const { content } = await readContent(t, row, { sid });
    expect(content.message).toEqual({ type: 'full-content+rl', context: 'article', readingList: row.list });
  });

  it("is plain 'full-content' for an article in no list", async () => {
    const inLists = new Set((await t.db.selectFrom('reading_list_items').select('article_id').execute()).map((r) => r.article_id));
    const article = metered.find((a) => !inLists.has(a.id))!;
    const { content } = await readContent(t, article, {});
    expect(content.message).toEqual(FULL);
  });
});

describe('POST /api/article/piano/content refusals', () => {
  const path = (q: string) => `/api/article/piano/content?${q}`;

  it('answers 404 for an unknown or not yet published article', async () => {
    const res = await request(t.app).post(path('year=2025&month=06&seotitle=no-such-article')).set(CSRF_HEADER, CSRF_VALUE).send({}).expect(404);
    expect(res.body).toEqual({ message: 'Article not found' });
    t.clock.set('2023-01-01T00:00:00.000Z');
    const a = metered[0]!;
    await request(t.app)
      .post(path(`year=${a.year}&month=${a.month}&seotitle=${a.slug}`))
      .set(CSRF_HEADER, CSRF_VALUE)
      .send({})
      .expect(404);
  });

  it.each(['month=06&seotitle=x', 'year=2025&month=13&seotitle=x', 'year=2025&month=06&seotitle=Bad%20Slug'])('answers 400 to %s', async (q) => {
    await request(t.app).post(path(q)).set(CSRF_HEADER, CSRF_VALUE).send({}).expect(400);
  });

  it('answers 400 to a gift that is not a string', async () => {
    const a = metered[0]!;
    await request(t.app)
      .post(path(`year=${a.year}&month=${a.month}&seotitle=${a.slug}`))
      .set(CSRF_HEADER, CSRF_VALUE)
      .send({ gift: 5 })
      .expect(400);
  });

  it('refuses a request without the CSRF header (403) and counts nothing', async () => {
    const a = metered[0]!;
    const res = await request(t.app)
      .post(path(`year=${a.year}&month=${a.month}&seotitle=${a.slug}`))
      .send({})
      .expect(403);
    expect(setCookies(res)).toEqual([]);
  });
});

describe('GET /api/article never holds the body', () => {
  it('answers the headline and lead with body [] for every kind of article and every viewer, without metering', async () => {
    const sid = await sidOf(DEMO_SUBSCRIBER);
    const reader = await sidOf(DEMO_READER);
    const browser: Browser = {};
    await readContent(t, free[0]!, browser);
    for (const article of [metered[0]!, ascend[0]!, free[0]!]) {
      for (const who of [{}, { sid }, { sid: reader }, browser]) {
        const res = await getWith(t, `/api/article${article.url}`, who).expect(200);
        const answer = ArticleSchema.parse(res.body);
        expect(answer.body).toEqual([]);
        expect(answer.lead).toBe(article.lead);
        expectNoBody(res.body, article);
      }
    }
    expect(ArticleSchema.parse((await getWith(t, `/api/article${ascend[0]!.url}`).expect(200)).body).ascend).toBe(true);
    expect(ArticleSchema.parse((await getWith(t, `/api/article${metered[0]!.url}`).expect(200)).body).ascend).toBe(false);
    expect((await meterOf(browser)).quota.count).toBe(0);
    expect((await getWith(t, '/service/user/quota', { sid: reader }).expect(200)).body.count).toBe(0);
  });
});
