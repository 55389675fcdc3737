/**
 * Failed sign-in tries (the lockout), in two kinds of bucket: per normalized email for browsers the
 * account does not recognise (sign_in_counters), and per recognised browser of the account
 * (known_devices). The try is reserved in ONE statement before the password is checked, so however
 * many requests race, no more than `maxTries` of them get to check a password before the lock: the
 * statement only counts on a row that is not locked (or whose lock has run out) and returns nothing
 * when it refuses.
 */
import { sql, type Kysely } from 'kysely';
import type { Database, KnownDeviceRow, SignInCounterRow } from '../db/database';

export interface ReservedTry {
  /** Tries used, this one included. */
  failures: number;
  /** Set when this try used the last one: the account is locked until then unless it succeeds. */
  lockedUntil: string | null;
}

export function createSignInCounterRepository(db: Kysely<Database>) {
  const failures = sql.ref<number>('sign_in_counters.failures');
  const lockedUntil = sql.ref<string | null>('sign_in_counters.locked_until');

  return {
    /**
     * Counts one more try for `key` unless it is locked at `nowIso`; a lock that has run out
     * starts the count again. The try that reaches `maxTries` sets the lock to `lockUntilIso`.
     * Returns undefined when the try is refused (locked).
     */
    async reserveTry(key: string, nowIso: string, lockUntilIso: string, maxTries: number): Promise<ReservedTry | undefined> {
      const lockExpired = sql<boolean>`(${lockedUntil} is not null and ${lockedUntil} <= ${nowIso})`;
      const next = sql<number>`(case when ${lockExpired} then 1 else ${failures} + 1 end)`;
      const row = await db
        .insertInto('sign_in_counters')
        .values({ email_key: key, failures: 1, locked_until: maxTries <= 1 ? lockUntilIso : null, updated_at: nowIso })
        .onConflict((oc) =>
          oc
            .column('email_key')
            .doUpdateSet({
              failures: next,
              locked_until: sql<string | null>`(case when ${next} >= ${maxTries} then ${lockUntilIso} else null end)`,
              updated_at: nowIso,
            })
            .where(sql<boolean>`(${lockedUntil} is null or ${lockedUntil} <= ${nowIso})`),
        )
        .returning(['failures', 'locked_until'])
        .executeTakeFirst();
      return row ? { failures: Number(row.failures), lockedUntil: row.locked_until } : undefined;
    },

    async find(key: string): Promise<SignInCounterRow | undefined> {
      return db.selectFrom('sign_in_counters').selectAll().where('email_key', '=', key).executeTakeFirst();
    },

    /** Forgets the tries of `key` (after a correct password, or for a new account). */
    async clear(key: string): Promise<void> {
      await db.deleteFrom('sign_in_counters').where('email_key', '=', key).execute();
    },

    /** The recognised browser of `tokenHash` for the account of `email` (normalized), if bound to it. */
    async findDevice(tokenHash: string, email: string): Promise<KnownDeviceRow | undefined> {
      return db
        .selectFrom('known_devices')
        .innerJoin('users', 'users.id', 'known_devices.user_id')
        .selectAll('known_devices')
        .where('known_devices.token_hash', '=', tokenHash)
        .where('users.email', '=', email)
        .executeTakeFirst();
    },

    /**
     * Counts one more try on a recognised browser's own bucket unless it is locked at `nowIso`, as
     * reserveTry does for an email. Returns undefined when refused (locked, or no longer bound).
     */
    async reserveDeviceTry(tokenHash: string, userId: string, nowIso: string, lockUntilIso: string, maxTries: number): Promise<ReservedTry | undefined> {
      const deviceFailures = sql.ref<number>('known_devices.failures');
      const deviceLock = sql.ref<string | null>('known_devices.locked_until');
      const next = sql<number>`(case when ${deviceLock} is not null and ${deviceLock} <= ${nowIso} then 1 else ${deviceFailures} + 1 end)`;
      const row = await db
        .updateTable('known_devices')
        .set({
          failures: next,
          locked_until: sql<string | null>`(case when ${next} >= ${maxTries} then ${lockUntilIso} else null end)`,
        })
        .where('token_hash', '=', tokenHash)
        .where('user_id', '=', userId)
        .where(sql<boolean>`(${deviceLock} is null or ${deviceLock} <= ${nowIso})`)
        .returning(['failures', 'locked_until'])
        .executeTakeFirst();
      return row ? { failures: Number(row.failures), lockedUntil: row.locked_until } : undefined;
    },

    /** Binds the browser of `tokenHash` to the user (or refreshes the binding) with a clean count. */
    async bindDevice(tokenHash: string, userId: string, nowIso: string): Promise<void> {
      await db
        .insertInto('known_devices')
        .values({ token_hash: tokenHash, user_id: userId, created_at: nowIso, last_used_at: nowIso, failures: 0, locked_until: null })
        .onConflict((oc) => oc.columns(['token_hash', 'user_id']).doUpdateSet({ last_used_at: nowIso, failures: 0, locked_until: null }))
        .execute();
    },

    /** Lifts the locks and counts of every browser bound to the user (a completed password reset). */
    async unlockDevices(userId: string): Promise<void> {
      await db.updateTable('known_devices').set({ failures: 0, locked_until: null }).where('user_id', '=', userId).execute();
    },

    /** Unbinds one browser from the user (its token is being replaced). */
    async forgetDevice(tokenHash: string, userId: string): Promise<void> {
      await db.deleteFrom('known_devices').where('token_hash', '=', tokenHash).where('user_id', '=', userId).execute();
    },

    /** Forgets the user's browsers not used to sign in since `cutoffIso` (their cookies have expired). */
    async deleteStaleDevices(userId: string, cutoffIso: string): Promise<void> {
      await db.deleteFrom('known_devices').where('user_id', '=', userId).where('last_used_at', '<=', cutoffIso).execute();
    },
  };
}

export type SignInCounterRepository = ReturnType<typeof createSignInCounterRepository>;
