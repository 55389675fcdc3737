/**
 * Table types of the embedded database, as Kysely sees them. Columns stay portable between
 * SQLite and PostgreSQL: text ids, integer (0/1 for flags) and real numbers, ISO-8601 strings for
 * timestamps, JSON kept in text columns where a list is only ever read whole.
 */
import type { Generated, Insertable, Selectable } from 'kysely';

/** 0 or 1: SQLite has no boolean type and PostgreSQL accepts integers here just as well. */
export type Flag = number;

export interface TopicTable {
  id: string;
  name: string;
  slug: string;
  parent_id: string | null;
  position: number;
  /** 1: following the topic needs a subscriber class (SITE-06; migration 0004). */
  subscriber_only: Generated<Flag>;
}

export interface ArticleTable {
  id: string;
  slug: string;
  year: number;
  month: number;
  title: string;
  summary: string;
  lead: string;
  /** JSON array of paragraphs. */
  body: string;
  /** JSON array of author names. */
  authors: string;
  /** ISO-8601 timestamp. */
  published: string;
  content_type: string;
  topic_id: string;
  series: string | null;
  big_idea: Flag;
  free: Flag;
  image: string | null;
  /** 1: an Ascend article, metered by the ascend quota (migration 0003). */
  ascend: Generated<Flag>;
  /** Who paid for a sponsored report (the 'analytics' stream), else null (migration 0004). */
  sponsor: Generated<string | null>;
  /** The magazine issue the article appeared in, else null (migration 0004). */
  issue_code: Generated<string | null>;
}

export interface MagazineIssueTable {
  code: string;
  year: number;
  number: number;
  /** Cover label, e.g. 'January-February' or 'July'. */
  label: string;
  /** One or two sentences for the issue card (migration 0004). */
  summary: Generated<string>;
}

/** One row per month label of the archive picker; several labels may point to one issue. */
export interface ArchiveEntryTable {
  year: number;
  position: number;
  month_label: string;
  issue_code: string;
}

export interface ProductCategoryTable {
  slug: string;
  name: string;
  position: number;
}

export interface ProductTable {
  id: string;
  sku: string;
  slug: string;
  title: string;
  summary: string;
  category_slug: string;
  availability_id: string;
  format: string;
  language: string;
  content_type: string;
  list_price: number;
  availability_status: string;
  image: string | null;
  position: number;
  /** The SKU base: the availabilities of one product share it (migration 0006). */
  group_id: Generated<string>;
  /** Integer cents (list_price stays, in dollars, for the catalogue answer). */
  price_cents: Generated<number>;
  /** 'product', 'perm' (copyright permissions, per copy) or 'subscription'. */
  kind: Generated<string>;
  /** JSON array of author names. */
  authors: Generated<string>;
  /** 1: shown in the store listings; perms, subscriptions and article reprints are 0. */
  listed: Generated<Flag>;
  /** An article reprint's article, else null. */
  article_id: Generated<string | null>;
}

export interface VideoTable {
  /** Digits only (the video platform's numeric id), kept as text. */
  id: string;
  name: string;
  slug: string;
  description: string;
  link_url: string | null;
  link_text: string | null;
  poster: string;
  thumbnail: string;
  src: string;
  duration: number;
  pubdate: string;
  /** JSON array of tags. */
  tags: string;
  subscriber_only: Flag;
  /** The clip the video plays (migration 0007): 'clip-1' ... 'clip-4' (seed/videos.ts VIDEO_CLIPS). */
  clip: Generated<string>;
}

export interface PlaylistTable {
  id: string;
  name: string;
  position: number;
}

export interface PlaylistVideoTable {
  playlist_id: string;
  video_id: string;
  position: number;
}

export interface ChartSubjectTable {
  id: string;
  label: string;
  /** The subject filter id a client passes as N. */
  filter: string;
  position: number;
}

export interface ChartTable {
  id: string;
  title: string;
  subject_id: string;
  summary: string;
  published: string;
  kind: string;
  /** JSON of the series the SVG is drawn from (see services/chart-svg.ts). */
  data: string;
  parent_article_title: string;
  parent_article_url: string;
  is_collection: Flag;
}

/** A curated collection of charts (migration 0008). */
export interface ChartCollectionTable {
  id: string;
  title: string;
  summary: string;
  /** The visual library filtered by a subject ('/visual-library?filter=...'). */
  collection_link: string;
  /** The image path of one of its charts. */
  content_image: string;
  position: number;
}

export interface UserTable {
  id: string;
  guid: string;
  /** Lower-cased; unique. */
  email: string;
  first_name: string;
  last_name: string;
  display_name: string;
  /** scrypt$N$r$p$salt$hash (see services/passwords.ts). */
  password_hash: string;
  status: string;
  created_at: string;
  updated_at: string;
  /** 1: the account may not sign in, register again or reset its password (migration 0002). */
  restricted: Generated<Flag>;
  /** Marketing e-mail consent (registration optIn, profile attribute optIn). */
  opt_in: Generated<Flag>;
  /** Profile settings (PAY-03, PAY-05): one of the spec lists, or null until chosen. */
  industry: string | null;
  job_title: string | null;
  company_size: string | null;
  /** Metered access (PAY-03): limits default to DEFAULT_QUOTA_LIMIT / DEFAULT_ASCEND_QUOTA_LIMIT. */
  quota_limit: Generated<number>;
  quota_count: Generated<number>;
  ascend_quota_limit: Generated<number>;
  ascend_quota_count: Generated<number>;
  /** When the member last opened the following stream, or null (never; migration 0004). */
  following_seen_at: Generated<string | null>;
  /** When the member proved they receive mail at `email` (ISO time), or null: unverified (migration 0011). */
  email_verified_at: string | null;
}

export interface UserTierTable {
  user_id: string;
  role_code: string;
}

export interface SessionTable {
  /** SHA-256 (hex) of the cookie value; the value itself is never stored. */
  id_hash: string;
  user_id: string;
  created_at: string;
  expires_at: string;
  /** When the session was last used (touched at most every few minutes; migration 0012). */
  last_seen_at: string | null;
}

export interface FolderTable {
  id: string;
  user_id: string;
  name: string;
  description: string;
  slug: string;
  read_only: Flag;
  position: number;
  created_at: string;
  /** folderNameKey(name): lower case, no spaces; unique per member (migration 0005). */
  name_key: string;
}

/** What a folder holds (migration 0005): an article, a video or a chart, and when it was added. */
export interface LibraryItemTable {
  folder_id: string;
  content_id: string;
  /** 'article', 'video' or 'chart' (LIBRARY_CONTENT_KINDS). */
  content_kind: string;
  added_at: string;
}

/** A member's share (the shared history; migration 0005). */
export interface ShareTable {
  id: string;
  user_id: string;
  content_id: string;
  content_kind: string;
  /** facebook, twitter, linkedin or email. */
  provider: string;
  /** JSON array of the addresses an email share went to. */
  shared_with: string;
  created_at: string;
}

/** One row per member and video; re-watching moves watched_at. */
export interface WatchedTable {
  user_id: string;
  video_id: string;
  watched_at: string;
}

/** The read history: one row per member and article, the latest full read. */
export interface ArticleReadTable {
  user_id: string;
  article_id: string;
  read_at: string;
}

export interface OrderTable {
  id: string;
  user_id: string;
  /** 'COMPLETED', 'CANCELLED', ... */
  status: string;
  title: string;
  /** Cents, tax included. */
  grand_total_inc_tax: number;
  /** Subscription orders: the subscriber account number. */
  account_number: string | null;
  created_at: string;
  /** Migration 0006: what the shopper quotes ('M-YYYYMMDD-XXXXX'); null for older orders. */
  order_number: Generated<string | null>;
  subtotal_cents: Generated<number>;
  discount_cents: Generated<number>;
  tax_cents: Generated<number>;
  shipping_cents: Generated<number>;
  promo_code: Generated<string | null>;
  shipping_method: Generated<string | null>;
  /** JSON Address, or null. */
  shipping_address: Generated<string | null>;
  billing_address: Generated<string | null>;
  payment_brand: Generated<string | null>;
  payment_last4: Generated<string | null>;
}

export interface OrderLineTable {
  order_id: string;
  position: number;
  title: string;
  content_type: string;
  /** JSON array of author names. */
  authors: string;
  product_id: string | null;
  /** Migration 0006. */
  sku: Generated<string | null>;
  format: Generated<string | null>;
  line_type: Generated<string | null>;
  quantity: Generated<number>;
  unit_price_cents: Generated<number>;
  line_total_cents: Generated<number>;
  product_url: Generated<string | null>;
}

/** A shopping cart (migration 0006): one per owner ('u:{userId}' or 'd:{sha256 of the device token}'). */
export interface CartTable {
  id: string;
  owner_key: string;
  promo_code: string | null;
  shipping_method: string | null;
  /** JSON Address, or null. */
  shipping_address: string | null;
  billing_address: string | null;
  /** The payment gateway's token and card summary; never card data. */
  payment_token: string | null;
  payment_brand: string | null;
  payment_last4: string | null;
  created_at: string;
  updated_at: string;
}

export interface CartLineTable {
  /** The itemId of the answers. */
  id: string;
  cart_id: string;
  product_id: string;
  quantity: number;
  referral: string | null;
  position: number;
  added_at: string;
}

export interface PromoCodeTable {
  code: string;
  description: string;
  /** 'percent' | 'amount' | 'shipping' | 'voucher'. */
  kind: string;
  /** Percent for 'percent', cents for 'amount' and 'voucher', 0 for 'shipping'. */
  value: number;
  min_subtotal_cents: number;
  expires_at: string | null;
}

/** A voucher an account has redeemed (once per account: the key is (promo_code, user_id)). */
export interface VoucherRedemptionTable {
  promo_code: string;
  user_id: string;
  order_id: string;
  redeemed_at: string;
}

/** A voucher code an order has redeemed (migration 0022): each voucher once in total. */
export interface SpentVoucherTable {
  promo_code: string;
  order_id: string;
  spent_at: string;
}

export interface BetterTogetherTable {
  product_id: string;
  partner_id: string;
  position: number;
}

/** A folder's share-list link: the SHA-256 of the token and the nonce it is derived from. */
export interface SharedListTable {
  token_hash: string;
  folder_id: string;
  nonce: string;
  created_at: string;
}

/** Where a queued mail stands (migration 0016; mail/worker.ts moves it). */
export type MailStatus = 'pending' | 'sending' | 'sent' | 'failed';

/** The mail queue (migration 0016): every mail the site sends, written with the change that causes it. */
export interface OutboxTable {
  id: string;
  to_address: string;
  subject: string;
  /** The plain-text part. */
  body: string;
  created_at: string;
  status: Generated<MailStatus>;
  /** Delivery attempts made so far (counted when a worker claims the row). */
  attempts: Generated<number>;
  /** Earliest time of the next attempt (ISO). */
  next_attempt_at: string;
  /** While 'sending': the end of the claiming worker's lease; after it another worker may take the row. */
  claimed_until: Generated<string | null>;
  last_error: Generated<string | null>;
  sent_at: Generated<string | null>;
  /** The HTML part, or null for plain text only. */
  html: Generated<string | null>;
  /** The template that wrote it (mail/templates.ts MailKind), 'other' when none. */
  kind: Generated<string>;
}

/**
 * Failed sign-in tries per normalized email, known or not (so an unknown email gets answers of the
 * same shape). A try is counted before the password is checked; see repositories/sign-in-counters.ts.
 */
export interface SignInCounterTable {
  /** trim().toLowerCase() of the email typed at sign-in. */
  email_key: string;
  failures: number;
  /** ISO timestamp until which every try is refused, or null. */
  locked_until: string | null;
  updated_at: string;
}

/**
 * A browser in which the user has signed in with their password (migration 0012): the SHA-256 (hex)
 * of the token in its device cookie, bound to that user only. Failed sign-ins from it count here,
 * apart from the account's unknown-browser count in sign_in_counters.
 */
export interface KnownDeviceTable {
  token_hash: string;
  user_id: string;
  created_at: string;
  last_used_at: string;
  failures: Generated<number>;
  locked_until: string | null;
}

/** Subscriber lookup record (PAY-03): a subscription known to the fulfilment system. */
export interface SubscriberRecordTable {
  id: string;
  /** Lower-cased. */
  email: string;
  first_name: string;
  last_name: string;
  /** CDS_US, CDS_UK or ACCESS_CODE. */
  source: string;
  /** subscriberAccountNumber; unique. */
  account_number: string;
  /** GOOD, BETTER, BEST, EXECUTIVE or ALLACCESS: maps to ROLE_HBRG_{code}. */
  subscription_code: string;
  subscription_active: Flag;
  /** The web account this record is linked to (subscriptionLinked), or null. */
  linked_user_id: string | null;
  /** JSON array of entitlement names. */
  issues: string;
  opt_in: Flag;
  created_at: string;
}

/** One subscription of a subscriber record (PAY-03 Subscriber details). */
export interface SubscriptionTable {
  id: string;
  record_id: string;
  source_code: string;
  status: string;
  times_renewed: number;
  order_value: number;
  country: string;
  term_title: string;
  account_number: string;
  most_recent_purchase_date: string;
  first_purchase_date: string;
  access_start_date: string;
  access_expiration_date: string;
}

/** Mailed password-reset links; only the SHA-256 of the token is kept. */
export interface PasswordResetTable {
  token_hash: string;
  user_id: string;
  created_at: string;
  expires_at: string;
  /** Set when the link is used (or replaced by a newer one); a used link never works again. */
  used_at: string | null;
}

/**
 * The meter (migration 0003): one row per subject, article and calendar month (UTC, 'YYYY-MM').
 * The subject is 'u:{userId}' or 'd:{SHA-256 of the guest device cookie}'.
 */
export interface ArticleViewTable {
  subject_key: string;
  article_id: string;
  /** 'article' (the quota) or 'ascend' (the ascend quota). */
  kind: string;
  period: string;
  first_viewed_at: string;
}

/** Gift links a subscriber made; only the SHA-256 (hex) of the token is kept. */
export interface ArticleGiftTable {
  token_hash: string;
  article_id: string;
  giver_id: string;
  created_at: string;
  expires_at: string;
}

export interface ReadingListTable {
  id: string;
  slug: string;
  name: string;
  position: number;
}

export interface ReadingListItemTable {
  list_id: string;
  article_id: string;
  position: number;
}

/** An article of a gated collection (migration 0017; shared-contracts entitlements.ts GATED_COLLECTIONS). */
export interface CollectionItemTable {
  collection: string;
  article_id: string;
  position: number;
}

export interface TopicFollowTable {
  user_id: string;
  topic_id: string;
  followed_at: string;
}

/** A newsletter or a marketing campaign (kind), in the order of `position`. */
export interface NewsletterTable {
  id: string;
  /** 'newsletter' or 'marketingCampaign'. */
  kind: string;
  name: string;
  description: string;
  frequency: string;
  subscriber_only: Flag;
  position: number;
}

export interface NewsletterSubscriptionTable {
  user_id: string;
  newsletter_id: string;
  subscribed_at: string;
}

/** A rate limiter's count for one client (migration 0010); key = '{limiter}:{client key}'. */
/**
 * A mailed email-confirmation link (migration 0011); only the SHA-256 (hex) of the token is kept.
 * `email` is the address the link proves.
 */
export interface EmailVerificationTable {
  token_hash: string;
  user_id: string;
  email: string;
  /** 'register' (prove the registered address) or 'change' (switch to `email`). */
  kind: string;
  created_at: string;
  expires_at: string;
  /** Set when the link is used (or replaced by a newer one); a used link never works again. */
  used_at: string | null;
}

export interface RateLimitHitTable {
  key: string;
  hits: number;
  /** ISO timestamp when the window ends; the next hit after it starts a new window. */
  reset_at: string;
}

export interface Database {
  topics: TopicTable;
  articles: ArticleTable;
  magazine_issues: MagazineIssueTable;
  archive_entries: ArchiveEntryTable;
  product_categories: ProductCategoryTable;
  products: ProductTable;
  videos: VideoTable;
  playlists: PlaylistTable;
  playlist_videos: PlaylistVideoTable;
  chart_subjects: ChartSubjectTable;
  charts: ChartTable;
  chart_collections: ChartCollectionTable;
  users: UserTable;
  user_tiers: UserTierTable;
  sessions: SessionTable;
  folders: FolderTable;
  library_items: LibraryItemTable;
  shares: ShareTable;
  watched: WatchedTable;
  article_reads: ArticleReadTable;
  orders: OrderTable;
  order_lines: OrderLineTable;
  carts: CartTable;
  cart_lines: CartLineTable;
  promo_codes: PromoCodeTable;
  voucher_redemptions: VoucherRedemptionTable;
  spent_vouchers: SpentVoucherTable;
  better_together: BetterTogetherTable;
  shared_lists: SharedListTable;
  outbox: OutboxTable;
  sign_in_counters: SignInCounterTable;
  known_devices: KnownDeviceTable;
  subscriber_records: SubscriberRecordTable;
  subscriptions: SubscriptionTable;
  password_resets: PasswordResetTable;
  article_views: ArticleViewTable;
  article_gifts: ArticleGiftTable;
  reading_lists: ReadingListTable;
  reading_list_items: ReadingListItemTable;
  collection_items: CollectionItemTable;
  topic_follows: TopicFollowTable;
  newsletters: NewsletterTable;
  newsletter_subscriptions: NewsletterSubscriptionTable;
  rate_limit_hits: RateLimitHitTable;
  email_verifications: EmailVerificationTable;
  user_roles: UserRoleTable;
  release_versions: ReleaseVersionTable;
  release_channels: ReleaseChannelTable;
  release_events: ReleaseEventTable;
  release_tokens: ReleaseTokenTable;
  release_refusals: ReleaseRefusalTable;
  release_failing_browsers: ReleaseFailingBrowserTable;
}

/** A staff role of an account (migration 0020): 'operator'. Not a subscription tier. */
export interface UserRoleTable {
  user_id: string;
  role: string;
}

/** A published version of a remote (migration 0020, decision 037). */
export interface ReleaseVersionTable {
  remote: string;
  /** e.g. 2026.11.26-3f9c2a1; the seeded one from the configured location: env-<8 hex of its URL>. */
  version: string;
  manifest_url: string;
  published_at: string;
  /** Who published it: token:<token id>, user:<email> or system. */
  published_by: string;
  /** The pre-release check's lines, as the CLI ran it. */
  check_report: Generated<string>;
  /** Page loads the shell reported for it (browsers given it as a canary). */
  loads: Generated<number>;
  /** Failure reports (POST /api/client-errors) that named it. */
  failures: Generated<number>;
  /** SRI digests its files were pinned to at publish (migration 0021, decision 046); null for a configured location. */
  manifest_integrity: string | null;
  entry_integrity: string | null;
  /** null also when the version has no server build. */
  server_integrity: string | null;
}

/** What a channel of a remote points at (migration 0020). */
export interface ReleaseChannelTable {
  remote: string;
  /** 'stable' or 'canary'. */
  channel: string;
  version: string;
  /** The canary's share of browsers, 0-100 (stable: 100). */
  percent: Generated<number>;
  /** When the version entered the channel. */
  since: string;
  /** Loads and failures of the version while in this channel (what automatic rollback weighs). */
  loads: Generated<number>;
  failures: Generated<number>;
}

/** One line of the release audit trail (migration 0020). */
export interface ReleaseEventTable {
  id: string;
  remote: string;
  at: string;
  actor: string;
  /** publish, promote, rollback, canary-share, canary-remove, auto-rollback, token-issue, token-revoke, adopt-configured, or a refused request's action. */
  action: string;
  channel: string | null;
  from_version: string | null;
  to_version: string | null;
  reason: Generated<string>;
  /** 'done' or 'refused'. */
  outcome: string;
}

/** Refused release requests, counted per remote, actor, action and hour (migration 0021, decision 046). */
export interface ReleaseRefusalTable {
  remote: string;
  actor: string;
  action: string;
  /** The start of the hour counted (ISO). */
  window_start: string;
  count: number;
  first_at: string;
  last_at: string;
  last_reason: Generated<string>;
}

/** A browser (its served-versions cookie's id) that reported a version failing (migration 0021). */
export interface ReleaseFailingBrowserTable {
  remote: string;
  version: string;
  browser: string;
  at: string;
}

/** A deploy token (migration 0020): the SHA-256 of the token, never the token itself. */
export interface ReleaseTokenTable {
  token_hash: string;
  id: string;
  remote: string;
  label: string;
  created_at: string;
  created_by: string;
  revoked_at: string | null;
}

export type TopicRow = Selectable<TopicTable>;
export type ArticleRow = Selectable<ArticleTable>;
export type MagazineIssueRow = Selectable<MagazineIssueTable>;
export type ArchiveEntryRow = Selectable<ArchiveEntryTable>;
export type ProductCategoryRow = Selectable<ProductCategoryTable>;
export type ProductRow = Selectable<ProductTable>;
export type VideoRow = Selectable<VideoTable>;
export type PlaylistRow = Selectable<PlaylistTable>;
export type ChartSubjectRow = Selectable<ChartSubjectTable>;
export type ChartRow = Selectable<ChartTable>;
export type ChartCollectionRow = Selectable<ChartCollectionTable>;
export type UserRow = Selectable<UserTable>;
export type SessionRow = Selectable<SessionTable>;
export type FolderRow = Selectable<FolderTable>;
export type LibraryItemRow = Selectable<LibraryItemTable>;
export type ShareRow = Selectable<ShareTable>;
export type OrderRow = Selectable<OrderTable>;
export type OrderLineRow = Selectable<OrderLineTable>;
export type CartRow = Selectable<CartTable>;
export type CartLineRow = Selectable<CartLineTable>;
export type PromoCodeRow = Selectable<PromoCodeTable>;
export type OutboxRow = Selectable<OutboxTable>;
export type SignInCounterRow = Selectable<SignInCounterTable>;
export type KnownDeviceRow = Selectable<KnownDeviceTable>;
export type SubscriberRecordRow = Selectable<SubscriberRecordTable>;
export type SubscriptionRow = Selectable<SubscriptionTable>;
export type PasswordResetRow = Selectable<PasswordResetTable>;

export type ArticleGiftRow = Selectable<ArticleGiftTable>;
export type ReadingListRow = Selectable<ReadingListTable>;
export type NewsletterRow = Selectable<NewsletterTable>;
export type NewMagazineIssue = Insertable<MagazineIssueTable>;

export type NewArticle = Insertable<ArticleTable>;
export type NewTopic = Insertable<TopicTable>;
export type NewUser = Insertable<UserTable>;
export type NewSubscriberRecord = Insertable<SubscriberRecordTable>;
export type NewSubscription = Insertable<SubscriptionTable>;
