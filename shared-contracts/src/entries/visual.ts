/** `shared-contracts/visual` (decision 022): the visual library's charts, collections and downloads. */
export {
  ChartPageSchema,
  chartDownloadHref,
  CollectionListSchema,
  COLLECTION_SUMMARY_MAX_CHARS,
  collectionCardAfter,
  LEFT_NAV,
  NAV_CAROUSEL,
  truncateNearWord,
  VISUAL_LIBRARY_ALL_TAB_LABEL,
  VISUAL_LIBRARY_COLLECTION_EVERY,
  VISUAL_LIBRARY_PAGE_SIZE,
  VISUAL_TEXT,
  VisualSubjectListSchema,
} from '../visual';
export { GATED_COLLECTIONS, GRANT_LABELS, grantsOf, TIER_BASE_INCLUDES, TIER_WALL_AB_TAG, tierIncludes, tiersWith } from '../entitlements';
export type * from '../visual';
export type * from '../entitlements';
