/** Subscriber lookup, the subscriber's web account, and linking after a checkout (PAY-03, PAY-06, PAY-07). */
import type { Kysely } from 'kysely';
import { MESSAGES, SubscriberLookupSchema, UserSchema } from 'shared-contracts/server';
import type { Database } from '../db/database';
import { DEMO_ACCESS_CODE_SUBSCRIBER, DEMO_LAPSED_SUBSCRIBER, DEMO_PRINT_SUBSCRIBER, DEMO_RESTRICTED, DEMO_SUBSCRIBER } from '../seed/demo-users';
import { ALREADY_LINKED_MESSAGE } from '../services/subscribers';
import { get, post, registerFresh, registrationBody, STRONG_PASSWORD, uniqueEmail } from '../test/accounts';
import { createTestApp, setCookies, sidFrom, signIn, UNLIMITED, type TestApp } from '../test/harness';
import { followVerificationLink, registerVerified } from '../test/verification';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ rateLimits: UNLIMITED });
});
afterEach(() => t.close());

const NOT_FOUND = { message: 'No Active Subscriptions Found' };
let nextAccount = 900000000;

/** A lookup record (with one subscription), as the fulfilment system would add it. */
async function addRecord(db: Kysely<Database>, fields: { email: string; source?: string; active?: boolean; code?: string }) {
  nextAccount += 1;
  const id = `sr-test-${nextAccount}`;
  const accountNumber = String(nextAccount);
  await db
    .insertInto('subscriber_records')
    .values({
      id,
      email: fields.email,
      first_name: 'Tess',
      last_name: 'Ikeda',
      source: fields.source ?? 'CDS_UK',
      account_number: accountNumber,
      subscription_code: fields.code ?? 'GOOD',
      subscription_active: fields.active === false ? 0 : 1,
      linked_user_id: null,
      issues: '[]',
      opt_in: 0,
      created_at: '2025-06-01T00:00:00.000Z',
    })
    .execute();
  await db
    .insertInto('subscriptions')
    .values({
      id: `${id}-s1`,
      record_id: id,
      source_code: fields.source ?? 'CDS_UK',
      status: 'ACTIVE',
      times_renewed: 0,
      order_value: 120,
      country: 'GB',
      term_title: 'Good: Digital, 12 months',
      account_number: accountNumber,
      most_recent_purchase_date: '2025-06-01T00:00:00.000Z',
      first_purchase_date: '2025-06-01T00:00:00.000Z',
      access_start_date: '2025-06-01T00:00:00.000Z',
      access_expiration_date: '2026-06-01T00:00:00.000Z',
    })
    .execute();
  return accountNumber;
}

const subscribeBody = (overrides: Record<string, unknown> = {}) => ({
  emailAddress: DEMO_PRINT_SUBSCRIBER.email,
  accountNumber: DEMO_PRINT_SUBSCRIBER.accountNumber,
  password: STRONG_PASSWORD,
  optIn: true,
  reCaptchaToken: 'token',
  ...overrides,
});

describe('POST /api/user/subscriber/search', () => {
  it('finds an active CDS_US subscription without a web account, the latest non-ACCESS_CODE subscription first', async () => {
    const res = await post(t.app, '/api/user/subscriber/search', {
      emailAddress: ` ${DEMO_PRINT_SUBSCRIBER.email.toUpperCase()}`,
      accountNumber: DEMO_PRINT_SUBSCRIBER.accountNumber,
    });
    expect(res.status).toBe(200);
    const lookup = SubscriberLookupSchema.parse(res.body);
    expect(lookup).toMatchObject({
      active: true,
      firstName: 'Priya',
      lastName: 'Sundaram',
      emailAddress: DEMO_PRINT_SUBSCRIBER.email,
      new: true,
      userAccountExists: false,
    });
    // The record also holds a newer ACCESS_CODE grant; it is listed, but never as the latest.
    expect(lookup.subscriptions.map((s) => s.subscriptionSourceCode)).toEqual(['CDS_US', 'ACCESS_CODE']);
    expect(lookup.subscriptions[0]).toMatchObject({ accountNumber: DEMO_PRINT_SUBSCRIBER.accountNumber, subscriptionStatus: 'ACTIVE' });
  });

  it('answers only when the account number matches too', async () => {
    await post(t.app, '/api/user/subscriber/search', {
      emailAddress: DEMO_PRINT_SUBSCRIBER.email,
      accountNumber: DEMO_PRINT_SUBSCRIBER.accountNumber,
    }).expect(200);
    const res = await post(t.app, '/api/user/subscriber/search', { emailAddress: DEMO_PRINT_SUBSCRIBER.email, accountNumber: '123' });
    expect(res.status).toBe(404);
    expect(res.body).toEqual(NOT_FOUND);
  });

  it.each([
    ['a lapsed subscription', DEMO_LAPSED_SUBSCRIBER.email, DEMO_LAPSED_SUBSCRIBER.accountNumber],
    ['an ACCESS_CODE-only subscription', DEMO_ACCESS_CODE_SUBSCRIBER.email, DEMO_ACCESS_CODE_SUBSCRIBER.accountNumber],
    ['an email with no subscription', 'nobody.subscribes@example.org', DEMO_PRINT_SUBSCRIBER.accountNumber],
  ])('answers 404 No Active Subscriptions Found for %s', async (_what, emailAddress, accountNumber) => {
    const res = await post(t.app, '/api/user/subscriber/search', { emailAddress, accountNumber }).expect(404);
    expect(res.body).toEqual({ message: MESSAGES.subscriberLookup.noActiveSubscriptions });
  });

  it('answers 404 for an active record of a source the lookup does not accept', async () => {
    const email = uniqueEmail('other-source');
    const accountNumber = await addRecord(t.db, { email, source: 'ACCESS_CODE' });
    await post(t.app, '/api/user/subscriber/search', { emailAddress: email, accountNumber }).expect(404);
  });

  it('tells that a linked subscription already has its web account', async () => {
    const res = await post(t.app, '/api/user/subscriber/search', {
      emailAddress: DEMO_SUBSCRIBER.email,
      accountNumber: DEMO_SUBSCRIBER.subscription.accountNumber,
    }).expect(200);
    expect(SubscriberLookupSchema.parse(res.body)).toMatchObject({ new: false, userAccountExists: true });
  });

  it('refuses an invalid email with 400 on the field', async () => {
    const res = await post(t.app, '/api/user/subscriber/search', { emailAddress: 'nope' }).expect(400);
    expect(res.body.errors).toEqual([{ field: 'emailAddress', errorMessage: 'Email address is not valid.' }]);
  });
});

describe.each(['/api/user/subscribe', '/api/user/subscriber/register'])('POST %s', (path) => {
  it("creates the subscriber's web account, signs in, and links the record's tier once the mailed link is followed", async () => {
    const res = await post(t.app, path, subscribeBody()).expect(201);
    const unverified = UserSchema.parse(res.body);
    // Until the address is proved, the account is a registered reader's and nothing is linked.
    expect(unverified).toMatchObject({
      emailAddress: DEMO_PRINT_SUBSCRIBER.email,
      firstName: 'Priya',
      status: 'registered',
      tiers: [],
      subscriber: null,
      optIn: true,
      emailVerified: false,
    });
    expect(setCookies(res).find((c) => c.startsWith('sid='))).toMatch(/HttpOnly.*SameSite=Lax|SameSite=Lax.*HttpOnly/);
    const sid = sidFrom(res);
    await followVerificationLink(t, DEMO_PRINT_SUBSCRIBER.email);
    const user = UserSchema.parse((await get(t.app, '/service/user/profile', sid).expect(200)).body);
    expect(user).toMatchObject({
      emailAddress: DEMO_PRINT_SUBSCRIBER.email,
      status: 'subscriber',
      state: 'subscribers',
      tiers: [{ roleCode: 'ROLE_HBRG_BETTER' }],
      tier: { roleCode: 'ROLE_HBRG_BETTER', label: 'Better', caption: 'Digital + Print' },
      hmmEligible: false,
      emailVerified: true,
    });
    expect(user.subscriber?.accountNumber).toBe(DEMO_PRINT_SUBSCRIBER.accountNumber);
    expect(user.subscriber?.digest).toMatch(/^[0-9a-f]{64}$/);
    await signIn(t.app, DEMO_PRINT_SUBSCRIBER.email, STRONG_PASSWORD).expect(200);

    const lookup = await post(t.app, '/api/user/subscriber/search', {
      emailAddress: DEMO_PRINT_SUBSCRIBER.email,
      accountNumber: DEMO_PRINT_SUBSCRIBER.accountNumber,
    }).expect(200);
    expect(lookup.body).toMatchObject({ new: false, userAccountExists: true });
    // Now the email has its account: subscribing or registering again is refused.
    expect((await post(t.app, path, subscribeBody()).expect(409)).body.message).toBe(MESSAGES.registration.usernameUnavailable);
    await post(t.app, '/api/user/register', registrationBody({ emailAddress: DEMO_PRINT_SUBSCRIBER.email })).expect(409);
  });

  it('answers 404 for a wrong account number or a lapsed subscription', async () => {
    expect((await post(t.app, path, subscribeBody({ accountNumber: '999' })).expect(404)).body).toEqual(NOT_FOUND);
    await post(t.app, path, subscribeBody({ emailAddress: DEMO_LAPSED_SUBSCRIBER.email, accountNumber: DEMO_LAPSED_SUBSCRIBER.accountNumber })).expect(404);
  });

  it('checks the fields: email, account number and the registration password rule', async () => {
    const res = await post(t.app, path, { emailAddress: 'x', password: 'short' }).expect(400);
    expect(res.body.errors).toEqual([
      { field: 'emailAddress', errorMessage: 'Email address is not valid.' },
      { field: 'accountNumber', errorMessage: 'This field is required.' },
      { field: 'password', errorMessage: MESSAGES.password.registrationHint },
    ]);
  });

  it('answers 409 when the record is already linked to an account under another email', async () => {
    const email = uniqueEmail('relinked');
    const accountNumber = await addRecord(t.db, { email });
    await post(t.app, path, subscribeBody({ emailAddress: email, accountNumber })).expect(201);
    await followVerificationLink(t, email);
    await t.db
      .updateTable('users')
      .set({ email: uniqueEmail('moved') })
      .where('email', '=', email)
      .execute();
    const res = await post(t.app, path, subscribeBody({ emailAddress: email, accountNumber })).expect(409);
    expect(res.body).toEqual({ message: ALREADY_LINKED_MESSAGE, errors: [{ field: 'accountNumber', errorMessage: ALREADY_LINKED_MESSAGE }] });
  });

  it("answers 403 for a restricted account's email", async () => {
    const accountNumber = await addRecord(t.db, { email: DEMO_RESTRICTED.email });
    const res = await post(t.app, path, subscribeBody({ emailAddress: DEMO_RESTRICTED.email, accountNumber })).expect(403);
    expect(res.body).toEqual({ message: MESSAGES.signIn.restricted });
  });
});

describe('POST /api/user/subscribe/checkoutComplete', () => {
  it('answers 401 to a guest', async () => {
    await post(t.app, '/api/user/subscribe/checkoutComplete', {}).expect(401);
  });

  it('leaves a reader without a new subscription as they are', async () => {
    const account = await registerFresh(t);
    const res = await post(t.app, '/api/user/subscribe/checkoutComplete', {}, account.sid).expect(200);
    expect(UserSchema.parse(res.body)).toMatchObject({ status: 'registered', tiers: [], subscriber: null });
  });

  it("links the reader's new subscription and makes them a subscriber of its tier", async () => {
    const account = await registerVerified(t);
    const accountNumber = await addRecord(t.db, { email: account.email, code: 'EXECUTIVE' });
    const res = await post(t.app, '/api/user/subscribe/checkoutComplete', {}, account.sid).expect(200);
    const user = UserSchema.parse(res.body);
    expect(user).toMatchObject({
      id: account.user.id,
      status: 'subscriber',
      state: 'subscribers',
      tiers: [{ roleCode: 'ROLE_HBRG_EXECUTIVE' }],
      tier: { label: 'Executive', caption: null },
      hmmEligible: true,
      subscriber: { accountNumber },
    });
    const again = UserSchema.parse((await post(t.app, '/api/user/subscribe/checkoutComplete', {}, account.sid).expect(200)).body);
    expect(again.tiers).toEqual(user.tiers);
    expect((await get(t.app, '/service/user/profile', account.sid).expect(200)).body.status).toBe('subscriber');
  });
});

it('limits subscriber calls per client address, search and subscribe together', async () => {
  const limited = await createTestApp({ rateLimits: { subscriberSearch: { windowMs: 60_000, limit: 2 } } });
  try {
    const search = { emailAddress: DEMO_PRINT_SUBSCRIBER.email, accountNumber: DEMO_PRINT_SUBSCRIBER.accountNumber };
    await post(limited.app, '/api/user/subscriber/search', search).expect(200);
    await post(limited.app, '/api/user/subscribe', subscribeBody({ accountNumber: '1' })).expect(404);
    await post(limited.app, '/api/user/subscriber/search', search).expect(429);
  } finally {
    await limited.close();
  }
});
