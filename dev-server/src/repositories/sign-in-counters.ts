/**
 * Failed sign-in tries per normalized email (the lockout). The try is reserved in ONE statement
 * before the password is checked, so however many requests race, no more than `maxTries` of them
 * get to check a password before the lock: the upsert only updates a row that is not locked (or
 * whose lock has run out) and answers nothing when it refuses.
 */
import { sql, type Kysely } from 'kysely';
import type { Database, SignInCounterRow } from '../db/database';

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
     * Answers undefined when the try is refused (locked).
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
  };
}

export type SignInCounterRepository = ReturnType<typeof createSignInCounterRepository>;
