/** The store and cart over HTTP (decision 014): product pages, cart, checkout, orders, merge at sign-in. */
import request from 'supertest';
import {
  type Address,
  AddToCartResultSchema,
  ApiErrorBodySchema,
  ArticleSchema,
  AvailabilityListSchema,
  type Cart,
  cartApology,
  CartSchema,
  COMMERCE_MESSAGES,
  CSRF_HEADER,
  CSRF_VALUE,
  EstimateSchema,
  MESSAGES,
  OrderSchema,
  ProductDetailSchema,
  ProductListSchema,
  STORE_PAGE_SIZE,
  RecommendationsSchema,
  REFERRAL_CODES,
  StateProvinceListSchema,
  SubscriptionOffersSchema,
  TEST_CARDS,
  UserSchema,
} from 'shared-contracts/server';
import { DEMO_SUBSCRIBER } from '../seed/demo-users';
import { registerFresh } from '../test/accounts';
import { sampleAddress } from '../test/commerce';
import { sessionOf } from '../test/discovery';
import { createFakeClock } from '../deps';
import { CARD_MONTH_RANGE, createTestPaymentGateway, type PaymentGateway } from '../integrations/payment-gateway';
import { createTestApp, setCookies, signIn, sidFrom, TEST_NOW, UNLIMITED, type TestApp } from '../test/harness';
import { libraryStream } from '../test/library';
import { registerVerified } from '../test/verification';

let t: TestApp;

/** Seeded ids, found by what they are (the seed is deterministic, the test does not rely on its draws). */
const ids = {
  hardcover: '',
  hardcoverEbook: '',
  ebook: '',
  permission: '',
  comingSoon: '',
  toolkit: '',
  subscriptionGood: '',
  reprintArticle: { year: 0, month: 0, slug: '', pdf: '' },
};

beforeAll(async () => {
  t = await createTestApp({ rateLimits: UNLIMITED });
  const products = await t.db.selectFrom('products').selectAll().orderBy('position').execute();
  const hbk = products.find(
    (p) => p.sku.endsWith('-HBK') && p.availability_status === 'AVAILABLE' && products.some((q) => q.group_id === p.group_id && q.sku.endsWith('-KND')),
  )!;
  ids.hardcover = hbk.availability_id;
  ids.hardcoverEbook = products.find((q) => q.group_id === hbk.group_id && q.sku.endsWith('-KND'))!.availability_id;
  ids.ebook = products.find((p) => p.sku.endsWith('-KND') && p.group_id !== hbk.group_id && p.availability_status === 'AVAILABLE')!.availability_id;
  ids.permission = products.find((p) => p.kind === 'perm' && p.category_slug === 'case-studies')!.availability_id;
  ids.comingSoon = products.find((p) => p.availability_status === 'COMING_SOON')!.availability_id;
  ids.toolkit = products.find((p) => p.category_slug === 'toolkits' && p.availability_status === 'AVAILABLE' && p.sku.endsWith('-ZIP'))!.availability_id;
  ids.subscriptionGood = products.find((p) => p.sku === 'SUB-GOOD')!.availability_id;
  const reprint = await t.db
    .selectFrom('products')
    .innerJoin('articles', 'articles.id', 'products.article_id')
    .select(['products.availability_id', 'articles.year', 'articles.month', 'articles.slug'])
    .where('products.format', '=', 'PDF')
    .where('articles.published', '<=', '2025-07-01')
    .orderBy('products.id')
    .executeTakeFirstOrThrow();
  ids.reprintArticle = { year: reprint.year, month: reprint.month, slug: reprint.slug, pdf: reprint.availability_id };
});
afterAll(() => t.close());

interface Who {
  sid?: string;
  mid?: string;
}

function call(method: 'get' | 'post' | 'put' | 'delete' | 'head', path: string, who: Who = {}, body?: unknown, app = t.app) {
  let req = request(app)[method](path);
  if (method !== 'get' && method !== 'head') req = req.set(CSRF_HEADER, CSRF_VALUE);
  const cookies = [who.sid ? `sid=${who.sid}` : '', who.mid ? `mid=${who.mid}` : ''].filter(Boolean);
  if (cookies.length > 0) req = req.set('Cookie', cookies.join('; '));
  return body === undefined ? req : req.send(body as object);
}

const getCart = async (who: Who): Promise<Cart> => CartSchema.parse((await call('get', '/api/shopping-cart', who).expect(200)).body);
const add = (who: Who, items: { availabilityId: string; quantity: number; referral?: string }[]) => call('post', '/api/shopping-cart', who, { items });
const lines = (cart: Cart) => [...cart.lineItems.physicalItems, ...cart.lineItems.digitalItems];
/** The cart minus the fields that change without the cart changing. */
const snapshot = (cart: Cart) => ({ ...cart, lastModified: undefined });

function midFrom(res: request.Response): string | undefined {
  for (const line of setCookies(res)) {
    const match = /^mid=([^;]*)/.exec(line);
    if (match) return match[1];
  }
  return undefined;
}

/** A guest with a device cookie and a cart holding `items`. */
async function guestWith(items: { availabilityId: string; quantity: number }[]): Promise<Who> {
  const res = await add({}, items).expect(200);
  const mid = midFrom(res);
  if (!mid) throw new Error('no device cookie');
  return { mid };
}

const address = sampleAddress;
const card = (number: string = TEST_CARDS.approved) => ({ number, expMonth: 12, expYear: 2030, cvc: '123', nameOnCard: 'Ada Lovelace' });

/** A member who has confirmed their email address (a subscription they buy is linked to them). */
async function member(): Promise<Who & { email: string }> {
  const { sid, email } = await registerVerified(t);
  return { sid, email };
}

/* ------------------------------------------------------------------ product pages */

describe('product pages', () => {
  it('answers a product detail with its formats, permissions and Better Together', async () => {
    const detail = ProductDetailSchema.parse((await call('get', `/api/store/product/${ids.hardcover}`).expect(200)).body);
    expect(detail.product.availabilityId).toBe(ids.hardcover);
    expect(detail.authors.length).toBeGreaterThan(0);
    expect(detail.availabilities.map((a) => a.availabilityId)).toEqual(expect.arrayContaining([ids.hardcover, ids.hardcoverEbook]));
    expect(detail.availabilities.find((a) => a.availabilityId === ids.hardcoverEbook)?.type).toBe('ebook');
    const bt = detail.betterTogether!;
    expect(bt.products).toHaveLength(2);
    expect(bt.totalCents).toBe(Math.round(bt.products[0]!.listPrice * 100) + Math.round(bt.products[1]!.listPrice * 100));
    expect(bt.bundleCents).toBe(Math.round(bt.totalCents * 0.85));

    const cs = ProductDetailSchema.parse((await call('get', `/api/store/product/${ids.permission}`).expect(200)).body);
    expect(cs.permissions).toEqual([expect.objectContaining({ availabilityId: ids.permission, type: 'Perm', priceCents: 425 })]);
    const res = await call('get', '/api/store/product/NOPE-123').expect(404);
    expect(ApiErrorBodySchema.parse(res.body).message).toBe('Product not found');
  });

  it('lists the availabilities of a product id', async () => {
    const detail = ProductDetailSchema.parse((await call('get', `/api/store/product/${ids.hardcover}`).expect(200)).body);
    const list = AvailabilityListSchema.parse((await call('get', `/api/product/${detail.product.id}/availabilities`).expect(200)).body);
    expect(list.availabilities.length).toBeGreaterThanOrEqual(2);
    await call('get', '/api/product/p-nope/availabilities').expect(404);
  });

  it('recommends up to four listed products, not the given ones, the same every time', async () => {
    const detail = ProductDetailSchema.parse((await call('get', `/api/store/product/${ids.hardcover}`).expect(200)).body);
    const path = `/api/store/recommendations?placement=added-to-cart&productIds=${detail.product.id}`;
    const a = RecommendationsSchema.parse((await call('get', path).expect(200)).body);
    const b = RecommendationsSchema.parse((await call('get', path).expect(200)).body);
    expect(a.placement).toBe('added-to-cart');
    expect(a.products).toHaveLength(4);
    expect(a.products.map((p) => p.id)).not.toContain(detail.product.id);
    expect(a.products.every((p) => p.title !== detail.product.title)).toBe(true);
    expect(b).toEqual(a);
  });

  it('offers a subscription per tier', async () => {
    const { offers } = SubscriptionOffersSchema.parse((await call('get', '/api/store/subscriptions').expect(200)).body);
    expect(offers.map((o) => o.roleCode)).toEqual(['ROLE_HBRG_GOOD', 'ROLE_HBRG_BETTER', 'ROLE_HBRG_BEST', 'ROLE_HBRG_EXECUTIVE', 'ROLE_HBRG_ALLACCESS']);
    expect(offers.every((o) => o.title.includes('Subscription') && o.term === 'year' && o.features.length >= 3)).toBe(true);
    expect(offers[0]!.availabilityId).toBe(ids.subscriptionGood);
  });

  it('lists states and provinces', async () => {
    expect(StateProvinceListSchema.parse((await call('get', '/api/commerce/state-province/US').expect(200)).body).states).toHaveLength(51);
    expect(StateProvinceListSchema.parse((await call('get', '/api/commerce/state-province/ca').expect(200)).body).states).toHaveLength(13);
    expect(StateProvinceListSchema.parse((await call('get', '/api/commerce/state-province/GB').expect(200)).body).states).toEqual([]);
    await call('get', '/api/commerce/state-province/ZZ').expect(404);
  });

  it("gives a 2023-2025 magazine article its PDF reprint's product link", async () => {
    const { year, month, slug, pdf } = ids.reprintArticle;
    const article = ArticleSchema.parse((await call('get', `/api/article/${year}/${month}/${slug}`).expect(200)).body);
    expect(article.productLink).toMatch(new RegExp(`/${pdf}$`));
    const detail = ProductDetailSchema.parse((await call('get', `/api/store/product/${pdf}`).expect(200)).body);
    expect(detail.availabilities.map((a) => a.format).sort()).toEqual(['PDF', 'Print']);
    expect(detail.permissions).toHaveLength(1);
  });

  /** Every tile of the store's list, page after page. */
  async function everyTile(query = '') {
    const first = ProductListSchema.parse((await call('get', `/api/store/products${query}`).expect(200)).body);
    const tiles = [...first.products];
    for (let page = 2; page <= first.pages; page++) {
      tiles.push(...ProductListSchema.parse((await call('get', `/api/store/products?page=${page}${query.replace('?', '&')}`).expect(200)).body).products);
    }
    return { first, tiles };
  }

  it('keeps the store listing to listed products', async () => {
    const skus = (await everyTile()).tiles.map((p) => p.sku);
    expect(skus).not.toContain('SUB-GOOD');
    expect(skus).not.toContain(ids.permission);
    expect(skus).not.toContain(ids.reprintArticle.pdf);
  });

  it('lists the store a page at a time: twelve tiles a page, each product once, the page and the number of pages', async () => {
    const { first, tiles } = await everyTile();
    expect(first).toMatchObject({ page: 1, category: null });
    expect(first.products).toHaveLength(STORE_PAGE_SIZE);
    expect(first.pages).toBe(Math.ceil(tiles.length / STORE_PAGE_SIZE));
    expect(first.pages).toBeGreaterThan(1);
    expect(new Set(tiles.map((t) => t.id)).size).toBe(tiles.length);
    const last = ProductListSchema.parse((await call('get', `/api/store/products?page=${first.pages}`).expect(200)).body);
    expect(last.page).toBe(first.pages);
    expect(last.products.map((p) => p.id)).toEqual(tiles.slice((first.pages - 1) * STORE_PAGE_SIZE).map((p) => p.id));
    // A category is paged the same way.
    const books = await everyTile('?category=books');
    expect(books.first).toMatchObject({ category: 'books', page: 1 });
    expect(books.tiles.every((t) => t.category === 'Books')).toBe(true);
  });

  it('answers 404 for a page past the last and 400 for a page that is not a whole number from 1, with a message', async () => {
    const { first } = await everyTile();
    expect((await call('get', `/api/store/products?page=${first.pages + 1}`).expect(404)).body).toEqual({ message: 'Page not found' });
    for (const page of ['0', '-1', '1.5', 'two', '999999']) {
      expect((await call('get', `/api/store/products?page=${page}`).expect(400)).body).toEqual({
        message: 'Invalid request',
        errors: [{ field: 'page', errorMessage: 'The page must be a whole number from 1.' }],
      });
    }
  });
});

/* ------------------------------------------------------------------ cart */

describe('the cart', () => {
  it('is empty for a guest without a device cookie, and sets none on GET', async () => {
    const res = await call('get', '/api/shopping-cart').expect(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(midFrom(res)).toBeUndefined();
    const cart = CartSchema.parse(res.body);
    expect(cart).toMatchObject({ itemCount: 0, subTotalCents: 0, grandTotalCents: 0, lastModified: new Date(0).toISOString() });
    const head = await call('head', '/api/commerce/shopping-cart').expect(200);
    expect(head.headers['last-modified']).toBe(new Date(0).toUTCString());
    expect(head.headers['cache-control']).toBe('no-cache');
  });

  it('adds for a guest (device cookie), sums quantities and caps digital lines at 1', async () => {
    const first = await add({}, [{ availabilityId: ids.hardcover, quantity: 2 }]).expect(200);
    const who = { mid: midFrom(first) };
    expect(who.mid).toBeDefined();
    const result = AddToCartResultSchema.parse(first.body);
    expect(result).toMatchObject({ itemAdded: true, maintenanceStatus: false });
    expect(result.items).toEqual([
      expect.objectContaining({ availabilityId: ids.hardcover, quantity: 2, referral: REFERRAL_CODES.addToCartDefault, lineType: 'SHIP' }),
    ]);

    const again = AddToCartResultSchema.parse(
      (
        await add(who, [
          { availabilityId: ids.hardcover, quantity: 1 },
          { availabilityId: ids.ebook, quantity: 3, referral: '03069' },
        ]).expect(200)
      ).body,
    );
    expect(again.items.map((l) => [l.availabilityId, l.quantity, l.referral])).toEqual([
      [ids.hardcover, 3, REFERRAL_CODES.addToCartDefault],
      [ids.ebook, 1, '03069'],
    ]);
    // Adding an ebook already in the cart leaves it at 1.
    const third = AddToCartResultSchema.parse((await add(who, [{ availabilityId: ids.ebook, quantity: 1 }]).expect(200)).body);
    expect(third.items[0]!.quantity).toBe(1);
    const cart = await getCart(who);
    expect(cart.lineItems.physicalItems.map((l) => l.availabilityId)).toEqual([ids.hardcover]);
    expect(cart.lineItems.digitalItems.map((l) => l.availabilityId)).toEqual([ids.ebook]);
    expect(cart.itemCount).toBe(4);
    const hardcover = cart.lineItems.physicalItems[0]!;
    expect(cart.subTotalCents).toBe(hardcover.unitPriceCents * 3 + cart.lineItems.digitalItems[0]!.unitPriceCents);
    expect(cart).toMatchObject({ needsShipping: true, taxCents: 0, shippingCostCents: 0, discountCents: 0, grandTotalCents: cart.subTotalCents });
    // Each line carries its product's picture (decision 036): the formats of one product share the cover.
    expect(hardcover.image).toMatch(/^\/images\/product\/[\w-]+\/[0-9a-f]{12}$/);
    expect(cart.lineItems.digitalItems[0]!.image).toMatch(/^\/images\/product\//);
  });

  it('refuses unknown and coming-soon products with the apology, adding nothing', async () => {
    const who = await guestWith([{ availabilityId: ids.toolkit, quantity: 1 }]);
    const before = await getCart(who);
    const res = await add(who, [
      { availabilityId: ids.hardcover, quantity: 1 },
      { availabilityId: 'NOPE-1', quantity: 1 },
      { availabilityId: ids.comingSoon, quantity: 1 },
    ]).expect(422);
    const body = ApiErrorBodySchema.parse(res.body);
    expect(body.message).toBe(cartApology(['NOPE-1', ids.comingSoon]));
    expect(body.errors).toEqual([
      { field: 'productId', errorMessage: 'NOPE-1' },
      { field: 'productId', errorMessage: ids.comingSoon },
    ]);
    expect(await getCart(who)).toEqual(before);
    // Malformed bodies change nothing either.
    await add(who, []).expect(400);
    await add(who, [{ availabilityId: ids.hardcover, quantity: 0 }]).expect(400);
    await add(who, [{ availabilityId: ids.hardcover, quantity: 100 }]).expect(400);
    await add(who, [{ availabilityId: ids.hardcover, quantity: 1, referral: 'abc' }]).expect(400);
    expect(await getCart(who)).toEqual(before);
  });

  it('sets quantities, removes and empties; digital above 1 is refused', async () => {
    const who = await guestWith([
      { availabilityId: ids.hardcover, quantity: 1 },
      { availabilityId: ids.ebook, quantity: 1 },
      { availabilityId: ids.permission, quantity: 5 },
    ]);
    const cart = await getCart(who);
    const [hardcover] = cart.lineItems.physicalItems;
    const ebook = cart.lineItems.digitalItems.find((l) => l.availabilityId === ids.ebook)!;
    const perm = cart.lineItems.digitalItems.find((l) => l.availabilityId === ids.permission)!;
    expect(perm).toMatchObject({ type: 'Perm', lineType: 'PERM', quantity: 5, lineTotalCents: 5 * 425 });

    const updated = CartSchema.parse((await call('put', `/api/shopping-cart/items/${hardcover!.itemId}`, who, { quantity: 4 }).expect(200)).body);
    expect(lines(updated).find((l) => l.itemId === hardcover!.itemId)!.quantity).toBe(4);
    const before = await getCart(who);
    const refused = await call('put', `/api/shopping-cart/items/${ebook.itemId}`, who, { quantity: 2 }).expect(422);
    expect(ApiErrorBodySchema.parse(refused.body).message).toBe(COMMERCE_MESSAGES.digitalQuantity);
    await call('put', `/api/shopping-cart/items/${ebook.itemId}`, who, { quantity: -1 }).expect(400);
    await call('put', `/api/shopping-cart/items/${ebook.itemId}`, who, { quantity: 100 }).expect(400);
    await call('put', '/api/shopping-cart/items/ci-nope', who, { quantity: 1 }).expect(404);
    expect(await getCart(who)).toEqual(before);

    const removed = CartSchema.parse((await call('put', `/api/shopping-cart/items/${ebook.itemId}`, who, { quantity: 0 }).expect(200)).body);
    expect(lines(removed).map((l) => l.itemId)).not.toContain(ebook.itemId);
    const deleted = CartSchema.parse((await call('delete', `/api/shopping-cart/items/${perm.itemId}`, who).expect(200)).body);
    expect(lines(deleted).map((l) => l.itemId)).toEqual([hardcover!.itemId]);
    await call('delete', `/api/shopping-cart/items/${perm.itemId}`, who).expect(404);
    const emptied = CartSchema.parse((await call('delete', '/api/shopping-cart', who).expect(200)).body);
    expect(emptied.itemCount).toBe(0);
  });

  it("never lets one shopper see or change another's lines", async () => {
    const a = await member();
    const b = await member();
    const added = AddToCartResultSchema.parse((await add(a, [{ availabilityId: ids.hardcover, quantity: 1 }]).expect(200)).body);
    const itemId = added.items[0]!.itemId;
    expect((await getCart(b)).itemCount).toBe(0);
    await call('put', `/api/shopping-cart/items/${itemId}`, b, { quantity: 3 }).expect(404);
    await call('delete', `/api/shopping-cart/items/${itemId}`, b).expect(404);
    await call('put', `/api/shopping-cart/items/${itemId}`, {}, { quantity: 3 }).expect(404);
    expect(lines(await getCart(a))).toEqual([expect.objectContaining({ itemId, quantity: 1 })]);
  });

  it("changes the HEAD's Last-Modified with every change", async () => {
    const who = await guestWith([{ availabilityId: ids.toolkit, quantity: 1 }]);
    const first = (await call('head', '/api/commerce/shopping-cart', who).expect(200)).headers['last-modified'];
    // Same second on the clock: the stamp still moves.
    await add(who, [{ availabilityId: ids.toolkit, quantity: 1 }]).expect(200);
    const second = (await call('head', '/api/commerce/shopping-cart', who).expect(200)).headers['last-modified'];
    expect(second).not.toBe(first);
    expect(Date.parse(String(second))).toBeGreaterThan(Date.parse(String(first)));
    expect((await getCart(who)).lastModified).toBe(new Date(Date.parse(String(second))).toISOString());
  });

  it('estimates totals for a destination without changing the cart', async () => {
    const who = await guestWith([{ availabilityId: ids.hardcover, quantity: 1 }]);
    const before = await getCart(who);
    const unit = before.subTotalCents;
    const ny = EstimateSchema.parse(
      (await call('post', '/api/shopping-cart/estimate', who, { countryCode: 'US', state: 'NY', shippingMethod: 'STANDARD' }).expect(200)).body,
    );
    expect(ny).toMatchObject({ subTotalCents: unit, taxCents: Math.floor((unit * 400 * 2 + 10000) / 20000), shippingCostCents: 595 });
    expect(ny.grandTotalCents).toBe(unit + ny.taxCents + 595);
    const gb = EstimateSchema.parse((await call('post', '/api/shopping-cart/estimate', who, { countryCode: 'GB' }).expect(200)).body);
    expect(gb.shippingMethods.map((m) => m.code)).toEqual(['INTERNATIONAL']);
    await call('post', '/api/shopping-cart/estimate', who, { countryCode: 'ZZ' }).expect(400);
    await call('post', '/api/shopping-cart/estimate', who, { countryCode: 'US', state: 'XX' }).expect(400);
    expect(await getCart(who)).toEqual(before);
  });
});

describe('maintenance', () => {
  it('adds nothing and answers maintenanceStatus; submit is unavailable', async () => {
    const m = await createTestApp({ rateLimits: UNLIMITED, maintenance: true });
    try {
      const res = await call('post', '/api/shopping-cart', {}, { items: [{ availabilityId: ids.hardcover, quantity: 1 }] }, m.app).expect(200);
      const result = AddToCartResultSchema.parse(res.body);
      expect(result).toMatchObject({ itemAdded: false, maintenanceStatus: true, items: [] });
      expect(result.cart.itemCount).toBe(0);
      expect(await m.db.selectFrom('cart_lines').select('id').execute()).toEqual([]);
      const { sid } = await registerFresh(m);
      const submit = await call('post', '/api/commerce/order/submit', { sid }, {}, m.app).expect(503);
      expect(ApiErrorBodySchema.parse(submit.body).message).toBe(MESSAGES.maintenance);
    } finally {
      await m.close();
    }
  });
});

/* ------------------------------------------------------------------ checkout */

describe('checkout', () => {
  it('needs a signed-in member', async () => {
    const who = await guestWith([{ availabilityId: ids.hardcover, quantity: 1 }]);
    for (const [method, path, body] of [
      ['post', '/api/commerce/address', { shippingAddress: address(), billingAddress: null, billingSameAsShipping: true }],
      ['post', '/api/commerce/order/shipping-method', { shippingMethod: 'STANDARD' }],
      [
        'post',
        '/api/commerce/shipping-payment',
        { shippingAddress: address(), billingAddress: null, billingSameAsShipping: true, shippingMethod: 'STANDARD', card: card() },
      ],
      ['post', '/api/commerce/order/submit', {}],
      ['get', '/api/commerce/order/o-123', undefined],
    ] as const) {
      const res = await call(method, path, who, body).expect(401);
      expect(ApiErrorBodySchema.parse(res.body).message).toBe(COMMERCE_MESSAGES.signInToCheckout);
    }
  });

  it('validates addresses field by field and saves nothing on error', async () => {
    const who = await member();
    await add(who, [{ availabilityId: ids.hardcover, quantity: 1 }]).expect(200);
    const before = await getCart(who);
    const cases: [Partial<Address>, string, string][] = [
      [{ firstName: ' ' }, 'shippingAddress.firstName', COMMERCE_MESSAGES.required('a first name')],
      [{ countryCode: 'ZZ' }, 'shippingAddress.countryCode', COMMERCE_MESSAGES.badCountry],
      [{ state: 'XX' }, 'shippingAddress.state', COMMERCE_MESSAGES.badState],
      [{ postalCode: '1234' }, 'shippingAddress.postalCode', COMMERCE_MESSAGES.badPostalCode],
      [{ countryCode: 'CA', state: 'ON', postalCode: '12345' }, 'shippingAddress.postalCode', COMMERCE_MESSAGES.badPostalCode],
    ];
    for (const [override, field, message] of cases) {
      const res = await call('post', '/api/commerce/address', who, {
        shippingAddress: address(override),
        billingAddress: null,
        billingSameAsShipping: true,
      }).expect(400);
      expect(ApiErrorBodySchema.parse(res.body).errors).toContainEqual({ field, errorMessage: message });
    }
    const noShipping = await call('post', '/api/commerce/address', who, {
      shippingAddress: null,
      billingAddress: address(),
      billingSameAsShipping: false,
    }).expect(400);
    expect(ApiErrorBodySchema.parse(noShipping.body).errors).toContainEqual({ field: 'shippingAddress', errorMessage: COMMERCE_MESSAGES.needsAddress });
    await call('post', '/api/commerce/address', who, { shippingAddress: address() }).expect(400);
    expect(snapshot(await getCart(who))).toEqual(snapshot(before));
    await call('post', '/api/commerce/order/shipping-method', who, { shippingMethod: 'STANDARD' }).expect(422);

    const ok = CartSchema.parse(
      (
        await call('post', '/api/commerce/address', who, {
          shippingAddress: address({ countryCode: 'ca', state: 'on', postalCode: 'k1a 0b1', city: 'Ottawa' }),
          billingAddress: null,
          billingSameAsShipping: true,
        }).expect(200)
      ).body,
    );
    expect(ok.shippingAddress).toMatchObject({ countryCode: 'CA', state: 'ON', postalCode: 'K1A 0B1' });
    expect(ok.billingAddress).toEqual(ok.shippingAddress);
    expect(ok.shippingMethods.map((m) => m.code)).toEqual(['STANDARD', 'EXPEDITED']);
    const bad = await call('post', '/api/commerce/order/shipping-method', who, { shippingMethod: 'OVERNIGHT' }).expect(422);
    expect(ApiErrorBodySchema.parse(bad.body).message).toBe(COMMERCE_MESSAGES.badMethod);
    await call('post', '/api/commerce/order/shipping-method', who, { shippingMethod: 'TELEPORT' }).expect(400);
    const ca = CartSchema.parse((await call('post', '/api/commerce/order/shipping-method', who, { shippingMethod: 'STANDARD' }).expect(200)).body);
    // Canada: GST 5% and standard shipping 9.95.
    expect(ca).toMatchObject({ shippingMethod: 'STANDARD', shippingCostCents: 995, taxCents: Math.floor((ca.subTotalCents * 500 * 2 + 10000) / 20000) });
    expect(ca.grandTotalCents).toBe(ca.subTotalCents + 995 + ca.taxCents);

    // Moving to the UK drops the Canadian method; international has no tax.
    const gb = CartSchema.parse(
      (
        await call('post', '/api/commerce/address', who, {
          shippingAddress: address({ countryCode: 'GB', state: 'Greater London', postalCode: 'SW1A 1AA', city: 'London' }),
          billingAddress: null,
          billingSameAsShipping: true,
        }).expect(200)
      ).body,
    );
    expect(gb).toMatchObject({ shippingMethod: null, taxCents: 0, shippingCostCents: 0 });
    const intl = CartSchema.parse((await call('post', '/api/commerce/order/shipping-method', who, { shippingMethod: 'INTERNATIONAL' }).expect(200)).body);
    expect(intl).toMatchObject({ shippingCostCents: 2495, taxCents: 0, grandTotalCents: intl.subTotalCents + 2495 });
  });

  it('applies promo codes and vouchers, and refuses bad ones without changing the cart', async () => {
    const who = await member();
    await add(who, [{ availabilityId: ids.ebook, quantity: 1 }]).expect(200); // 19.99
    await call('post', '/api/commerce/address', who, { shippingAddress: null, billingAddress: address(), billingSameAsShipping: false }).expect(200);
    const before = await getCart(who);
    const refuse = async (code: string, message: string) => {
      const res = await call('post', '/api/commerce/order/promo-code', who, { code }).expect(422);
      expect(ApiErrorBodySchema.parse(res.body)).toEqual({ message, errors: [{ field: 'code', errorMessage: message }] });
    };
    await refuse('NOPE', COMMERCE_MESSAGES.promoInvalid);
    await refuse('EXPIRED20', COMMERCE_MESSAGES.promoExpired);
    await refuse('WELCOME5', COMMERCE_MESSAGES.promoMinimum('$25.00'));
    await call('post', '/api/commerce/order/promo-code', who, { code: '' }).expect(400);
    expect(await getCart(who)).toEqual(before);

    // SAVE10 on 19.99: 1.999 -> 2.00 off; NY tax 4% of 17.99 = 0.7196 -> 0.72.
    const save = CartSchema.parse((await call('post', '/api/commerce/order/promo-code', who, { code: 'save10' }).expect(200)).body);
    expect(save).toMatchObject({
      promoCode: { code: 'SAVE10' },
      subTotalCents: 1999,
      discountCents: 200,
      taxCents: 72,
      shippingCostCents: 0,
      grandTotalCents: 1871,
    });
    // The voucher takes the whole subtotal.
    const gift = CartSchema.parse((await call('post', '/api/commerce/order/promo-code', who, { code: 'GIFT25' }).expect(200)).body);
    expect(gift).toMatchObject({ promoCode: { code: 'GIFT25' }, discountCents: 1999, taxCents: 0, grandTotalCents: 0 });
    // WELCOME5 once the subtotal reaches $25.
    await add(who, [{ availabilityId: ids.hardcover, quantity: 1 }]).expect(200);
    const welcome = CartSchema.parse((await call('post', '/api/commerce/order/promo-code', who, { code: 'WELCOME5' }).expect(200)).body);
    expect(welcome.discountCents).toBe(500);
    const removed = CartSchema.parse((await call('delete', '/api/commerce/order/promo-code', who).expect(200)).body);
    expect(removed).toMatchObject({ promoCode: null, discountCents: 0 });
  });

  it('makes shipping free with FREESHIP', async () => {
    const who = await member();
    await add(who, [{ availabilityId: ids.hardcover, quantity: 1 }]).expect(200);
    await call('post', '/api/commerce/address', who, {
      shippingAddress: address({ state: 'OR', city: 'Portland', postalCode: '97201' }),
      billingAddress: null,
      billingSameAsShipping: true,
    }).expect(200);
    await call('post', '/api/commerce/order/shipping-method', who, { shippingMethod: 'OVERNIGHT' }).expect(200);
    const free = CartSchema.parse((await call('post', '/api/commerce/order/promo-code', who, { code: 'FREESHIP' }).expect(200)).body);
    expect(free).toMatchObject({ shippingCostCents: 0, taxCents: 0, discountCents: 0, grandTotalCents: free.subTotalCents });
  });

  it('checks the whole shipping-payment form before saving anything; card data is never stored', async () => {
    const who = await member();
    await add(who, [{ availabilityId: ids.hardcover, quantity: 1 }]).expect(200);
    const before = await getCart(who);
    const form = (overrides: Record<string, unknown>) => ({
      shippingAddress: address(),
      billingAddress: null,
      billingSameAsShipping: true,
      shippingMethod: 'STANDARD',
      card: card(),
      ...overrides,
    });
    const expectError = async (body: unknown, field: string, message: string) => {
      const res = await call('post', '/api/commerce/shipping-payment', who, body).expect(400);
      expect(ApiErrorBodySchema.parse(res.body).errors).toContainEqual({ field, errorMessage: message });
    };
    await expectError(form({ card: card('4242424242424241') }), 'card.number', COMMERCE_MESSAGES.cardNumber);
    await expectError(form({ card: { ...card(), expMonth: 6, expYear: 2025 } }), 'card.expYear', COMMERCE_MESSAGES.cardExpired);
    await expectError(form({ card: { ...card(), cvc: '12' } }), 'card.cvc', COMMERCE_MESSAGES.cardCvc);
    await expectError(form({ card: { ...card(), nameOnCard: ' ' } }), 'card.nameOnCard', COMMERCE_MESSAGES.cardName);
    await expectError(form({ shippingMethod: null }), 'shippingMethod', COMMERCE_MESSAGES.needsMethod);
    await expectError(form({ shippingMethod: 'INTERNATIONAL' }), 'shippingMethod', COMMERCE_MESSAGES.badMethod);
    await expectError(form({ shippingAddress: address({ postalCode: 'abc' }) }), 'shippingAddress.postalCode', COMMERCE_MESSAGES.badPostalCode);
    expect(snapshot(await getCart(who))).toEqual(snapshot(before));

    const saved = CartSchema.parse((await call('post', '/api/commerce/shipping-payment', who, form({})).expect(200)).body);
    expect(saved).toMatchObject({ payment: { brand: 'Visa', last4: '4242' }, shippingMethod: 'STANDARD', shippingCostCents: 595 });
    const row = await t.db.selectFrom('carts').selectAll().where('owner_key', 'like', 'u:%').where('payment_last4', '=', '4242').execute();
    expect(JSON.stringify(row)).not.toContain(TEST_CARDS.approved);
    expect(JSON.stringify(row)).not.toContain('"123"');
  });

  it('keeps the cart intact when the card is declined or has insufficient funds', async () => {
    const who = await member();
    await add(who, [{ availabilityId: ids.hardcover, quantity: 2 }]).expect(200);
    for (const [number, message] of [
      [TEST_CARDS.declined, COMMERCE_MESSAGES.declined],
      [TEST_CARDS.insufficientFunds, COMMERCE_MESSAGES.insufficientFunds],
    ] as const) {
      await call('post', '/api/commerce/shipping-payment', who, {
        shippingAddress: address(),
        billingAddress: null,
        billingSameAsShipping: true,
        shippingMethod: 'STANDARD',
        card: card(number),
      }).expect(200);
      const before = await getCart(who);
      const res = await call('post', '/api/commerce/order/submit', who, {}).expect(402);
      expect(ApiErrorBodySchema.parse(res.body).message).toBe(message);
      expect(await getCart(who)).toEqual(before);
    }
    expect(
      await t.db
        .selectFrom('orders')
        .select('id')
        .where('user_id', '=', await userIdOf(who.email))
        .execute(),
    ).toEqual([]);
  });

  it('refuses to submit an empty cart or one missing a step', async () => {
    const who = await member();
    const empty = await call('post', '/api/commerce/order/submit', who, {}).expect(422);
    expect(ApiErrorBodySchema.parse(empty.body).message).toBe(COMMERCE_MESSAGES.emptyCart);
    await add(who, [{ availabilityId: ids.hardcover, quantity: 1 }]).expect(200);
    expect(ApiErrorBodySchema.parse((await call('post', '/api/commerce/order/submit', who, {}).expect(422)).body).message).toBe(COMMERCE_MESSAGES.needsAddress);
    await call('post', '/api/commerce/address', who, { shippingAddress: address(), billingAddress: null, billingSameAsShipping: true }).expect(200);
    expect(ApiErrorBodySchema.parse((await call('post', '/api/commerce/order/submit', who, {}).expect(422)).body).message).toBe(COMMERCE_MESSAGES.needsMethod);
    await call('post', '/api/commerce/order/shipping-method', who, { shippingMethod: 'STANDARD' }).expect(200);
    expect(ApiErrorBodySchema.parse((await call('post', '/api/commerce/order/submit', who, {}).expect(422)).body).message).toBe(COMMERCE_MESSAGES.needsPayment);
  });

  it('places one order when Place order is sent twice at once (both charges in flight together)', async () => {
    // A gateway whose charges wait for each other: both requests have priced the cart and charged
    // before either places its order, the window a double click opens.
    const inner = createTestPaymentGateway(createFakeClock(TEST_NOW));
    let release: () => void = () => undefined;
    const bothCharging = new Promise<void>((resolve) => (release = resolve));
    let charging = 0;
    const gateway: PaymentGateway = {
      tokenize: (c) => inner.tokenize(c),
      async charge(token, amount, key) {
        charging += 1;
        if (charging === 2) release();
        await bothCharging;
        return inner.charge(token, amount, key);
      },
    };
    const m = await createTestApp({ rateLimits: UNLIMITED }, { payments: gateway });
    try {
      const { sid, email } = await registerFresh(m);
      await call('post', '/api/shopping-cart', { sid }, { items: [{ availabilityId: ids.hardcover, quantity: 1 }] }, m.app).expect(200);
      await call(
        'post',
        '/api/commerce/shipping-payment',
        { sid },
        { shippingAddress: address(), billingAddress: null, billingSameAsShipping: true, shippingMethod: 'STANDARD', card: card() },
        m.app,
      ).expect(200);
      const [a, b] = await Promise.all([
        call('post', '/api/commerce/order/submit', { sid }, {}, m.app),
        call('post', '/api/commerce/order/submit', { sid }, {}, m.app),
      ]);
      expect([a.status, b.status].sort()).toEqual([201, 409]);
      expect(ApiErrorBodySchema.parse((a.status === 409 ? a : b).body).message).toBe(COMMERCE_MESSAGES.cartChanged);
      const user = await m.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
      expect(await m.db.selectFrom('orders').select('id').where('user_id', '=', user.id).execute()).toHaveLength(1);
    } finally {
      await m.close();
    }
  });

  it('places an order: charged total, cart emptied, order readable by its owner only, in the ordered history', async () => {
    const who = await member();
    await add(who, [
      { availabilityId: ids.hardcover, quantity: 2 },
      { availabilityId: ids.ebook, quantity: 1 },
      { availabilityId: ids.permission, quantity: 3 },
    ]).expect(200);
    await call('post', '/api/commerce/order/promo-code', who, { code: 'SAVE10' }).expect(200);
    const ready = CartSchema.parse(
      (
        await call('post', '/api/commerce/shipping-payment', who, {
          shippingAddress: address(),
          billingAddress: null,
          billingSameAsShipping: true,
          shippingMethod: 'EXPEDITED',
          card: card(),
        }).expect(200)
      ).body,
    );
    const discount = Math.floor((ready.subTotalCents * 10 * 2 + 100) / 200);
    const tax = Math.floor(((ready.subTotalCents - discount) * 400 * 2 + 10000) / 20000);
    expect(ready).toMatchObject({
      discountCents: discount,
      taxCents: tax,
      shippingCostCents: 1495,
      grandTotalCents: ready.subTotalCents - discount + tax + 1495,
    });

    const res = await call('post', '/api/commerce/order/submit', who, {}).expect(201);
    const order = OrderSchema.parse(res.body);
    expect(order).toMatchObject({
      status: 'COMPLETED',
      subTotalCents: ready.subTotalCents,
      discountCents: discount,
      taxCents: tax,
      shippingCostCents: 1495,
      grandTotalCents: ready.grandTotalCents,
      promoCode: 'SAVE10',
      shippingMethod: 'EXPEDITED',
      payment: { brand: 'Visa', last4: '4242' },
      subscription: null,
    });
    expect(order.orderNumber).toMatch(/^M-20250701-[A-Z0-9]{5}$/);
    expect(order.title).toMatch(/ and 2 more items$/);
    expect(order.title).not.toContain('Subscription');
    expect(order.lines.map((l) => [l.lineType, l.quantity])).toEqual([
      ['SHIP', 2],
      ['EBOOK', 1],
      ['PERM', 3],
    ]);

    const after = await getCart(who);
    expect(after).toMatchObject({ itemCount: 0, payment: null, promoCode: null });
    expect(OrderSchema.parse((await call('get', `/api/commerce/order/${order.id}`, who).expect(200)).body)).toEqual(order);
    const other = await member();
    const hidden = await call('get', `/api/commerce/order/${order.id}`, other).expect(404);
    expect(ApiErrorBodySchema.parse(hidden.body).message).toBe(COMMERCE_MESSAGES.orderNotFound);
    await call('get', '/api/commerce/order/o-unknown', who).expect(404);

    const ordered = await libraryStream(t, '/service/user/history/ordered', who.sid!);
    expect(ordered.entry).toHaveLength(1);
    expect(ordered.entry[0]!.content.order).toMatchObject({ orderId: order.id, grandTotalIncTax: order.grandTotalCents, itemCount: 6, accountNumber: null });
  });

  it('sells a subscription: a subscriber record, then checkoutComplete makes the member a subscriber', async () => {
    const who = await member();
    await add(who, [{ availabilityId: ids.subscriptionGood, quantity: 3 }]).expect(200);
    // One subscription per cart: another tier replaces it.
    await add(who, [{ availabilityId: 'SUB-BEST', quantity: 1 }]).expect(200);
    await add(who, [{ availabilityId: ids.subscriptionGood, quantity: 1 }]).expect(200);
    const cart = await getCart(who);
    expect(lines(cart).map((l) => [l.availabilityId, l.quantity, l.lineType])).toEqual([[ids.subscriptionGood, 1, 'SUBSCRIPTION']]);
    expect(cart.needsShipping).toBe(false);
    await call('post', '/api/commerce/shipping-payment', who, {
      shippingAddress: null,
      billingAddress: address(),
      billingSameAsShipping: false,
      shippingMethod: null,
      card: card('5555555555554444'),
    }).expect(200);
    const order = OrderSchema.parse((await call('post', '/api/commerce/order/submit', who, {}).expect(201)).body);
    expect(order.title).toContain('Subscription');
    expect(order.payment).toEqual({ brand: 'Mastercard', last4: '4444' });
    expect(order.subscription).toMatchObject({ roleCode: 'ROLE_HBRG_GOOD' });
    const record = await t.db
      .selectFrom('subscriber_records')
      .selectAll()
      .where('account_number', '=', order.subscription!.accountNumber)
      .executeTakeFirstOrThrow();
    expect(record).toMatchObject({ email: who.email.toLowerCase(), source: 'CDS_US', subscription_code: 'GOOD', subscription_active: 1, linked_user_id: null });
    const subscription = await t.db.selectFrom('subscriptions').selectAll().where('record_id', '=', record.id).executeTakeFirstOrThrow();
    expect(subscription.access_expiration_date.slice(0, 10)).toBe('2026-07-01');

    const completed = UserSchema.parse((await call('post', '/api/user/subscribe/checkoutComplete', who, {}).expect(200)).body);
    expect(completed.tiers.map((tier) => tier.roleCode)).toEqual(['ROLE_HBRG_GOOD']);
    const ordered = await libraryStream(t, '/service/user/history/ordered', who.sid!);
    expect(ordered.entry[0]!.content.order?.accountNumber).toBe(order.subscription!.accountNumber);
    // Now a subscriber: no more subscriptions.
    const again = await add(who, [{ availabilityId: ids.subscriptionGood, quantity: 1 }]).expect(409);
    expect(ApiErrorBodySchema.parse(again.body).message).toBe(COMMERCE_MESSAGES.alreadySubscriber);
  });

  it("reads the seeded orders of before (My Library's) with the order schema", async () => {
    const sid = await sessionOf(t, DEMO_SUBSCRIBER);
    const rows = await t.db
      .selectFrom('orders')
      .select('id')
      .where('user_id', '=', await userIdOf(DEMO_SUBSCRIBER.email))
      .orderBy('created_at')
      .execute();
    const [subscription, basket] = await Promise.all(
      rows.map(async (r) => OrderSchema.parse((await call('get', `/api/commerce/order/${r.id}`, { sid }).expect(200)).body)),
    );
    expect(subscription!.subscription).toEqual({ roleCode: 'ROLE_HBRG_BEST', accountNumber: DEMO_SUBSCRIBER.subscription!.accountNumber });
    expect(basket!.lines.length).toBeGreaterThanOrEqual(6);
    expect(basket!.lines.every((l) => l.unitPriceCents > 0 && l.quantity === 1)).toBe(true);
  });

  it('refuses a subscription to a subscriber', async () => {
    const sid = await sessionOf(t, DEMO_SUBSCRIBER);
    const res = await add({ sid }, [{ availabilityId: ids.subscriptionGood, quantity: 1 }]).expect(409);
    expect(ApiErrorBodySchema.parse(res.body).message).toBe(COMMERCE_MESSAGES.alreadySubscriber);
  });
});

async function userIdOf(email: string): Promise<string> {
  return (await t.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
}

/* ------------------------------------------------------------------ merge at sign-in */

describe('merge at sign-in', () => {
  it("moves the guest cart into the member's cart, then deletes it; logout keeps the member's cart", async () => {
    const account = await member();
    await add(account, [
      { availabilityId: ids.hardcover, quantity: 1 },
      { availabilityId: ids.ebook, quantity: 1 },
    ]).expect(200);
    await call('post', '/service/user/logout', account, {}).expect(200);

    const guest = await guestWith([
      { availabilityId: ids.hardcover, quantity: 2 },
      { availabilityId: ids.ebook, quantity: 1 },
      { availabilityId: ids.toolkit, quantity: 1 },
    ]);
    const res = await signIn(t.app, account.email, 'Fresh#Pass2026', `mid=${guest.mid}`).expect(200);
    const sid = sidFrom(res)!;
    const merged = await getCart({ sid });
    expect(lines(merged).map((l) => [l.availabilityId, l.quantity])).toEqual([
      [ids.hardcover, 3],
      [ids.ebook, 1],
      [ids.toolkit, 1],
    ]);
    // The guest cart is gone.
    expect((await getCart(guest)).itemCount).toBe(0);
    await call('post', '/service/user/logout', { sid }, {}).expect(200);
    const again = await signIn(t.app, account.email, 'Fresh#Pass2026').expect(200);
    expect((await getCart({ sid: sidFrom(again)! })).itemCount).toBe(5);
  });

  it('merges at registration too', async () => {
    const guest = await guestWith([{ availabilityId: ids.hardcover, quantity: 2 }]);
    const res = await request(t.app)
      .post('/api/user/register')
      .set(CSRF_HEADER, CSRF_VALUE)
      .set('Cookie', `mid=${guest.mid}`)
      .send({
        firstName: 'Guest',
        lastName: 'Buyer',
        emailAddress: `guest.buyer.${Date.now()}@example.org`,
        password: 'Fresh#Pass2026',
        optIn: false,
        deviceType: 'WEB_SITE',
        reCaptchaToken: 'x',
      })
      .expect(201);
    expect(lines(await getCart({ sid: sidFrom(res)! })).map((l) => [l.availabilityId, l.quantity])).toEqual([[ids.hardcover, 2]]);
  });
});

/* ------------------------------------------------------------------ guest codes, card expiry, the store list */

describe('a guest promo code', () => {
  const ready = {
    shippingAddress: sampleAddress(),
    billingAddress: null,
    billingSameAsShipping: true,
    shippingMethod: 'EXPEDITED',
    card: card(),
  };

  it('a guest applies SAVE10 to their cart; it moves into the member cart at sign-in and the order gets the discount', async () => {
    const account = await member();
    const guest = await guestWith([{ availabilityId: ids.hardcover, quantity: 2 }]);
    const applied = CartSchema.parse((await call('post', '/api/commerce/order/promo-code', guest, { code: 'save10' }).expect(200)).body);
    const discount = Math.floor((applied.subTotalCents * 10 * 2 + 100) / 200);
    expect(applied).toMatchObject({ promoCode: { code: 'SAVE10' }, discountCents: discount });
    expect(await getCart(guest)).toMatchObject({ promoCode: { code: 'SAVE10' } });

    const res = await signIn(t.app, account.email, 'Fresh#Pass2026', `mid=${guest.mid}`).expect(200);
    const who = { sid: sidFrom(res)! };
    expect(await getCart(who)).toMatchObject({ promoCode: { code: 'SAVE10' }, discountCents: discount });
    await call('post', '/api/commerce/shipping-payment', who, ready).expect(200);
    const order = OrderSchema.parse((await call('post', '/api/commerce/order/submit', who, {}).expect(201)).body);
    expect(order).toMatchObject({ promoCode: 'SAVE10', discountCents: discount, shippingCostCents: 1495 });
    expect(order.grandTotalCents).toBe(order.subTotalCents - discount + order.taxCents + 1495);
  });

  it("the guest's code replaces the member's own at sign-in; a guest cart without a code leaves the member's", async () => {
    const account = await member();
    await add(account, [{ availabilityId: ids.hardcover, quantity: 1 }]).expect(200);
    await call('post', '/api/commerce/order/promo-code', account, { code: 'FREESHIP' }).expect(200);
    await call('post', '/service/user/logout', account, {}).expect(200);

    const plain = await guestWith([{ availabilityId: ids.ebook, quantity: 1 }]);
    let res = await signIn(t.app, account.email, 'Fresh#Pass2026', `mid=${plain.mid}`).expect(200);
    expect(await getCart({ sid: sidFrom(res)! })).toMatchObject({ promoCode: { code: 'FREESHIP' } });
    await call('post', '/service/user/logout', { sid: sidFrom(res)! }, {}).expect(200);

    const coded = await guestWith([{ availabilityId: ids.toolkit, quantity: 1 }]);
    await call('post', '/api/commerce/order/promo-code', coded, { code: 'SAVE10' }).expect(200);
    res = await signIn(t.app, account.email, 'Fresh#Pass2026', `mid=${coded.mid}`).expect(200);
    expect(await getCart({ sid: sidFrom(res)! })).toMatchObject({ promoCode: { code: 'SAVE10' }, itemCount: 3 });
  });

  it('refuses a bad code for a guest with its reason and changes nothing; a guest can remove their code', async () => {
    const guest = await guestWith([{ availabilityId: ids.ebook, quantity: 1 }]);
    const before = await getCart(guest);
    for (const [code, message] of [
      ['NOPE', COMMERCE_MESSAGES.promoInvalid],
      ['EXPIRED20', COMMERCE_MESSAGES.promoExpired],
      ['WELCOME5', COMMERCE_MESSAGES.promoMinimum('$25.00')],
    ] as const) {
      const res = await call('post', '/api/commerce/order/promo-code', guest, { code }).expect(422);
      expect(ApiErrorBodySchema.parse(res.body)).toMatchObject({ message, errors: [{ field: 'code', errorMessage: message }] });
    }
    await call('post', '/api/commerce/order/promo-code', guest, { code: 'x'.repeat(41) }).expect(400);
    expect(await getCart(guest)).toEqual(before);

    await call('post', '/api/commerce/order/promo-code', guest, { code: 'SAVE10' }).expect(200);
    const removed = CartSchema.parse((await call('delete', '/api/commerce/order/promo-code', guest).expect(200)).body);
    expect(removed).toMatchObject({ promoCode: null, discountCents: 0 });
  });

  it('attack: a guest code goes on that guest cart only; without a cart (no cookie, a made-up cookie) it is refused and no cart is made', async () => {
    const a = await guestWith([{ availabilityId: ids.hardcover, quantity: 1 }]);
    const b = await guestWith([{ availabilityId: ids.hardcover, quantity: 1 }]);
    const aBefore = await getCart(a);
    await call('post', '/api/commerce/order/promo-code', b, { code: 'SAVE10' }).expect(200);
    expect(await getCart(a)).toEqual(aBefore);
    // B removing "a" code touches only B's cart.
    await call('post', '/api/commerce/order/promo-code', a, { code: 'FREESHIP' }).expect(200);
    await call('delete', '/api/commerce/order/promo-code', b).expect(200);
    expect(await getCart(a)).toMatchObject({ promoCode: { code: 'FREESHIP' } });

    const carts = async () => (await t.db.selectFrom('carts').select('id').execute()).length;
    const count = await carts();
    for (const who of [{}, { mid: 'A'.repeat(43) }]) {
      const res = await call('post', '/api/commerce/order/promo-code', who, { code: 'SAVE10' }).expect(422);
      expect(ApiErrorBodySchema.parse(res.body).message).toBe(COMMERCE_MESSAGES.emptyCart);
      expect(midFrom(res)).toBeUndefined();
      expect(CartSchema.parse((await call('delete', '/api/commerce/order/promo-code', who).expect(200)).body).promoCode).toBeNull();
    }
    expect(await carts()).toBe(count);
  });
});

describe('card expiry fields', () => {
  it('asks for a blank month or year on its own field, and says expired only for a complete past date', async () => {
    const who = await member();
    await add(who, [{ availabilityId: ids.hardcover, quantity: 1 }]).expect(200);
    const before = snapshot(await getCart(who));
    const errorsOf = async (expiry: { expMonth: number; expYear: number }) => {
      const body = {
        shippingAddress: address(),
        billingAddress: null,
        billingSameAsShipping: true,
        shippingMethod: 'STANDARD',
        card: { ...card(), ...expiry },
      };
      const res = await call('post', '/api/commerce/shipping-payment', who, body).expect(400);
      return ApiErrorBodySchema.parse(res.body).errors ?? [];
    };
    expect(await errorsOf({ expMonth: 0, expYear: 0 })).toEqual([
      { field: 'card.expMonth', errorMessage: COMMERCE_MESSAGES.required('the expiry month') },
      { field: 'card.expYear', errorMessage: COMMERCE_MESSAGES.required('the expiry year') },
    ]);
    expect(COMMERCE_MESSAGES.required('the expiry month')).toBe('Enter the expiry month.');
    expect(await errorsOf({ expMonth: 12, expYear: 0 })).toEqual([{ field: 'card.expYear', errorMessage: 'Enter the expiry year.' }]);
    expect(await errorsOf({ expMonth: 13, expYear: 2030 })).toEqual([{ field: 'card.expMonth', errorMessage: CARD_MONTH_RANGE }]);
    expect(await errorsOf({ expMonth: 6, expYear: 25 })).toEqual([{ field: 'card.expYear', errorMessage: COMMERCE_MESSAGES.cardExpired }]);
    expect(snapshot(await getCart(who))).toEqual(before);
  });
});

describe('the store list', () => {
  it('lists each product once, with its listed formats and editions', async () => {
    const list = ProductListSchema.parse((await call('get', '/api/store/products?category=books').expect(200)).body);
    const all = list.products.flatMap((p) => p.formats.map((f) => f.availabilityId));
    expect(new Set(all).size).toBe(all.length);
    expect(new Set(list.products.map((p) => p.title)).size).toBe(list.products.length);
    for (const tile of list.products) {
      expect(tile.formats[0]).toMatchObject({ availabilityId: tile.availabilityId, productUrl: tile.productUrl, format: tile.format });
      expect(tile.formats.every((f) => f.type !== 'Perm')).toBe(true);
    }
    const hardcover = list.products.find((p) => p.availabilityId === ids.hardcover)!;
    expect(hardcover.formats.map((f) => f.availabilityId)).toEqual(expect.arrayContaining([ids.hardcover, ids.hardcoverEbook]));
    expect(list.products.some((p) => p.availabilityId === ids.hardcoverEbook)).toBe(false);
    // Every listed row is on some tile.
    const rows = await t.db.selectFrom('products').select('availability_id').where('listed', '=', 1).where('category_slug', '=', 'books').execute();
    expect(all.sort()).toEqual(rows.map((r) => r.availability_id).sort());
  });
});
