/**
 * The subscriber lookup answers only for an email and its account number together: nothing about a
 * subscriber (names, account number, orders, dates) leaks to someone who knows only the email, a
 * wrong number answers exactly as an unknown email, and guesses are limited per client and per email
 * (one count per email for the search and both subscribe routes).
 */
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CSRF_HEADER, CSRF_VALUE, MESSAGES, SubscriberLookupSchema } from 'shared-contracts/server';
import { TOO_MANY_REQUESTS } from '../http/rate-limit';
import { DEMO_PRINT_SUBSCRIBER, DEMO_SUBSCRIBER } from '../seed/demo-users';
import { post, STRONG_PASSWORD } from '../test/accounts';
import { createTestApp, UNLIMITED, type TestApp } from '../test/harness';

const SEARCH = '/api/user/subscriber/search';
const SUBSCRIBE = '/api/user/subscribe';
const SUBSCRIBER_REGISTER = '/api/user/subscriber/register';
const NOT_FOUND = { message: MESSAGES.subscriberLookup.noActiveSubscriptions };
const UNKNOWN_EMAIL = 'nobody.subscribes@example.org';

/** The parts of an answer an observer can compare (headers that vary per request left out). */
function observable(res: { status: number; body: unknown; headers: Record<string, unknown> }) {
  const { date: _date, etag: _etag, 'x-request-id': _id, ...headers } = res.headers;
  return { status: res.status, body: res.body, headers };
}

describe('POST /api/user/subscriber/search without the right account number', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ rateLimits: UNLIMITED });
  });
  afterAll(() => t.close());

  it('by email alone answers the 404 of an unknown email, with no personal data', async () => {
    const res = await post(t.app, SEARCH, { emailAddress: DEMO_PRINT_SUBSCRIBER.email }).expect(404);
    expect(res.body).toEqual(NOT_FOUND);
    const text = JSON.stringify(res.body);
    for (const secret of [DEMO_PRINT_SUBSCRIBER.accountNumber, DEMO_PRINT_SUBSCRIBER.firstName, DEMO_PRINT_SUBSCRIBER.lastName]) {
      expect(text).not.toContain(secret);
    }
    const unknown = await post(t.app, SEARCH, { emailAddress: UNKNOWN_EMAIL }).expect(404);
    expect(observable(res)).toEqual(observable(unknown));
  });

  it.each([
    ['a wrong number', '800000202'],
    ['a blank number', '   '],
    ['an empty number', ''],
    ["another subscriber's number", DEMO_SUBSCRIBER.subscription.accountNumber],
  ])('with %s answers exactly as an unknown email does', async (_what, accountNumber) => {
    const wrong = await post(t.app, SEARCH, { emailAddress: DEMO_PRINT_SUBSCRIBER.email, accountNumber }).expect(404);
    const unknown = await post(t.app, SEARCH, { emailAddress: UNKNOWN_EMAIL, accountNumber }).expect(404);
    expect(wrong.body).toEqual(NOT_FOUND);
    expect(observable(wrong)).toEqual(observable(unknown));
  });

  it('with the right number answers the details', async () => {
    const res = await post(t.app, SEARCH, {
      emailAddress: ` ${DEMO_PRINT_SUBSCRIBER.email.toUpperCase()} `,
      accountNumber: ` ${DEMO_PRINT_SUBSCRIBER.accountNumber} `,
    }).expect(200);
    const lookup = SubscriberLookupSchema.parse(res.body);
    expect(lookup).toMatchObject({
      firstName: DEMO_PRINT_SUBSCRIBER.firstName,
      lastName: DEMO_PRINT_SUBSCRIBER.lastName,
      emailAddress: DEMO_PRINT_SUBSCRIBER.email,
      new: true,
      userAccountExists: false,
    });
    expect(lookup.subscriptions[0]?.accountNumber).toBe(DEMO_PRINT_SUBSCRIBER.accountNumber);
  });

  it('refuses a number that is not text with 400, before any lookup', async () => {
    const known = await post(t.app, SEARCH, { emailAddress: DEMO_PRINT_SUBSCRIBER.email, accountNumber: 800000201 }).expect(400);
    const unknown = await post(t.app, SEARCH, { emailAddress: UNKNOWN_EMAIL, accountNumber: 800000201 }).expect(400);
    expect(known.body.errors).toEqual([expect.objectContaining({ field: 'accountNumber' })]);
    expect(known.body).toEqual(unknown.body);
  });
});

describe('the attack of the leaked account number', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ rateLimits: UNLIMITED });
  });
  afterAll(() => t.close());

  it('an email alone gives nothing to subscribe with; the subscriber with their number still can', async () => {
    const probe = await post(t.app, SEARCH, { emailAddress: DEMO_PRINT_SUBSCRIBER.email }).expect(404);
    expect(JSON.stringify(probe.body)).not.toContain(DEMO_PRINT_SUBSCRIBER.accountNumber);
    // Without the number, subscribing is refused as before.
    await post(t.app, '/api/user/subscribe', { emailAddress: DEMO_PRINT_SUBSCRIBER.email, password: STRONG_PASSWORD }).expect(400);
    await post(t.app, '/api/user/subscribe', {
      emailAddress: DEMO_PRINT_SUBSCRIBER.email,
      accountNumber: '800000202',
      password: STRONG_PASSWORD,
      reCaptchaToken: 'token',
    }).expect(404);
    expect(await t.db.selectFrom('users').select('id').where('email', '=', DEMO_PRINT_SUBSCRIBER.email).execute()).toEqual([]);
    // The legitimate flow: the lookup with the number answers.
    await post(t.app, SEARCH, { emailAddress: DEMO_PRINT_SUBSCRIBER.email, accountNumber: DEMO_PRINT_SUBSCRIBER.accountNumber }).expect(200);
  });
});

/* ------------------------------------------------------------------ limits */

/** A POST sent from a chosen loopback address, so the server sees a different client. */
function postFrom(server: Server, localAddress: string, path: string, body: object, headers: Record<string, string> = {}) {
  const { port } = server.address() as AddressInfo;
  const payload = JSON.stringify(body);
  return new Promise<{ status: number; body: unknown }>((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        localAddress,
        method: 'POST',
        path,
        headers: { 'Content-Type': 'application/json', [CSRF_HEADER]: CSRF_VALUE, ...headers },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as unknown }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

describe('lookups are limited per client and per email', () => {
  let t: TestApp;
  let server: Server;
  beforeEach(async () => {
    t = await createTestApp({
      rateLimits: {
        ...UNLIMITED,
        subscriberSearch: { windowMs: 60_000, limit: 2 },
        subscriberSearchEmail: { windowMs: 60_000, limit: 3 },
      },
    });
    server = createServer(t.app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterEach(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await t.close();
  });

  const guess = (from: string, accountNumber: string, emailAddress: string = DEMO_PRINT_SUBSCRIBER.email) =>
    postFrom(server, from, SEARCH, { emailAddress, accountNumber });

  it('guesses at one email from rotating client addresses stop at the per-email limit', async () => {
    // Three addresses, one guess each: under both limits.
    for (const [i, from] of ['127.0.0.2', '127.0.0.3', '127.0.0.4'].entries()) {
      expect(await guess(from, `80000030${i}`)).toEqual({ status: 404, body: NOT_FOUND });
    }
    // A fourth, fresh address: its own counter is at 0, but the email's is spent, even with the
    // right number and another spelling of the email.
    const refused = await guess('127.0.0.5', DEMO_PRINT_SUBSCRIBER.accountNumber, ` ${DEMO_PRINT_SUBSCRIBER.email.toUpperCase()}`);
    expect(refused).toEqual({ status: 429, body: { message: TOO_MANY_REQUESTS } });
    // That address can still look up another email: the limit is the email's, not the client's.
    expect((await guess('127.0.0.5', '1', UNKNOWN_EMAIL)).status).toBe(404);
  });

  it('the per-client limit holds whatever X-Forwarded-For a client sends', async () => {
    // express-rate-limit reports the ignored header on the console; the header changes nothing.
    const quiet = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const spoof = (n: number) => ({ 'X-Forwarded-For': `203.0.113.${n}` });
    const send = (n: number, emailAddress: string) => postFrom(server, '127.0.0.6', SEARCH, { emailAddress, accountNumber: '1' }, spoof(n));
    expect((await send(1, 'one@example.org')).status).toBe(404);
    expect((await send(2, 'two@example.org')).status).toBe(404);
    expect(await send(3, 'three@example.org')).toEqual({ status: 429, body: { message: TOO_MANY_REQUESTS } });
    quiet.mockRestore();
  });

  it('guesses through the subscribe routes from rotating client addresses count against the same per-email limit', async () => {
    const subscribe = (from: string, path: string, accountNumber: string, emailAddress: string = DEMO_PRINT_SUBSCRIBER.email) =>
      postFrom(server, from, path, { emailAddress, accountNumber, password: STRONG_PASSWORD, reCaptchaToken: 'token' });
    // One guess each from three client addresses, through both subscribe routes and the search:
    // they share the email's count.
    expect(await subscribe('127.0.0.8', SUBSCRIBE, '800000301')).toEqual({ status: 404, body: NOT_FOUND });
    expect(await subscribe('127.0.0.9', SUBSCRIBER_REGISTER, '800000302')).toEqual({ status: 404, body: NOT_FOUND });
    expect(await guess('127.0.0.10', '800000303')).toEqual({ status: 404, body: NOT_FOUND });
    // A fresh client address with the right number and another spelling of the email is refused,
    // on either route, and no account is made.
    const refused = { status: 429, body: { message: TOO_MANY_REQUESTS } };
    const shouted = ` ${DEMO_PRINT_SUBSCRIBER.email.toUpperCase()}`;
    expect(await subscribe('127.0.0.11', SUBSCRIBE, DEMO_PRINT_SUBSCRIBER.accountNumber, shouted)).toEqual(refused);
    expect(await subscribe('127.0.0.12', SUBSCRIBER_REGISTER, DEMO_PRINT_SUBSCRIBER.accountNumber)).toEqual(refused);
    expect(await t.db.selectFrom('users').select('id').where('email', '=', DEMO_PRINT_SUBSCRIBER.email).execute()).toEqual([]);
    // The limit is the email's: the same client address may still subscribe with another email.
    expect(await subscribe('127.0.0.11', SUBSCRIBE, '1', UNKNOWN_EMAIL)).toEqual({ status: 404, body: NOT_FOUND });
  });

  it('a subscriber looking up their own email with the right number is answered', async () => {
    expect((await guess('127.0.0.7', DEMO_PRINT_SUBSCRIBER.accountNumber)).status).toBe(200);
  });
});
