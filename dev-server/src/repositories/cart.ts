/** The store's SQL (decision 014): products by availability and group, carts and their lines, promo codes, orders. */
import type { Insertable, Kysely, Updateable } from 'kysely';
import type {
  CartRow,
  CartLineTable,
  CartTable,
  Database,
  NewSubscriberRecord,
  OrderLineRow,
  OrderLineTable,
  OrderRow,
  OrderTable,
  ProductRow,
  PromoCodeRow,
  SpentVoucherTable,
  SubscriptionTable,
  VoucherRedemptionTable,
} from '../db/database';

/** A cart line with its product. */
export interface CartLineWithProduct {
  line: { id: string; cart_id: string; product_id: string; quantity: number; referral: string | null; position: number; added_at: string };
  product: ProductRow;
  /**
   * What the cart item shows about its product (SITE-03 cart item): the reprinted article's topic,
   * else the store category's name (the major subject); the reprinted article's publication date;
   * whether the product can also be licensed (a 'perm' availability in its group). Read by `lines`.
   */
  about?: { majorSubject: string | null; publicationDate: string | null; permissionsAvailable: boolean };
}

export function createCartRepository(db: Kysely<Database>) {
  return {
    ...createCartQueries(db),
    /** Runs `fn` in one transaction, with the queries over it. */
    async transaction<T>(fn: (repo: CartQueries) => Promise<T>): Promise<T> {
      return db.transaction().execute((trx) => fn(createCartQueries(trx)));
    },
  };
}

export function createCartQueries(db: Kysely<Database>) {
  return {
    /* ---------------------------------------------------------------- products */

    async productsByAvailability(availabilityIds: readonly string[]): Promise<ProductRow[]> {
      if (availabilityIds.length === 0) return [];
      return db
        .selectFrom('products')
        .selectAll()
        .where('availability_id', 'in', [...availabilityIds])
        .execute();
    },

    async productById(id: string): Promise<ProductRow | undefined> {
      return db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async productsByIds(ids: readonly string[]): Promise<ProductRow[]> {
      if (ids.length === 0) return [];
      return db
        .selectFrom('products')
        .selectAll()
        .where('id', 'in', [...ids])
        .execute();
    },

    async productsOfGroup(groupId: string): Promise<ProductRow[]> {
      return db.selectFrom('products').selectAll().where('group_id', '=', groupId).orderBy('position').orderBy('id').execute();
    },

    async categoryName(slug: string): Promise<string> {
      return (await db.selectFrom('product_categories').select('name').where('slug', '=', slug).executeTakeFirst())?.name ?? slug;
    },

    async categoryNames(): Promise<Map<string, string>> {
      const rows = await db.selectFrom('product_categories').select(['slug', 'name']).execute();
      return new Map(rows.map((r) => [r.slug, r.name]));
    },

    /** Partner products of any availability of a group, in their order. */
    async betterTogetherPartners(productIds: readonly string[]): Promise<{ product_id: string; partner_id: string }[]> {
      if (productIds.length === 0) return [];
      return db
        .selectFrom('better_together')
        .select(['product_id', 'partner_id'])
        .where('product_id', 'in', [...productIds])
        .orderBy('position')
        .orderBy('partner_id')
        .execute();
    },

    async listedProducts(): Promise<ProductRow[]> {
      return db.selectFrom('products').selectAll().where('listed', '=', 1).where('kind', '=', 'product').orderBy('position').orderBy('id').execute();
    },

    async subscriptionProducts(): Promise<ProductRow[]> {
      return db.selectFrom('products').selectAll().where('kind', '=', 'subscription').orderBy('position').execute();
    },

    /** The PDF reprint of an article, if any. */
    async reprintOf(articleId: string): Promise<ProductRow | undefined> {
      return db
        .selectFrom('products')
        .selectAll()
        .where('article_id', '=', articleId)
        .where('kind', '=', 'product')
        .where('format', '=', 'PDF')
        .orderBy('id')
        .executeTakeFirst();
    },

    /* ---------------------------------------------------------------- carts */

    async findCart(ownerKey: string): Promise<CartRow | undefined> {
      return db.selectFrom('carts').selectAll().where('owner_key', '=', ownerKey).executeTakeFirst();
    },

    /** The owner's cart, made when missing (a parallel request's insert is kept). */
    async ensureCart(ownerKey: string, id: string, nowIso: string): Promise<CartRow> {
      await db
        .insertInto('carts')
        .values({
          id,
          owner_key: ownerKey,
          promo_code: null,
          shipping_method: null,
          shipping_address: null,
          billing_address: null,
          payment_token: null,
          payment_brand: null,
          payment_last4: null,
          created_at: nowIso,
          updated_at: nowIso,
        })
        .onConflict((oc) => oc.column('owner_key').doNothing())
        .execute();
      return db.selectFrom('carts').selectAll().where('owner_key', '=', ownerKey).executeTakeFirstOrThrow();
    },

    async updateCart(cartId: string, patch: Updateable<CartTable>): Promise<void> {
      await db.updateTable('carts').set(patch).where('id', '=', cartId).execute();
    },

    /**
     * Claims a cart for placing its order: moves updated_at from the value the order was priced at,
     * and only from it. False when another request changed (or claimed) the cart meanwhile; on
     * PostgreSQL the second UPDATE waits for the first to commit and then matches no row.
     */
    async claimCart(cartId: string, pricedAt: string, next: string): Promise<boolean> {
      const result = await db.updateTable('carts').set({ updated_at: next }).where('id', '=', cartId).where('updated_at', '=', pricedAt).executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async deleteCart(cartId: string): Promise<void> {
      await db.deleteFrom('carts').where('id', '=', cartId).execute();
    },

    async lines(cartId: string): Promise<CartLineWithProduct[]> {
      const rows = await db
        .selectFrom('cart_lines')
        .innerJoin('products', 'products.id', 'cart_lines.product_id')
        .leftJoin('product_categories', 'product_categories.slug', 'products.category_slug')
        .leftJoin('articles', 'articles.id', 'products.article_id')
        .leftJoin('topics', 'topics.id', 'articles.topic_id')
        .selectAll('products')
        .select((eb) => [
          'product_categories.name as about_category',
          'topics.name as about_topic',
          'articles.published as about_published',
          eb
            .exists(eb.selectFrom('products as perms').select('perms.id').whereRef('perms.group_id', '=', 'products.group_id').where('perms.kind', '=', 'perm'))
            .as('about_perms'),
          'cart_lines.id as line_id',
          'cart_lines.cart_id as line_cart_id',
          'cart_lines.product_id as line_product_id',
          'cart_lines.quantity as line_quantity',
          'cart_lines.referral as line_referral',
          'cart_lines.position as line_position',
          'cart_lines.added_at as line_added_at',
        ])
        .where('cart_lines.cart_id', '=', cartId)
        .orderBy('cart_lines.position')
        .orderBy('cart_lines.id')
        .execute();
      return rows.map(
        ({
          about_category,
          about_topic,
          about_published,
          about_perms,
          line_id,
          line_cart_id,
          line_product_id,
          line_quantity,
          line_referral,
          line_position,
          line_added_at,
          ...product
        }) => ({
          line: {
            id: line_id,
            cart_id: line_cart_id,
            product_id: line_product_id,
            quantity: line_quantity,
            referral: line_referral,
            position: line_position,
            added_at: line_added_at,
          },
          product,
          about: {
            majorSubject: about_topic ?? about_category ?? null,
            publicationDate: about_published ?? null,
            // SQLite returns 0/1, PostgreSQL true/false.
            permissionsAvailable: Boolean(Number(about_perms)) || about_perms === true,
          },
        }),
      );
    },

    async insertLine(row: CartLineTable): Promise<void> {
      await db.insertInto('cart_lines').values(row).execute();
    },

    async setLineQuantity(lineId: string, quantity: number): Promise<void> {
      await db.updateTable('cart_lines').set({ quantity }).where('id', '=', lineId).execute();
    },

    async deleteLine(lineId: string): Promise<void> {
      await db.deleteFrom('cart_lines').where('id', '=', lineId).execute();
    },

    async deleteLines(cartId: string): Promise<void> {
      await db.deleteFrom('cart_lines').where('cart_id', '=', cartId).execute();
    },

    async promo(code: string): Promise<PromoCodeRow | undefined> {
      return db.selectFrom('promo_codes').selectAll().where('code', '=', code.trim().toUpperCase()).executeTakeFirst();
    },

    /**
     * Guest carts ('d:' owners) last changed before `cutoffIso`, with their lines; member carts are
     * never removed here. Returns how many carts went.
     */
    async deleteGuestCartsBefore(cutoffIso: string): Promise<number> {
      const result = await db.deleteFrom('carts').where('owner_key', 'like', 'd:%').where('updated_at', '<', cutoffIso).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /* ---------------------------------------------------------------- voucher redemptions */

    /** Whether the account has redeemed the voucher (the code as stored). */
    async voucherRedeemed(code: string, userId: string): Promise<boolean> {
      const row = await db.selectFrom('voucher_redemptions').select('order_id').where('promo_code', '=', code).where('user_id', '=', userId).executeTakeFirst();
      return row !== undefined;
    },

    /** Records a redemption; a second one of the same voucher by the same account is a unique violation. */
    async insertRedemption(row: Insertable<VoucherRedemptionTable>): Promise<void> {
      await db.insertInto('voucher_redemptions').values(row).execute();
    },

    /** Whether any order has redeemed the voucher (the code as stored). */
    async voucherSpent(code: string): Promise<boolean> {
      const row = await db.selectFrom('spent_vouchers').select('order_id').where('promo_code', '=', code).executeTakeFirst();
      return row !== undefined;
    },

    /** Marks the voucher spent by an order; a second one of the same voucher, by any account, is a unique violation. */
    async insertSpentVoucher(row: Insertable<SpentVoucherTable>): Promise<void> {
      await db.insertInto('spent_vouchers').values(row).execute();
    },

    /* ---------------------------------------------------------------- orders */

    async insertOrder(order: Insertable<OrderTable>, lines: Insertable<OrderLineTable>[]): Promise<void> {
      await db.insertInto('orders').values(order).execute();
      if (lines.length > 0) await db.insertInto('order_lines').values(lines).execute();
    },

    async orderNumberTaken(orderNumber: string): Promise<boolean> {
      return (await db.selectFrom('orders').select('id').where('order_number', '=', orderNumber).executeTakeFirst()) !== undefined;
    },

    async findOrder(id: string): Promise<OrderRow | undefined> {
      return db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async orderLines(orderId: string): Promise<OrderLineRow[]> {
      return db.selectFrom('order_lines').selectAll().where('order_id', '=', orderId).orderBy('position').execute();
    },

    /* ---------------------------------------------------------------- subscriptions bought */

    async accountNumberTaken(accountNumber: string): Promise<boolean> {
      return (await db.selectFrom('subscriber_records').select('id').where('account_number', '=', accountNumber).executeTakeFirst()) !== undefined;
    },

    async insertSubscriberRecord(record: NewSubscriberRecord, subscription: Insertable<SubscriptionTable>): Promise<void> {
      await db.insertInto('subscriber_records').values(record).execute();
      await db.insertInto('subscriptions').values(subscription).execute();
    },
  };
}

export type CartQueries = ReturnType<typeof createCartQueries>;
export type CartRepository = ReturnType<typeof createCartRepository>;
