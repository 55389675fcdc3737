/**
 * Discovery (decision 012): streams, search and auto-suggest, topics and follows, newsletters and
 * marketing campaigns, magazine issues. Schemas are shared by the server (answers) and the client
 * (parsing); the small rules are pure functions so every part applies them the same way.
 */
import * as z from 'zod/mini';
import {
  AUTO_SUGGEST,
  STREAM_AUTOLOAD_PAGES,
  STREAMS_COUNTING_FROM_ONE,
  PageInfoSchema,
  StreamEntrySchema,
  TopicSchema,
  type Topic,
} from 'shared-contracts/contracts';

/** An entry of a stream is the pure contracts' `StreamEntry` (My Library's items extend it). */
export type { StreamEntry } from 'shared-contracts/contracts';

/* ================================================================== issue codes (SITE-02) */

/**
 * Issue code of the archive (SITE-02).
 * - 2000 and later: 'BR' + two-digit year + two-digit issue number: (2025, 1) -> 'BR2501'.
 * - Before 2000: a 4-digit code. The one example, 1999 January-February = '3991', is read as
 *   '3' + two-digit year ('99') + one-digit issue number ('1'); so (1999, 1) -> '3991' and, for
 *   example, (1985, 4) -> '3854'. Issue numbers 1 to 9 fit the 4 digits.
 * Issues run from 1956; a year before 1956, after 2099, or an issue number that does not fit
 * throws a RangeError.
 */
export function issueCode(year: number, issueNumber: number): string {
  if (!Number.isInteger(year) || year < 1956 || year > 2099) throw new RangeError(`No issue code for year ${year}`);
  const yy = String(year % 100).padStart(2, '0');
  if (year >= 2000) {
    if (!Number.isInteger(issueNumber) || issueNumber < 1 || issueNumber > 99) {
      throw new RangeError(`No issue code for issue ${issueNumber} of ${year}`);
    }
    return `BR${yy}${String(issueNumber).padStart(2, '0')}`;
  }
  if (!Number.isInteger(issueNumber) || issueNumber < 1 || issueNumber > 9) {
    throw new RangeError(`No issue code for issue ${issueNumber} of ${year}`);
  }
  return `3${yy}${issueNumber}`;
}

/* ------------------------------------------------------------------ topics and archive */

/** Top levels of the topic taxonomy (PAY-09). */
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
/** Topic count mentioned in copy (SITE-09; some places say 180+). */
export const TOPICS_COUNT_COPY = '150+';
/** Suggestions on the empty topics page (SITE-09). */
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
/** An entry of the archive (SITE-02): its label and its issue's address (`/archive-toc/{issueCode}`, where the code is). */
export const ArchiveIssueSchema = z.object({
  issueMonth: z.string(),
  issueURL: z.string(),
});
export const ArchiveYearSchema = z.object({ yearId: z.string(), issues: z.array(ArchiveIssueSchema) });
export const ArchiveSchema = z.object({ years: z.array(ArchiveYearSchema) });
export type Archive = z.infer<typeof ArchiveSchema>;

/* ------------------------------------------------------------------ streams (SITE-03, SITE-07, SITE-09) */

/** Every stream the API serves at GET /service/stream/{type}/{number}/{size}. */
export const STREAM_TYPES = [
  'latest',
  'magazine',
  'search',
  'topic',
  'following',
  'webinars',
  'visual-library',
  'analytics',
  'ascend',
  'big-ideas',
  'case-selections',
  'top-50-articles',
] as const;
export type StreamType = (typeof STREAM_TYPES)[number];

/** A facet value of the search answer, with how many results carry it. */
export const FacetValueSchema = z.object({ value: z.string(), label: z.string(), count: z.int() });
export type FacetValue = z.infer<typeof FacetValueSchema>;

/** An entry as streams and search send it: a video's also carries its length in seconds (search results show it). */
export const StreamItemSchema = z.extend(StreamEntrySchema, { duration: z.optional(z.number()) });
export type StreamItem = z.infer<typeof StreamItemSchema>;

/** Stream response (SITE-03): entry list, page (with last), type, isPaywallEnabled, maintenanceStatus. */
export const StreamSchema = z.object({
  entry: z.array(StreamItemSchema),
  page: PageInfoSchema,
  type: z.enum(STREAM_TYPES),
  isPaywallEnabled: z.boolean(),
  maintenanceStatus: z.boolean(),
  /** Search only: the counts behind the filters (content type and root topic), for the whole result. */
  facets: z.optional(
    z.object({
      contentType: z.array(FacetValueSchema),
      topic: z.array(FacetValueSchema),
    }),
  ),
});
export type Stream = z.infer<typeof StreamSchema>;

/** Search sort keys and orders (spec: POST search{query}&filters&sort&order). */
export const SEARCH_SORTS = ['relevance', 'date'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];
export const SEARCH_ORDERS = ['desc', 'asc'] as const;
export type SearchOrder = (typeof SEARCH_ORDERS)[number];
/** Longest search term the server accepts. */
export const SEARCH_TERM_MAX_LENGTH = 200;

/**
 * Query parameters of a stream request (all optional):
 * - query: the search term (search); required for search, 400 'Enter a search term.' when blank.
 * - contentType: filter by content type (search, latest, magazine).
 * - topic: a topic slug (topic: required; search: filter, a root topic includes its subtopics).
 * - filter: a followed topic's slug (following: only that topic).
 * - sort, order: search only; relevance/desc by default.
 */
export interface StreamParams {
  query?: string;
  contentType?: string;
  topic?: string;
  filter?: string;
  sort?: SearchSort;
  order?: SearchOrder;
}

/** First page number of a stream: 1 for search, webinars, visual-library, analytics and ascend, else 0 (SITE-09). */
export function firstPageOf(stream: StreamType): 0 | 1 {
  return (STREAMS_COUNTING_FROM_ONE as readonly string[]).includes(stream) ? 1 : 0;
}

/**
 * The address of a stream page as the API client requests it (`api.stream`). The shell's HTML for
 * home preloads home's first page at exactly this address (dev-server routes/shell.ts, decision 021),
 * so the browser answers the app's request from the preload.
 */
export function streamPagePath(type: StreamType, number: number, size: number, params: StreamParams = {}): string {
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries({ ...params, format: 'json' })) if (v !== undefined && v !== '') query.set(k, String(v));
  return `/service/stream/${type}/${number}/${size}?${query.toString()}`;
}

/** Streams that keep the number of loaded pages in the address (SITE-09): those counting from 1. */
export function keepsPagesInUrl(stream: StreamType): boolean {
  return firstPageOf(stream) === 1;
}

/** The query parameter holding the loaded page count (streams counting from 1). */
export const STREAM_PAGES_PARAM = 'page';

/**
 * How many pages a stream loads before it asks for a click (SITE-09): the first page, then pages
 * load by themselves as the reader reaches the end until STREAM_AUTOLOAD_PAGES are shown, then the
 * 'load more' link appears, unless unlimited autoload is allowed.
 */
export function shouldAutoload(loadedPages: number, unlimited = false): boolean {
  return unlimited || loadedPages < STREAM_AUTOLOAD_PAGES;
}

/** Loaded page count read from the address: a whole number from 1 to 50, else 1. */
export function pagesFromUrl(value: string | null): number {
  if (value === null || !/^\d{1,2}$/.test(value)) return 1;
  const n = Number(value);
  return n >= 1 && n <= 50 ? n : 1;
}

/* ------------------------------------------------------------------ search (SITE-02, SITE-03, SITE-05, SITE-09) */

/** Search suggestion (SITE-03): records (title, link, contentType) and subjects. */
export const SearchSuggestionSchema = z.object({
  records: z.array(z.object({ title: z.string(), link: z.string(), contentType: z.string() })),
  subjects: z.array(z.object({ name: z.string(), link: z.string() })),
});
export type SearchSuggestion = z.infer<typeof SearchSuggestionSchema>;

export const SUGGESTION_LIMITS = { records: AUTO_SUGGEST.maxRecords, subjects: AUTO_SUGGEST.maxSubjects } as const;

/** Links beginning with '?' are prefixed with /search (SITE-02); others are kept. */
export function searchHref(link: string): string {
  return link.startsWith('?') ? `/search${link}` : link;
}

/** The search page's address for a term (and optional filters). */
export function searchPath(term: string, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams({ term, ...extra });
  return `/search?${params.toString()}`;
}

/* ------------------------------------------------------------------ topics (SITE-02, SITE-03, SITE-04, SITE-06) */

/** A topic with its place in the taxonomy. */
export const TopicDetailSchema = z.object({
  topic: TopicSchema,
  /** The taxonomy root the topic maps to (itself for a root). */
  root: TopicSchema,
  /** Direct subtopics (empty for a leaf). */
  children: z.array(TopicSchema),
  /** Following needs a subscriber class (SITE-06). */
  subscriberLimited: z.boolean(),
  /** Published articles in the topic (with its subtopics for a root). */
  articleCount: z.int(),
});
export type TopicDetail = z.infer<typeof TopicDetailSchema>;

/** A followed topic. */
export const FollowedTopicSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  followedAt: z.string(),
});
export type FollowedTopic = z.infer<typeof FollowedTopicSchema>;

/**
 * GET /service/user/topics (and the answer of follow and unfollow): the member's topics, newest
 * follow first, and the unread-following count: entries of the following stream published after
 * the member last opened it (all of them before the first opening).
 */
export const FollowingSchema = z.object({
  topics: z.array(FollowedTopicSchema),
  unreadCount: z.int().check(z.nonnegative()),
});
export type Following = z.infer<typeof FollowingSchema>;

/** POST /service/user/topics body: follow by topic name or slug. */
export const FollowTopicRequestSchema = z.object({ name: z.string().check(z.trim(), z.minLength(1), z.maxLength(120)) });

/** The root of a topic in the taxonomy (PAY-09): walks parentId up; the topic itself when unknown parents. */
export function topicRoot(topics: readonly Topic[], id: string): Topic | null {
  const byId = new Map(topics.map((t) => [t.id, t]));
  let current = byId.get(id) ?? null;
  const seen = new Set<string>();
  while (current && current.parentId && !seen.has(current.id)) {
    seen.add(current.id);
    const parent = byId.get(current.parentId);
    if (!parent) break;
    current = parent;
  }
  return current;
}

/** Topics grouped under their roots, in the given order. */
export function topicTree(topics: readonly Topic[]): { root: Topic; children: Topic[] }[] {
  const roots = topics.filter((t) => t.parentId === null);
  return roots.map((root) => ({ root, children: topics.filter((t) => t.parentId !== null && topicRoot(topics, t.id)?.id === root.id) }));
}

/** Label of the follow toggle (SITE-04). */
export const FOLLOW_LABELS = { follow: 'Follow this', following: 'Following' } as const;

/* ------------------------------------------------------------------ newsletters (SITE-01, SITE-04, SITE-06, SITE-07) */

export const NEWSLETTER_KINDS = ['newsletter', 'marketingCampaign'] as const;
export type NewsletterKind = (typeof NEWSLETTER_KINDS)[number];

/** A newsletter or marketing campaign one can subscribe to. */
export const NewsletterSchema = z.object({
  id: z.string(),
  kind: z.enum(NEWSLETTER_KINDS),
  name: z.string(),
  description: z.string(),
  /** e.g. 'Weekly', 'Daily', 'Monthly'. */
  frequency: z.string(),
  subscriberOnly: z.boolean(),
});
export type Newsletter = z.infer<typeof NewsletterSchema>;
export const NewsletterListSchema = z.array(NewsletterSchema);

/** GET /service/user/newsletters: ids the member is subscribed to, by kind (User: newsletters, marketingCampaigns). */
export const NewsletterSubscriptionsSchema = z.object({
  newsletters: z.array(z.string()),
  marketingCampaigns: z.array(z.object({ marketingCampaignId: z.string() })),
});
export type NewsletterSubscriptions = z.infer<typeof NewsletterSubscriptionsSchema>;

/** POST /service/user/newsletters and /service/user/marketingcampaigns body (SITE-07: name and activity). */
export const NewsletterRequestSchema = z.object({
  name: z.string().check(z.trim(), z.minLength(1), z.maxLength(80)),
  activity: z.optional(z.enum(['subscribe', 'unsubscribe'])),
});

/* ------------------------------------------------------------------ magazine issues (SITE-02) */

/** An issue: the issue card (cover, title, summary, 'Featuring' links) and its table of contents. */
export const IssueSchema = z.object({
  issueCode: z.string(),
  year: z.int(),
  /** Cover label, e.g. 'January-February' or 'July'. */
  label: z.string(),
  /** e.g. 'January-February 2025'. */
  title: z.string(),
  summary: z.string(),
  cover: z.string(),
  url: z.string(),
  featuring: z.array(z.object({ title: z.string(), url: z.string() })),
  articles: z.array(StreamEntrySchema),
});
export type Issue = z.infer<typeof IssueSchema>;

/**
 * The archive picker's preselection (SITE-02): YEAR is the first year; MONTH is the chosen issue's
 * entry when it is in that year, else the year's first.
 */
export function archivePickerSelection(
  years: readonly { yearId: string; issues: readonly { issueMonth: string; issueURL: string }[] }[],
  chosen?: { yearId?: string; issueURL?: string },
): { yearId: string; issueMonth: string } | null {
  const year = years.find((y) => y.yearId === chosen?.yearId) ?? years[0];
  if (!year) return null;
  const issue = year.issues.find((i) => i.issueURL === chosen?.issueURL) ?? year.issues[0];
  return { yearId: year.yearId, issueMonth: issue?.issueMonth ?? '' };
}

/* ------------------------------------------------------------------ help boxes (PAY-04) */

/** localStorage key marking a help box as shown in this browser. */
export function helpBoxStorageKey(type: string): string {
  return `tmr:help:${type}`;
}

/* ------------------------------------------------------------------ messages */

/**
 * Texts of discovery. The spec gives none of these words except the generic failure (SITE-08),
 * which MESSAGES.generic holds; these are ours, kept in one place.
 */
export const DISCOVERY_MESSAGES = {
  /** 403 when a non-subscriber subscribes to a subscriber-only newsletter (SITE-06). */
  newsletterSubscribersOnly: 'This newsletter is available to subscribers only.',
  /** 403 when a member without a subscriber class follows a subscriber-limited topic (SITE-06). */
  topicSubscribersOnly: 'Following this topic is available to subscribers only.',
  /** 404 for an unknown newsletter or campaign. */
  newsletterNotFound: 'Newsletter not found',
  topicNotFound: 'Topic not found',
  issueNotFound: 'Issue not found',
  /** 400 for a blank search term. */
  searchTermRequired: 'Enter a search term.',
  /** Stream maintenance view (SITE-04: a maintenance view when the server reports maintenance). */
  streamMaintenance: 'This list is unavailable while the site is in maintenance. Please try again later.',
  /** Search with no result. */
  noResults: 'No results match your search.',
  /** The subscriber-search help box (PAY-04). */
  subscriberSearchHelp: 'Subscriber tip: narrow results by content type or topic, and sort by date to find the newest issue articles first.',
  /** Empty topics state (SITE-09 lists the suggestions). */
  emptyTopics: "You aren't following any topics yet. Try one of these:",
} as const;
