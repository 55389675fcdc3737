/** The User answer, and the signed-in user's folders. */
import { type Folder, subscriberTierOf, type User } from 'shared-contracts/server';
import type { AccountRepository } from '../repositories/accounts';
import type { Viewer } from './auth';
import { ascendQuotaOf, quotaOf } from './profile';

export const MY_LIBRARY_SLUG = 'my-library';

/**
 * Tiers whose subscribers see the learning link (SITE-06 "hmmEligible"). The spec names the flag
 * but not who gets it; the rule here: subscribers of the premium tiers Best, Executive and All
 * Access (not Good or Better, and never registered users).
 */
export const HMM_ELIGIBLE_TIERS: readonly string[] = ['ROLE_HBRG_BEST', 'ROLE_HBRG_EXECUTIVE', 'ROLE_HBRG_ALLACCESS'];

export function isHmmEligible(viewer: Pick<Viewer, 'status' | 'tiers'>): boolean {
  return viewer.status === 'subscriber' && viewer.tiers.some((t) => HMM_ELIGIBLE_TIERS.includes(t));
}

/** The User answer (shared-contracts UserSchema), every field filled. */
export function toUserAnswer(viewer: Viewer): User {
  const { user } = viewer;
  const subscriber = viewer.status === 'subscriber';
  const tiers = viewer.tiers.map((roleCode) => ({ roleCode }));
  return {
    id: user.id,
    guid: user.guid,
    firstName: user.first_name,
    lastName: user.last_name,
    displayName: user.display_name,
    username: user.email,
    emailAddress: user.email,
    status: viewer.status,
    tiers,
    quota: quotaOf(viewer),
    ascendQuota: ascendQuotaOf(viewer),
    createdDate: user.created_at,
    lastUpdatedDate: user.updated_at,
    state: subscriber ? 'subscribers' : 'registered',
    tier: subscriber ? subscriberTierOf(tiers) : null,
    industry: user.industry,
    jobTitle: user.job_title,
    companySize: user.company_size,
    optIn: user.opt_in === 1,
    hmmEligible: isHmmEligible(viewer),
    emailVerified: user.email_verified_at !== null,
    subscriber: subscriber ? viewer.subscriber : null,
  };
}

export function createUserService(deps: { accounts: AccountRepository }) {
  const { accounts } = deps;
  return {
    /** The viewer's folders, 'My Library' first, then in their saved order. */
    async folders(viewer: Viewer): Promise<Folder[]> {
      const rows = await accounts.listFolders(viewer.user.id);
      const mine = (slug: string) => (slug === MY_LIBRARY_SLUG ? 0 : 1);
      return [...rows]
        .sort((a, b) => mine(a.slug) - mine(b.slug) || a.position - b.position)
        .map((f) => ({
          id: f.id,
          name: f.name,
          description: f.description,
          slug: f.slug,
          readOnly: f.read_only === 1,
          itemCount: f.item_count,
        }));
    },
  };
}

export type UserService = ReturnType<typeof createUserService>;
