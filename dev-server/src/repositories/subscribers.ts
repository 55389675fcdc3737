/** Subscriber lookup records, their subscriptions, and linking them to web accounts (once the address is proved). */
import type { Kysely } from 'kysely';
import type { Database, SubscriberRecordRow, SubscriptionRow } from '../db/database';

export function createSubscriberRepository(db: Kysely<Database>) {
  return {
    /** Every record of an email (lower-cased), oldest first. */
    async findRecordsByEmail(email: string): Promise<SubscriberRecordRow[]> {
      return db.selectFrom('subscriber_records').selectAll().where('email', '=', email).orderBy('created_at').orderBy('id').execute();
    },

    async findRecordsLinkedTo(userId: string): Promise<SubscriberRecordRow[]> {
      return db.selectFrom('subscriber_records').selectAll().where('linked_user_id', '=', userId).orderBy('created_at').orderBy('id').execute();
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
     * Links unlinked records to an existing user and makes them a subscriber with these tiers (the
     * tiers they already have are kept). Returns how many records were linked.
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

export type SubscriberRepository = ReturnType<typeof createSubscriberRepository>;
