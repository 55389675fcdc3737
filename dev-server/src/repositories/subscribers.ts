/** Subscriber lookup records, their subscriptions, and linking them to web accounts. */
import type { Kysely } from 'kysely';
import type { Database, NewUser, SubscriberRecordRow, SubscriptionRow } from '../db/database';
import { isUniqueViolation } from './db-errors';

export type LinkOutcome = 'created' | 'email-taken' | 'already-linked';

export function createSubscriberRepository(db: Kysely<Database>) {
  return {
    /** Every record of an email (lower-cased), oldest first. */
    async findRecordsByEmail(email: string): Promise<SubscriberRecordRow[]> {
      return db.selectFrom('subscriber_records').selectAll().where('email', '=', email).orderBy('created_at').orderBy('id').execute();
    },

    async findRecordsLinkedTo(userId: string): Promise<SubscriberRecordRow[]> {
      return db
        .selectFrom('subscriber_records')
        .selectAll()
        .where('linked_user_id', '=', userId)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
    },

    /** The subscriptions of these records, newest purchase first. */
    async listSubscriptions(recordIds: readonly string[]): Promise<SubscriptionRow[]> {
      if (recordIds.length === 0) return [];
      return db
        .selectFrom('subscriptions')
        .selectAll()
        .where('record_id', 'in', recordIds)
        .orderBy('most_recent_purchase_date', 'desc')
        .orderBy('id')
        .execute();
    },

    /**
     * Creates the web account of a subscriber record and links the record to it, all or nothing:
     * 'email-taken' when a user has the email, 'already-linked' when another request linked the
     * record first.
     */
    async createLinkedAccount(user: NewUser, roleCodes: readonly string[], recordId: string): Promise<LinkOutcome> {
      try {
        return await db.transaction().execute(async (trx) => {
          await trx.insertInto('users').values(user).execute();
          if (roleCodes.length > 0) {
            await trx.insertInto('user_tiers').values(roleCodes.map((role_code) => ({ user_id: user.id, role_code }))).execute();
          }
          const linked = await trx
            .updateTable('subscriber_records')
            .set({ linked_user_id: user.id })
            .where('id', '=', recordId)
            .where('linked_user_id', 'is', null)
            .executeTakeFirst();
          if (Number(linked.numUpdatedRows) !== 1) throw new AlreadyLinked();
          return 'created' as const;
        });
      } catch (error) {
        if (error instanceof AlreadyLinked) return 'already-linked';
        if (isUniqueViolation(error)) return 'email-taken';
        throw error;
      }
    },

    /**
     * Links unlinked records to an existing user and makes them a subscriber with these tiers (the
     * tiers they already have are kept). Answers how many records were linked.
     */
    async linkToUser(userId: string, recordIds: readonly string[], roleCodes: readonly string[], nowIso: string): Promise<number> {
      if (recordIds.length === 0) return 0;
      return db.transaction().execute(async (trx) => {
        const linked = await trx
          .updateTable('subscriber_records')
          .set({ linked_user_id: userId })
          .where('id', 'in', recordIds)
          .where('linked_user_id', 'is', null)
          .executeTakeFirst();
        const count = Number(linked.numUpdatedRows);
        if (count === 0) return 0;
        await trx.updateTable('users').set({ status: 'subscriber', updated_at: nowIso }).where('id', '=', userId).execute();
        if (roleCodes.length > 0) {
          await trx
            .insertInto('user_tiers')
            .values(roleCodes.map((role_code) => ({ user_id: userId, role_code })))
            .onConflict((oc) => oc.columns(['user_id', 'role_code']).doNothing())
            .execute();
        }
        return count;
      });
    },
  };
}

class AlreadyLinked extends Error {}

export type SubscriberRepository = ReturnType<typeof createSubscriberRepository>;
