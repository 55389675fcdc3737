/** Builds the Viewer of a user row: tiers, status, subscriber details for subscribers, and the meter. */
import { UserStatusSchema } from 'shared-contracts';
import type { UserRow } from '../db/database';
import type { AccountRepository } from '../repositories/accounts';
import type { SubscriberRepository } from '../repositories/subscribers';
import type { Viewer } from './auth';
import { userSubject, type MeterService } from './meter';
import { DEV_DIGEST_SECRET, subscriberDetails } from './subscriptions';

export type ViewerLoader = (user: UserRow) => Promise<Viewer>;

export function createViewerLoader(deps: {
  accounts: AccountRepository;
  subscribers: SubscriberRepository;
  digestSecret?: string;
  meter: MeterService;
}): ViewerLoader {
  const secret = deps.digestSecret ?? DEV_DIGEST_SECRET;
  return async (user) => {
    const tiers = await deps.accounts.listTierCodes(user.id);
    const parsed = UserStatusSchema.safeParse(user.status);
    const status = parsed.success ? parsed.data : 'registered';
    let subscriber: Viewer['subscriber'] = null;
    if (status === 'subscriber') {
      const records = await deps.subscribers.findRecordsLinkedTo(user.id);
      const subscriptions = await deps.subscribers.listSubscriptions(records.map((r) => r.id));
      subscriber = subscriberDetails(records, subscriptions, secret);
    }
    const quotas = await deps.meter.quotas(userSubject(user));
    return { user, tiers, status, subscriber, quotas };
  };
}
