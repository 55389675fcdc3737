/**
 * Topic pages and follows: a topic's place in the taxonomy, and the member's followed topics with
 * the unread-following count (entries of the following stream published after the member last
 * opened it; all of them before the first opening). Following a subscriber-limited topic needs a
 * subscriber class (SITE-06): 403 otherwise.
 */
import { DISCOVERY_MESSAGES, type Following, type Topic, type TopicDetail, topicRoot, topicSubjectSlug } from 'shared-contracts/server';
import type { Clock } from '../deps';
import type { TopicRow } from '../db/database';
import type { DiscoveryRepository } from '../repositories/discovery';
import type { FollowRepository } from '../repositories/follows';
import type { Viewer } from './auth';
import { ForbiddenError, NotFoundError } from './errors';

function toTopic(row: TopicRow): Topic {
  return { id: row.id, name: row.name, slug: row.slug, parentId: row.parent_id };
}

/** The topic a follow request names: its slug or its name, any case ('Leading Teams', 'leading-teams'). */
export function findTopicByName(topics: readonly TopicRow[], name: string): TopicRow | undefined {
  const wanted = name.trim().toLowerCase();
  const asSlug = topicSubjectSlug(wanted);
  return topics.find((t) => t.slug === wanted || t.name.toLowerCase() === wanted || t.slug === asSlug);
}

/** A subscriber class: the viewer's status is subscriber. */
export function hasSubscriberClass(viewer: Pick<Viewer, 'status'>): boolean {
  return viewer.status === 'subscriber';
}

export function createTopicService(deps: { discovery: DiscoveryRepository; follows: FollowRepository; clock: Clock }) {
  const { discovery, follows, clock } = deps;
  const now = () => clock.now().toISOString();

  async function unreadCount(userId: string, followedIds: readonly string[]): Promise<number> {
    if (followedIds.length === 0) return 0;
    const seen = await follows.seenAt(userId);
    return discovery.countArticles({ until: now(), after: seen, anyTopicIds: followedIds });
  }

  async function following(viewer: Viewer): Promise<Following> {
    const rows = await follows.listFollowed(viewer.user.id);
    return {
      topics: rows.map((r) => ({ id: r.id, name: r.name, slug: r.slug, followedAt: r.followed_at })),
      unreadCount: await unreadCount(
        viewer.user.id,
        rows.map((r) => r.id),
      ),
    };
  }

  return {
    async detail(slug: string): Promise<TopicDetail> {
      const rows = await discovery.listTopics();
      const row = rows.find((t) => t.slug === slug.toLowerCase());
      if (!row) throw new NotFoundError(DISCOVERY_MESSAGES.topicNotFound);
      const topics = rows.map(toTopic);
      const topic = toTopic(row);
      return {
        topic,
        root: topicRoot(topics, topic.id) ?? topic,
        children: topics.filter((t) => t.parentId === topic.id),
        subscriberLimited: row.subscriber_only === 1,
        articleCount: await discovery.countArticles({ until: now(), topicId: row.id }),
      };
    },

    following,

    async follow(viewer: Viewer, name: string): Promise<Following> {
      const topic = findTopicByName(await discovery.listTopics(), name);
      if (!topic) throw new NotFoundError(DISCOVERY_MESSAGES.topicNotFound);
      if (topic.subscriber_only === 1 && !hasSubscriberClass(viewer)) throw new ForbiddenError(DISCOVERY_MESSAGES.topicSubscribersOnly);
      await follows.follow(viewer.user.id, topic.id, now());
      return following(viewer);
    },

    /** Stops following; a topic not followed is fine (idempotent), an unknown one is 404. */
    async unfollow(viewer: Viewer, slug: string): Promise<Following> {
      const topic = await discovery.findTopicBySlug(slug.toLowerCase());
      if (!topic) throw new NotFoundError(DISCOVERY_MESSAGES.topicNotFound);
      await follows.unfollow(viewer.user.id, topic.id);
      return following(viewer);
    },
    /** deleteAll of followed topics (SITE-07 "Newsletter, topic, marketingCampaign: post, delete, deleteAll"). */
    async unfollowAll(viewer: Viewer): Promise<Following> {
      await follows.unfollowAll(viewer.user.id);
      return following(viewer);
    },
  };
}

export type TopicService = ReturnType<typeof createTopicService>;
