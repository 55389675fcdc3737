/**
 * The cart item's fields (SITE-03 cart item): productMajorSubject, publicationDate,
 * permissionsAvailable, isVolumePricingAvailable and status, on every cart answer.
 */
import request from 'supertest';
import { type Cart, type CartLine, CartSchema, CSRF_HEADER, CSRF_VALUE } from 'shared-contracts/server';
import { createTestApp, setCookies, UNLIMITED, type TestApp } from '../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: UNLIMITED });
});
afterAll(() => t.close());

/** A guest's cart holding `availabilityIds`, one of each; its device cookie. */
async function guestCart(availabilityIds: string[]): Promise<{ mid: string; cart: Cart }> {
  const res = await request(t.app)
    .post('/api/shopping-cart')
    .set(CSRF_HEADER, CSRF_VALUE)
    .send({ items: availabilityIds.map((availabilityId) => ({ availabilityId, quantity: 1 })) })
    .expect(200);
  const mid = setCookies(res)
    .map((c) => /^mid=([^;]*)/.exec(c)?.[1])
    .find(Boolean);
  if (!mid) throw new Error('no device cookie');
  return { mid, cart: CartSchema.parse(res.body.cart) };
}

const lineOf = (cart: Cart, availabilityId: string): CartLine =>
  [...cart.lineItems.physicalItems, ...cart.lineItems.digitalItems].find((l) => l.availabilityId === availabilityId)!;

describe('cart item fields', () => {
  it('a reprint carries its article topic as major subject and its publication date', async () => {
    const reprint = await t.db
      .selectFrom('products')
      .innerJoin('articles', 'articles.id', 'products.article_id')
      .innerJoin('topics', 'topics.id', 'articles.topic_id')
      .select(['products.availability_id', 'articles.published', 'topics.name'])
      .where('products.availability_status', '=', 'AVAILABLE')
      .orderBy('products.id')
      .executeTakeFirstOrThrow();
    const { cart } = await guestCart([reprint.availability_id]);
    const line = lineOf(cart, reprint.availability_id);
    expect(line.productMajorSubject).toBe(reprint.name);
    expect(line.publicationDate).toBe(reprint.published);
  });

  it('a book: its category as major subject, no publication date; permissions offered when its group has them', async () => {
    const products = await t.db.selectFrom('products').selectAll().where('availability_status', '=', 'AVAILABLE').orderBy('id').execute();
    const licensed = products.find((p) => p.kind === 'product' && products.some((q) => q.group_id === p.group_id && q.kind === 'perm'))!;
    const unlicensed = products.find(
      (p) => p.kind === 'product' && p.category_slug === 'books' && !products.some((q) => q.group_id === p.group_id && q.kind === 'perm'),
    )!;
    const { cart } = await guestCart([licensed.availability_id, unlicensed.availability_id]);
    expect(lineOf(cart, licensed.availability_id).permissionsAvailable).toBe(true);
    const book = lineOf(cart, unlicensed.availability_id);
    expect(book.permissionsAvailable).toBe(false);
    expect(book.productMajorSubject).toBe('Books');
    expect(book.publicationDate).toBeNull();
  });

  it('volume pricing for shipped copies and permissions, not for ebooks', async () => {
    const products = await t.db.selectFrom('products').selectAll().where('availability_status', '=', 'AVAILABLE').orderBy('id').execute();
    const hardcover = products.find((p) => p.sku.endsWith('-HBK'))!;
    const ebook = products.find((p) => p.sku.endsWith('-KND'))!;
    const perm = products.find((p) => p.kind === 'perm')!;
    const { cart } = await guestCart([hardcover.availability_id, ebook.availability_id, perm.availability_id]);
    expect(lineOf(cart, hardcover.availability_id).isVolumePricingAvailable).toBe(true);
    expect(lineOf(cart, perm.availability_id).isVolumePricingAvailable).toBe(true);
    expect(lineOf(cart, ebook.availability_id).isVolumePricingAvailable).toBe(false);
  });

  it("status is ACTIVE, and UNAVAILABLE once the line's product has become 'coming soon'", async () => {
    const product = await t.db
      .selectFrom('products')
      .selectAll()
      .where('availability_status', '=', 'AVAILABLE')
      .where('sku', 'like', '%-PBK')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const { mid, cart } = await guestCart([product.availability_id]);
    expect(lineOf(cart, product.availability_id).status).toBe('ACTIVE');
    await t.db.updateTable('products').set({ availability_status: 'COMING_SOON' }).where('id', '=', product.id).execute();
    try {
      const again = CartSchema.parse((await request(t.app).get('/api/shopping-cart').set('Cookie', `mid=${mid}`).expect(200)).body);
      const line = lineOf(again, product.availability_id);
      expect(line.status).toBe('UNAVAILABLE');
      expect(line.productAvailabilityStatus).toBe('COMING_SOON');
    } finally {
      await t.db.updateTable('products').set({ availability_status: 'AVAILABLE' }).where('id', '=', product.id).execute();
    }
  });
});
