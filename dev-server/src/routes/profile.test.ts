/** The profile (GET/HEAD with Last-Modified, POST settings), quotas and the User answer of each kind of account. */
import request from 'supertest';
import { MESSAGES, QuotaSchema, UserSchema } from 'shared-contracts/server';
import { formatHttpDate } from '../server-rules';
import { DEMO_ALLACCESS, DEMO_BETTER, DEMO_EXECUTIVE, DEMO_GOOD, DEMO_READER, DEMO_SUBSCRIBER, type DemoUser } from '../seed/demo-users';
import { get, post, registerFresh } from '../test/accounts';
import { articlesOf, readContent } from '../test/paywall';
import { createTestApp, sidFrom, signIn, TEST_NOW, UNLIMITED, type TestApp } from '../test/harness';
import { followVerificationLink } from '../test/verification';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: UNLIMITED });
});
afterAll(() => t.close());
afterEach(() => t.clock.set(TEST_NOW));

async function sidOf(user: { email: string; password: string }): Promise<string> {
  const sid = sidFrom(await signIn(t.app, user.email, user.password).expect(200));
  if (!sid) throw new Error('no session');
  return sid;
}

const update = (sid: string, body: unknown) => post(t.app, '/service/user/profile', body, sid);

describe('GET and HEAD /service/user/profile', () => {
  it('carries Last-Modified (the HTTP date of the last profile change) and answers 304 when unchanged', async () => {
    const sid = await sidOf(DEMO_READER);
    const res = await get(t.app, '/service/user/profile', sid).expect(200);
    const user = UserSchema.parse(res.body);
    expect(res.headers['last-modified']).toBe(formatHttpDate(user.lastUpdatedDate));
    expect(res.headers['last-modified']).toMatch(/^\w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} GMT$/);

    const same = await get(t.app, '/service/user/profile', sid).set('If-Modified-Since', res.headers['last-modified']!);
    expect(same.status).toBe(304);
    expect(same.text).toBe('');
    const older = await get(t.app, '/service/user/profile', sid).set('If-Modified-Since', 'Mon, 01 Jan 2024 00:00:00 GMT').expect(200);
    UserSchema.parse(older.body);
    await get(t.app, '/service/user/profile', sid).set('If-Modified-Since', 'not a date').expect(200);
  });

  it('HEAD answers the same Last-Modified without a body, and 401 to a guest', async () => {
    const sid = await sidOf(DEMO_READER);
    const full = await get(t.app, '/service/user/profile', sid).expect(200);
    const head = await request(t.app).head('/service/user/profile').set('Cookie', `sid=${sid}`).expect(200);
    expect(head.headers['last-modified']).toBe(full.headers['last-modified']);
    expect(head.text ?? '').toBe('');
    await request(t.app).head('/service/user/profile').expect(401);
  });
});

describe('POST /service/user/profile', () => {
  it('saves the settings, answers the user and moves Last-Modified on', async () => {
    const account = await registerFresh(t);
    const before = await get(t.app, '/service/user/profile', account.sid).expect(200);
    t.clock.advance(60_000);
    const res = await update(account.sid, {
      displayName: ' Nadia O. ',
      attributes: [
        { name: 'industry', value: 'Media' },
        { name: 'jobTitle', value: 'Manager/Senior Manager' },
        { name: 'companySize', value: '100 to 499' },
        { name: 'optIn', value: 'false' },
      ],
    }).expect(200);
    expect(UserSchema.parse(res.body)).toMatchObject({
      displayName: 'Nadia O.',
      industry: 'Media',
      jobTitle: 'Manager/Senior Manager',
      companySize: '100 to 499',
      optIn: false,
    });
    const after = await get(t.app, '/service/user/profile', account.sid).set('If-Modified-Since', before.headers['last-modified']!).expect(200);
    expect(Date.parse(after.headers['last-modified']!) - Date.parse(before.headers['last-modified']!)).toBe(60_000);
    expect(after.body).toMatchObject({ industry: 'Media', companySize: '100 to 499' });

    // The blank choice clears a setting.
    const cleared = await update(account.sid, { attributes: [{ name: 'industry', value: '' }] }).expect(200);
    expect(cleared.body).toMatchObject({ industry: null, jobTitle: 'Manager/Senior Manager' });
  });

  it.each([
    ['industry', 'Mining'],
    ['jobTitle', 'CEO'],
    ['companySize', '10'],
    ['optIn', 'yes'],
  ])("refuses %s '%s' with 'Please select a valid value' on that field", async (name, value) => {
    const account = await registerFresh(t);
    const res = await update(account.sid, { attributes: [{ name, value }] }).expect(400);
    expect(res.body).toEqual({ message: 'Please select a valid value', errors: [{ field: name, errorMessage: MESSAGES.shared.selectValid }] });
    expect((await get(t.app, '/service/user/profile', account.sid).expect(200)).body.industry).toBeNull();
  });

  it('changes the email once the link mailed to it is followed, which then signs in; refuses an invalid or taken one', async () => {
    const account = await registerFresh(t);
    const withPassword = (emailAddress: string) => ({ emailAddress, currentPassword: account.password });
    expect((await update(account.sid, withPassword('bad@')).expect(400)).body.errors).toEqual([
      { field: 'emailAddress', errorMessage: 'Email address is not valid.' },
    ]);
    const taken = await update(account.sid, withPassword(DEMO_READER.email.toUpperCase())).expect(409);
    expect(taken.body.message).toBe(MESSAGES.registration.usernameUnavailable);

    const moved = `moved.${account.email}`;
    expect((await update(account.sid, withPassword(moved)).expect(200)).body.emailAddress).toBe(account.email);
    await followVerificationLink(t, moved);
    expect((await get(t.app, '/service/user/profile', account.sid).expect(200)).body).toMatchObject({ emailAddress: moved, emailVerified: true });
    await signIn(t.app, moved, account.password).expect(200);
    await signIn(t.app, account.email, account.password).expect(401);
  });

  it('refuses a blank display name and answers 401 to a guest', async () => {
    const account = await registerFresh(t);
    expect((await update(account.sid, { displayName: '  ' }).expect(400)).body.errors).toEqual([
      { field: 'displayName', errorMessage: 'This field is required.' },
    ]);
    await post(t.app, '/service/user/profile', { displayName: 'x' }).expect(401);
  });
});

describe('quotas', () => {
  it('answer the limits of the spec and the articles read this month', async () => {
    const account = await registerFresh(t);
    const sid = account.sid;
    expect(QuotaSchema.parse((await get(t.app, '/service/user/quota', sid).expect(200)).body)).toEqual({ limit: 4, count: 0, remaining: 4 });
    expect((await get(t.app, '/service/user/ascend-quota', sid).expect(200)).body).toEqual({ limit: 3, count: 0, remaining: 3 });
    const [metered] = await articlesOf(t, 'metered', 1);
    const [ascend] = await articlesOf(t, 'ascend', 1);
    await readContent(t, metered!, { sid });
    await readContent(t, ascend!, { sid });
    expect((await get(t.app, '/service/user/quota', sid).expect(200)).body).toEqual({ limit: 4, count: 1, remaining: 3 });
    expect((await get(t.app, '/service/user/ascend-quota', sid).expect(200)).body).toEqual({ limit: 3, count: 1, remaining: 2 });
    const user = UserSchema.parse((await get(t.app, '/service/user/profile', sid).expect(200)).body);
    expect(user.quota).toEqual({ limit: 4, count: 1, remaining: 3 });
    expect(user.ascendQuota).toEqual({ limit: 3, count: 1, remaining: 2 });
  });

  it('answer 401 to a guest', async () => {
    await get(t.app, '/service/user/quota').expect(401);
    await get(t.app, '/service/user/ascend-quota').expect(401);
  });
});

describe('the User answer of each demo account', () => {
  it('a registered reader: state registered, no tier, no subscriber details, not hmm-eligible', async () => {
    const user = UserSchema.parse((await signIn(t.app, DEMO_READER.email, DEMO_READER.password).expect(200)).body);
    expect(user).toMatchObject({ state: 'registered', tier: null, subscriber: null, hmmEligible: false, optIn: false });
  });

  it.each<[DemoUser, string, string | null, boolean]>([
    [DEMO_GOOD, 'Good', 'Digital', false],
    [DEMO_BETTER, 'Better', 'Digital + Print', false],
    [DEMO_SUBSCRIBER, 'Best', 'Premium', true],
    [DEMO_EXECUTIVE, 'Executive', null, true],
    [DEMO_ALLACCESS, 'All Access', null, true],
  ])('%s: its tier, caption, hmm eligibility and subscriber details', async (demo, label, caption, hmm) => {
    const user = UserSchema.parse((await signIn(t.app, demo.email, demo.password).expect(200)).body);
    expect(user).toMatchObject({
      status: 'subscriber',
      state: 'subscribers',
      tiers: demo.tiers.map((roleCode) => ({ roleCode })),
      tier: { roleCode: demo.tiers[0], label, caption },
      hmmEligible: hmm,
      subscriber: { accountNumber: demo.subscription?.accountNumber },
    });
    expect(user.subscriber?.subscriptions[0]).toMatchObject({ subscriptionSourceCode: 'CDS_US', subscriptionStatus: 'ACTIVE' });
    // The digest is stable for a subscriber and differs between subscribers.
    const again = UserSchema.parse((await signIn(t.app, demo.email, demo.password).expect(200)).body);
    expect(again.subscriber?.digest).toBe(user.subscriber?.digest);
    const other = UserSchema.parse((await signIn(t.app, DEMO_SUBSCRIBER.email, DEMO_SUBSCRIBER.password).expect(200)).body);
    if (demo !== DEMO_SUBSCRIBER) expect(other.subscriber?.digest).not.toBe(user.subscriber?.digest);
  });

  it('the Best subscriber has a newer ACCESS_CODE grant, yet the latest subscription listed first is the paid one', async () => {
    const user = UserSchema.parse((await signIn(t.app, DEMO_SUBSCRIBER.email, DEMO_SUBSCRIBER.password).expect(200)).body);
    expect(user.subscriber?.subscriptions.map((s) => s.subscriptionSourceCode)).toEqual(['CDS_US', 'ACCESS_CODE']);
  });
});
