/**
 * The gate's display rules as small pure functions: what a paywall message shows (one typed handler
 * per message type of PAYWALL_MESSAGE_TYPES, dispatched by an exhaustive switch), where the promo
 * block goes, and when the meter shows. Their words are in text.ts.
 */
import { PROMO_INSERT_FRACTION, type AccessReason, type PaywallCreative, type PaywallMessage, type Quota } from 'shared-contracts';

/** Values of the gate section's data-gate-state (docs/contracts.md DOM markers). */
export type GateState = 'loading' | 'error' | 'full-content' | 'registration-wall' | 'subscription-wall' | 'subscriber-panel';

/** What the gate shows for a paywall message. */
export type GateView =
  | { kind: 'full-content'; readingList: boolean }
  | { kind: 'registration-wall' }
  | { kind: 'subscription-wall'; abTag: string; readingList: boolean }
  | { kind: 'subscriber-panel'; creative: PaywallCreative };

/** The states announced on the bus ('paywall:state') and in the data layer: everything but loading/error. */
export type AnnouncedState = GateView['kind'];

/** The ab tag of the 'Subscribe now' links (PAY-02: the link carries an ab tag query value). */
export const AB_TAGS = {
  registrationPanel: 'paywall-registration',
  subscriptionWall: 'paywall',
  /** NOT IN SPEC: the reading-list wall's tag. */
  readingListWall: 'reading-list-paywall',
  /** NOT IN SPEC: the mid-article promo's tag. */
  promo: 'article-promo',
} as const;

export function subscribeHref(abTag: string): string {
  return `/subscriptions?ab=${encodeURIComponent(abTag)}`;
}

/* ------------------------------------------------------------------ one handler per message type */

/** full-content, ascend-full-content: the whole article. */
function fullContent(_message: PaywallMessage): GateView {
  return { kind: 'full-content', readingList: false };
}

/** full-content+rl, waiver+rl: the whole article and the reading-list overlay. */
function fullContentWithReadingList(_message: PaywallMessage): GateView {
  return { kind: 'full-content', readingList: true };
}

/**
 * enable-paywall: the subscription wall. In the article context it offers 'Subscribe now' with the
 * 'paywall' tag; the video and data-visual contexts (not an article gate's own) are handled the same
 * generic way, tagged with their context.
 */
function enablePaywall(message: PaywallMessage): GateView {
  const abTag = message.context === 'article' ? AB_TAGS.subscriptionWall : `${message.context}-paywall`;
  return { kind: 'subscription-wall', abTag, readingList: false };
}

/** enable-anonymus-paywall, enable-registration-wall-ascend: the registration wall with the paywall panel. */
function registrationWall(_message: PaywallMessage): GateView {
  return { kind: 'registration-wall' };
}

/** piano:enable-paywall-creative: the subscriber-only panel; without a creative, the plain subscription wall. */
function paywallCreative(message: PaywallMessage): GateView {
  return message.creative
    ? { kind: 'subscriber-panel', creative: message.creative }
    : { kind: 'subscription-wall', abTag: AB_TAGS.subscriptionWall, readingList: false };
}

/** enable-reading-list-paywall: the subscription wall, with the reading-list overlay. */
function readingListPaywall(_message: PaywallMessage): GateView {
  return { kind: 'subscription-wall', abTag: AB_TAGS.readingListWall, readingList: true };
}

/** disable-paywall (a video-context message): handled generically as the full content. */
function disablePaywall(_message: PaywallMessage): GateView {
  return { kind: 'full-content', readingList: false };
}

function unreachable(value: never): never {
  throw new Error(`Unhandled paywall message type: ${String(value)}`);
}

/** The view of a paywall message. A new message type fails the build here until it has a handler. */
export function viewForMessage(message: PaywallMessage): GateView {
  switch (message.type) {
    case 'full-content':
    case 'ascend-full-content':
      return fullContent(message);
    case 'full-content+rl':
    case 'waiver+rl':
      return fullContentWithReadingList(message);
    case 'enable-paywall':
      return enablePaywall(message);
    case 'enable-anonymus-paywall':
    case 'enable-registration-wall-ascend':
      return registrationWall(message);
    case 'piano:enable-paywall-creative':
      return paywallCreative(message);
    case 'enable-reading-list-paywall':
      return readingListPaywall(message);
    case 'disable-paywall':
      return disablePaywall(message);
    default:
      return unreachable(message.type);
  }
}

/* ------------------------------------------------------------------ promo, meter */

/**
 * The promo block goes after this many body paragraphs: about half the article (PAY-09),
 * floor(n/2), but never before the first paragraph; null when there is no body.
 */
export function promoAfter(paragraphs: number): number | null {
  if (paragraphs < 1) return null;
  return Math.max(1, Math.floor(paragraphs * PROMO_INSERT_FRACTION));
}

/** The meter shows when the server counted this read against the reader's quota. */
export function showsMeter(reason: AccessReason, quota: Quota | null): quota is Quota {
  return quota !== null && (reason === 'metered' || reason === 'reread');
}
