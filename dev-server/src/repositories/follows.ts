/** Topic follows and when the member last opened the following stream. */
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';

export interface FollowedTopicRow {
  id: string;
  name: string;
  slug: string;
  followed_at: string;
}

export function createFollowRepository(db: Kysely<Database>) {
  return {
    /** The member's followed topics, newest follow first (then by name). */
    async listFollowed(userId: string): Promise<FollowedTopicRow[]> {
      return db
        .selectFrom('topic_follows')
        .innerJoin('topics', 'topics.id', 'topic_follows.topic_id')
        .select(['topics.id', 'topics.name', 'topics.slug', 'topic_follows.followed_at'])
        .where('topic_follows.user_id', '=', userId)
        .orderBy('topic_follows.followed_at', 'desc')
        .orderBy('topics.name', 'asc')
        .execute();
    },

    /** Follows the topic; following it again keeps the first follow (and its time). */
    async follow(userId: string, topicId: string, at: string): Promise<void> {
      await db
        .insertInto('topic_follows')
        .values({ user_id: userId, topic_id: topicId, followed_at: at })
        .onConflict((oc) => oc.columns(['user_id', 'topic_id']).doNothing())
        .execute();
    },

    async unfollow(userId: string, topicId: string): Promise<void> {
      await db.deleteFrom('topic_follows').where('user_id', '=', userId).where('topic_id', '=', topicId).execute();
    },

    /** Stops following every topic (the topic deleteAll, SITE-07). */
    async unfollowAll(userId: string): Promise<void> {
      await db.deleteFrom('topic_follows').where('user_id', '=', userId).execute();
    },

    async seenAt(userId: string): Promise<string | null> {
      const row = await db.selectFrom('users').select('following_seen_at').where('id', '=', userId).executeTakeFirst();
      return row?.following_seen_at ?? null;
    },

    async markSeen(userId: string, at: string): Promise<void> {
      await db.updateTable('users').set({ following_seen_at: at }).where('id', '=', userId).execute();
    },
  };
}

export type FollowRepository = ReturnType<typeof createFollowRepository>;
