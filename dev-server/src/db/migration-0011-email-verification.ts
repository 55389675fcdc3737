/**
 * Migration 0011, proof that a member owns their email address.
 *
 * - users.email_verified_at: when the member last proved they receive mail at `email` (ISO time),
 *   or null. Accounts that already exist when this runs count as verified (they were created
 *   before the check existed); new registrations start unverified.
 * - email_verifications: mailed confirmation links. Only the SHA-256 (hex) of the token is kept.
 *   `email` is the address the link proves (the registered address, or the new address of an
 *   email change). A link works once (used_at) and until expires_at.
 */
import { sql, type Kysely, type Migration } from 'kysely';

export const emailVerificationMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('users').addColumn('email_verified_at', 'text').execute();
    await sql`update users set email_verified_at = created_at`.execute(db);

    await db.schema
      .createTable('email_verifications')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('used_at', 'text')
      .execute();
    await db.schema.createIndex('email_verifications_user_idx').on('email_verifications').column('user_id').execute();
  },
};
