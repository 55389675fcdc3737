/** Article gifts: giving (subscribers only, monthly allowance), the allowance, and opening a gift link. */
import { ApiErrorBodySchema, ArticleGiftSchema, GiftAllowanceSchema } from 'shared-contracts/server';
import { GIFT_MONTHLY_ALLOWANCE } from '../server-rules';
import { DEMO_BETTER, DEMO_EXECUTIVE, DEMO_GOOD, DEMO_READER, DEMO_SUBSCRIBER } from '../seed/demo-users';
import { get, post } from '../test/accounts';
import { createTestApp, sidFrom, signIn, TEST_NOW, TEST_ORIGIN, UNLIMITED, type TestApp } from '../test/harness';
import { articlesOf, getWith, readContent, type Browser, type SeedArticle } from '../test/paywall';

let t: TestApp;
let metered: SeedArticle[];
beforeAll(async () => {
  t = await createTestApp({ rateLimits: UNLIMITED });
  metered = await articlesOf(t, 'metered', 6);
});
afterAll(() => t.close());
afterEach(() => t.clock.set(TEST_NOW));

async function sidOf(user: { email: string; password: string }): Promise<string> {
  const sid = sidFrom(await signIn(t.app, user.email, user.password).expect(200));
  if (!sid) throw new Error('no session');
  return sid;
}

const give = (sid: string | undefined, url: unknown) => post(t.app, '/api/article-gift/give-gift', { url }, sid);
const tokenOf = (giftUrl: string) => new URL(giftUrl).searchParams.get('gift')!;

/** A guest device that has spent its four articles. */
async function spentGuest(): Promise<Browser> {
  const browser: Browser = {};
  for (let i = 0; i < 4; i++) await readContent(t, metered[i]!, browser);
  return browser;
}

describe('POST /api/article-gift/give-gift', () => {
  it('answers a subscriber a gift link on this site and the gifts left this month', async () => {
    const sid = await sidOf(DEMO_SUBSCRIBER);
    const article = metered[5]!;
    const gift = ArticleGiftSchema.parse((await give(sid, article.url).expect(200)).body);
    expect(gift.articleGiftURL).toMatch(new RegExp(`^${TEST_ORIGIN}${article.url}\\?gift=[A-Za-z0-9_-]{43}$`));
    expect(gift.articleGiftsLeft).toBe(GIFT_MONTHLY_ALLOWANCE - 1);
    // The full address works as well as the path.
    const again = ArticleGiftSchema.parse((await give(sid, `${TEST_ORIGIN}${article.url}?utm=x#top`).expect(200)).body);
    expect(again.articleGiftsLeft).toBe(GIFT_MONTHLY_ALLOWANCE - 2);
    expect(tokenOf(again.articleGiftURL)).not.toBe(tokenOf(gift.articleGiftURL));
    expect(GiftAllowanceSchema.parse((await get(t.app, '/api/article-gift/allowance', sid).expect(200)).body)).toEqual({
      articleGiftsLeft: GIFT_MONTHLY_ALLOWANCE - 2,
      monthlyAllowance: GIFT_MONTHLY_ALLOWANCE,
    });
    // Only the token's hash is stored.
    const stored = await t.db.selectFrom('article_gifts').select('token_hash').execute();
    expect(stored.map((r) => r.token_hash)).not.toContain(tokenOf(gift.articleGiftURL));
  });

  it('refuses guests (401) and registered users (403 with a message)', async () => {
    await give(undefined, metered[0]!.url).expect(401);
    await get(t.app, '/api/article-gift/allowance').expect(401);
    const sid = await sidOf(DEMO_READER);
    expect(ApiErrorBodySchema.parse((await give(sid, metered[0]!.url).expect(403)).body)).toEqual({ message: 'Only subscribers can give articles.' });
    await get(t.app, '/api/article-gift/allowance', sid).expect(403);
  });

  it('answers 404 for an unknown article and 400 for another site or no url', async () => {
    const sid = await sidOf(DEMO_SUBSCRIBER);
    expect((await give(sid, '/2025/06/no-such-article').expect(404)).body).toEqual({ message: 'Article not found' });
    await give(sid, '/store').expect(404);
    const foreign = ApiErrorBodySchema.parse((await give(sid, `https://elsewhere.example${metered[0]!.url}`).expect(400)).body);
    expect(foreign.errors?.[0]?.field).toBe('url');
    await give(sid, '').expect(400);
    await post(t.app, '/api/article-gift/give-gift', {}, sid).expect(400);
  });

  it('gives five a calendar month, then 409; a new month gives five again', async () => {
    t.clock.set('2025-07-31T20:00:00.000Z');
    const sid = await sidOf(DEMO_GOOD);
    for (let i = 0; i < GIFT_MONTHLY_ALLOWANCE; i++) {
      expect((await give(sid, metered[i % metered.length]!.url).expect(200)).body.articleGiftsLeft).toBe(GIFT_MONTHLY_ALLOWANCE - 1 - i);
    }
    expect((await give(sid, metered[0]!.url).expect(409)).body).toEqual({ message: 'You have no gifts left this month.' });
    expect((await get(t.app, '/api/article-gift/allowance', sid).expect(200)).body).toEqual({ articleGiftsLeft: 0, monthlyAllowance: 5 });
    t.clock.set('2025-08-01T00:00:00.000Z');
    expect((await get(t.app, '/api/article-gift/allowance', sid).expect(200)).body).toEqual({ articleGiftsLeft: 5, monthlyAllowance: 5 });
    expect((await give(sid, metered[0]!.url).expect(200)).body.articleGiftsLeft).toBe(4);
  });

  it('never gives more than the allowance to parallel requests', async () => {
    const sid = await sidOf(DEMO_BETTER);
    const answers = await Promise.all(Array.from({ length: 8 }, () => give(sid, metered[0]!.url)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 200, 409, 409, 409]);
    expect((await get(t.app, '/api/article-gift/allowance', sid).expect(200)).body.articleGiftsLeft).toBe(0);
  });
});

describe('opening a gift link', () => {
  let giftUrl: string;
  beforeAll(async () => {
    const sid = await sidOf(DEMO_EXECUTIVE);
    giftUrl = ArticleGiftSchema.parse((await give(sid, metered[4]!.url).expect(200)).body).articleGiftURL;
  });

  it("opens the whole article for a walled guest without touching the guest's meter", async () => {
    const browser = await spentGuest();
    expect((await readContent(t, metered[4]!, browser)).content.reason).toBe('walled');
    const { content } = await readContent(t, metered[4]!, browser, { gift: tokenOf(giftUrl) });
    expect(content).toMatchObject({
      reason: 'gift',
      quota: { limit: 4, count: 4, remaining: 0 },
      message: { type: expect.stringMatching(/^full-content/), context: 'article' },
      giftExpiresAt: '2025-07-31T12:00:00.000Z',
    });
    expect(content.content).toEqual(metered[4]!.body);
    expect((await getWith(t, '/api/meter', browser).expect(200)).body.quota.count).toBe(4);
  });

  it("does not count on a fresh reader's meter either", async () => {
    const browser: Browser = {};
    expect((await readContent(t, metered[4]!, browser, { gift: tokenOf(giftUrl) })).content.reason).toBe('gift');
    expect((await getWith(t, '/api/meter', browser).expect(200)).body.quota.count).toBe(0);
    const reader = await sidOf(DEMO_READER);
    expect((await readContent(t, metered[4]!, { sid: reader }, { gift: tokenOf(giftUrl) })).content.reason).toBe('gift');
    expect((await getWith(t, '/service/user/quota', { sid: reader }).expect(200)).body.count).toBe(0);
  });

  it('is ignored on another article (the normal meter applies)', async () => {
    const browser = await spentGuest();
    const other = await readContent(t, metered[5]!, browser, { gift: tokenOf(giftUrl) });
    expect(other.content).toMatchObject({ reason: 'walled', content: [], giftExpiresAt: null });
    const fresh: Browser = {};
    expect((await readContent(t, metered[5]!, fresh, { gift: tokenOf(giftUrl) })).content).toMatchObject({ reason: 'metered', quota: { count: 1 } });
  });

  it('stops working when it expires (30 days)', async () => {
    const browser = await spentGuest();
    t.clock.set('2025-07-31T11:59:59.999Z');
    expect((await readContent(t, metered[4]!, browser, { gift: tokenOf(giftUrl) })).content.reason).toBe('gift');
    t.clock.set('2025-07-31T12:00:00.000Z');
    const expired = await readContent(t, metered[4]!, browser, { gift: tokenOf(giftUrl) });
    expect(expired.content).toMatchObject({ reason: 'walled', content: [], giftExpiresAt: null });
  });

  it('ignores unknown and malformed tokens', async () => {
    const browser = await spentGuest();
    for (const gift of ['x'.repeat(43), 'not a token', '']) {
      expect((await readContent(t, metered[4]!, browser, { gift })).content.reason).toBe('walled');
    }
  });
});
