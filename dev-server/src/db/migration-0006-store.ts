/**
 * Migration 0006, the store and cart (decision 014). Portable column types only (SQLite and PostgreSQL):
 * text, integer (money in integer cents, 0/1 flags), ISO-8601 strings, JSON in text columns.
 *
 * - products gain group_id (the SKU base: the availabilities of one product share it), price_cents,
 *   kind ('product' | 'perm' | 'subscription'), authors (JSON array), listed (1 = shown in the store
 *   listings) and article_id (an article reprint's article). Existing rows become one-availability
 *   products at their list price.
 * - carts (one per owner: 'u:{userId}' or 'd:{sha256 of the device token}') and cart_lines.
 * - promo_codes and better_together.
 * - orders and order_lines gain the totals, addresses, payment summary and line prices; the
 *   defaults keep the orders written before (My Library's seed) valid.
 */
import { sql, type Kysely, type Migration } from 'kysely';

export const storeMigration: Migration = {
  async up(db: Kysely<unknown>) {
    const products = () => db.schema.alterTable('products');
    await products()
      .addColumn('group_id', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    await products()
      .addColumn('price_cents', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await products()
      .addColumn('kind', 'text', (c) => c.notNull().defaultTo('product'))
      .execute();
    await products()
      .addColumn('authors', 'text', (c) => c.notNull().defaultTo('[]'))
      .execute();
    await products()
      .addColumn('listed', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await products().addColumn('article_id', 'text').execute();
    await sql`UPDATE products SET group_id = sku, price_cents = CAST(ROUND(list_price * 100) AS INTEGER)`.execute(db);
    await db.schema.createIndex('products_group_idx').on('products').column('group_id').execute();
    await db.schema.createIndex('products_article_idx').on('products').column('article_id').execute();

    await db.schema
      .createTable('carts')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('owner_key', 'text', (c) => c.notNull().unique())
      .addColumn('promo_code', 'text')
      .addColumn('shipping_method', 'text')
      // JSON Address, or null.
      .addColumn('shipping_address', 'text')
      .addColumn('billing_address', 'text')
      // The payment gateway's token and the card summary; never the card number or CVC.
      .addColumn('payment_token', 'text')
      .addColumn('payment_brand', 'text')
      .addColumn('payment_last4', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('cart_lines')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('cart_id', 'text', (c) => c.notNull().references('carts.id').onDelete('cascade'))
      .addColumn('product_id', 'text', (c) => c.notNull().references('products.id').onDelete('cascade'))
      .addColumn('quantity', 'integer', (c) => c.notNull())
      .addColumn('referral', 'text')
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('added_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('cart_lines_cart_product_unique', ['cart_id', 'product_id'])
      .execute();

    await db.schema
      .createTable('promo_codes')
      .addColumn('code', 'text', (c) => c.primaryKey())
      .addColumn('description', 'text', (c) => c.notNull())
      // 'percent' (value in percent), 'amount' and 'voucher' (value in cents), 'shipping' (free shipping).
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('value', 'integer', (c) => c.notNull())
      .addColumn('min_subtotal_cents', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('expires_at', 'text')
      .execute();

    await db.schema
      .createTable('better_together')
      .addColumn('product_id', 'text', (c) => c.notNull().references('products.id').onDelete('cascade'))
      .addColumn('partner_id', 'text', (c) => c.notNull().references('products.id').onDelete('cascade'))
      .addColumn('position', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('better_together_pk', ['product_id', 'partner_id'])
      .execute();

    const orders = () => db.schema.alterTable('orders');
    await orders().addColumn('order_number', 'text').execute();
    await orders()
      .addColumn('subtotal_cents', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await orders()
      .addColumn('discount_cents', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await orders()
      .addColumn('tax_cents', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await orders()
      .addColumn('shipping_cents', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await orders().addColumn('promo_code', 'text').execute();
    await orders().addColumn('shipping_method', 'text').execute();
    await orders().addColumn('shipping_address', 'text').execute();
    await orders().addColumn('billing_address', 'text').execute();
    await orders().addColumn('payment_brand', 'text').execute();
    await orders().addColumn('payment_last4', 'text').execute();
    // Orders of before: their total is their subtotal.
    await sql`UPDATE orders SET subtotal_cents = grand_total_inc_tax`.execute(db);
    await db.schema.createIndex('orders_number_unique').on('orders').column('order_number').unique().execute();

    const lines = () => db.schema.alterTable('order_lines');
    await lines().addColumn('sku', 'text').execute();
    await lines().addColumn('format', 'text').execute();
    await lines().addColumn('line_type', 'text').execute();
    await lines()
      .addColumn('quantity', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await lines()
      .addColumn('unit_price_cents', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await lines()
      .addColumn('line_total_cents', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await lines().addColumn('product_url', 'text').execute();
  },
};
