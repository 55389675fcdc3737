/**
 * Business constants and limits, copied from the two specs in /work/shared/spec:
 *   - "site" = site-shell-and-member-features.md
 *   - "paywall" = paywall-accounts-video-visual-library-cart.md
 * Every constant names the section it comes from. Durations carry their unit in the name.
 */

/* ------------------------------------------------------------------ quota and accounts */

/** Default metered-article quota limit (paywall §3 User defaults, §9). */
export const DEFAULT_QUOTA_LIMIT = 4;
/** Default Ascend quota limit (paywall §3 User defaults, §9). */
export const DEFAULT_ASCEND_QUOTA_LIMIT = 3;
/** Both quota defaults together (paywall §9). */
export const QUOTA_DEFAULTS = { quota: DEFAULT_QUOTA_LIMIT, ascendQuota: DEFAULT_ASCEND_QUOTA_LIMIT } as const;

/** Account lockout on a password-reset attempt, in hours (paywall §9; site §9 "Forgot-password lock wait"). */
export const ACCOUNT_LOCKOUT_HOURS = 24;
/** Same lockout in seconds. */
export const ACCOUNT_LOCKOUT_SECONDS = ACCOUNT_LOCKOUT_HOURS * 3600;

/**
 * NOT IN SPEC: wrong passwords allowed before the account is locked for ACCOUNT_LOCKOUT_SECONDS.
 * The spec has the tries_left and lockout_duration answers but not the count.
 */
export const SIGN_IN_MAX_TRIES = 5;
/** NOT IN SPEC: how long a mailed password-reset link works, in minutes. */
export const PASSWORD_RESET_TTL_MINUTES = 60;

/** NOT IN SPEC: article gifts a subscriber may give per calendar month. */
export const GIFT_MONTHLY_ALLOWANCE = 5;
/** NOT IN SPEC: how long a gift link opens its article, in days. */
export const GIFT_LINK_TTL_DAYS = 30;
/** Query parameter of a gift link (the token). */
export const GIFT_QUERY_PARAM = 'gift';

/** Minimum registration password length (paywall §5, §9). */
export const PASSWORD_MIN_LENGTH = 10;
/** Minimum length of the "validated-password" rule (paywall §5: "the 8 and 10 readings both appear"). */
export const VALIDATED_PASSWORD_MIN_LENGTH = 8;
/** Minimum length of the site-shell password pattern (site §5). */
export const SITE_PASSWORD_MIN_LENGTH = 8;
/** Special characters accepted by the registration password rule (paywall §5). */
export const REGISTRATION_PASSWORD_SPECIAL_CHARS = ['@', '!', '#', '$', '%', '^', '&', '+', '='] as const;
/** Special characters of the site-shell password pattern (site §5). */
export const SITE_PASSWORD_SPECIAL_CHARS = ['!', '@', '#', '$', '%', '^', '&', '*'] as const;

/** Device type sent with registration, sign-in and forgot-password (paywall §3, §7; site §7 "source WEB_SITE"). */
export const DEVICE_TYPE = 'WEB_SITE';

/** Registration requests carry a random id from 100 to about 999999 (paywall §7). */
export const REGISTRATION_RANDOM_ID_RANGE = { min: 100, max: 999999 } as const;

/** Piano article-content call: retried when status is not 200, at most 2 attempts (paywall §7). */
export const ARTICLE_CONTENT_MAX_ATTEMPTS = 2;

/** User statuses (paywall §4, §6; site §4). */
export const USER_STATUSES = ['guest', 'registered', 'subscriber'] as const;
/** Profile status value of a subscriber (paywall §6). */
export const SUBSCRIBER_PROFILE_STATUS = 'subscribers';
/** Global site state strings taken from the page markup (paywall §4). */
export const SITE_STATES = ['default', 'subscribers', 'registered'] as const;
export type SiteState = (typeof SITE_STATES)[number];

/* ------------------------------------------------------------------ subscribers */

/** Subscriber tier table (paywall §6). caption null = no caption ("none" for Executive, "not shown" for All Access). */
export const SUBSCRIBER_TIERS = {
  ROLE_HBRG_GOOD: { label: 'Good', caption: 'Digital' },
  ROLE_HBRG_BETTER: { label: 'Better', caption: 'Digital + Print' },
  ROLE_HBRG_BEST: { label: 'Best', caption: 'Premium' },
  ROLE_HBRG_EXECUTIVE: { label: 'Executive', caption: null },
  ROLE_HBRG_ALLACCESS: { label: 'All Access', caption: null },
} as const;
export type SubscriberRoleCode = keyof typeof SUBSCRIBER_TIERS;
/** Role codes in table order (paywall §6). */
export const SUBSCRIBER_ROLE_CODES = Object.keys(SUBSCRIBER_TIERS) as readonly SubscriberRoleCode[];

/** Content permission names (paywall §6). */
export const CONTENT_PERMISSIONS = ['PERM_VISUAL_LIBRARY', 'PERM_CASES', 'PERM_TOP_50_ARTICLES'] as const;
export type ContentPermission = (typeof CONTENT_PERMISSIONS)[number];

/** Subscription source codes (paywall §6). */
export const SUBSCRIPTION_SOURCES = { CDS_US: 'CDS_US', CDS_UK: 'CDS_UK', ACCESS_CODE: 'ACCESS_CODE' } as const;
/** Sources accepted by the subscriber lookup (active subscriptions only) (paywall §6). */
export const LOOKUP_ACCEPTED_SOURCES = ['CDS_US', 'CDS_UK'] as const;
/** Source ignored when picking the latest subscription (paywall §6). */
export const LATEST_SUBSCRIPTION_IGNORED_SOURCE = 'ACCESS_CODE';

/** Country codes: "domestic US" is US only, "domestic" is US and Canada (paywall §6; site §4). */
export const DOMESTIC_US_COUNTRIES = ['US'] as const;
export const DOMESTIC_COUNTRIES = ['US', 'CA'] as const;

/**
 * European countries flagged as EU for consent (paywall §5). The spec does not list them; this is
 * the 27 EU member states plus the EEA (IS, LI, NO), the United Kingdom and Switzerland.
 */
export const EU_CONSENT_COUNTRIES = [
  'AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IE', 'IT', 'LV', 'LT', 'LU',
  'MT', 'NL', 'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE', 'IS', 'LI', 'NO', 'GB', 'CH',
] as const;

/** Customer-service phone labels; the numbers are given in the page, not in the spec (paywall §9; site §4). */
export const CUSTOMER_SERVICE_PHONE_LABELS = ['US/Canada', 'International'] as const;
/**
 * Customer-service lines (paywall §2, §9: US/Canada and International, "given in page, values not
 * shown"). NOT IN SPEC: the numbers and the mail address are placeholders (reserved fictional
 * numbers and an example.com address). One list for every part: paywall, newsletters, cart.
 */
export const CUSTOMER_SERVICE_PHONES: readonly { label: (typeof CUSTOMER_SERVICE_PHONE_LABELS)[number]; display: string; tel: string }[] = [
  { label: 'US/Canada', display: '+1 800 555 0199', tel: '+18005550199' },
  { label: 'International', display: '+44 20 7946 0958', tel: '+442079460958' },
];
/** NOT IN SPEC: the customer-service mail address. */
export const CUSTOMER_SERVICE_EMAIL = 'customerservice@example.com';

/* ------------------------------------------------------------------ profile settings lists (paywall §5) */

/** Job titles of the profile settings select (paywall §5). */
export const JOB_TITLES = [
  'Administrative',
  'Analyst',
  'Consultant',
  'Executive/C-Level',
  'Manager/Senior Manager',
  'Other',
  'Owner/Partner',
  'Retired',
  'Sales/Account Management',
  'Student/Researcher',
  'Teacher/Lecturer',
  'Technical Specialist',
  'Vice President/Director/General Manager',
] as const;
export type JobTitle = (typeof JOB_TITLES)[number];

/** Company sizes of the profile settings select (paywall §5). */
export const COMPANY_SIZES = [
  'Self-Employed',
  '1 to 4',
  '5 to 99',
  '100 to 499',
  '500 to 999',
  '1000 to 4999',
  '5000 to 9999',
  '10000+',
] as const;
export type CompanySize = (typeof COMPANY_SIZES)[number];

/** Industries of the profile settings select (paywall §5). */
export const INDUSTRIES = [
  'Advertising/Marketing/Public Relations',
  'Agriculture',
  'Automotive',
  'Consultant',
  'Education',
  'Energy/Natural Resources',
  'Engineering/Construction',
  'Environmental',
  'Financial Services',
  'Food & Beverage',
  'Government',
  'Healthcare',
  'Human Resources',
  'IT/Technology',
  'Life Sciences/Pharmaceuticals',
  'Manufacturing & Materials',
  'Media',
  'Other',
  'Professional Services',
  'Real Estate',
  'Retail/Consumer Goods',
  'Telecommunications',
  'Transportation',
  'Travel/Entertainment',
] as const;
export type Industry = (typeof INDUSTRIES)[number];

/* ------------------------------------------------------------------ auth modal, paywall panel, captcha */

/** Auth modal screens (paywall §2 Auth modal). */
export const AUTH_MODAL_SCREENS = ['sign-in', 'registration', 'forgot-password', 'profile_settings'] as const;
export type AuthModalScreen = (typeof AUTH_MODAL_SCREENS)[number];
/** Auth modal actions (paywall §2 Auth modal). */
export const AUTH_MODAL_ACTIONS = ['registration', 'signin', 'forgot-password'] as const;
export type AuthModalAction = (typeof AUTH_MODAL_ACTIONS)[number];
/** Messages the auth modal posts to its parent window (paywall §2 Auth modal). */
export const AUTH_MODAL_PARENT_MESSAGES = { goBack: 'OnGoBack', close: 'OnClose' } as const;
/** Paywall panel screens; registration is the default (paywall §2 Paywall panel). */
export const PAYWALL_PANEL_SCREENS = ['registration', 'sign-in', 'forgot-password'] as const;
export const PAYWALL_PANEL_DEFAULT_SCREEN = 'registration';
/** Query flag added on reload after a paywall registration (paywall §4). */
export const REGISTRATION_SUCCESS_QUERY = { name: 'registration', value: 'success' } as const;

/** Forgot-password modal auto-closes after this delay once acknowledged (paywall §4, §9: 5 s). */
export const FORGOT_PASSWORD_AUTO_CLOSE_MS = 5000;

/**
 * Captcha action names per screen (paywall §9): sign_in, register and forgot_pass, each with
 * modal, paywall, sub and sync_sub variants. The spec gives only the parts; the full action name
 * is built as `{screen}_{variant}` (reCAPTCHA action names allow letters, digits and underscores).
 */
export const CAPTCHA_SCREENS = ['sign_in', 'register', 'forgot_pass'] as const;
export type CaptchaScreen = (typeof CAPTCHA_SCREENS)[number];
export const CAPTCHA_VARIANTS = ['modal', 'paywall', 'sub', 'sync_sub'] as const;
export type CaptchaVariant = (typeof CAPTCHA_VARIANTS)[number];
export const CAPTCHA_ACTIONS = {
  sign_in: {
    modal: 'sign_in_modal',
    paywall: 'sign_in_paywall',
    sub: 'sign_in_sub',
    sync_sub: 'sign_in_sync_sub',
  },
  register: {
    modal: 'register_modal',
    paywall: 'register_paywall',
    sub: 'register_sub',
    sync_sub: 'register_sync_sub',
  },
  forgot_pass: {
    modal: 'forgot_pass_modal',
    paywall: 'forgot_pass_paywall',
    sub: 'forgot_pass_sub',
    sync_sub: 'forgot_pass_sync_sub',
  },
} as const satisfies Record<CaptchaScreen, Record<CaptchaVariant, string>>;

/* ------------------------------------------------------------------ video (paywall §2, §9) */

/** Video end countdown, in seconds (paywall §2, §9). */
export const VIDEO_END_COUNTDOWN_SECONDS = 10;
/** Playlist 'Load more' reveals this many more tiles (paywall §9). */
export const PLAYLIST_LOAD_MORE_COUNT = 6;
/** Video aspect ratio as a padding percentage (paywall §9). */
export const VIDEO_ASPECT_RATIO_PERCENT = 56.25;
/** Video embed size in px (paywall §2, §9). */
export const VIDEO_EMBED_SIZE = { width: 480, height: 270 } as const;
/** Named playlists that get an ad slot (paywall §9). */
export const PLAYLIST_AD_SLOT_PLAYLISTS = ['What to watch next', 'The Latest', 'Explainers'] as const;
/** The ad slot goes after this tile (1-based) in a named playlist (paywall §2 Playlist block). */
export const PLAYLIST_AD_SLOT_AFTER_TILE = 2;

/* ------------------------------------------------------------------ visual library (paywall §9) */

/** Visual-library page size (paywall §7, §9). */
export const VISUAL_LIBRARY_PAGE_SIZE = 10;
/** Visual-library sort key (paywall §7). */
export const VISUAL_LIBRARY_SORT = 'publication_date';
/** A collection card is inserted after every N entries (paywall §2, §9). */
export const VISUAL_LIBRARY_COLLECTION_EVERY = 3;
/** Collection summary truncated near this many characters (paywall §9). */
export const COLLECTION_SUMMARY_MAX_CHARS = 165;
/** Visual library uses its mobile layout under this width, in px (paywall §9). */
export const VISUAL_LIBRARY_MOBILE_BELOW_PX = 768;
/** Label of the first visual-library tab (paywall §2). */
export const VISUAL_LIBRARY_ALL_TAB_LABEL = 'All Data & Visuals';

/** Left navigation of the visual library (paywall §9). */
export const LEFT_NAV = {
  /** Shows at this scroll offset from the logo, px. */
  showOffsetPx: -16,
  /** Hides this near the footer, px. */
  hideNearFooterPx: 20,
  /** Hides this near the paywall, px. */
  hideNearPaywallPx: 75,
  /** First evaluated after this delay, ms. */
  firstEvaluationMs: 500,
} as const;
/** Nav carousel: enabled under 768 px wide with 2 slides (paywall §9). */
export const NAV_CAROUSEL = { enabledBelowPx: 768, slides: 2 } as const;

/* ------------------------------------------------------------------ pagination */

/** Pagination shows up to 7 items (pages and ellipses) (paywall §9; site §9). */
export const PAGINATION_MAX_ITEMS = 7;

/* ------------------------------------------------------------------ scrolling, banners, header */

/** Scrolling more than this many px dismisses the registration confirmation banner (paywall §2, §9). */
export const CONFIRMATION_BANNER_DISMISS_SCROLL_PX = 250;
/** Scroll animation duration, ms (paywall §9). */
export const SCROLL_ANIMATION_MS = 1000;
/** Promo block is inserted at about this fraction of the article height (paywall §9). */
export const PROMO_INSERT_FRACTION = 0.5;
/** Persistent subscription banner hides this long after closing, ms (site §4: 1 s). */
export const PERSISTENT_BANNER_HIDE_MS = 1000;
/** Header logo: big below `bigBelowPx` scroll, small above `smallAbovePx` (site §4). */
export const HEADER_LOGO_THRESHOLDS = {
  desktop: { bigBelowPx: 100, smallAbovePx: 250 },
  mobile: { bigBelowPx: 90, smallAbovePx: 200 },
} as const;

/** Mobile breakpoint, px (site §9). */
export const MOBILE_BREAKPOINT_PX = 767;
/** Header margin uses this width, px (site §9). */
export const HEADER_MARGIN_WIDTH_PX = 1025;
/** Scroll throttles, ms (site §9). */
export const SCROLL_THROTTLE_MS = { header: 125, tabBar: 500 } as const;
/** Help-box reposition delay, ms (site §9). */
export const HELP_BOX_REPOSITION_MS = 50;
/** Smooth-scroll duration, ms (site §9). */
export const SMOOTH_SCROLL_MS = 468;
/** Carousel speed, ms (site §9). */
export const CAROUSEL_SPEED_MS = 300;
/** Site carousel shows one slide, with dots (site §2). */
export const CAROUSEL_SLIDES = 1;
/** Ellipsis trimming stops when the overflow is under this many px (site §9). */
export const ELLIPSIS_OVERFLOW_TOLERANCE_PX = 4;

/* ------------------------------------------------------------------ flyouts and library (site) */

/** A flyout destroyed with a message shows a confirmation for this long, ms (site §4, §9). */
export const FLYOUT_CONFIRMATION_MS = 2000;
/** ... and for the forgot-password flyout, ms (site §4, §9). */
export const FLYOUT_CONFIRMATION_FORGOT_PASSWORD_MS = 7000;
/** After a failed save, 'Save operation failed!' follows after this delay, ms (site §8: 5 s). */
export const SAVE_FAILED_FOLLOW_UP_MS = 5000;

/** Flyout kinds (site §2). */
export const FLYOUT_TYPES = [
  'save',
  'organize',
  'share',
  'share-list',
  'discard',
  'bulk-discard',
  'bulk-organize',
  'change-password',
  'forgot-password',
  'notification',
  'embed-video',
  'generic',
  'help-box',
] as const;
/** Flyouts that do not need sign-in (site §6). */
export const FLYOUTS_WITHOUT_SIGN_IN = ['share', 'notification', 'forgot-password', 'embed-video'] as const;

/** Help-box types (site §9). */
export const HELP_BOX_TYPES = [
  'sign-in-benefits',
  'article-saves',
  'firmographics',
  'my-library',
  'insider-newsletter',
  'subscriber-search',
] as const;
export type HelpBoxType = (typeof HELP_BOX_TYPES)[number];

/** Library empty states by content type (site §2). */
export const LIBRARY_EMPTY_STATES = [
  'watched',
  'read',
  'shared',
  'ordered',
  'topics',
  'newFolderCreated',
  'library',
  'activity',
  'content',
] as const;

/** Folder (list) name maximum length (paywall §9; site §5). */
export const LIST_NAME_MAX_LENGTH = 30;
/** Folder (list) name minimum length (site §5). */
export const LIST_NAME_MIN_LENGTH = 1;
/** Name of the always-present, always-checked folder (site §6). */
export const MY_LIBRARY_FOLDER_NAME = 'My Library';

/** Reading-list overlay links to up to this many related lists (paywall §2, §9). */
export const READING_LIST_RELATED_MAX = 3;

/** Share providers (site §3). */
export const SHARE_PROVIDERS = ['facebook', 'twitter', 'linkedin', 'email'] as const;
export type ShareProvider = (typeof SHARE_PROVIDERS)[number];
/** Display names of the share networks (site §1, §2: Facebook, X, LinkedIn, plus email). */
export const SHARE_PROVIDER_LABELS = {
  facebook: 'Facebook',
  twitter: 'X',
  linkedin: 'LinkedIn',
  email: 'email',
} as const satisfies Record<ShareProvider, string>;
/** Share-email truncation "debounce" value as given (paywall §9). */
export const SHARE_EMAIL_TRUNCATION_DEBOUNCE = 100000;
/** Social share popup size, px (site §9). */
export const SOCIAL_SHARE_POPUP_SIZE = { width: 700, height: 450 } as const;

/* ------------------------------------------------------------------ streams (site §7, §9) */

/** Default stream page size (site §9). */
export const STREAM_PAGE_SIZE = 8;
/** Stream page size when a page-size attribute exists (site §9). */
export const STREAM_PAGE_SIZE_WITH_ATTRIBUTE = 10;
/** A stream autoloads this many pages before the load-more link, unless unlimited (site §9). */
export const STREAM_AUTOLOAD_PAGES = 2;
/** Default stream (site §9). */
export const DEFAULT_STREAM = 'latest';
/** Streams that count pages from 1 and store the loaded count in the URL (site §9). Others count from 0. */
export const STREAMS_COUNTING_FROM_ONE = ['search', 'webinars', 'visual-library', 'analytics', 'ascend'] as const;
/** Stream endpoints named in the spec (site §7). `{id}` is a list id. */
export const STREAM_ENDPOINTS = [
  'user/saves',
  'user/list/{id}',
  'components/myhbr/following',
  'magazine',
  'search',
  'webinars',
  'visual-library',
] as const;

/* ------------------------------------------------------------------ search (site §9) */

/** Auto-suggest (site §5, §9): runs when the term is over minTermLengthExclusive characters. */
export const AUTO_SUGGEST = {
  minTermLengthExclusive: 2,
  throttleMs: 350,
  maxRecords: 6,
  maxSubjects: 3,
} as const;

/* ------------------------------------------------------------------ cart and store (site §9) */

/** Referral codes (site §9). */
export const REFERRAL_CODES = {
  /** Topics or home context. */
  topicsOrHome: '03069',
  /** Search more-results. */
  searchMoreResults: '02749',
  /** Default for add-to-cart. */
  addToCartDefault: '02749',
} as const;
/** Default and quick-add quantity (site §9). */
export const DEFAULT_QUANTITY = 1;
export const QUICK_ADD_QUANTITY = 1;
/** Prices are shown with this many decimals (paywall §9; site §9). */
export const PRICE_DECIMALS = 2;
/** Currency of cart totals (site §9). */
export const CURRENCY = 'USD';
/** Order entries show at most the first N line items (site §9). */
export const ORDER_ENTRY_MAX_LINE_ITEMS = 5;
/** Case study access expires this many months after purchase (site §9). */
export const CASE_STUDY_ACCESS_MONTHS = 6;
/** Subscription order cookie lifetime, days (site §4, §9). */
export const SUBSCRIPTION_ORDER_COOKIE_DAYS = 7;
/** Checkout provider's subscriber-onboarding cookie lifetime; the unit is not given (site §9). */
export const SUBSCRIBER_ONBOARDING_COOKIE_LIFETIME = 10;
/** Personalised recommendation placement on the add-to-cart confirmation (site §7). */
export const ADDED_TO_CART_PLACEMENT = 'added-to-cart';
/** Content types for which Buy Copies shows and the price block hides (site §5). */
export const ARTICLE_CONTENT_TYPES = ['Magazine Article', 'Digital Article'] as const;

/** SKU suffixes and the product type they mean; any other suffix is 'ship' (paywall §5). */
export const SKU_SUFFIX_TYPES = {
  KND: 'ebook',
  BUN: 'bundle',
  PDF: 'digital',
  HTM: 'digital',
  ZIP: 'digital',
  PPT: 'digital',
  XLS: 'digital',
  EPB: 'digital',
} as const;

/* ------------------------------------------------------------------ dates */

/** Display date format (site §9). */
export const DATE_FORMAT = 'MMMM DD, YYYY';
/** English month names used by the date formatters. */
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/* ------------------------------------------------------------------ topics and archive */

/** Top levels of the topic taxonomy (paywall §9). */
export const TOPIC_TAXONOMY_ROOTS = [
  'Business and society',
  'Business management',
  'Economics',
  'Entrepreneurship',
  'Finance and investing',
  'Health and behavioral science',
  'Innovation',
  'Leadership and managing people',
  'Managing yourself',
  'Strategy',
  'Technology and analytics',
] as const;
/** Number of topic reference labels of stream items; first and last are given, the full list is not (paywall §9). */
export const TOPIC_REFERENCE_LABEL_COUNT = 12;
export const TOPIC_REFERENCE_LABEL_BOUNDS = { first: 'Economics & Society', last: 'Technology' } as const;
/** Topic count mentioned in copy (site §9; some places say 180+). */
export const TOPICS_COUNT_COPY = '150+';
export const TOPICS_COUNT_COPY_ALT = '180+';
/** Suggestions on the empty topics page (site §9). */
export const EMPTY_TOPICS_SUGGESTIONS = [
  'Strategy',
  'Negotiation strategies',
  'Managing Yourself',
  'Economics',
  'Leading Teams',
  'Decision making and problem solving',
  'Innovation',
  'Marketing',
] as const;

/** Magazine issues run from 1956 to 2025 (site §2). */
export const ARCHIVE_FIRST_YEAR = 1956;
export const ARCHIVE_LAST_YEAR = 2025;
/** From 2017 issues are bi-monthly, 6 a year; 2025 lists 3 (site §3 Archive). */
export const BIMONTHLY_FROM_YEAR = 2017;
export const ISSUES_PER_YEAR_BIMONTHLY = 6;
