/** My Library's histories over HTTP: saved, read, shared, watched, ordered; POST /service/user/watched. */
import { ApiErrorBodySchema, caseStudyAccessEnds, LIBRARY_ACTIVITIES, LIBRARY_MESSAGES, orderStatusLabel, visibleOrderLines } from 'shared-contracts/server';
import { DEMO_GOOD, DEMO_READER, DEMO_SUBSCRIBER } from '../seed/demo-users';
import { get, post, registerFresh } from '../test/accounts';
import { sessionOf } from '../test/discovery';
import { createTestApp, TEST_NOW, UNLIMITED, type TestApp } from '../test/harness';
import { allItems, contentIds, libraryStream } from '../test/library';
import { articlesOf, readContent } from '../test/paywall';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: UNLIMITED });
});
afterAll(() => t.close());
afterEach(() => t.clock.set(TEST_NOW));

describe('GET /service/user/history/{activity}', () => {
  it('answers 401 to guests and 404 for an activity that is not one', async () => {
    for (const activity of LIBRARY_ACTIVITIES) await get(t.app, `/service/user/history/${activity}`).expect(401);
    const sid = await sessionOf(t, DEMO_READER);
    const res = await get(t.app, '/service/user/history/liked', sid).expect(404);
    expect(ApiErrorBodySchema.parse(res.body).message).toBe(LIBRARY_MESSAGES.notFound);
  });

  it('answers every activity of a new member as an empty stream', async () => {
    const { sid } = await registerFresh(t);
    for (const activity of LIBRARY_ACTIVITIES) {
      const stream = await libraryStream(t, `/service/user/history/${activity}`, sid);
      expect(stream).toMatchObject({ entry: [], type: `user/history/${activity}`, maintenanceStatus: false });
      expect(stream.page).toEqual({ number: 0, size: 10, totalPages: 0, totalElements: 0, last: true });
    }
  });

  it('saved: the same items as the saves', async () => {
    const sid = await sessionOf(t, DEMO_SUBSCRIBER);
    expect(await allItems(t, '/service/user/history/saved', sid)).toEqual(await allItems(t, '/service/user/saves', sid));
  });
});

describe('read history', () => {
  it('lists the articles the member read through the content call, newest read first, each once', async () => {
    const { sid } = await registerFresh(t);
    const [first, second] = await articlesOf(t, 'metered', 2);
    await readContent(t, first!, { sid });
    t.clock.advance(60_000);
    await readContent(t, second!, { sid });
    let read = await libraryStream(t, '/service/user/history/read', sid);
    expect(read.entry.map((e) => e.id)).toEqual([second!.id, first!.id]);
    expect(read.entry[0]!.content).toEqual({
      kind: 'article',
      activity: 'read',
      activityAt: '2025-07-01T12:01:00.000Z',
      selectable: false,
      readOnly: false,
      listIds: [],
      provider: null,
      sharedWith: [],
      order: null,
    });
    // Reading the first again moves it to the top, once.
    t.clock.advance(60_000);
    await readContent(t, first!, { sid });
    read = await libraryStream(t, '/service/user/history/read', sid);
    expect(read.entry.map((e) => [e.id, e.content.activityAt])).toEqual([
      [first!.id, '2025-07-01T12:02:00.000Z'],
      [second!.id, '2025-07-01T12:01:00.000Z'],
    ]);
    // A saved article shows its folders.
    await post(t.app, '/service/user/saves', { id: second!.id }, sid).expect(200);
    expect((await libraryStream(t, '/service/user/history/read', sid)).entry[1]!.content.listIds).toHaveLength(1);
  });

  it("keeps subscribers' and free reads too (the meter counts neither), but never a walled one", async () => {
    const sid = await sessionOf(t, DEMO_SUBSCRIBER);
    const [free] = await articlesOf(t, 'free', 1);
    const [metered] = await articlesOf(t, 'metered', 1);
    await readContent(t, free!, { sid });
    await readContent(t, metered!, { sid });
    const ids = (await allItems(t, '/service/user/history/read', sid)).map((e) => e.id);
    expect(ids).toEqual(expect.arrayContaining([free!.id, metered!.id]));

    // A registered member past the limit is walled: that article is not "read".
    const { sid: reader } = await registerFresh(t);
    const articles = await articlesOf(t, 'metered', 6);
    for (const a of articles.slice(0, 4)) await readContent(t, a, { sid: reader });
    const walled = await readContent(t, articles[4]!, { sid: reader });
    expect(walled.content.reason).toBe('walled');
    expect((await allItems(t, '/service/user/history/read', reader)).map((e) => e.id)).not.toContain(articles[4]!.id);
    // A guest's reads are nobody's history.
    await readContent(t, articles[5]!, {});
    expect(await t.db.selectFrom('article_reads').select('user_id').where('article_id', '=', articles[5]!.id).execute()).toEqual([]);
  });
});

describe('watched', () => {
  it('records a watched video; watching again moves it up, once', async () => {
    const { sid } = await registerFresh(t);
    const { videos } = await contentIds(t);
    expect((await post(t.app, '/service/user/watched', { id: videos[0] }, sid).expect(200)).body).toEqual({ ok: true });
    t.clock.advance(1000);
    await post(t.app, '/service/user/watched', { id: videos[1] }, sid).expect(200);
    t.clock.advance(1000);
    await post(t.app, '/service/user/watched', { id: videos[0] }, sid).expect(200);
    const watched = await libraryStream(t, '/service/user/history/watched', sid);
    expect(watched.entry.map((e) => e.id)).toEqual([videos[0], videos[1]]);
    expect(watched.entry[0]!.contentType).toBe('Video');
    expect(watched.entry[0]!.content).toMatchObject({
      kind: 'video',
      activity: 'watched',
      activityAt: '2025-07-01T12:00:02.000Z',
      selectable: false,
      readOnly: false,
    });
  });

  it('answers 404 for an unknown video or content that is not a video, 400 without an id', async () => {
    const { sid } = await registerFresh(t);
    const { articles } = await contentIds(t);
    for (const id of ['9999999999999', articles[0]]) {
      expect(ApiErrorBodySchema.parse((await post(t.app, '/service/user/watched', { id }, sid).expect(404)).body).message).toBe(
        LIBRARY_MESSAGES.unknownContent,
      );
    }
    await post(t.app, '/service/user/watched', {}, sid).expect(400);
    expect((await libraryStream(t, '/service/user/history/watched', sid)).entry).toEqual([]);
  });

  it("shows the seed's watched videos of the subscriber", async () => {
    const sid = await sessionOf(t, DEMO_SUBSCRIBER);
    expect((await libraryStream(t, '/service/user/history/watched', sid)).entry.length).toBeGreaterThanOrEqual(2);
  });
});

describe('ordered history', () => {
  it("shows the subscriber's seeded orders newest first: a seven-line order with case studies, then the subscription", async () => {
    const sid = await sessionOf(t, DEMO_SUBSCRIBER);
    const ordered = await libraryStream(t, '/service/user/history/ordered', sid);
    expect(ordered.entry).toHaveLength(2);
    const [basket, subscription] = ordered.entry;

    expect(basket!.url).toBe(`/order/${basket!.id}`);
    expect(basket!.content).toMatchObject({ activity: 'ordered', readOnly: true, selectable: false, listIds: [] });
    const order = basket!.content.order!;
    expect(order.orderId).toBe(basket!.id);
    expect(orderStatusLabel(order.orderStatus)).toBe('Purchased');
    expect(order.lineItems.length).toBeGreaterThanOrEqual(6);
    expect(order.itemCount).toBe(order.lineItems.length);
    expect(visibleOrderLines(order.lineItems)).toHaveLength(5);
    expect(order.lineItems.filter((l) => l.contentType === 'Case Study').length).toBeGreaterThanOrEqual(1);
    expect(order.lineItems.find((l) => l.contentType === 'Case Study')!.authors.length).toBe(1);
    expect(order.caseStudyAccessEndsAt).toBe(caseStudyAccessEnds(basket!.content.activityAt).toISOString());
    expect(order.accountNumber).toBeNull();
    expect(order.orderUrl).toBe(basket!.url);
    expect(order.grandTotalIncTax).toBeGreaterThan(0);
    expect(basket!.title).toContain(order.lineItems[0]!.title);

    expect(subscription!.title).toContain('Subscription');
    expect(subscription!.content.order).toMatchObject({
      orderStatus: 'COMPLETED',
      accountNumber: DEMO_SUBSCRIBER.subscription.accountNumber,
      caseStudyAccessEndsAt: null,
      itemCount: 1,
    });
    expect(orderStatusLabel(subscription!.content.order!.orderStatus)).toBe('Purchased');
    expect(subscription!.content.activityAt < basket!.content.activityAt).toBe(true);
  });

  it("shows the reader's cancelled order, and nothing to a member without orders", async () => {
    const reader = await sessionOf(t, DEMO_READER);
    const [cancelled, ...rest] = (await libraryStream(t, '/service/user/history/ordered', reader)).entry;
    expect(rest).toEqual([]);
    expect(orderStatusLabel(cancelled!.content.order!.orderStatus)).toBe('Cancelled');
    expect(cancelled!.content.order!.caseStudyAccessEndsAt).toBeNull();
    const good = await sessionOf(t, DEMO_GOOD);
    expect((await libraryStream(t, '/service/user/history/ordered', good)).entry).toEqual([]);
  });

  it('pages the orders', async () => {
    const sid = await sessionOf(t, DEMO_SUBSCRIBER);
    const first = await libraryStream(t, '/service/user/history/ordered?page=0&size=1', sid);
    const second = await libraryStream(t, '/service/user/history/ordered?page=1&size=1', sid);
    expect(first.page).toEqual({ number: 0, size: 1, totalPages: 2, totalElements: 2, last: false });
    expect(second.page.last).toBe(true);
    expect(second.entry[0]!.id).not.toBe(first.entry[0]!.id);
  });

  it('takes order history offline in maintenance', async () => {
    const m = await createTestApp({ maintenance: true, rateLimits: UNLIMITED });
    try {
      const sid = await sessionOf(m, DEMO_SUBSCRIBER);
      const ordered = await libraryStream(m, '/service/user/history/ordered', sid);
      expect(ordered).toMatchObject({ entry: [], maintenanceStatus: true });
      expect((await libraryStream(m, '/service/user/saves', sid)).entry.length).toBeGreaterThan(0);
    } finally {
      await m.close();
    }
  });
});
