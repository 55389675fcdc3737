/** Newsletters, marketing campaigns and the members' subscriptions to them. */
import type { Kysely } from 'kysely';
import type { Database, NewsletterRow } from '../db/database';

export function createNewsletterRepository(db: Kysely<Database>) {
  return {
    /** Both kinds, in their order. */
    async listAll(): Promise<NewsletterRow[]> {
      return db.selectFrom('newsletters').selectAll().orderBy('position').execute();
    },

    async find(id: string): Promise<NewsletterRow | undefined> {
      return db.selectFrom('newsletters').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** The member's subscriptions (id and kind), in the newsletters' order. */
    async listSubscribed(userId: string): Promise<{ id: string; kind: string }[]> {
      return db
        .selectFrom('newsletter_subscriptions')
        .innerJoin('newsletters', 'newsletters.id', 'newsletter_subscriptions.newsletter_id')
        .select(['newsletters.id', 'newsletters.kind'])
        .where('newsletter_subscriptions.user_id', '=', userId)
        .orderBy('newsletters.position')
        .execute();
    },

    /** Subscribes; subscribing again keeps the first subscription. */
    async subscribe(userId: string, newsletterId: string, at: string): Promise<void> {
      await db
        .insertInto('newsletter_subscriptions')
        .values({ user_id: userId, newsletter_id: newsletterId, subscribed_at: at })
        .onConflict((oc) => oc.columns(['user_id', 'newsletter_id']).doNothing())
        .execute();
    },

    async unsubscribe(userId: string, newsletterId: string): Promise<void> {
      await db.deleteFrom('newsletter_subscriptions').where('user_id', '=', userId).where('newsletter_id', '=', newsletterId).execute();
    },

    async unsubscribeAll(userId: string): Promise<void> {
      await db.deleteFrom('newsletter_subscriptions').where('user_id', '=', userId).execute();
    },
  };
}

export type NewsletterRepository = ReturnType<typeof createNewsletterRepository>;
