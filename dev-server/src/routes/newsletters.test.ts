/** Newsletters and marketing campaigns: the list, subscriptions per kind, unsubscribe-all. */
import request from 'supertest';
import { DISCOVERY_MESSAGES, NewsletterListSchema, type NewsletterSubscriptions, NewsletterSubscriptionsSchema } from 'shared-contracts/server';
import { DEMO_READER, DEMO_SUBSCRIBER } from '../seed/demo-users';
import { get, post, registerFresh } from '../test/accounts';
import { del, sessionOf } from '../test/discovery';
import { createTestApp, UNLIMITED, type TestApp } from '../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: UNLIMITED });
});
afterAll(() => t.close());

const NEWSLETTERS = '/service/user/newsletters';
const CAMPAIGNS = '/service/user/marketingcampaigns';
const parse = (res: request.Response): NewsletterSubscriptions => NewsletterSubscriptionsSchema.parse(res.body);
const subscribe = (sid: string | undefined, path: string, name: string, activity?: string) => post(t.app, path, activity ? { name, activity } : { name }, sid);

describe('GET /api/newsletters', () => {
  it('lists the newsletters, then the marketing campaigns', async () => {
    const res = await request(t.app).get('/api/newsletters').expect(200);
    const list = NewsletterListSchema.parse(res.body);
    expect(list.map((n) => n.kind)).toEqual([...Array(6).fill('newsletter'), ...Array(3).fill('marketingCampaign')]);
    expect(list.filter((n) => n.subscriberOnly).map((n) => n.name)).toEqual(['Subscriber Exclusive', 'The Big Idea Insider']);
    expect(list.map((n) => n.name)).toEqual(expect.arrayContaining(['The Daily Brief', 'Management Tip of the Day', 'Special offers']));
    expect(res.headers['cache-control']).toBe('public, max-age=300');
  });
});

describe('subscriptions', () => {
  it('turns guests away with 401', async () => {
    await request(t.app).get(NEWSLETTERS).expect(401);
    await subscribe(undefined, NEWSLETTERS, 'daily-brief').expect(401);
    await del(t.app, `${CAMPAIGNS}/special-offers`).expect(401);
    await del(t.app, '/service/user/unsubscribe/all').expect(401);
  });

  it('subscribes and unsubscribes each kind on its own calls, idempotently', async () => {
    const { sid } = await registerFresh(t);
    expect(parse(await get(t.app, NEWSLETTERS, sid).expect(200))).toEqual({ newsletters: [], marketingCampaigns: [] });

    await subscribe(sid, NEWSLETTERS, 'leadership-weekly').expect(200);
    const twice = parse(await subscribe(sid, NEWSLETTERS, 'daily-brief', 'subscribe').expect(200));
    expect(twice.newsletters).toEqual(['daily-brief', 'leadership-weekly']);
    expect(parse(await subscribe(sid, NEWSLETTERS, 'daily-brief').expect(200))).toEqual(twice);

    const withCampaign = parse(await subscribe(sid, CAMPAIGNS, 'events-and-webinars').expect(200));
    expect(withCampaign).toEqual({ newsletters: ['daily-brief', 'leadership-weekly'], marketingCampaigns: [{ marketingCampaignId: 'events-and-webinars' }] });
    // Both GETs answer the member's whole subscriptions.
    expect(parse(await get(t.app, CAMPAIGNS, sid).expect(200))).toEqual(withCampaign);

    const less = parse(await del(t.app, `${NEWSLETTERS}/leadership-weekly`, sid).expect(200));
    expect(less.newsletters).toEqual(['daily-brief']);
    expect(parse(await del(t.app, `${NEWSLETTERS}/leadership-weekly`, sid).expect(200))).toEqual(less);
    const viaActivity = parse(await subscribe(sid, NEWSLETTERS, 'daily-brief', 'unsubscribe').expect(200));
    expect(viaActivity.newsletters).toEqual([]);
    expect(viaActivity.marketingCampaigns).toEqual([{ marketingCampaignId: 'events-and-webinars' }]);
  });

  it('unsubscribes from everything at once', async () => {
    const { sid } = await registerFresh(t);
    await subscribe(sid, NEWSLETTERS, 'daily-brief').expect(200);
    await subscribe(sid, CAMPAIGNS, 'special-offers').expect(200);
    await subscribe(sid, CAMPAIGNS, 'product-updates').expect(200);
    expect(parse(await del(t.app, '/service/user/unsubscribe/all', sid).expect(200))).toEqual({ newsletters: [], marketingCampaigns: [] });
    expect(parse(await get(t.app, NEWSLETTERS, sid).expect(200))).toEqual({ newsletters: [], marketingCampaigns: [] });
  });

  it('never mixes the kinds: a campaign on the newsletter calls (or the reverse) is a 400', async () => {
    const { sid } = await registerFresh(t);
    const wrong = await subscribe(sid, NEWSLETTERS, 'special-offers').expect(400);
    expect(wrong.body.message).toBe('This is a marketing campaign, not a newsletter.');
    await subscribe(sid, CAMPAIGNS, 'daily-brief').expect(400);
    await del(t.app, `${CAMPAIGNS}/daily-brief`, sid).expect(400);
    expect(parse(await get(t.app, NEWSLETTERS, sid).expect(200))).toEqual({ newsletters: [], marketingCampaigns: [] });
  });

  it('answers 404 for an unknown newsletter', async () => {
    const { sid } = await registerFresh(t);
    expect((await subscribe(sid, NEWSLETTERS, 'the-gazette').expect(404)).body.message).toBe(DISCOVERY_MESSAGES.newsletterNotFound);
    await del(t.app, `${CAMPAIGNS}/the-gazette`, sid).expect(404);
    await subscribe(sid, NEWSLETTERS, '  ').expect(400);
  });

  it('keeps subscriber-only newsletters for subscribers', async () => {
    const reader = await sessionOf(t, DEMO_READER);
    const refused = await subscribe(reader, NEWSLETTERS, 'subscriber-exclusive').expect(403);
    expect(refused.body.message).toBe(DISCOVERY_MESSAGES.newsletterSubscribersOnly);
    expect(parse(await get(t.app, NEWSLETTERS, reader).expect(200)).newsletters).not.toContain('subscriber-exclusive');

    const subscriber = await sessionOf(t, DEMO_SUBSCRIBER);
    const ok = parse(await subscribe(subscriber, NEWSLETTERS, 'big-idea-insider').expect(200));
    expect(ok.newsletters).toContain('big-idea-insider');
    await del(t.app, `${NEWSLETTERS}/big-idea-insider`, subscriber).expect(200);
  });

  it("never touches another member's subscriptions, and needs the CSRF header", async () => {
    const a = await registerFresh(t);
    const b = await registerFresh(t);
    await subscribe(a.sid, NEWSLETTERS, 'tech-and-analytics').expect(200);
    await del(t.app, '/service/user/unsubscribe/all', b.sid).expect(200);
    expect(parse(await get(t.app, NEWSLETTERS, a.sid).expect(200)).newsletters).toEqual(['tech-and-analytics']);
    await request(t.app).post(NEWSLETTERS).set('Cookie', `sid=${a.sid}`).send({ name: 'daily-brief' }).expect(403);
    await request(t.app).delete('/service/user/unsubscribe/all').set('Cookie', `sid=${a.sid}`).expect(403);
    expect(parse(await get(t.app, NEWSLETTERS, a.sid).expect(200)).newsletters).toEqual(['tech-and-analytics']);
  });
});
