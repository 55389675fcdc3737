/**
 * Pure rules about subscriptions: the subscription code -> tier role code, which records the
 * lookup accepts (PAY-06), the subscriber details of a profile, and the download digest.
 */
import { createHmac } from 'node:crypto';
import { SUBSCRIBER_TIERS, type SubscriberDetails, type SubscriberRoleCode, type Subscription } from 'shared-contracts/server';
import { isLookupEligible, pickLatestSubscription } from '../server-rules';
import type { SubscriberRecordRow, SubscriptionRow } from '../db/database';
import type { SubscriberRepository } from '../repositories/subscribers';

/** Development key of the digest HMAC when DIGEST_SECRET is not set. */
export const DEV_DIGEST_SECRET = 'magazine-site-development-digest-key';

/** Record subscription code (GOOD, BETTER, BEST, EXECUTIVE, ALLACCESS) -> tier role code, or null. */
export function roleCodeFor(subscriptionCode: string): SubscriberRoleCode | null {
  const candidate = `ROLE_HBRG_${subscriptionCode.trim().toUpperCase()}`;
  return Object.hasOwn(SUBSCRIBER_TIERS, candidate) ? (candidate as SubscriberRoleCode) : null;
}

export function isEligibleRecord(record: SubscriberRecordRow): boolean {
  return isLookupEligible({ subscriptionActive: record.subscription_active === 1, source: record.source });
}

export function toSubscriptionAnswer(row: SubscriptionRow): Subscription {
  return {
    subscriptionSourceCode: row.source_code,
    subscriptionStatus: row.status,
    timesRenewed: row.times_renewed,
    orderValue: row.order_value,
    country: row.country,
    termTitle: row.term_title,
    accountNumber: row.account_number,
    mostRecentPurchaseDate: row.most_recent_purchase_date,
    firstPurchaseDate: row.first_purchase_date,
    subscriptionAccessPeriod: { startDate: row.access_start_date, expirationDate: row.access_expiration_date },
  };
}

/** The latest subscription among rows, ACCESS_CODE ones ignored (pickLatestSubscription), or null. */
export function latestSubscription(rows: readonly SubscriptionRow[]): SubscriptionRow | null {
  const picked = pickLatestSubscription(
    rows.map((row) => ({ row, subscriptionSourceCode: row.source_code, mostRecentPurchaseDate: row.most_recent_purchase_date })),
  );
  return picked?.row ?? null;
}

/** The rows with the latest subscription (latestSubscription) first, the others after it in their order. */
export function latestFirst(rows: readonly SubscriptionRow[]): SubscriptionRow[] {
  const latest = latestSubscription(rows);
  return latest ? [latest, ...rows.filter((r) => r !== latest)] : [...rows];
}

/** Stable per-subscriber digest for download links (PAY-06): HMAC-SHA256 of the account number. */
export function subscriberDigest(accountNumber: string, secret: string): string {
  return createHmac('sha256', secret).update(`subscriber:${accountNumber}`).digest('hex');
}

/**
 * Subscriber details of a profile from the records linked to the user: the account number of the
 * record holding the latest subscription (else the first record), and every subscription, the
 * latest first (ACCESS_CODE ones are never the latest), then newest first. Null when no record is linked.
 */
export function subscriberDetails(
  records: readonly SubscriberRecordRow[],
  subscriptions: readonly SubscriptionRow[],
  secret: string,
): SubscriberDetails | null {
  const first = records[0];
  if (!first) return null;
  const latest = latestSubscription(subscriptions);
  const record = records.find((r) => r.id === latest?.record_id) ?? first;
  return {
    accountNumber: record.account_number,
    digest: subscriberDigest(record.account_number, secret),
    subscriptions: latestFirst(subscriptions).map(toSubscriptionAnswer),
  };
}

/**
 * Links every eligible, unlinked record of `email` to the user and makes them a subscriber with
 * the records' tiers. Call it only once the user has proved they own `email`. Answers how many
 * records were linked.
 */
export async function linkOwnedRecords(subscribers: SubscriberRepository, userId: string, email: string, nowIso: string): Promise<number> {
  const records = (await subscribers.findRecordsByEmail(email)).filter((r) => isEligibleRecord(r) && r.linked_user_id === null);
  const roles = records.map((r) => roleCodeFor(r.subscription_code)).filter((r): r is NonNullable<typeof r> => r !== null);
  return subscribers.linkToUser(
    userId,
    records.map((r) => r.id),
    roles,
    nowIso,
  );
}
