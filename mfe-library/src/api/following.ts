/**
 * The follow toggle's calls (./FollowTopic only, so its chunk inlines them): each change answers the
 * followed topics as they now are. The Topics tab's are in lists.ts.
 */
import { api } from 'shared-contracts';
import type { Following } from 'shared-contracts/discovery';

/** The member's followed topics. */
export const loadFollowing = (): Promise<Following> => api.following();

/** Follows a topic by its name. */
export const followTopic = (name: string): Promise<Following> => api.follow(name);

/** Stops following a topic by its slug. */
export const unfollowTopic = (slug: string): Promise<Following> => api.unfollow(slug);
