/** Migration 0022 over a database of the schema before it: each voucher already redeemed is spent, by its earliest order. */
import { sql } from 'kysely';
import { isUniqueViolation } from '../repositories/db-errors';
import { migrateToLatest } from './migrations';
import { migrateToBefore } from '../test/migrations';
import { openSqlite } from './sqlite';

const OWN = '0022_spent_vouchers';

describe('migration 0022_spent_vouchers', () => {
  it('marks a voucher several accounts redeemed as spent by the earliest order, keeps every redemption, and refuses a second spend', async () => {
    const db = openSqlite(':memory:');
    try {
      await migrateToBefore(db, OWN);
      const at = (minute: number) => `2025-06-01T10:${String(minute).padStart(2, '0')}:00.000Z`;
      for (const [user, order, minute] of [
        ['u1', 'o-late', 30],
        ['u2', 'o-early', 5],
        ['u3', 'o-b-same', 5],
      ] as const) {
        await sql`INSERT INTO users (id, guid, email, first_name, last_name, display_name, password_hash, status, created_at, updated_at)
                  VALUES (${user}, ${user}, ${`${user}@example.org`}, 'M', 'N', 'M N', 'x', 'registered', ${at(0)}, ${at(0)})`.execute(db);
        await db
          .insertInto('orders')
          .values({ id: order, user_id: user, status: 'COMPLETED', title: 'Order', grand_total_inc_tax: 0, account_number: null, created_at: at(minute) })
          .execute();
        await db
          .insertInto('voucher_redemptions')
          .values({ promo_code: 'GIFT25', user_id: user, order_id: order, redeemed_at: at(minute) })
          .execute();
      }

      await migrateToLatest(db);

      // Two at the same minute: the smaller order id wins, so the copy is deterministic.
      expect(await db.selectFrom('spent_vouchers').selectAll().execute()).toEqual([{ promo_code: 'GIFT25', order_id: 'o-b-same', spent_at: at(5) }]);
      expect(await db.selectFrom('voucher_redemptions').select('order_id').orderBy('order_id').execute()).toEqual([
        { order_id: 'o-b-same' },
        { order_id: 'o-early' },
        { order_id: 'o-late' },
      ]);
      const second = await db
        .insertInto('spent_vouchers')
        .values({ promo_code: 'GIFT25', order_id: 'o-late', spent_at: at(40) })
        .execute()
        .then(
          () => null,
          (error: unknown) => error,
        );
      expect(isUniqueViolation(second)).toBe(true);
    } finally {
      await db.destroy();
    }
  });
});
