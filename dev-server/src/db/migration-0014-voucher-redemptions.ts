/**
 * Migration 0014, voucher redemptions and guest cart expiry.
 *
 * - voucher_redemptions: one row per voucher an account has redeemed, written in the transaction
 *   that places the order. The primary key (promo_code, user_id) makes a voucher redeemable once per
 *   account, even when two checkouts commit at the same moment (the second insert is a unique
 *   violation and its order is not placed).
 * - carts_updated_idx: the periodic removal of guest carts untouched for a while finds them by
 *   updated_at.
 */
import type { Kysely, Migration } from 'kysely';

export const voucherRedemptionsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('voucher_redemptions')
      // The promo code as stored (upper case); no reference, so reseeding the codes keeps the history.
      .addColumn('promo_code', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
      .addColumn('redeemed_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('voucher_redemptions_pk', ['promo_code', 'user_id'])
      .execute();
    await db.schema.createIndex('voucher_redemptions_order_idx').on('voucher_redemptions').column('order_id').execute();
    await db.schema.createIndex('carts_updated_idx').on('carts').column('updated_at').execute();
  },
};
