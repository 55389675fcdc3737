/** deleteAll of followed topics (SITE-07): DELETE /service/user/topics/all stops following every topic, only the member's own. */
import request from 'supertest';
import { CSRF_HEADER, CSRF_VALUE, type Following, FollowingSchema } from 'shared-contracts/server';
import { get, post, registerFresh } from '../test/accounts';
import { del } from '../test/discovery';
import { createTestApp, UNLIMITED, type TestApp } from '../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: UNLIMITED });
});
afterAll(() => t.close());

const following = async (sid: string): Promise<Following> => FollowingSchema.parse((await get(t.app, '/service/user/topics', sid).expect(200)).body);

describe('DELETE /service/user/topics/all (stop following all)', () => {
  it('turns guests away with 401', async () => {
    await request(t.app).delete('/service/user/topics/all').set(CSRF_HEADER, CSRF_VALUE).expect(401);
  });

  it('needs the CSRF header like every other change', async () => {
    const { sid } = await registerFresh(t);
    await request(t.app).delete('/service/user/topics/all').set('Cookie', `sid=${sid}`).expect(403);
  });

  it("unfollows every topic the member follows and answers the empty following state; another member's follows stay", async () => {
    const a = await registerFresh(t);
    const b = await registerFresh(t);
    for (const name of ['Strategy', 'Innovation']) await post(t.app, '/service/user/topics', { name }, a.sid).expect(200);
    await post(t.app, '/service/user/topics', { name: 'Strategy' }, b.sid).expect(200);
    expect((await following(a.sid)).topics.map((x) => x.name).sort()).toEqual(['Innovation', 'Strategy']);

    const answer = FollowingSchema.parse((await del(t.app, '/service/user/topics/all', a.sid).expect(200)).body);
    expect(answer).toEqual({ topics: [], unreadCount: 0 });
    expect((await following(a.sid)).topics).toEqual([]);
    expect((await following(b.sid)).topics.map((x) => x.name)).toEqual(['Strategy']);
  });

  it("no topic is slugged 'all' (the path stays the deleteAll's)", async () => {
    expect(await t.db.selectFrom('topics').select('id').where('slug', '=', 'all').executeTakeFirst()).toBeUndefined();
  });

  it('with nothing followed, answers the same empty state', async () => {
    const { sid } = await registerFresh(t);
    expect(FollowingSchema.parse((await del(t.app, '/service/user/topics/all', sid).expect(200)).body)).toEqual({ topics: [], unreadCount: 0 });
  });
});
