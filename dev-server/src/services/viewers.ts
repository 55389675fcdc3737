/** Builds the Viewer of a user row: tiers, status, subscriber details for subscribers, and the meter. */
import { type SubscriberDetails, type UserStatus, UserStatusSchema } from 'shared-contracts/server';
import type { UserRow } from '../db/database';
import type { AccountRepository } from '../repositories/accounts';
import type { SubscriberRepository } from '../repositories/subscribers';
import { userSubject, type MeterService, type Quotas } from './meter';
import { DEV_DIGEST_SECRET, subscriberDetails } from './subscriptions';

/** Who is making the request, as resolved from the session cookie (services/auth.ts). */
export interface Viewer {
  user: UserRow;
  tiers: string[];
  status: UserStatus;
  /** The account number, digest and subscriptions of a subscriber with a linked record, else null. */
  subscriber: SubscriberDetails | null;
  /** The user's meter this calendar month (services/meter.ts), as of loading the viewer. */
  quotas: Quotas;
}

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
