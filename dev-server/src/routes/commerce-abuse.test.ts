/**
 * Store abuse over HTTP: a voucher redeemed once per account and once in total (checked at apply and
 * at submit, and settled by the rows written with the order), codes and $0 orders only for confirmed
 * addresses, guest promo codes (a voucher carried in at sign-in is still once per account; a guest's
 * tries are limited per address), and guest carts (new ones limited per address, untouched ones
 * expired).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { ApiErrorBodySchema, type Cart, CartSchema, CSRF_HEADER, CSRF_VALUE, OrderSchema, TEST_CARDS } from 'shared-contracts/server';
import { createFakeClock } from '../deps';
import { deviceCartKey, GUEST_CART_TTL_MS, startGuestCartSweeper } from '../services/cart';
import { FREE_ORDER_NEEDS_CONFIRMED_EMAIL, PROMO_ALREADY_USED, PROMO_NEEDS_CONFIRMED_EMAIL, VOUCHER_SPENT } from '../services/checkout';
import { startServer } from '../server';
import { DEFAULT_RATE_LIMITS, TOO_MANY_REQUESTS } from '../http/rate-limit';
import { createTestPaymentGateway, type PaymentGateway } from '../integrations/payment-gateway';
import { createCartRepository } from '../repositories/cart';
import { registerFresh, registrationBody } from '../test/accounts';
import { sampleAddress } from '../test/commerce';
import { createTestApp, setCookies, signIn, sidFrom, TEST_NOW, UNLIMITED, type TestApp } from '../test/harness';
import { followVerificationLink, registerVerified } from '../test/verification';

interface Who {
  sid?: string;
  mid?: string;
}

function call(app: TestApp['app'], method: 'get' | 'post' | 'delete', path: string, who: Who = {}, body?: unknown) {
  let req = request(app)[method](path);
  if (method !== 'get') req = req.set(CSRF_HEADER, CSRF_VALUE);
  const cookies = [who.sid ? `sid=${who.sid}` : '', who.mid ? `mid=${who.mid}` : ''].filter(Boolean);
  if (cookies.length > 0) req = req.set('Cookie', cookies.join('; '));
  return body === undefined ? req : req.send(body as object);
}

function midFrom(res: request.Response): string | undefined {
  for (const line of setCookies(res)) {
    const match = /^mid=([^;]*)/.exec(line);
    if (match) return match[1];
  }
  return undefined;
}

const address = () => sampleAddress();
const checkoutForm = {
  shippingAddress: address(),
  billingAddress: null,
  billingSameAsShipping: true,
  shippingMethod: 'STANDARD',
  card: { number: TEST_CARDS.approved, expMonth: 12, expYear: 2030, cvc: '123', nameOnCard: 'Ada Lovelace' },
};

/** An available hardcover (ships, priced above the voucher) by its availability id. */
async function hardcoverOf(t: TestApp): Promise<string> {
  const row = await t.db
    .selectFrom('products')
    .select('availability_id')
    .where('sku', 'like', '%-HBK')
    .where('availability_status', '=', 'AVAILABLE')
    .where('kind', '=', 'product')
    .where('price_cents', '>', 2500)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return row.availability_id;
}

async function userIdOf(t: TestApp, email: string): Promise<string> {
  return (await t.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
}

const getCart = async (t: TestApp, who: Who): Promise<Cart> => CartSchema.parse((await call(t.app, 'get', '/api/shopping-cart', who).expect(200)).body);

/** The test gateway, counting the charges it approves. */
function countingGateway(onCharge: () => Promise<void> = async () => undefined): PaymentGateway & { approved: number } {
  const inner = createTestPaymentGateway(createFakeClock(TEST_NOW));
  const gateway = {
    approved: 0,
    tokenize: inner.tokenize,
    async charge(token: string, amount: number, key: string) {
      await onCharge();
      const result = await inner.charge(token, amount, key);
      if (result.approved) gateway.approved += 1;
      return result;
    },
  };
  return gateway;
}

/** A member whose cart holds a hardcover, checkout filled in and GIFT25 applied. */
/** A gateway whose first charge waits for the second: two checkouts are both charging before either places its order. */
function gatewayHoldingTwoCharges(): PaymentGateway & { approved: number } {
  let release: () => void = () => undefined;
  const bothCharging = new Promise<void>((resolve) => (release = resolve));
  let charging = 0;
  return countingGateway(async () => {
    charging += 1;
    if (charging === 2) release();
    await bothCharging;
  });
}

async function readyWithVoucher(t: TestApp, who: Who, hardcover: string): Promise<Cart> {
  await call(t.app, 'post', '/api/shopping-cart', who, { items: [{ availabilityId: hardcover, quantity: 1 }] }).expect(200);
  await call(t.app, 'post', '/api/commerce/shipping-payment', who, checkoutForm).expect(200);
  return CartSchema.parse((await call(t.app, 'post', '/api/commerce/order/promo-code', who, { code: 'GIFT25' }).expect(200)).body);
}

describe('a voucher is redeemed once per account', () => {
  it('two concurrent submits from two sessions of one account that both applied GIFT25 place one discounted order; the account cannot apply it again', async () => {
    // Both submits price the cart and charge before either places its order.
    const gateway = gatewayHoldingTwoCharges();
    const t = await createTestApp({ rateLimits: UNLIMITED }, { payments: gateway });
    try {
      const hardcover = await hardcoverOf(t);
      const { sid: first, email, password } = await registerVerified(t);
      const second = sidFrom(await signIn(t.app, email, password).expect(200));
      if (!second) throw new Error('no second session');
      await readyWithVoucher(t, { sid: first }, hardcover);
      const applied = CartSchema.parse((await call(t.app, 'post', '/api/commerce/order/promo-code', { sid: second }, { code: 'GIFT25' }).expect(200)).body);
      expect(applied).toMatchObject({ promoCode: { code: 'GIFT25' }, discountCents: 2500 });

      const results = await Promise.all([
        call(t.app, 'post', '/api/commerce/order/submit', { sid: first }, {}),
        call(t.app, 'post', '/api/commerce/order/submit', { sid: second }, {}),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
      const userId = await userIdOf(t, email);
      const orders = await t.db.selectFrom('orders').select(['id', 'promo_code', 'discount_cents']).where('user_id', '=', userId).execute();
      expect(orders).toHaveLength(1);
      expect(orders[0]).toMatchObject({ promo_code: 'GIFT25', discount_cents: 2500 });
      expect(await t.db.selectFrom('voucher_redemptions').select(['promo_code', 'order_id']).where('user_id', '=', userId).execute()).toEqual([
        { promo_code: 'GIFT25', order_id: orders[0]?.id },
      ]);

      // A later order of the same account: the code is refused and the cart is not changed.
      await call(t.app, 'post', '/api/shopping-cart', { sid: second }, { items: [{ availabilityId: hardcover, quantity: 1 }] }).expect(200);
      const before = await getCart(t, { sid: second });
      for (const code of ['GIFT25', 'gift25']) {
        const refused = await call(t.app, 'post', '/api/commerce/order/promo-code', { sid: second }, { code }).expect(422);
        expect(ApiErrorBodySchema.parse(refused.body)).toEqual({ message: PROMO_ALREADY_USED, errors: [{ field: 'code', errorMessage: PROMO_ALREADY_USED }] });
      }
      expect(await getCart(t, { sid: second })).toEqual(before);
      // Other codes still apply to this account.
      await call(t.app, 'post', '/api/commerce/order/promo-code', { sid: second }, { code: 'SAVE10' }).expect(200);
    } finally {
      await t.close();
    }
  });

  it('a submit that raced past the apply step fails uncharged, places nothing and keeps the cart', async () => {
    const gateway = countingGateway();
    const t = await createTestApp({ rateLimits: UNLIMITED }, { payments: gateway });
    try {
      const hardcover = await hardcoverOf(t);
      const { sid, email } = await registerVerified(t);
      await readyWithVoucher(t, { sid }, hardcover);
      await call(t.app, 'post', '/api/commerce/order/submit', { sid }, {}).expect(201);
      expect(gateway.approved).toBe(1);

      // The next cart, with GIFT25 written by an apply that checked before that order committed.
      await call(t.app, 'post', '/api/shopping-cart', { sid }, { items: [{ availabilityId: hardcover, quantity: 1 }] }).expect(200);
      await call(t.app, 'post', '/api/commerce/shipping-payment', { sid }, checkoutForm).expect(200);
      const userId = await userIdOf(t, email);
      await t.db.updateTable('carts').set({ promo_code: 'GIFT25' }).where('owner_key', '=', `u:${userId}`).execute();
      const before = await getCart(t, { sid });
      expect(before).toMatchObject({ promoCode: { code: 'GIFT25' }, discountCents: 2500 });

      const refused = await call(t.app, 'post', '/api/commerce/order/submit', { sid }, {}).expect(422);
      expect(ApiErrorBodySchema.parse(refused.body)).toEqual({
        message: PROMO_ALREADY_USED,
        errors: [{ field: 'promoCode', errorMessage: PROMO_ALREADY_USED }],
      });
      expect(gateway.approved).toBe(1);
      expect(await t.db.selectFrom('orders').select('id').where('user_id', '=', userId).execute()).toHaveLength(1);
      expect(await getCart(t, { sid })).toEqual(before);

      // Without the voucher the order goes through at full price.
      await call(t.app, 'delete', '/api/commerce/order/promo-code', { sid }).expect(200);
      const order = OrderSchema.parse((await call(t.app, 'post', '/api/commerce/order/submit', { sid }, {}).expect(201)).body);
      expect(order).toMatchObject({ promoCode: null, discountCents: 0 });
    } finally {
      await t.close();
    }
  });

  it('the redemption written with the order refuses a checkout that passed the check while another redeemed the voucher', async () => {
    let userId = '';
    let t: TestApp | undefined;
    // While this checkout charges, another order of the same account redeems GIFT25 and commits.
    const gateway = countingGateway(async () => {
      if (!t) return;
      await t.db
        .insertInto('orders')
        .values({
          id: 'o-elsewhere',
          user_id: userId,
          status: 'COMPLETED',
          title: 'Elsewhere',
          grand_total_inc_tax: 0,
          account_number: null,
          created_at: TEST_NOW,
        })
        .execute();
      await t.db.insertInto('voucher_redemptions').values({ promo_code: 'GIFT25', user_id: userId, order_id: 'o-elsewhere', redeemed_at: TEST_NOW }).execute();
    });
    t = await createTestApp({ rateLimits: UNLIMITED }, { payments: gateway });
    try {
      const hardcover = await hardcoverOf(t);
      const { sid, email } = await registerVerified(t);
      userId = await userIdOf(t, email);
      await readyWithVoucher(t, { sid }, hardcover);
      const before = await getCart(t, { sid });

      const refused = await call(t.app, 'post', '/api/commerce/order/submit', { sid }, {}).expect(422);
      expect(ApiErrorBodySchema.parse(refused.body).message).toBe(PROMO_ALREADY_USED);
      expect(await t.db.selectFrom('orders').select('id').where('user_id', '=', userId).execute()).toEqual([{ id: 'o-elsewhere' }]);
      expect(await t.db.selectFrom('voucher_redemptions').select('order_id').where('user_id', '=', userId).execute()).toEqual([{ order_id: 'o-elsewhere' }]);
      expect(await getCart(t, { sid })).toEqual(before);
    } finally {
      await t.close();
    }
  });
});

/** An available ebook priced at most the voucher (GIFT25 makes it a $0 order), by its availability id. */
async function ebookOf(t: TestApp): Promise<string> {
  const row = await t.db
    .selectFrom('products')
    .select('availability_id')
    .where('sku', 'like', '%-KND')
    .where('availability_status', '=', 'AVAILABLE')
    .where('kind', '=', 'product')
    .where('price_cents', '<=', 2500)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return row.availability_id;
}

/** The checkout form of a cart that ships nothing: a billing address and the card. */
const digitalCheckoutForm = { ...checkoutForm, shippingAddress: null, billingAddress: address(), billingSameAsShipping: false, shippingMethod: null };

const ordersOf = async (t: TestApp, email: string) =>
  t.db
    .selectFrom('orders')
    .select(['id', 'promo_code'])
    .where('user_id', '=', await userIdOf(t, email))
    .execute();

describe('a voucher is redeemed once in total; codes and $0 orders need a confirmed address', () => {
  it("attack: a second account redeems GIFT25 after another account's order used it: 422 at apply (member or guest) and at submit, uncharged, no order, cart unchanged", async () => {
    const gateway = countingGateway();
    const t = await createTestApp({ rateLimits: UNLIMITED }, { payments: gateway });
    try {
      const hardcover = await hardcoverOf(t);
      const first = await registerVerified(t);
      await readyWithVoucher(t, { sid: first.sid }, hardcover);
      const placed = OrderSchema.parse((await call(t.app, 'post', '/api/commerce/order/submit', { sid: first.sid }, {}).expect(201)).body);
      expect(placed).toMatchObject({ promoCode: 'GIFT25', discountCents: 2500 });
      expect(gateway.approved).toBe(1);

      // Another confirmed account: the code is refused and its cart is not changed.
      const second = await registerVerified(t);
      await call(t.app, 'post', '/api/shopping-cart', { sid: second.sid }, { items: [{ availabilityId: hardcover, quantity: 1 }] }).expect(200);
      await call(t.app, 'post', '/api/commerce/shipping-payment', { sid: second.sid }, checkoutForm).expect(200);
      const before = await getCart(t, { sid: second.sid });
      for (const code of ['GIFT25', 'gift25']) {
        const refused = await call(t.app, 'post', '/api/commerce/order/promo-code', { sid: second.sid }, { code }).expect(422);
        expect(ApiErrorBodySchema.parse(refused.body)).toEqual({ message: VOUCHER_SPENT, errors: [{ field: 'code', errorMessage: VOUCHER_SPENT }] });
      }
      expect(await getCart(t, { sid: second.sid })).toEqual(before);

      // A guest cannot put it on a cart to carry in at sign-in either.
      const added = await call(t.app, 'post', '/api/shopping-cart', {}, { items: [{ availabilityId: hardcover, quantity: 1 }] }).expect(200);
      const guest = { mid: midFrom(added) };
      expect(ApiErrorBodySchema.parse((await call(t.app, 'post', '/api/commerce/order/promo-code', guest, { code: 'GIFT25' }).expect(422)).body).message).toBe(
        VOUCHER_SPENT,
      );
      expect((await getCart(t, guest)).promoCode).toBeNull();

      // Written into the cart past the apply check (an apply that raced the first order): submit refuses it, uncharged.
      await t.db
        .updateTable('carts')
        .set({ promo_code: 'GIFT25' })
        .where('owner_key', '=', `u:${await userIdOf(t, second.email)}`)
        .execute();
      const raced = await getCart(t, { sid: second.sid });
      const refused = await call(t.app, 'post', '/api/commerce/order/submit', { sid: second.sid }, {}).expect(422);
      expect(ApiErrorBodySchema.parse(refused.body)).toEqual({ message: VOUCHER_SPENT, errors: [{ field: 'promoCode', errorMessage: VOUCHER_SPENT }] });
      expect(gateway.approved).toBe(1);
      expect(await ordersOf(t, second.email)).toEqual([]);
      expect(await getCart(t, { sid: second.sid })).toEqual(raced);
      expect(await t.db.selectFrom('spent_vouchers').select(['promo_code', 'order_id']).execute()).toEqual([{ promo_code: 'GIFT25', order_id: placed.id }]);
    } finally {
      await t.close();
    }
  });

  it('attack: two accounts submit GIFT25 at the same moment (both charges in flight): one order redeems it, the other is refused 422 and keeps its cart', async () => {
    const gateway = gatewayHoldingTwoCharges();
    const t = await createTestApp({ rateLimits: UNLIMITED }, { payments: gateway });
    try {
      const hardcover = await hardcoverOf(t);
      const a = await registerVerified(t);
      const b = await registerVerified(t);
      await readyWithVoucher(t, { sid: a.sid }, hardcover);
      await readyWithVoucher(t, { sid: b.sid }, hardcover);
      const before = { a: await getCart(t, { sid: a.sid }), b: await getCart(t, { sid: b.sid }) };

      const results = await Promise.all([
        call(t.app, 'post', '/api/commerce/order/submit', { sid: a.sid }, {}),
        call(t.app, 'post', '/api/commerce/order/submit', { sid: b.sid }, {}),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([201, 422]);
      const loser = results[0]?.status === 422 ? 'a' : 'b';
      expect(ApiErrorBodySchema.parse((loser === 'a' ? results[0] : results[1])?.body).message).toBe(VOUCHER_SPENT);
      const orders = [...(await ordersOf(t, a.email)), ...(await ordersOf(t, b.email))];
      expect(orders).toHaveLength(1);
      expect(orders[0]?.promo_code).toBe('GIFT25');
      expect(await t.db.selectFrom('spent_vouchers').select(['promo_code', 'order_id']).execute()).toEqual([{ promo_code: 'GIFT25', order_id: orders[0]?.id }]);
      expect(await t.db.selectFrom('voucher_redemptions').select('order_id').execute()).toEqual([{ order_id: orders[0]?.id }]);
      // The refused account's order was rolled back whole: its cart is as it was.
      expect(await getCart(t, { sid: (loser === 'a' ? a : b).sid })).toEqual(before[loser]);
    } finally {
      await t.close();
    }
  });

  it('attack: a new, unconfirmed account applies SAVE10, WELCOME5, FREESHIP or GIFT25: 403 with the confirm message, cart unchanged; once confirmed, GIFT25 applies', async () => {
    const t = await createTestApp({ rateLimits: UNLIMITED });
    try {
      const hardcover = await hardcoverOf(t);
      const fresh = await registerFresh(t);
      await call(t.app, 'post', '/api/shopping-cart', { sid: fresh.sid }, { items: [{ availabilityId: hardcover, quantity: 1 }] }).expect(200);
      const before = await getCart(t, { sid: fresh.sid });
      for (const code of ['SAVE10', 'WELCOME5', 'FREESHIP', 'GIFT25', 'gift25', 'NOSUCHCODE']) {
        const refused = await call(t.app, 'post', '/api/commerce/order/promo-code', { sid: fresh.sid }, { code }).expect(403);
        expect(ApiErrorBodySchema.parse(refused.body).message).toBe(PROMO_NEEDS_CONFIRMED_EMAIL);
      }
      expect(await getCart(t, { sid: fresh.sid })).toEqual(before);

      await followVerificationLink(t, fresh.email);
      await call(t.app, 'post', '/api/commerce/order/promo-code', { sid: fresh.sid }, { code: 'GIFT25' }).expect(200);
    } finally {
      await t.close();
    }
  });

  it('attack: a guest applies GIFT25 to an ebook, registers a throw-away account (the cart moves in) and places the $0 order: 403 at submit, uncharged, no order, cart unchanged', async () => {
    const gateway = countingGateway();
    const t = await createTestApp({ rateLimits: UNLIMITED }, { payments: gateway });
    try {
      const ebook = await ebookOf(t);
      const added = await call(t.app, 'post', '/api/shopping-cart', {}, { items: [{ availabilityId: ebook, quantity: 1 }] }).expect(200);
      const mid = midFrom(added);
      expect(CartSchema.parse((await call(t.app, 'post', '/api/commerce/order/promo-code', { mid }, { code: 'GIFT25' }).expect(200)).body)).toMatchObject({
        grandTotalCents: 0,
      });
      const body = registrationBody();
      const registered = await request(t.app).post('/api/user/register').set(CSRF_HEADER, CSRF_VALUE).set('Cookie', `mid=${mid}`).send(body).expect(201);
      const sid = sidFrom(registered);
      expect(await getCart(t, { sid })).toMatchObject({ promoCode: { code: 'GIFT25' }, grandTotalCents: 0 });
      await call(t.app, 'post', '/api/commerce/shipping-payment', { sid }, digitalCheckoutForm).expect(200);
      const before = await getCart(t, { sid });

      const refused = await call(t.app, 'post', '/api/commerce/order/submit', { sid }, {}).expect(403);
      expect(ApiErrorBodySchema.parse(refused.body).message).toBe(PROMO_NEEDS_CONFIRMED_EMAIL);
      expect(gateway.approved).toBe(0);
      expect(await ordersOf(t, body.emailAddress)).toEqual([]);
      expect(await t.db.selectFrom('spent_vouchers').selectAll().execute()).toEqual([]);
      expect(await getCart(t, { sid })).toEqual(before);
    } finally {
      await t.close();
    }
  });

  it('attack: an unconfirmed account orders a $0 cart without any code (a free ebook): 403 at submit, uncharged, no order; once confirmed, it is placed', async () => {
    const gateway = countingGateway();
    const t = await createTestApp({ rateLimits: UNLIMITED }, { payments: gateway });
    try {
      const ebook = await ebookOf(t);
      await t.db.updateTable('products').set({ price_cents: 0 }).where('availability_id', '=', ebook).execute();
      const fresh = await registerFresh(t);
      await call(t.app, 'post', '/api/shopping-cart', { sid: fresh.sid }, { items: [{ availabilityId: ebook, quantity: 1 }] }).expect(200);
      await call(t.app, 'post', '/api/commerce/shipping-payment', { sid: fresh.sid }, digitalCheckoutForm).expect(200);
      const before = await getCart(t, { sid: fresh.sid });
      expect(before).toMatchObject({ promoCode: null, grandTotalCents: 0 });

      const refused = await call(t.app, 'post', '/api/commerce/order/submit', { sid: fresh.sid }, {}).expect(403);
      expect(ApiErrorBodySchema.parse(refused.body).message).toBe(FREE_ORDER_NEEDS_CONFIRMED_EMAIL);
      expect(gateway.approved).toBe(0);
      expect(await ordersOf(t, fresh.email)).toEqual([]);
      expect(await getCart(t, { sid: fresh.sid })).toEqual(before);

      await followVerificationLink(t, fresh.email);
      const order = OrderSchema.parse((await call(t.app, 'post', '/api/commerce/order/submit', { sid: fresh.sid }, {}).expect(201)).body);
      expect(order.grandTotalCents).toBe(0);
    } finally {
      await t.close();
    }
  });
});

describe('guest promo codes', () => {
  it('a voucher the account already redeemed, on a guest cart carried in at sign-in, is refused at submit, uncharged', async () => {
    const gateway = countingGateway();
    const t = await createTestApp({ rateLimits: UNLIMITED }, { payments: gateway });
    try {
      const hardcover = await hardcoverOf(t);
      const { sid, email, password } = await registerVerified(t);
      await readyWithVoucher(t, { sid }, hardcover);
      await call(t.app, 'post', '/api/commerce/order/submit', { sid }, {}).expect(201);
      expect(gateway.approved).toBe(1);
      await call(t.app, 'post', '/service/user/logout', { sid }, {}).expect(200);

      // As a guest, the spent voucher is refused at apply; one written on the guest cart past that
      // check (an apply that raced the order) comes along at sign-in.
      const added = await call(t.app, 'post', '/api/shopping-cart', {}, { items: [{ availabilityId: hardcover, quantity: 1 }] }).expect(200);
      const mid = midFrom(added);
      if (!mid) throw new Error('no device cookie');
      await call(t.app, 'post', '/api/commerce/order/promo-code', { mid }, { code: 'GIFT25' }).expect(422);
      await t.db.updateTable('carts').set({ promo_code: 'GIFT25' }).where('owner_key', '=', deviceCartKey(mid)).execute();
      const again = sidFrom(await signIn(t.app, email, password, `mid=${mid}`).expect(200));
      expect(await getCart(t, { sid: again })).toMatchObject({ promoCode: { code: 'GIFT25' } });
      await call(t.app, 'post', '/api/commerce/shipping-payment', { sid: again }, checkoutForm).expect(200);
      const before = await getCart(t, { sid: again });
      const refused = await call(t.app, 'post', '/api/commerce/order/submit', { sid: again }, {}).expect(422);
      expect(ApiErrorBodySchema.parse(refused.body).message).toBe(PROMO_ALREADY_USED);
      expect(gateway.approved).toBe(1);
      expect(await getCart(t, { sid: again })).toEqual(before);
    } finally {
      await t.close();
    }
  });

  it("a guest's code tries count against the checkout limit of the address (guessing vouchers); a member's do not", async () => {
    const limit = DEFAULT_RATE_LIMITS.checkout.limit;
    const t = await createTestApp({ rateLimits: { ...UNLIMITED, checkout: DEFAULT_RATE_LIMITS.checkout } });
    try {
      const hardcover = await hardcoverOf(t);
      const added = await call(t.app, 'post', '/api/shopping-cart', {}, { items: [{ availabilityId: hardcover, quantity: 1 }] }).expect(200);
      const guest = { mid: midFrom(added) };
      const tries = await Promise.all(
        Array.from({ length: limit + 5 }, (_, i) => call(t.app, 'post', '/api/commerce/order/promo-code', guest, { code: `GUESS${i}` })),
      );
      expect(tries.filter((r) => r.status === 422)).toHaveLength(limit);
      const limited = tries.filter((r) => r.status === 429);
      expect(limited).toHaveLength(5);
      expect(ApiErrorBodySchema.parse(limited[0]?.body).message).toBe(TOO_MANY_REQUESTS);
      expect((await getCart(t, guest)).promoCode).toBeNull();

      const { sid } = await registerVerified(t);
      await call(t.app, 'post', '/api/shopping-cart', { sid }, { items: [{ availabilityId: hardcover, quantity: 1 }] }).expect(200);
      await call(t.app, 'post', '/api/commerce/order/promo-code', { sid }, { code: 'SAVE10' }).expect(200);
    } finally {
      await t.close();
    }
  });
});

describe('guest carts', () => {
  it('50 cookieless add-to-cart requests from one address make at most the limit of carts; the rest get 429', async () => {
    const limit = DEFAULT_RATE_LIMITS.guestCarts.limit;
    const t = await createTestApp({ rateLimits: { ...UNLIMITED, guestCarts: DEFAULT_RATE_LIMITS.guestCarts } });
    try {
      const hardcover = await hardcoverOf(t);
      const guestCarts = async () =>
        Number(
          (
            await t.db
              .selectFrom('carts')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .where('owner_key', 'like', 'd:%')
              .executeTakeFirstOrThrow()
          ).n,
        );
      const before = await guestCarts();
      const body = { items: [{ availabilityId: hardcover, quantity: 1 }] };
      const results = await Promise.all(Array.from({ length: 50 }, () => call(t.app, 'post', '/api/shopping-cart', {}, body)));
      const added = results.filter((r) => r.status === 200);
      const limited = results.filter((r) => r.status === 429);
      expect(added).toHaveLength(limit);
      expect(limited).toHaveLength(50 - limit);
      for (const r of limited) {
        expect(ApiErrorBodySchema.parse(r.body).message).toBe(TOO_MANY_REQUESTS);
        expect(midFrom(r)).toBeUndefined();
      }
      expect((await guestCarts()) - before).toBeLessThanOrEqual(limit);

      // A guest adding to the cart it has, and a member, are not limited.
      const mid = midFrom(added[0] as request.Response);
      expect(mid).toBeDefined();
      await call(t.app, 'post', '/api/shopping-cart', { mid }, body).expect(200);
      const { sid } = await registerFresh(t);
      await call(t.app, 'post', '/api/shopping-cart', { sid }, body).expect(200);
      // A made-up device cookie without a cart would make one: limited too.
      await call(t.app, 'post', '/api/shopping-cart', { mid: 'A'.repeat(43) }, body).expect(429);
      expect((await guestCarts()) - before).toBe(limit);
    } finally {
      await t.close();
    }
  });

  it('expires guest carts untouched for 30 days; a recently touched guest cart and member carts stay', async () => {
    const t = await createTestApp({ rateLimits: UNLIMITED });
    try {
      const hardcover = await hardcoverOf(t);
      const body = { items: [{ availabilityId: hardcover, quantity: 1 }] };
      const guest = async (): Promise<Who> => ({ mid: midFrom(await call(t.app, 'post', '/api/shopping-cart', {}, body).expect(200)) });
      const stale = await guest();
      const touched = await guest();
      const { sid, email } = await registerFresh(t);
      await call(t.app, 'post', '/api/shopping-cart', { sid }, body).expect(200);
      const memberKey = `u:${await userIdOf(t, email)}`;

      t.clock.advance(GUEST_CART_TTL_MS - 24 * 60 * 60 * 1000);
      await call(t.app, 'post', '/api/shopping-cart', touched, body).expect(200);
      const fresh = await guest();
      t.clock.advance(2 * 24 * 60 * 60 * 1000);

      // What the server runs at start and every hour.
      const errors: unknown[] = [];
      const sweeper = startGuestCartSweeper(createCartRepository(t.db), t.clock, (error) => errors.push(error));
      await sweeper.stop();
      expect(errors).toEqual([]);

      expect((await getCart(t, stale)).itemCount).toBe(0);
      expect(
        await t.db
          .selectFrom('carts')
          .select('id')
          .where('owner_key', '=', deviceCartKey(stale.mid ?? ''))
          .execute(),
      ).toEqual([]);
      expect((await getCart(t, touched)).itemCount).toBe(2);
      expect((await getCart(t, fresh)).itemCount).toBe(1);
      // The member's cart (read from the database: the session itself has ended by now).
      const memberCart = await t.db.selectFrom('carts').select('id').where('owner_key', '=', memberKey).executeTakeFirstOrThrow();
      expect(await t.db.selectFrom('cart_lines').select('quantity').where('cart_id', '=', memberCart.id).execute()).toEqual([{ quantity: 1 }]);
      const orphanLines = await t.db
        .selectFrom('cart_lines')
        .leftJoin('carts', 'carts.id', 'cart_lines.cart_id')
        .select('cart_lines.id')
        .where('carts.id', 'is', null)
        .execute();
      expect(orphanLines).toEqual([]);
    } finally {
      await t.close();
    }
  });
});

describe('the server expires guest carts', () => {
  // Two real starts over one database file (the first migrates and seeds it).
  jest.setTimeout(60_000);
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'guest-carts-'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('at start: a guest cart untouched for 30 days is gone once the server is up', async () => {
    const databaseFile = path.join(dir, 'site.db');
    const clock = createFakeClock(TEST_NOW);
    const first = await startServer({ port: 0, host: '127.0.0.1', databaseFile, clock, logLevel: 'silent' });
    let mid: string | undefined;
    try {
      const product = await first.db
        .selectFrom('products')
        .select('availability_id')
        .where('availability_status', '=', 'AVAILABLE')
        .orderBy('id')
        .executeTakeFirstOrThrow();
      mid = midFrom(await call(first.app, 'post', '/api/shopping-cart', {}, { items: [{ availabilityId: product.availability_id, quantity: 1 }] }).expect(200));
      expect(mid).toBeDefined();
    } finally {
      await first.close();
    }

    clock.advance(GUEST_CART_TTL_MS + 60_000);
    const second = await startServer({ port: 0, host: '127.0.0.1', databaseFile, clock, logLevel: 'silent' });
    try {
      expect(
        await second.db
          .selectFrom('carts')
          .select('id')
          .where('owner_key', '=', deviceCartKey(mid ?? ''))
          .execute(),
      ).toEqual([]);
    } finally {
      await second.close();
    }
  });
});
