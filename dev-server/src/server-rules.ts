/**
 * Rules only the server applies (decision 030): quota defaults, the sign-in lockout, the lifetimes
 * of password-reset and gift links, the gift allowance and the subscriber lookup's sources. No
 * browser part reads them, so they are not in shared-contracts; the browser learns their effect
 * from the server's answers (the quota, `tries_left`, the lockout's unlock time).
 */

/* ------------------------------------------------------------------ quota and accounts */

/** Default metered-article quota limit of a new reader: 4 articles a calendar month. */
export const DEFAULT_QUOTA_LIMIT = 4;
/** Default Ascend quota limit: 3 Ascend articles a calendar month. */
export const DEFAULT_ASCEND_QUOTA_LIMIT = 3;

/** Account lockout after too many wrong passwords or a locked password reset, in hours. */
export const ACCOUNT_LOCKOUT_HOURS = 24;
/** The same lockout in seconds. */
export const ACCOUNT_LOCKOUT_SECONDS = ACCOUNT_LOCKOUT_HOURS * 3600;

/**
 * Wrong passwords allowed before the account is locked for ACCOUNT_LOCKOUT_SECONDS (a product
 * choice: the answers carry `tries_left` and the lockout's duration, not the count).
 */
export const SIGN_IN_MAX_TRIES = 5;
/** How long a mailed password-reset link works, in minutes. */
export const PASSWORD_RESET_TTL_MINUTES = 60;
/**
 * Password-reset mails one account gets at most in PASSWORD_RESET_MAIL_WINDOW_MS, however many
 * addresses ask (NOT IN SPEC: a reader who lost a mail asks again once or twice; more is a flood of
 * the owner's mailbox). Over it forgot-password answers as ever and mails nothing.
 */
export const PASSWORD_RESET_MAILS_PER_WINDOW = 3;
export const PASSWORD_RESET_MAIL_WINDOW_MS = 60 * 60 * 1000;

/** Article gifts a subscriber may give per calendar month. */
export const GIFT_MONTHLY_ALLOWANCE = 5;
/** How long a gift link opens its article, in days. */
export const GIFT_LINK_TTL_DAYS = 30;

/* ------------------------------------------------------------------ subscriber records */

/** Subscription source codes of a subscriber record. */
export const SUBSCRIPTION_SOURCES = { CDS_US: 'CDS_US', CDS_UK: 'CDS_UK', ACCESS_CODE: 'ACCESS_CODE' } as const;
/** Sources the subscriber lookup accepts (active subscriptions only). */
export const LOOKUP_ACCEPTED_SOURCES = ['CDS_US', 'CDS_UK'] as const;
/** The source ignored when picking the latest subscription. */
export const LATEST_SUBSCRIPTION_IGNORED_SOURCE = 'ACCESS_CODE';

/** The subscriber lookup accepts only active subscriptions with source CDS_US or CDS_UK. */
export function isLookupEligible(record: { subscriptionActive: boolean; source: string }): boolean {
  return record.subscriptionActive && (LOOKUP_ACCEPTED_SOURCES as readonly string[]).includes(record.source);
}

/**
 * The latest subscription, ignoring source ACCESS_CODE. "Latest" is the most recent
 * mostRecentPurchaseDate; undated subscriptions come last. Null when none remain.
 */
export function pickLatestSubscription<T extends { subscriptionSourceCode: string; mostRecentPurchaseDate?: string | null }>(
  subscriptions: readonly T[],
): T | null {
  let best: T | null = null;
  let bestTime = -Infinity;
  for (const s of subscriptions) {
    if (s.subscriptionSourceCode === LATEST_SUBSCRIPTION_IGNORED_SOURCE) continue;
    const parsed = s.mostRecentPurchaseDate ? Date.parse(s.mostRecentPurchaseDate) : NaN;
    const time = Number.isNaN(parsed) ? -Infinity : parsed;
    if (best === null || time > bestTime) {
      best = s;
      bestTime = time;
    }
  }
  return best;
}

/** An RFC-style HTTP date, e.g. 'Tue, 05 Mar 2024 00:00:00 GMT'. An invalid date gives ''. */
export function formatHttpDate(input: string | number | Date): string {
  const d = input instanceof Date ? new Date(input.getTime()) : new Date(input);
  return Number.isNaN(d.getTime()) ? '' : d.toUTCString();
}
