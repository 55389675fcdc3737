/**
 * The staff accounts of the seed: an operator, who may use /operations and the release
 * API for every remote (decision 037). Not one of DEMO_USERS: an operator is no reader (no folders,
 * saves or subscription) and the readers' seed stays exactly as it was. Its role is in user_roles,
 * never in the subscription tiers.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import { hashPassword } from '../services/passwords';
import { DEMO_PASSWORD } from './demo-users';

export const OPERATOR_ROLE = 'operator';

export const DEMO_OPERATOR = {
  id: 'u-operator',
  email: 'operator@example.com',
  password: DEMO_PASSWORD,
  firstName: 'Olu',
  lastName: 'Ferreira',
} as const;

/** Adds the operator account and its role when missing (a fresh seed, or a database seeded before migration 0020). */
export async function seedOperatorsIfMissing(db: Kysely<Database>): Promise<boolean> {
  const existing = await db.selectFrom('users').select('id').where('email', '=', DEMO_OPERATOR.email).executeTakeFirst();
  if (existing) {
    await db
      .insertInto('user_roles')
      .values({ user_id: existing.id, role: OPERATOR_ROLE })
      .onConflict((oc) => oc.doNothing())
      .execute();
    return false;
  }
  const created = new Date(Date.UTC(2024, 0, 2, 9)).toISOString();
  const passwordHash = await hashPassword(DEMO_OPERATOR.password);
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('users')
      .values({
        id: DEMO_OPERATOR.id,
        guid: '00000000-0000-4000-8000-00000000000f',
        email: DEMO_OPERATOR.email,
        first_name: DEMO_OPERATOR.firstName,
        last_name: DEMO_OPERATOR.lastName,
        display_name: `${DEMO_OPERATOR.firstName} ${DEMO_OPERATOR.lastName}`,
        password_hash: passwordHash,
        status: 'registered',
        created_at: created,
        updated_at: created,
        email_verified_at: created,
      })
      .onConflict((oc) => oc.doNothing())
      .execute();
    await trx
      .insertInto('user_roles')
      .values({ user_id: DEMO_OPERATOR.id, role: OPERATOR_ROLE })
      .onConflict((oc) => oc.doNothing())
      .execute();
  });
  return true;
}
