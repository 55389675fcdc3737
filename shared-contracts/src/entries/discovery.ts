/** `shared-contracts/discovery` (decision 022): streams, topics, search, newsletters, the magazine, pagination. */
export {
  archivePickerSelection,
  ArchiveSchema,
  DISCOVERY_MESSAGES,
  EMPTY_TOPICS_SUGGESTIONS,
  firstPageOf,
  FOLLOW_LABELS,
  FollowingSchema,
  helpBoxStorageKey,
  IssueSchema,
  keepsPagesInUrl,
  NewsletterListSchema,
  NewsletterSubscriptionsSchema,
  pagesFromUrl,
  SEARCH_ORDERS,
  SEARCH_SORTS,
  searchHref,
  searchPath,
  SearchSuggestionSchema,
  shouldAutoload,
  STREAM_PAGES_PARAM,
  SUGGESTION_LIMITS,
  TopicDetailSchema,
  TOPICS_COUNT_COPY,
  topicTree,
} from '../discovery';
export { Pagination } from '../Pagination';
export type * from '../discovery';
export type * from '../Pagination';
