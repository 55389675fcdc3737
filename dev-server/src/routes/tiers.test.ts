/**
 * Tiers mean something (PAY-06.3, SITE-01.3, SITE-06.2): the gated collections' articles
 * are read in full only with their grant (services/entitlements.ts), whatever the meter, a gift
 * link or the free flag say; their streams list them for everyone.
 */
import { GATED_COLLECTIONS, GIFT_QUERY_PARAM, StreamSchema, TIER_GRANTS, type ArticleContent, type GatedCollection } from 'shared-contracts/server';
import { DEMO_ALLACCESS, DEMO_BETTER, DEMO_EXECUTIVE, DEMO_GOOD, DEMO_READER, DEMO_SUBSCRIBER } from '../seed/demo-users';
import { CASE_SELECTION_COUNT, EXECUTIVE_ONLY_COUNT, TOP_50_COUNT } from '../seed/collections';
import { get, post } from '../test/accounts';
import { createTestApp, sidFrom, signIn, UNLIMITED, type TestApp } from '../test/harness';
import { readContent, type Browser, type SeedArticle } from '../test/paywall';

let t: TestApp;
const gated = {} as Record<GatedCollection, SeedArticle[]>;
const sids = new Map<string, string>();

beforeAll(async () => {
  t = await createTestApp({ rateLimits: UNLIMITED });
  for (const collection of Object.keys(GATED_COLLECTIONS) as GatedCollection[]) {
    const rows = await t.db
      .selectFrom('collection_items')
      .innerJoin('articles', 'articles.id', 'collection_items.article_id')
      .select(['articles.id', 'year', 'month', 'slug', 'title', 'lead', 'body', 'topic_id'])
      .where('collection', '=', collection)
      .orderBy('position')
      .execute();
    gated[collection] = rows.map((r) => ({
      ...r,
      body: JSON.parse(r.body) as string[],
      url: `/${r.year}/${String(r.month).padStart(2, '0')}/${r.slug}`,
    }));
  }
});
afterAll(() => t.close());

async function browserOf(user: { email: string; password: string } | null): Promise<Browser> {
  if (!user) return {};
  let sid = sids.get(user.email);
  if (!sid) {
    sid = sidFrom(await signIn(t.app, user.email, user.password).expect(200));
    if (!sid) throw new Error('no session');
    sids.set(user.email, sid);
  }
  return { sid };
}

function expectTierWall(content: ArticleContent, collection: GatedCollection, subDek: string | null) {
  expect(content.content).toEqual([]);
  expect(content.reason).toBe('walled');
  expect(content.quota).toBeNull();
  expect(content.message.type).toBe('piano:enable-paywall-creative');
  expect(content.message.creative).toMatchObject({
    title: GATED_COLLECTIONS[collection].itemWall,
    subDek,
    cta: { text: 'Compare subscriptions', href: '/subscriptions?ab=tier-wall' },
  });
}

describe('the gated collections of the seed', () => {
  it('holds 8 case studies, 2 executive-only articles and 50 archive articles, none in two collections', async () => {
    expect(gated['case-selections']).toHaveLength(CASE_SELECTION_COUNT);
    expect(gated['executive-only']).toHaveLength(EXECUTIVE_ONLY_COUNT);
    expect(gated['top-50-articles']).toHaveLength(TOP_50_COUNT);
    const ids = Object.values(gated).flatMap((list) => list.map((a) => a.id));
    expect(new Set(ids).size).toBe(ids.length);
    expect(gated['top-50-articles'].every((a) => a.year < 2000)).toBe(true);
  });
});

// Who reads what: [reader, tier label, case-selections, top-50-articles, executive-only] (true = in full).
const MATRIX = [
  [DEMO_GOOD, 'Good', false, false, false],
  [DEMO_BETTER, 'Better', false, true, false],
  [DEMO_SUBSCRIBER, 'Best', false, true, false],
  [DEMO_EXECUTIVE, 'Executive', true, true, true],
  [DEMO_ALLACCESS, 'All Access', true, true, true],
] as const;

describe('POST /api/article/piano/content for a gated article', () => {
  const collections: GatedCollection[] = ['case-selections', 'top-50-articles', 'executive-only'];
  describe.each(MATRIX)('a %s subscriber', (user, label, ...reads) => {
    it.each(collections.map((c, i) => [c, reads[i] as boolean] as const))('%s: in full = %s', async (collection, inFull) => {
      const article = gated[collection][1]!;
      const { content } = await readContent(t, article, await browserOf(user));
      if (inFull) {
        expect(content.reason).toBe('subscriber');
        expect(content.content).toEqual(article.body);
      } else {
        expectTierWall(content, collection, `Your ${label} subscription does not include it.`);
        expect(content.message.creative?.greetingFirstName).toBe(user.firstName);
      }
    });
  });

  it('names the tiers that read each collection, from the table the server enforces', async () => {
    const good = await browserOf(DEMO_GOOD);
    const dek = async (c: GatedCollection) => (await readContent(t, gated[c][0]!, good)).content.message.creative?.dek;
    expect(await dek('case-selections')).toBe('Read it in full with an Executive or All Access subscription.');
    expect(await dek('top-50-articles')).toBe('Read it in full with a Better, Best, Executive or All Access subscription.');
    expect(await dek('executive-only')).toBe('Read it in full with an Executive or All Access subscription.');
    expect(TIER_GRANTS.ROLE_HBRG_BEST).not.toContain('PERM_CASES');
  });

  it('walls guests and registered readers without touching their meter', async () => {
    const guest: Browser = {};
    for (const collection of ['case-selections', 'top-50-articles', 'executive-only'] as const) {
      const { content } = await readContent(t, gated[collection][0]!, guest);
      expectTierWall(content, collection, null);
      expect(content.message.creative?.greetingFirstName).toBeNull();
    }
    const meter = await get(t.app, '/api/meter').set('Cookie', `mid=${guest.mid}`).expect(200);
    expect(meter.body.quota.count).toBe(0);

    const reader = await browserOf(DEMO_READER);
    const { content } = await readContent(t, gated['top-50-articles'][3]!, reader);
    expectTierWall(content, 'top-50-articles', null);
    expect((await get(t.app, '/api/meter', reader.sid).expect(200)).body.quota.count).toBe(0);
  });

  it('is not opened by a gift link, even one an Executive gave', async () => {
    const article = gated['case-selections'][5]!;
    const executive = await browserOf(DEMO_EXECUTIVE);
    const gift = await post(t.app, '/api/article-gift/give-gift', { url: article.url }, executive.sid).expect(200);
    const token = new URL(gift.body.articleGiftURL as string).searchParams.get(GIFT_QUERY_PARAM)!;
    const best = await browserOf(DEMO_SUBSCRIBER);
    expectTierWall((await readContent(t, article, best, { gift: token })).content, 'case-selections', 'Your Best subscription does not include it.');
    expectTierWall((await readContent(t, article, {}, { gift: token })).content, 'case-selections', null);
  });

  it('is not opened by the free flag', async () => {
    const article = gated['executive-only'][0]!;
    await t.db.updateTable('articles').set({ free: 1 }).where('id', '=', article.id).execute();
    try {
      expectTierWall(
        (await readContent(t, article, await browserOf(DEMO_SUBSCRIBER))).content,
        'executive-only',
        'Your Best subscription does not include it.',
      );
      expect((await readContent(t, article, await browserOf(DEMO_EXECUTIVE))).content.content).toEqual(article.body);
    } finally {
      await t.db.updateTable('articles').set({ free: 0 }).where('id', '=', article.id).execute();
    }
  });
});

describe('GET /service/stream/{case-selections|top-50-articles}/{n}/{size}', () => {
  it.each(['case-selections', 'top-50-articles'] as const)('lists the %s collection to everyone, newest first', async (collection) => {
    const res = await get(t.app, `/service/stream/${collection}/0/50?format=json`).expect(200);
    const stream = StreamSchema.parse(res.body);
    expect(stream.type).toBe(collection);
    expect(stream.page.totalElements).toBe(gated[collection].length);
    expect(new Set(stream.entry.map((e) => e.url))).toEqual(new Set(gated[collection].map((a) => a.url)));
    const published = stream.entry.map((e) => e.published);
    expect(published).toEqual([...published].sort().reverse());
  });
});
