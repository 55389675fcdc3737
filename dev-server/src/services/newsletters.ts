/**
 * Newsletters and marketing campaigns (SITE-03 User: newsletters, marketing campaigns; SITE-07: post,
 * delete, deleteAll with name and activity). Subscribing to a subscriber-only one without a
 * subscriber class is refused with 403 (SITE-06). Each kind has its own calls: a campaign id sent
 * to the newsletter calls (or the reverse) is a 400.
 */
import { DISCOVERY_MESSAGES, type Newsletter, type NewsletterKind, type NewsletterSubscriptions } from 'shared-contracts/server';
import type { Clock } from '../deps';
import type { NewsletterRow } from '../db/database';
import type { NewsletterRepository } from '../repositories/newsletters';
import type { Viewer } from './auth';
import { ForbiddenError, InvalidInputError, NotFoundError } from './errors';
import { hasSubscriberClass } from './topics';

export const WRONG_KIND_MESSAGES: Record<NewsletterKind, string> = {
  newsletter: 'This is a marketing campaign, not a newsletter.',
  marketingCampaign: 'This is a newsletter, not a marketing campaign.',
};

function toNewsletter(row: NewsletterRow): Newsletter {
  return {
    id: row.id,
    kind: row.kind === 'marketingCampaign' ? 'marketingCampaign' : 'newsletter',
    name: row.name,
    description: row.description,
    frequency: row.frequency,
    subscriberOnly: row.subscriber_only === 1,
  };
}

export function createNewsletterService(deps: { newsletters: NewsletterRepository; clock: Clock }) {
  const { newsletters, clock } = deps;

  async function subscriptions(viewer: Viewer): Promise<NewsletterSubscriptions> {
    const rows = await newsletters.listSubscribed(viewer.user.id);
    return {
      newsletters: rows.filter((r) => r.kind === 'newsletter').map((r) => r.id),
      marketingCampaigns: rows.filter((r) => r.kind === 'marketingCampaign').map((r) => ({ marketingCampaignId: r.id })),
    };
  }

  async function ofKind(kind: NewsletterKind, id: string): Promise<NewsletterRow> {
    const row = await newsletters.find(id);
    if (!row) throw new NotFoundError(DISCOVERY_MESSAGES.newsletterNotFound);
    if (row.kind !== kind) throw new InvalidInputError(WRONG_KIND_MESSAGES[kind], [{ field: 'name', errorMessage: WRONG_KIND_MESSAGES[kind] }]);
    return row;
  }

  return {
    async list(): Promise<Newsletter[]> {
      return (await newsletters.listAll()).map(toNewsletter);
    },

    subscriptions,

    /** Subscribe (or, with activity 'unsubscribe', unsubscribe); both idempotent. */
    async change(viewer: Viewer, kind: NewsletterKind, id: string, activity: 'subscribe' | 'unsubscribe' = 'subscribe'): Promise<NewsletterSubscriptions> {
      const row = await ofKind(kind, id);
      if (activity === 'unsubscribe') {
        await newsletters.unsubscribe(viewer.user.id, row.id);
      } else {
        if (row.subscriber_only === 1 && !hasSubscriberClass(viewer)) throw new ForbiddenError(DISCOVERY_MESSAGES.newsletterSubscribersOnly);
        await newsletters.subscribe(viewer.user.id, row.id, clock.now().toISOString());
      }
      return subscriptions(viewer);
    },

    async unsubscribe(viewer: Viewer, kind: NewsletterKind, id: string): Promise<NewsletterSubscriptions> {
      const row = await ofKind(kind, id);
      await newsletters.unsubscribe(viewer.user.id, row.id);
      return subscriptions(viewer);
    },

    /** Every newsletter and campaign. */
    async unsubscribeAll(viewer: Viewer): Promise<NewsletterSubscriptions> {
      await newsletters.unsubscribeAll(viewer.user.id);
      return subscriptions(viewer);
    },
  };
}

export type NewsletterService = ReturnType<typeof createNewsletterService>;
