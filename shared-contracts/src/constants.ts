/**
 * Business constants and limits of the product. Every constant names the requirement it comes from
 * (docs/requirements.md: SITE-nn for the site and its member features, PAY-nn for the paywall,
 * accounts, video, visual library and cart). Durations carry their unit in the name.
 */

/* ------------------------------------------------------------------ quota and accounts */

/* Quota defaults, the sign-in lockout, reset and gift link lifetimes: dev-server/src/server-rules.ts. */

/** Query parameter of a gift link (the token). */
export const GIFT_QUERY_PARAM = 'gift';

/** Device type sent with registration, sign-in and forgot-password (PAY-03, PAY-07; SITE-07 "source WEB_SITE"). */
export const DEVICE_TYPE = 'WEB_SITE';

/** Piano article-content call: retried when status is not 200, at most 2 attempts (PAY-07). */
export const ARTICLE_CONTENT_MAX_ATTEMPTS = 2;

/** Global site state strings taken from the page markup (PAY-04). */
export type SiteState = 'default' | 'subscribers' | 'registered';

/* ------------------------------------------------------------------ subscribers */

/** Subscriber tier table (PAY-06). caption null = no caption ("none" for Executive, "not shown" for All Access). */
export const SUBSCRIBER_TIERS = {
  ROLE_HBRG_GOOD: { label: 'Good', caption: 'Digital' },
  ROLE_HBRG_BETTER: { label: 'Better', caption: 'Digital + Print' },
  ROLE_HBRG_BEST: { label: 'Best', caption: 'Premium' },
  ROLE_HBRG_EXECUTIVE: { label: 'Executive', caption: null },
  ROLE_HBRG_ALLACCESS: { label: 'All Access', caption: null },
} as const;
export type SubscriberRoleCode = keyof typeof SUBSCRIBER_TIERS;
/** Role codes in table order (PAY-06). */
export const SUBSCRIBER_ROLE_CODES = Object.keys(SUBSCRIBER_TIERS) as readonly SubscriberRoleCode[];

/** Content permission names (PAY-06). */
export type ContentPermission = 'PERM_VISUAL_LIBRARY' | 'PERM_CASES' | 'PERM_TOP_50_ARTICLES';

/** Country codes: "domestic" is US and Canada (PAY-06; SITE-04). */
export const DOMESTIC_COUNTRIES = ['US', 'CA'] as const;

/** Customer-service phone labels; the numbers are given in the page, not in the spec (PAY-09; SITE-04). */
type CustomerServicePhoneLabel = 'US/Canada' | 'International';
/**
 * Customer-service lines (PAY-02, PAY-09: US/Canada and International, "given in page, values not
 * shown"). NOT IN SPEC: the numbers and the mail address are placeholders (reserved fictional
 * numbers and an example.com address). One list for every part: paywall, newsletters, cart.
 */
export const CUSTOMER_SERVICE_PHONES: readonly { label: CustomerServicePhoneLabel; display: string; tel: string }[] = [
  { label: 'US/Canada', display: '+1 800 555 0199', tel: '+18005550199' },
  { label: 'International', display: '+44 20 7946 0958', tel: '+442079460958' },
];
/** NOT IN SPEC: the customer-service mail address. */
export const CUSTOMER_SERVICE_EMAIL = 'customerservice@example.com';

/* ------------------------------------------------------------------ auth modal, paywall panel, captcha */

/** Auth modal actions (PAY-02 Auth modal). */
export const AUTH_MODAL_ACTIONS = ['registration', 'signin', 'forgot-password'] as const;
export type AuthModalAction = (typeof AUTH_MODAL_ACTIONS)[number];
/** Messages the auth modal posts to its parent window (PAY-02 Auth modal). */
export const AUTH_MODAL_PARENT_MESSAGES = { goBack: 'OnGoBack', close: 'OnClose' } as const;
/** Query flag added on reload after a paywall registration (PAY-04). */
export const REGISTRATION_SUCCESS_QUERY = { name: 'registration', value: 'success' } as const;

/* ------------------------------------------------------------------ pagination */

/** Pagination shows up to 7 items (pages and ellipses) (PAY-09; SITE-09). */
export const PAGINATION_MAX_ITEMS = 7;

/* ------------------------------------------------------------------ scrolling, banners, header */

/** Scrolling more than this many px dismisses the registration confirmation banner (PAY-02, PAY-09). */
export const CONFIRMATION_BANNER_DISMISS_SCROLL_PX = 250;
/** Promo block is inserted at about this fraction of the article height (PAY-09). */
export const PROMO_INSERT_FRACTION = 0.5;
/** Persistent subscription banner hides this long after closing, ms (SITE-04: 1 s). */
export const PERSISTENT_BANNER_HIDE_MS = 1000;
/** Header logo: big below `bigBelowPx` scroll, small above `smallAbovePx` (SITE-04). */
export const HEADER_LOGO_THRESHOLDS = {
  desktop: { bigBelowPx: 100, smallAbovePx: 250 },
  mobile: { bigBelowPx: 90, smallAbovePx: 200 },
} as const;

/** Mobile breakpoint, px (SITE-09). */
export const MOBILE_BREAKPOINT_PX = 767;
/** Scroll throttles, ms (SITE-09). */
export const SCROLL_THROTTLE_MS = { header: 125, tabBar: 500 } as const;
/** Carousel speed, ms (SITE-09). */
export const CAROUSEL_SPEED_MS = 300;
/** Site carousel shows one slide, with dots (SITE-02). */
export const CAROUSEL_SLIDES = 1;

/* ------------------------------------------------------------------ flyouts and library (site) */

/** A flyout destroyed with a message shows a confirmation for this long, ms (SITE-04, SITE-09). */
export const FLYOUT_CONFIRMATION_MS = 2000;
/** ... and for the forgot-password flyout, ms (SITE-04, SITE-09). */
export const FLYOUT_CONFIRMATION_FORGOT_PASSWORD_MS = 7000;

/** Flyouts that do not need sign-in (SITE-06). */
export const FLYOUTS_WITHOUT_SIGN_IN = ['share', 'notification', 'forgot-password', 'embed-video'] as const;

/** Reading-list overlay links to up to this many related lists (PAY-02, PAY-09). */
export const READING_LIST_RELATED_MAX = 3;

/** Share providers (SITE-03). */
export const SHARE_PROVIDERS = ['facebook', 'twitter', 'linkedin', 'email'] as const;
export type ShareProvider = (typeof SHARE_PROVIDERS)[number];
/** Display names of the share networks (SITE-01, SITE-02: Facebook, X, LinkedIn, plus email). */
export const SHARE_PROVIDER_LABELS = {
  facebook: 'Facebook',
  twitter: 'X',
  linkedin: 'LinkedIn',
  email: 'email',
} as const satisfies Record<ShareProvider, string>;

/* ------------------------------------------------------------------ streams (SITE-07, SITE-09) */

/** Default stream page size (SITE-09). */
export const STREAM_PAGE_SIZE = 8;
/** A stream autoloads this many pages before the load-more link, unless unlimited (SITE-09). */
export const STREAM_AUTOLOAD_PAGES = 2;
/** Streams that count pages from 1 and store the loaded count in the URL (SITE-09). Others count from 0. */
export const STREAMS_COUNTING_FROM_ONE = ['search', 'webinars', 'visual-library', 'analytics', 'ascend'] as const;

/* ------------------------------------------------------------------ search (SITE-09) */

/** Auto-suggest (SITE-05, SITE-09): runs when the term is over minTermLengthExclusive characters. */
export const AUTO_SUGGEST = {
  minTermLengthExclusive: 2,
  throttleMs: 350,
  maxRecords: 6,
  maxSubjects: 3,
} as const;
/** Subscription order cookie lifetime, days (SITE-04, SITE-09). */
export const SUBSCRIPTION_ORDER_COOKIE_DAYS = 7;
/** Content types for which Buy Copies shows and the price block hides (SITE-05). */
export const ARTICLE_CONTENT_TYPES = ['Magazine Article', 'Digital Article'] as const;

/* ------------------------------------------------------------------ dates */

/** English month names used by the date formatters. */
export const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;

/* ------------------------------------------------------------------ the API's wire rules */

/** Header (and value) that every state-changing request carries; the server refuses those without it. */
export const CSRF_HEADER = 'X-Requested-With';
export const CSRF_VALUE = 'magazine-site';

/**
 * A readable cookie the server sets and clears with the (HttpOnly) session cookie. It says only
 * "a session may exist", so a guest's page need not ask the server who is signed in (no request,
 * no 401). Its presence is never trusted for anything else.
 */
export const SESSION_HINT_COOKIE = 'signed_in';
