/** The signed-in user's profile and folders. */
import { DEFAULT_ASCEND_QUOTA_LIMIT, DEFAULT_QUOTA_LIMIT, subscriberTierOf, type Folder, type User } from 'shared-contracts';
import type { AccountRepository } from '../repositories/accounts';
import type { Viewer } from './auth';

export const MY_LIBRARY_SLUG = 'my-library';

/** The User answer. The meter comes in a later issue: for now the quota is always untouched. */
export function toUserAnswer(viewer: Viewer): User {
  const { user } = viewer;
  return {
    id: user.id,
    guid: user.guid,
    firstName: user.first_name,
    lastName: user.last_name,
    displayName: user.display_name,
    username: user.email,
    emailAddress: user.email,
    status: viewer.status,
    tiers: viewer.tiers.map((roleCode) => ({ roleCode })),
    quota: { limit: DEFAULT_QUOTA_LIMIT, count: 0, remaining: DEFAULT_QUOTA_LIMIT },
    ascendQuota: { limit: DEFAULT_ASCEND_QUOTA_LIMIT, count: 0, remaining: DEFAULT_ASCEND_QUOTA_LIMIT },
    createdDate: user.created_at,
    lastUpdatedDate: user.updated_at,
    state: viewer.status === 'subscriber' ? 'subscribers' : 'registered',
    tier: subscriberTierOf(viewer.tiers.map((roleCode) => ({ roleCode }))),
    industry: null,
    jobTitle: null,
    companySize: null,
    optIn: false,
    hmmEligible: false,
    subscriber: null,
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
