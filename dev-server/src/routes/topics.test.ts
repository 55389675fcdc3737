/** Topic pages (GET /api/topic/{slug}), follows (/service/user/topics) and the following stream. */
import request from 'supertest';
import { DISCOVERY_MESSAGES, type Following, FollowingSchema, TopicDetailSchema } from 'shared-contracts/server';
import { DEMO_READER, DEMO_SUBSCRIBER } from '../seed/demo-users';
import { get, post, registerFresh } from '../test/accounts';
import { del, loadAll, loadStream, sessionOf } from '../test/discovery';
import { createTestApp, TEST_NOW, UNLIMITED, type TestApp } from '../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: UNLIMITED });
});
afterAll(() => t.close());
afterEach(() => t.clock.set(TEST_NOW));

const following = async (sid: string): Promise<Following> => FollowingSchema.parse((await get(t.app, '/service/user/topics', sid).expect(200)).body);
const follow = (sid: string | undefined, name: string) => post(t.app, '/service/user/topics', { name }, sid);
const unfollow = (sid: string | undefined, slug: string) => del(t.app, `/service/user/topics/${slug}`, sid);

/** Published articles in topics (a root with its subtopics), optionally after a time. */
async function articlesIn(topicIds: string[], after?: string): Promise<number> {
  let q = t.db
    .selectFrom('articles')
    .innerJoin('topics', 'topics.id', 'articles.topic_id')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('articles.published', '<=', t.clock.now().toISOString())
    .where((eb) => eb.or([eb('articles.topic_id', 'in', topicIds), eb('topics.parent_id', 'in', topicIds)]));
  if (after) q = q.where('articles.published', '>', after);
  return Number((await q.executeTakeFirstOrThrow()).n);
}

describe('GET /api/topic/{slug}', () => {
  it('describes a root topic with its subtopics and article count', async () => {
    const detail = TopicDetailSchema.parse((await request(t.app).get('/api/topic/strategy').expect(200)).body);
    expect(detail.topic).toEqual({ id: 'tp-strategy', name: 'Strategy', slug: 'strategy', parentId: null });
    expect(detail.root).toEqual(detail.topic);
    expect(detail.children).toHaveLength(14);
    expect(detail.children.every((c) => c.parentId === 'tp-strategy')).toBe(true);
    expect(detail.subscriberLimited).toBe(false);
    expect(detail.articleCount).toBe(await articlesIn(['tp-strategy']));
  });

  it('places a subtopic under its root and says when following it needs a subscription', async () => {
    const detail = TopicDetailSchema.parse((await request(t.app).get('/api/topic/generative-ai').expect(200)).body);
    expect(detail.root.name).toBe('Technology and analytics');
    expect(detail.children).toEqual([]);
    expect(detail.subscriberLimited).toBe(true);
  });

  it('answers 404 for an unknown topic', async () => {
    const res = await request(t.app).get('/api/topic/astrology').expect(404);
    expect(res.body.message).toBe(DISCOVERY_MESSAGES.topicNotFound);
  });
});

describe('following topics', () => {
  it('turns guests away with 401', async () => {
    await request(t.app).get('/service/user/topics').expect(401);
    await follow(undefined, 'Strategy').expect(401);
    await unfollow(undefined, 'strategy').expect(401);
    await request(t.app).get('/service/stream/following/0/8').expect(401);
  });

  it('follows by name or slug in any case, once, newest follow first, with the unread count', async () => {
    const { sid } = await registerFresh(t);
    expect(await following(sid)).toEqual({ topics: [], unreadCount: 0 });

    t.clock.set('2025-07-01T12:00:00.000Z');
    const first = FollowingSchema.parse((await follow(sid, 'LEADING TEAMS').expect(200)).body);
    expect(first.topics).toEqual([{ id: 'tp-leading-teams', name: 'Leading teams', slug: 'leading-teams', followedAt: '2025-07-01T12:00:00.000Z' }]);
    expect(first.unreadCount).toBe(await articlesIn(['tp-leading-teams']));
    expect(first.unreadCount).toBeGreaterThan(0);

    t.clock.set('2025-07-01T12:05:00.000Z');
    const again = FollowingSchema.parse((await follow(sid, 'leading-teams').expect(200)).body);
    expect(again).toEqual(first);

    const both = FollowingSchema.parse((await follow(sid, 'Strategy').expect(200)).body);
    expect(both.topics.map((x) => x.slug)).toEqual(['strategy', 'leading-teams']);
    expect(both.unreadCount).toBe(await articlesIn(['tp-leading-teams', 'tp-strategy']));
    expect(await following(sid)).toEqual(both);
  });

  it('serves the following stream: followed topics (roots with subtopics), one topic with filter', async () => {
    const { sid } = await registerFresh(t);
    await follow(sid, 'Leading teams').expect(200);
    await follow(sid, 'Economics').expect(200);
    const entries = await loadAll(t, 'following', 0, '', sid);
    expect(entries).toHaveLength(await articlesIn(['tp-leading-teams', 'tp-economics']));
    const economics = TopicDetailSchema.parse((await request(t.app).get('/api/topic/economics').expect(200)).body);
    const allowed = new Set(['Leading teams', 'Economics', ...economics.children.map((c) => c.name)]);
    expect(entries.every((e) => allowed.has(e.category.term))).toBe(true);
    expect(new Set(entries.map((e) => e.category.term)).size).toBeGreaterThan(2);
    const dates = entries.map((e) => e.published);
    expect([...dates].sort().reverse()).toEqual(dates);

    const filtered = await loadAll(t, 'following', 0, '?filter=leading-teams', sid);
    expect(filtered.length).toBe(await articlesIn(['tp-leading-teams']));
    expect(filtered.every((e) => e.category.term === 'Leading teams')).toBe(true);
    await get(t.app, '/service/stream/following/0/8?filter=astrology', sid).expect(404);
  });

  it('answers an empty following stream to a member who follows nothing', async () => {
    const { sid } = await registerFresh(t);
    const stream = await loadStream(t, '/service/stream/following/0/8', sid);
    expect(stream.entry).toEqual([]);
    expect(stream.page).toMatchObject({ totalElements: 0, last: true });
  });

  it('counts as unread only what was published since the member last opened the stream', async () => {
    const { sid } = await registerFresh(t);
    await follow(sid, 'Strategy').expect(200);
    const all = (await following(sid)).unreadCount;
    expect(all).toBe(await articlesIn(['tp-strategy']));

    // A filtered view or a later page does not count as opening the stream.
    await loadStream(t, '/service/stream/following/0/8?filter=growth-strategy', sid);
    await loadStream(t, '/service/stream/following/1/8', sid);
    expect((await following(sid)).unreadCount).toBe(all);

    // Opened at the start of 2025: what came after is unread again once the clock moves on.
    t.clock.set('2025-01-01T00:00:00.000Z');
    await loadStream(t, '/service/stream/following/0/8', sid);
    expect((await following(sid)).unreadCount).toBe(0);
    t.clock.set(TEST_NOW);
    const later = (await following(sid)).unreadCount;
    expect(later).toBe(await articlesIn(['tp-strategy'], '2025-01-01T00:00:00.000Z'));
    expect(later).toBeGreaterThan(0);
    expect(later).toBeLessThan(all);

    await loadStream(t, '/service/stream/following/0/8', sid);
    expect((await following(sid)).unreadCount).toBe(0);
  });

  it('unfollows idempotently; an unknown topic is 404', async () => {
    const { sid } = await registerFresh(t);
    await follow(sid, 'Strategy').expect(200);
    await follow(sid, 'Innovation').expect(200);
    const after = FollowingSchema.parse((await unfollow(sid, 'strategy').expect(200)).body);
    expect(after.topics.map((x) => x.slug)).toEqual(['innovation']);
    expect(after.unreadCount).toBe(await articlesIn(['tp-innovation']));
    expect(FollowingSchema.parse((await unfollow(sid, 'strategy').expect(200)).body)).toEqual(after);
    const res = await unfollow(sid, 'astrology').expect(404);
    expect(res.body.message).toBe(DISCOVERY_MESSAGES.topicNotFound);
  });

  it('refuses a subscriber-limited topic to a registered member, not to a subscriber', async () => {
    const reader = await sessionOf(t, DEMO_READER);
    const refused = await follow(reader, 'Generative AI').expect(403);
    expect(refused.body.message).toBe(DISCOVERY_MESSAGES.topicSubscribersOnly);
    expect((await following(reader)).topics.map((x) => x.slug)).not.toContain('generative-ai');

    const subscriber = await sessionOf(t, DEMO_SUBSCRIBER);
    const ok = FollowingSchema.parse((await follow(subscriber, 'generative-ai').expect(200)).body);
    expect(ok.topics.map((x) => x.slug)).toContain('generative-ai');
    await unfollow(subscriber, 'generative-ai').expect(200);
  });

  it("never touches another member's follows", async () => {
    const a = await registerFresh(t);
    const b = await registerFresh(t);
    await follow(a.sid, 'Innovation').expect(200);
    expect((await following(b.sid)).topics).toEqual([]);
    await unfollow(b.sid, 'innovation').expect(200);
    expect((await following(a.sid)).topics.map((x) => x.slug)).toEqual(['innovation']);
    expect((await loadStream(t, '/service/stream/following/0/8', b.sid)).entry).toEqual([]);
  });

  it('refuses unknown and blank names, and requests without the CSRF header', async () => {
    const { sid } = await registerFresh(t);
    expect((await follow(sid, 'Astrology').expect(404)).body.message).toBe(DISCOVERY_MESSAGES.topicNotFound);
    await follow(sid, '   ').expect(400);
    await request(t.app).post('/service/user/topics').set('Cookie', `sid=${sid}`).send({ name: 'Strategy' }).expect(403);
    await request(t.app).delete('/service/user/topics/strategy').set('Cookie', `sid=${sid}`).expect(403);
    expect((await following(sid)).topics).toEqual([]);
  });
});
