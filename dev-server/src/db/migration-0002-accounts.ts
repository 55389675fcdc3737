/**
 * Migration 0002, accounts: profile settings, restriction and quota columns on users; the sign-in
 * counters (lockout); subscriber lookup records with their subscriptions; password-reset tokens.
 * Literal defaults (quota 4, ascend quota 3) are frozen here on purpose: a migration that has
 * shipped never changes, even if the constants do.
 */
import { sql, type Kysely, type Migration } from 'kysely';

export const accountsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    const userColumns: Array<[string, 'integer' | 'text', number | null]> = [
      ['restricted', 'integer', 0],
      ['opt_in', 'integer', 0],
      ['industry', 'text', null],
      ['job_title', 'text', null],
      ['company_size', 'text', null],
      ['quota_limit', 'integer', 4],
      ['quota_count', 'integer', 0],
      ['ascend_quota_limit', 'integer', 3],
      ['ascend_quota_count', 'integer', 0],
    ];
    for (const [name, type, fallback] of userColumns) {
      await db.schema
        .alterTable('users')
        .addColumn(name, type, (c) => (fallback === null ? c : c.notNull().defaultTo(fallback)))
        .execute();
    }

    await db.schema
      .createTable('sign_in_counters')
      .addColumn('email_key', 'text', (c) => c.primaryKey())
      .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('locked_until', 'text')
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('subscriber_records')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('first_name', 'text', (c) => c.notNull())
      .addColumn('last_name', 'text', (c) => c.notNull())
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('account_number', 'text', (c) => c.notNull().unique())
      .addColumn('subscription_code', 'text', (c) => c.notNull())
      .addColumn('subscription_active', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('linked_user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('issues', 'text', (c) => c.notNull().defaultTo(sql`'[]'`))
      .addColumn('opt_in', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('subscriber_records_email_idx').on('subscriber_records').column('email').execute();
    await db.schema.createIndex('subscriber_records_linked_idx').on('subscriber_records').column('linked_user_id').execute();

    await db.schema
      .createTable('subscriptions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('record_id', 'text', (c) => c.notNull().references('subscriber_records.id').onDelete('cascade'))
      .addColumn('source_code', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('times_renewed', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('order_value', 'double precision', (c) => c.notNull().defaultTo(0))
      .addColumn('country', 'text', (c) => c.notNull())
      .addColumn('term_title', 'text', (c) => c.notNull())
      .addColumn('account_number', 'text', (c) => c.notNull())
      .addColumn('most_recent_purchase_date', 'text', (c) => c.notNull())
      .addColumn('first_purchase_date', 'text', (c) => c.notNull())
      .addColumn('access_start_date', 'text', (c) => c.notNull())
      .addColumn('access_expiration_date', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('subscriptions_record_idx').on('subscriptions').column('record_id').execute();

    await db.schema
      .createTable('password_resets')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('used_at', 'text')
      .execute();
    await db.schema.createIndex('password_resets_user_idx').on('password_resets').column('user_id').execute();
  },
};
