/**
 * Entity schemas of the API: one definition, used by the server to shape answers (and validate
 * input) and by the client to parse answers. Types are inferred from the schemas.
 * Written with zod/mini, whose functions tree-shake: these schemas ship to every page
 * (docs/decisions/009).
 */
import * as z from 'zod/mini';

export const UserStatusSchema = z.enum(['guest', 'registered', 'subscriber']);
export type UserStatus = z.infer<typeof UserStatusSchema>;

export const QuotaSchema = z.object({
  limit: z.int().check(z.nonnegative()),
  count: z.int().check(z.nonnegative()),
  remaining: z.int().check(z.nonnegative()),
});
export type Quota = z.infer<typeof QuotaSchema>;

const TierSchema = z.object({ roleCode: z.string() });

/** Subscriber tier shown in the user menu (PAY-06 table). */
const SubscriberTierSchema = z.object({
  roleCode: z.string(),
  label: z.string(),
  caption: z.nullable(z.string()),
});

/** One subscription of a subscriber (PAY-03, Subscriber details). Dates are ISO strings. */
const SubscriptionSchema = z.object({
  subscriptionSourceCode: z.string(),
  subscriptionStatus: z.string(),
  timesRenewed: z.int(),
  orderValue: z.number(),
  country: z.string(),
  termTitle: z.string(),
  accountNumber: z.string(),
  mostRecentPurchaseDate: z.string(),
  firstPurchaseDate: z.string(),
  subscriptionAccessPeriod: z.object({ startDate: z.string(), expirationDate: z.string() }),
});
export type Subscription = z.infer<typeof SubscriptionSchema>;

/** Subscriber details of the profile (PAY-03); digest is used by downloads (PAY-06). */
const SubscriberDetailsSchema = z.object({
  accountNumber: z.string(),
  digest: z.string(),
  subscriptions: z.array(SubscriptionSchema),
});
export type SubscriberDetails = z.infer<typeof SubscriberDetailsSchema>;

export const UserSchema = z.object({
  id: z.string(),
  guid: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  displayName: z.string(),
  username: z.string(),
  emailAddress: z.string(),
  status: UserStatusSchema,
  tiers: z.array(TierSchema),
  quota: QuotaSchema,
  ascendQuota: QuotaSchema,
  createdDate: z.string(),
  lastUpdatedDate: z.string(),
  /** Global site state of this user (PAY-04): 'registered' or 'subscribers'; guests are 'default'. */
  state: z.enum(['default', 'subscribers', 'registered']),
  /** Label and caption of the first tier (PAY-06), null for non-subscribers. */
  tier: z.nullable(SubscriberTierSchema),
  /** Profile settings (PAY-03, PAY-05); null until chosen. */
  industry: z.nullable(z.string()),
  jobTitle: z.nullable(z.string()),
  companySize: z.nullable(z.string()),
  optIn: z.boolean(),
  /** The learning link is shown to eligible users (SITE-06). */
  hmmEligible: z.boolean(),
  /** True once the member has followed a link mailed to emailAddress (proof they own it). */
  emailVerified: z.boolean(),
  /** Subscriber details (PAY-03), null for non-subscribers. */
  subscriber: z.nullable(SubscriberDetailsSchema),
});
export type User = z.infer<typeof UserSchema>;

/** Failed sign-in (section 3, Lockout response; section 7, POST /authenticate). */
export const LoginErrorSchema = z.object({
  code: z.string(),
  tries_left: z.optional(z.int()),
  lockout_duration: z.optional(z.int()),
  user_restricted: z.optional(z.boolean()),
});
export type LoginError = z.infer<typeof LoginErrorSchema>;

export const TopicSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  parentId: z.nullable(z.string()),
});
export type Topic = z.infer<typeof TopicSchema>;

const AuthorSchema = z.object({ name: z.string() });
export type Author = z.infer<typeof AuthorSchema>;

export const ArticleContentTypeSchema = z.enum(['Magazine Article', 'Digital Article']);

/** A stream entry for an article (site spec section 3, Stream entry). */
const ArticleSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  summary: z.string(),
  url: z.string(),
  published: z.string(),
  contentType: ArticleContentTypeSchema,
  category: z.object({ term: z.string() }),
  author: z.array(AuthorSchema),
  image: z.nullable(z.string()),
  free: z.boolean(),
});
export type ArticleSummary = z.infer<typeof ArticleSummarySchema>;

export const PageInfoSchema = z.object({
  number: z.int(),
  size: z.int(),
  totalPages: z.int(),
  totalElements: z.int(),
  last: z.boolean(),
});

/** Stream response (site spec section 3): entry list, page.last, type, isPaywallEnabled, maintenanceStatus. */
function streamSchema<T extends z.ZodMiniType>(entry: T) {
  return z.object({
    entry: z.array(entry),
    page: PageInfoSchema,
    type: z.string(),
    isPaywallEnabled: z.boolean(),
    maintenanceStatus: z.boolean(),
  });
}
export const ArticleStreamSchema = streamSchema(ArticleSummarySchema);
export type ArticleStream = z.infer<typeof ArticleStreamSchema>;

/** Article headline fields (site spec section 3) plus the body. */
export const ArticleSchema = z.extend(ArticleSummarySchema, {
  slug: z.string(),
  year: z.int(),
  month: z.int().check(z.minimum(1), z.maximum(12)),
  topic: z.object({ name: z.string(), url: z.string() }),
  series: z.nullable(z.string()),
  bigIdea: z.boolean(),
  lead: z.string(),
  /**
   * The body after the lead. GET /api/article/... always answers [] here (the headline and lead
   * only, no meter); the body comes from POST /api/article/piano/content, which applies the meter.
   */
  body: z.array(z.string()),
  /** Ascend pages have their own meter (quota limit 3). */
  ascend: z.boolean(),
  /**
   * Where to buy copies (reprints) of a magazine or digital article, a store product page, or null
   * (SITE-05: Buy Copies shows only for those article types with a product link).
   */
  productLink: z.optional(z.nullable(z.string())),
});
export type Article = z.infer<typeof ArticleSchema>;

/** Folder (list) of My Library (site spec section 3). */
export const FolderSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  slug: z.string(),
  readOnly: z.boolean(),
  itemCount: z.int().check(z.nonnegative()),
});
export type Folder = z.infer<typeof FolderSchema>;
export const FolderListSchema = z.array(FolderSchema);

/** The answer of a change that returns nothing else: `{ "ok": true }`. */
export const OkSchema = z.object({ ok: z.literal(true) });
export type Ok = z.infer<typeof OkSchema>;

/** GET /remotes.json: where each remote's manifest is, read by the shell at run time. */
export const REMOTE_NAMES = ['paywall', 'library', 'store', 'video', 'visualLibrary'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

/** Where loading a remote failed (decision 017): the locations, its entry, its module, the time budget, or its render. */
const REMOTE_FAILURE_STAGES = ['config', 'entry', 'module', 'timeout', 'render'] as const;
export type RemoteFailureStage = (typeof REMOTE_FAILURE_STAGES)[number];

/** POST /api/client-errors: the shell reports a remote that failed to load (answered 204). */
export const ClientErrorReportSchema = z.object({
  remote: z.enum(REMOTE_NAMES),
  module: z.string().check(z.maxLength(60), z.regex(/^[A-Za-z0-9./_-]+$/)),
  stage: z.enum(REMOTE_FAILURE_STAGES),
  message: z.string().check(z.maxLength(300)),
  page: z.string().check(z.maxLength(200)),
});
export type ClientErrorReport = z.infer<typeof ClientErrorReportSchema>;
/** The digests a published remote version is pinned to (GET /remotes.json `integrity`). */
export const RemoteIntegritySchema = z.object({ manifest: z.string(), entry: z.string(), server: z.nullable(z.string()) });
export type RemoteIntegrity = z.infer<typeof RemoteIntegritySchema>;
export const RemotesConfigSchema = z.object({
  remotes: z.record(z.enum(REMOTE_NAMES), z.url()),
  /**
   * The remotes this browser is given as a canary (decision 037): the shell reports taking each up
   * (POST /api/remote-loads). The server's answer also names each remote's version (`versions`,
   * RegistryRemotesAnswer), which the shell does not read.
   */
  canary: z.optional(z.array(z.enum(REMOTE_NAMES))),
  /**
   * What each published version was pinned to when it was published (decision 045): the SRI
   * digests (`sha384-...`) of its manifest, its remote entry and its server build (null: it has
   * none), by remote. Absent for a version the operator configured (REMOTE_*_URL), which is the
   * operator's own word and is not pinned. The browser loads a pinned entry with `integrity`; the
   * render tier evaluates no server build whose digest differs.
   */
  integrity: z.optional(z.record(z.string(), RemoteIntegritySchema)),
});
export type RemotesConfig = z.infer<typeof RemotesConfigSchema>;

/** Every error answer of the API has this shape; validation failures add errors[]. */
export const ApiErrorBodySchema = z.object({
  message: z.string(),
  errors: z.optional(z.array(z.object({ field: z.string(), errorMessage: z.string() }))),
});
export type ApiErrorBody = z.infer<typeof ApiErrorBodySchema>;

/* ------------------------------------------------------------------ accounts (decision 010) */

/** Success answer of account calls that only report (forgot, reset and change password). */
export const ApiMessageSchema = z.object({ message: z.string() });
export type ApiMessage = z.infer<typeof ApiMessageSchema>;

/** Response header that flags a successful registration (PAY-04, PAY-07), and its value. */
export const REGISTRATION_HEADER = 'X-Registration-Success';
export const REGISTRATION_HEADER_VALUE = 'true';

/**
 * Registration answer. 'created': the account exists and its session cookie is set.
 * 'subscriber': the email belongs to a subscriber without a web account; nothing was created and
 * the browser goes to `location` (/subscriber-registration?emailAddress={base64 email}).
 */
export const RegistrationResultSchema = z.union([
  z.object({ outcome: z.literal('created'), user: UserSchema }),
  z.object({ outcome: z.literal('subscriber'), location: z.string() }),
]);
export type RegistrationResult = z.infer<typeof RegistrationResultSchema>;

/** Subscriber lookup result (PAY-03). 404 'No Active Subscriptions Found' otherwise. */
export const SubscriberLookupSchema = z.object({
  active: z.boolean(),
  subscriptions: z.array(SubscriptionSchema),
  firstName: z.string(),
  lastName: z.string(),
  emailAddress: z.string(),
  /** True when the subscription has no web account linked yet. */
  new: z.boolean(),
  userAccountExists: z.boolean(),
});
export type SubscriberLookup = z.infer<typeof SubscriberLookupSchema>;

/** GET /api/recaptcha/enabled (PAY-04, PAY-07). */
export const CaptchaStatusSchema = z.object({ enabled: z.boolean(), provider: z.enum(['local', 'recaptcha']) });
export type CaptchaStatus = z.infer<typeof CaptchaStatusSchema>;

/** GET /api/geolocation (PAY-07): the visitor's ISO 3166 country code, or null when unknown. */
export const GeolocationSchema = z.object({ country: z.nullable(z.string()) });
export type Geolocation = z.infer<typeof GeolocationSchema>;

/* ------------------------------------------------------------------ paywall (decision 011) */

/**
 * The paywall messages of PAY-04, once for every part. `type` is the spec's message name; the
 * spec's context-prefixed names are split into a type and a context ('data-visual enable-paywall'
 * = { type: 'enable-paywall', context: 'data-visual' }; 'video enable-paywall' and
 * 'video disable-paywall' likewise).
 */
export const PAYWALL_MESSAGE_TYPES = [
  'full-content',
  'ascend-full-content',
  'full-content+rl',
  'enable-paywall',
  'enable-anonymus-paywall',
  'piano:enable-paywall-creative',
  'enable-reading-list-paywall',
  'waiver+rl',
  'enable-registration-wall-ascend',
  'disable-paywall',
] as const;
const PAYWALL_CONTEXTS = ['article', 'video', 'data-visual'] as const;

/** The subscriber-only panel of PAY-02 (piano:enable-paywall-creative). */
const PaywallCreativeSchema = z.object({
  greetingFirstName: z.nullable(z.string()),
  title: z.string(),
  dek: z.nullable(z.string()),
  subDek: z.nullable(z.string()),
  cta: z.object({ text: z.string(), href: z.string() }),
});
export type PaywallCreative = z.infer<typeof PaywallCreativeSchema>;

const PaywallMessageSchema = z.object({
  type: z.enum(PAYWALL_MESSAGE_TYPES),
  context: z.enum(PAYWALL_CONTEXTS),
  /** With '+rl' and reading-list messages: the reading list the overlay opens on. */
  readingList: z.optional(z.string()),
  /** With 'piano:enable-paywall-creative'. */
  creative: z.optional(PaywallCreativeSchema),
});
export type PaywallMessage = z.infer<typeof PaywallMessageSchema>;

/** Why the server gave (or refused) the full content. */
const AccessReasonSchema = z.enum(['free', 'subscriber', 'metered', 'reread', 'gift', 'walled']);
export type AccessReason = z.infer<typeof AccessReasonSchema>;

/**
 * POST /api/article/piano/content?year&month&seotitle (PAY-07), body { gift? }: the server's
 * meter decides. guid: the viewer's guid (guests: the device's). content: the body paragraphs after
 * the lead, or [] when walled. quota: the meter that applied (null for subscribers and free
 * articles). message: what the paywall shows.
 */
export const ArticleContentSchema = z.object({
  guid: z.string(),
  content: z.array(z.string()),
  quota: z.nullable(QuotaSchema),
  reason: AccessReasonSchema,
  message: PaywallMessageSchema,
  /** Set when a valid gift link opened the article: when it stops working. */
  giftExpiresAt: z.nullable(z.string()),
});
export type ArticleContent = z.infer<typeof ArticleContentSchema>;

/** POST /api/article-gift/give-gift { url } (PAY-07; SITE-03 Article gift). */
export const ArticleGiftSchema = z.object({ articleGiftURL: z.string(), articleGiftsLeft: z.int().check(z.nonnegative()) });
export type ArticleGift = z.infer<typeof ArticleGiftSchema>;
/** GET /api/article-gift/allowance: what a subscriber has left this month. */
export const GiftAllowanceSchema = z.object({
  articleGiftsLeft: z.int().check(z.nonnegative()),
  monthlyAllowance: z.int().check(z.nonnegative()),
});
export type GiftAllowance = z.infer<typeof GiftAllowanceSchema>;

/** One article of a reading list (PAY-03 Reading list: author list, link, title, summary, imageUri). */
const ReadingListItemSchema = z.object({
  title: z.string(),
  link: z.string(),
  summary: z.string(),
  author: z.array(AuthorSchema),
  imageUri: z.nullable(z.string()),
});
const ReadingListSchema = z.object({
  name: z.string(),
  slug: z.string(),
  recordList: z.object({ recordItems: z.array(ReadingListItemSchema) }),
});
export type ReadingList = z.infer<typeof ReadingListSchema>;
/** GET /api/reading-lists?article={articleId}: the lists the article appears in, the selected first. */
export const ReadingListsSchema = z.object({ lists: z.array(ReadingListSchema) });
export type ReadingLists = z.infer<typeof ReadingListsSchema>;

/**
 * One stream entry (SITE-03, Stream entry): an article, a video (webinars), a chart (visual-library)
 * or a sponsored report (analytics). `url` is the entry's page (the spec's endpoint).
 */
export const StreamEntrySchema = z.object({
  id: z.string(),
  title: z.string(),
  summary: z.string(),
  url: z.string(),
  published: z.string(),
  /** 'Magazine Article', 'Digital Article', 'Video', 'Chart', 'Sponsored Report'. */
  contentType: z.string(),
  category: z.object({ term: z.string() }),
  author: z.array(AuthorSchema),
  image: z.nullable(z.string()),
  /** Sponsored entries get their own style (SITE-02); `sponsor` names who paid for it. */
  sponsored: z.boolean(),
  sponsor: z.nullable(z.string()),
  /** 'F' means coming soon (SITE-03); null for content that is not a product. */
  productStatus: z.nullable(z.string()),
  productLink: z.nullable(z.string()),
  /** Cents, or null when the entry is not sold. */
  listPrice: z.nullable(z.int()),
});
export type StreamEntry = z.infer<typeof StreamEntrySchema>;
