/** The library's calls about followed topics. */
import { api } from 'shared-contracts';
import type { Following } from 'shared-contracts/discovery';

/** The member's followed topics. */
export const loadFollowing = (): Promise<Following> => api.following();
