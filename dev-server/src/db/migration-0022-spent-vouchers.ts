/**
 * Migration 0022, spent vouchers: a voucher (GIFT25) is redeemed once in total, not once per account.
 *
 * - spent_vouchers: one row per voucher code an order has redeemed, written in the transaction that
 *   places the order (with its voucher_redemptions row). The primary key promo_code makes the second
 *   redemption of a code, by any account and even when two checkouts commit at the same moment, a
 *   unique violation: its order is not placed. No reference to the order or the account, so a
 *   voucher stays spent whatever happens to them later.
 * - The vouchers already redeemed are spent: each code's earliest redemption is copied in (a database
 *   where several accounts redeemed one code keeps all their voucher_redemptions rows).
 */
import { sql, type Kysely, type Migration } from 'kysely';

export const spentVouchersMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('spent_vouchers')
      // The promo code as stored (upper case).
      .addColumn('promo_code', 'text', (c) => c.primaryKey())
      .addColumn('order_id', 'text', (c) => c.notNull())
      .addColumn('spent_at', 'text', (c) => c.notNull())
      .execute();
    await sql`
      insert into spent_vouchers (promo_code, order_id, spent_at)
      select r.promo_code, r.order_id, r.redeemed_at from voucher_redemptions r
      where not exists (
        select 1 from voucher_redemptions o
        where o.promo_code = r.promo_code
          and (o.redeemed_at < r.redeemed_at or (o.redeemed_at = r.redeemed_at and o.order_id < r.order_id))
      )`.execute(db);
  },
};
