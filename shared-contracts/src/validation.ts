/**
 * Small pure rules that the core and several areas use: required and blank checks, country rules,
 * topics and reading lists, subscriber tiers, dates, pagination and layout rules.
 *
 * An area's own rules live in its module (decision 022): the field validators, form schemas, request
 * bodies and answer messages of the account forms in validators.ts, form-schemas.ts, requests.ts and
 * server-errors.ts (`shared-contracts/forms`), SKUs, quantities and prices in commerce.ts, playlists
 * and durations in video.ts, collection cards in visual.ts, issue codes in discovery.ts.
 */

import {
  ARTICLE_CONTENT_TYPES,
  AUTO_SUGGEST,
  DOMESTIC_COUNTRIES,
  HEADER_LOGO_THRESHOLDS,
  MONTH_NAMES,
  PAGINATION_MAX_ITEMS,
  SUBSCRIBER_TIERS,
  type SubscriberRoleCode,
} from './constants';
import { MESSAGES } from './messages';

/** Month and year, e.g. 'March 2024' (PAY-02 visual-library entries). UTC; invalid gives ''. */
export function formatMonthYear(input: string | number | Date): string {
  const d = toDate(input);
  if (!d) return '';
  return `${MONTH_NAMES[d.getUTCMonth()] ?? ''} ${d.getUTCFullYear()}`;
}

/** A validator: the error message, or null when valid. */
export type Rule = (value: string) => string | null;

/** True for null, undefined, empty or whitespace-only text. */
export function isBlank(value: string | null | undefined): boolean {
  return value == null || value.trim() === '';
}

/** Auto-suggest runs only when the (trimmed) term is over 2 characters (SITE-05, SITE-09). */
export function shouldAutoSuggest(term: string): boolean {
  return term.trim().length > AUTO_SUGGEST.minTermLengthExclusive;
}

/** True for 'Magazine Article' and 'Digital Article' (case-insensitive) (SITE-05). */
function isArticleContentType(contentType: string | null | undefined): boolean {
  const t = (contentType ?? '').trim().toLowerCase();
  return ARTICLE_CONTENT_TYPES.some((a) => a.toLowerCase() === t);
}

/** Price block and add-to-cart show only when listPrice > 0 and the type is not an article (SITE-05). */
export function showPriceBlock(item: { listPrice: number | null | undefined; contentType: string | null | undefined }): boolean {
  return (item.listPrice ?? 0) > 0 && !isArticleContentType(item.contentType);
}

/** Buy Copies shows only for magazine and digital articles with a product link (SITE-05). */
export function showBuyCopies(item: { contentType: string | null | undefined; productLink: string | null | undefined }): boolean {
  return isArticleContentType(item.contentType) && !isBlank(item.productLink);
}

/* ================================================================== countries */

function countryCode(code: string | null | undefined): string {
  return (code ?? '').trim().toUpperCase();
}

/** 'domestic': US or Canada (PAY-06; SITE-04). */
export function isDomestic(code: string | null | undefined): boolean {
  return (DOMESTIC_COUNTRIES as readonly string[]).includes(countryCode(code));
}

/**
 * Registration opt-in (PAY-05). The spec says both "for US/Canada domestic users optIn
 * defaults to checked" and "opt-in default is checked for US-located users"; the first, which is
 * tied to the domestic copy, is used: checked and the 'By registering...' copy for US and Canada,
 * unchecked with the 'Sign me up...' copy otherwise.
 */
export function registrationOptIn(country: string | null | undefined): { defaultChecked: boolean; text: string } {
  return isDomestic(country)
    ? { defaultChecked: true, text: MESSAGES.registration.optInDomestic }
    : { defaultChecked: false, text: MESSAGES.registration.optInOther };
}

/* ================================================================== topics and reading lists */

function hyphenate(text: string): string {
  return text.trim().replace(/\s+/g, '-');
}

/** Topic page of an article topic link: /topic/{topic-name-lowercased-hyphenated} (SITE-02). */
export function topicPath(topicName: string): string {
  return `/topic/${hyphenate(topicName.toLowerCase())}`;
}

/** Library topic slug: lower-cased, '&' replaced by 'and', spaces by hyphens (SITE-02). */
export function topicSubjectSlug(topicName: string): string {
  return hyphenate(topicName.toLowerCase().replace(/&/g, 'and'));
}

/** Library topic link: /topic/subject/{slug} (SITE-02). */
export function topicSubjectPath(topicName: string): string {
  return `/topic/subject/${topicSubjectSlug(topicName)}`;
}

/** Reading-list name key: accents stripped, lower-cased, spaces hyphenated (PAY-05). */
function normalizeReadingListName(name: string): string {
  return hyphenate(name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase());
}

/** Two reading-list names are the same list when their normalised keys are equal (PAY-05). */
export function sameReadingList(a: string, b: string): boolean {
  return normalizeReadingListName(a) === normalizeReadingListName(b);
}

/* ================================================================== subscribers */

interface SubscriberTierInfo {
  roleCode: SubscriberRoleCode;
  label: string;
  /** null when the tier has no caption (Executive: none; All Access: not shown). */
  caption: string | null;
}

function isSubscriberRoleCode(code: string): code is SubscriberRoleCode {
  return Object.hasOwn(SUBSCRIBER_TIERS, code);
}

/** Tier label and caption of a role code (PAY-06), or null for an unknown code. */
function subscriberTier(roleCode: string): SubscriberTierInfo | null {
  if (!isSubscriberRoleCode(roleCode)) return null;
  const tier = SUBSCRIBER_TIERS[roleCode];
  return { roleCode, label: tier.label, caption: tier.caption };
}

/** The user's tier is the first tier's role code (PAY-04). */
export function subscriberTierOf(tiers: readonly { roleCode: string }[] | null | undefined): SubscriberTierInfo | null {
  const first = tiers?.[0];
  return first ? subscriberTier(first.roleCode) : null;
}

/* ================================================================== dates and durations */

function toDate(input: string | number | Date): Date | null {
  const d = input instanceof Date ? new Date(input.getTime()) : new Date(input);
  return Number.isNaN(d.getTime()) ? null : d;
}

/**
 * 'MMMM DD, YYYY' with a zero-padded day, e.g. 'March 05, 2024' (SITE-09; PAY-02 long month
 * format). Dates are read in UTC, so '2024-03-05' is March 05 in every time zone. An invalid date
 * gives ''.
 */
export function formatLongDate(input: string | number | Date): string {
  const d = toDate(input);
  if (!d) return '';
  const month = MONTH_NAMES[d.getUTCMonth()] ?? '';
  return `${month} ${String(d.getUTCDate()).padStart(2, '0')}, ${d.getUTCFullYear()}`;
}

type PaginationItem = number | 'ellipsis';

/**
 * Pagination items (PAY-09; SITE-09): page numbers with ellipses, at most 7 items. The first
 * and last pages are always shown, and the current page with its neighbours.
 * e.g. (1, 20) -> 1 2 3 4 5 … 20; (10, 20) -> 1 … 9 10 11 … 20; (20, 20) -> 1 … 16 17 18 19 20.
 */
export function paginationItems(current: number, totalPages: number, maxItems: number = PAGINATION_MAX_ITEMS): PaginationItem[] {
  const total = Math.max(0, Math.floor(totalPages));
  const range = (from: number, to: number): number[] => Array.from({ length: to - from + 1 }, (_, i) => from + i);
  if (total <= maxItems) return range(1, total);
  const page = Math.min(Math.max(1, Math.floor(current)), total);
  // With both ellipses: first, …, window, …, last.
  const window = maxItems - 4;
  const edge = maxItems - 2; // pages shown beside one ellipsis
  if (page <= edge - 1) return [...range(1, edge), 'ellipsis', total];
  if (page >= total - edge + 2) return [1, 'ellipsis', ...range(total - edge + 1, total)];
  const start = page - Math.floor((window - 1) / 2);
  return [1, 'ellipsis', ...range(start, start + window - 1), 'ellipsis', total];
}

/**
 * Header logo size for a scroll position (SITE-04): big below 100 px (mobile 90), small above
 * 250 px (mobile 200); in between the current size is kept.
 */
export function headerLogoSize(scrollY: number, mobile: boolean, current: 'big' | 'small'): 'big' | 'small' {
  const t = mobile ? HEADER_LOGO_THRESHOLDS.mobile : HEADER_LOGO_THRESHOLDS.desktop;
  if (scrollY < t.bigBelowPx) return 'big';
  if (scrollY > t.smallAbovePx) return 'small';
  return current;
}

/** Persistent subscription banner (SITE-04): after the article start, never for active subscribers or on ascend pages. */
export function shouldShowPersistentBanner(state: { activeSubscriber: boolean; ascendPage: boolean; scrolledPastArticleStart: boolean }): boolean {
  return !state.activeSubscriber && !state.ascendPage && state.scrolledPastArticleStart;
}
