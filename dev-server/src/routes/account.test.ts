/**
 * The account page's API (PLAT-15): the member's own order history (GET /service/user/orders), and
 * the email change of the page (POST /service/user/profile) refusing a wrong or missing current
 * password without changing anything.
 */
import request from 'supertest';
import { CSRF_HEADER, CSRF_VALUE, MESSAGES, UserSchema } from 'shared-contracts/server';
import { DEMO_READER, DEMO_SUBSCRIBER } from '../seed/demo-users';
import { get, post, registerFresh, WRONG_PASSWORD } from '../test/accounts';
import { createTestApp, sidFrom, signIn, UNLIMITED, type TestApp } from '../test/harness';
import { ACCOUNT_ORDERS_LIMIT, type AccountOrders } from '../services/profile';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: UNLIMITED });
});
afterAll(() => t.close());

async function sidOf(app: TestApp, user: { email: string; password: string }): Promise<string> {
  const sid = sidFrom(await signIn(app.app, user.email, user.password).expect(200));
  if (!sid) throw new Error('no session');
  return sid;
}

async function ordersOf(app: TestApp, sid: string): Promise<AccountOrders> {
  const res = await get(app.app, '/service/user/orders', sid).expect(200);
  expect(res.headers['cache-control']).toBe('no-store');
  return res.body as AccountOrders;
}

describe('GET /service/user/orders', () => {
  it("lists the subscriber's own orders, newest first, with number, date, total, status and links", async () => {
    const sid = await sidOf(t, DEMO_SUBSCRIBER);
    const { orders, total, maintenance } = await ordersOf(t, sid);
    expect(maintenance).toBe(false);
    expect(total).toBe(2);
    expect(orders).toHaveLength(2);
    expect(orders.map((o) => o.createdAt)).toEqual([...orders.map((o) => o.createdAt)].sort().reverse());
    const [latest, subscription] = orders;
    expect(subscription).toMatchObject({
      title: 'Best Subscription, 12 months',
      createdAt: '2025-01-15T14:00:00.000Z',
      grandTotalCents: 11900,
      itemCount: 1,
      status: 'Purchased',
    });
    expect(latest!.itemCount).toBe(7);
    for (const order of orders) {
      expect(order.orderNumber).toMatch(/\S/);
      expect(order.orderUrl).toBe(`/order/${order.id}`);
      expect(order.receiptUrl).toBe(`/order/${order.id}?receipt=true`);
      // The order's own page answers the same order to its owner.
      const detail = await get(t.app, `/api/commerce/order/${order.id}`, sid).expect(200);
      expect(detail.body).toMatchObject({ id: order.id, orderNumber: order.orderNumber, grandTotalCents: order.grandTotalCents });
    }
  });

  it("never shows another member's orders, and another member's order id is refused (404)", async () => {
    const subscriberSid = await sidOf(t, DEMO_SUBSCRIBER);
    const readerSid = await sidOf(t, DEMO_READER);
    const theirs = (await ordersOf(t, subscriberSid)).orders;
    const mine = await ordersOf(t, readerSid);
    // The reader has one cancelled order of their own, and none of the subscriber's.
    expect(mine.total).toBe(1);
    expect(mine.orders).toHaveLength(1);
    expect(mine.orders[0]!.status).toBe('Cancelled');
    expect(mine.orders.map((o) => o.id)).not.toEqual(expect.arrayContaining([theirs[0]!.id]));
    // The attack: the reader opens the subscriber's order and its receipt by their links.
    for (const order of theirs) {
      const res = await get(t.app, `/api/commerce/order/${order.id}`, readerSid).expect(404);
      expect(JSON.stringify(res.body)).not.toContain(order.orderNumber);
    }
    // No query parameter switches whose orders are listed.
    const viaQuery = await get(t.app, `/service/user/orders?userId=${encodeURIComponent(theirs[0]!.id)}`, readerSid).expect(200);
    expect((viaQuery.body as AccountOrders).total).toBe(1);
  });

  it('answers 401 to a guest and an empty list to a member without orders', async () => {
    const res = await get(t.app, '/service/user/orders').expect(401);
    expect(JSON.stringify(res.body)).not.toContain('orders');
    const account = await registerFresh(t);
    expect(await ordersOf(t, account.sid)).toEqual({ orders: [], total: 0, maintenance: false });
  });

  it(`lists the newest ${ACCOUNT_ORDERS_LIMIT} orders and says how many there are`, async () => {
    const account = await registerFresh(t);
    const count = ACCOUNT_ORDERS_LIMIT + 2;
    for (let i = 0; i < count; i += 1) {
      await t.db
        .insertInto('orders')
        .values({
          id: `o-limit-${account.user.id}-${i}`,
          user_id: account.user.id,
          status: 'COMPLETED',
          title: `Order ${i}`,
          grand_total_inc_tax: 100 + i,
          account_number: null,
          created_at: new Date(Date.UTC(2025, 0, 1 + i)).toISOString(),
          order_number: `M-LIMIT-${account.user.id}-${i}`,
          subtotal_cents: 100 + i,
          discount_cents: 0,
          tax_cents: 0,
          shipping_cents: 0,
          promo_code: null,
          shipping_method: null,
          shipping_address: null,
          billing_address: null,
          payment_brand: null,
          payment_last4: null,
        })
        .execute();
    }
    const { orders, total } = await ordersOf(t, account.sid);
    expect(total).toBe(count);
    expect(orders).toHaveLength(ACCOUNT_ORDERS_LIMIT);
    expect(orders[0]!.title).toBe(`Order ${count - 1}`);
    expect(orders.at(-1)!.title).toBe('Order 2');
    expect(orders[0]).toMatchObject({ grandTotalCents: 100 + count - 1, itemCount: 0, status: 'Purchased' });
  });

  it('takes order history offline in maintenance', async () => {
    const m = await createTestApp({ maintenance: true, rateLimits: UNLIMITED });
    try {
      const sid = await sidOf(m, DEMO_SUBSCRIBER);
      expect(await ordersOf(m, sid)).toEqual({ orders: [], total: 0, maintenance: true });
    } finally {
      await m.close();
    }
  });
});

describe('email change from the account page (POST /service/user/profile)', () => {
  const mailsTo = (to: string) => t.mailer.sent.filter((m) => m.to === to);

  it('a wrong current password changes nothing: no address, no settings, no mail', async () => {
    const account = await registerFresh(t);
    const target = `changed.${account.email}`;
    const before = (await get(t.app, '/service/user/profile', account.sid).expect(200)).body;
    const sentBefore = t.mailer.sent.length;
    const res = await post(
      t.app,
      '/service/user/profile',
      { emailAddress: target, currentPassword: WRONG_PASSWORD, attributes: [{ name: 'industry', value: 'Media' }] },
      account.sid,
    ).expect(400);
    expect(res.body).toEqual({
      message: MESSAGES.changePassword.currentInvalid,
      errors: [{ field: 'currentPassword', errorMessage: 'Current Password is invalid' }],
    });
    expect(t.mailer.sent.length).toBe(sentBefore);
    expect(mailsTo(target)).toEqual([]);
    const after = UserSchema.parse((await get(t.app, '/service/user/profile', account.sid).expect(200)).body);
    expect(after).toMatchObject({ emailAddress: account.email, industry: null, lastUpdatedDate: before.lastUpdatedDate });
    // The old password and address still sign in; the new address does not.
    await signIn(t.app, account.email, account.password).expect(200);
    await signIn(t.app, target, account.password).expect(401);
  });

  it("a missing current password is refused with 'Current Password is required'", async () => {
    const account = await registerFresh(t);
    const res = await post(t.app, '/service/user/profile', { emailAddress: `other.${account.email}` }, account.sid).expect(400);
    expect(res.body.errors).toEqual([{ field: 'currentPassword', errorMessage: 'Current Password is required' }]);
    expect(mailsTo(`other.${account.email}`)).toEqual([]);
  });

  it('the right password mails the link to the new address and a notice to the current one; the address stays until followed', async () => {
    const account = await registerFresh(t);
    const target = `next.${account.email}`;
    const res = await post(t.app, '/service/user/profile', { emailAddress: target, currentPassword: account.password }, account.sid).expect(200);
    expect(res.body.emailAddress).toBe(account.email);
    expect(mailsTo(target)).toHaveLength(1);
    expect(mailsTo(target)[0]!.body).toMatch(/\/verify-email\?token=/);
    expect(mailsTo(account.email).length).toBeGreaterThan(0);
  });

  it('needs the CSRF header (403) and a session (401), changing nothing', async () => {
    const account = await registerFresh(t);
    const body = { attributes: [{ name: 'jobTitle', value: 'Analyst' }] };
    await request(t.app).post('/service/user/profile').set('Cookie', `sid=${account.sid}`).send(body).expect(403);
    await request(t.app)
      .post('/service/user/profile')
      .set(CSRF_HEADER, CSRF_VALUE)
      .set('Origin', 'https://evil.example')
      .set('Cookie', `sid=${account.sid}`)
      .send(body)
      .expect(403);
    await post(t.app, '/service/user/profile', body).expect(401);
    expect((await get(t.app, '/service/user/profile', account.sid).expect(200)).body.jobTitle).toBeNull();
  });
});
