/**
 * The core of shared-contracts (`shared-contracts`): what every page runs in the browser. The pure
 * contracts (the modules of `shared-contracts/contracts`: schemas, messages, constants, rules), the
 * client state (the API client, the user store, the event bus, the cart count, the
 * subscription-order cookie) and the small components and hooks every part uses, the design
 * system's among them (design.tsx: Button, ButtonLink, Card, Badge, Tag, Price; decision 035).
 *
 * Its modules import each other by relative path. In a browser build `shared-contracts/contracts`
 * is this module (the federation config shares it under this entry's key, decision 030), so an
 * area that imports the pure contracts by that name uses the page's one core; in Node it is the
 * pure modules alone, without React.
 *
 * An area's own schemas, rules and components have an entry of their own, shared the same way
 * (decision 022), so a page loads only the areas it shows:
 * `shared-contracts/discovery`, `/library`, `/commerce`, `/video`, `/visual`, `/forms` and `/dialog`.
 *
 * The core and the area entries export their values by name, only those some part imports
 * (decision 038; entries.test.ts): a shared module keeps every name it exports, so each unused
 * name would be paid for by every page. Types are exported wholesale (they cost nothing).
 */
export {
  ApiMessageSchema,
  FolderListSchema,
  FolderSchema,
  OkSchema,
  PageInfoSchema,
  PAYWALL_MESSAGE_TYPES,
  REGISTRATION_HEADER,
  REGISTRATION_HEADER_VALUE,
  REMOTE_NAMES,
  StreamEntrySchema,
  TopicSchema,
} from './schemas';
export { itemCountText, MESSAGES, plural, UI_TEXT, wholeCount } from './messages';
export {
  ARTICLE_CONTENT_MAX_ATTEMPTS,
  AUTH_MODAL_ACTIONS,
  AUTH_MODAL_PARENT_MESSAGES,
  AUTO_SUGGEST,
  CAROUSEL_SPEED_MS,
  CONFIRMATION_BANNER_DISMISS_SCROLL_PX,
  CSRF_HEADER,
  CUSTOMER_SERVICE_EMAIL,
  CUSTOMER_SERVICE_PHONES,
  DEVICE_TYPE,
  FLYOUT_CONFIRMATION_FORGOT_PASSWORD_MS,
  FLYOUT_CONFIRMATION_MS,
  FLYOUTS_WITHOUT_SIGN_IN,
  GIFT_QUERY_PARAM,
  MOBILE_BREAKPOINT_PX,
  PERSISTENT_BANNER_HIDE_MS,
  PROMO_INSERT_FRACTION,
  READING_LIST_RELATED_MAX,
  REGISTRATION_SUCCESS_QUERY,
  SCROLL_THROTTLE_MS,
  SHARE_PROVIDER_LABELS,
  SHARE_PROVIDERS,
  STREAM_AUTOLOAD_PAGES,
  STREAM_PAGE_SIZE,
  STREAMS_COUNTING_FROM_ONE,
  SUBSCRIBER_ROLE_CODES,
  SUBSCRIBER_TIERS,
  SUBSCRIPTION_ORDER_COOKIE_DAYS,
} from './constants';
export {
  formatLongDate,
  formatMonthYear,
  headerLogoSize,
  isBlank,
  isDomestic,
  paginationItems,
  registrationOptIn,
  sameReadingList,
  shouldAutoSuggest,
  shouldShowPersistentBanner,
  showBuyCopies,
  showPriceBlock,
  subscriberTierOf,
  topicPath,
  topicSubjectPath,
} from './validation';
export { HostItemActions, RemoteSlotContext, useRemoteSlot } from './slots';
export { bus } from './bus';
export { api, ApiError, query, setServerFetch } from './client';
export { userStore, useUserStore } from './store';
export { announceCart, announceEmptyCart, cartLinkName, readCartCache, refreshCartCount, sameModified, watchCartCount, writeCartCache } from './cart';
export { hasSubscriptionOrder, SUBSCRIPTION_ORDER_COOKIE } from './subscription-order';
export { instanceMarkers } from './instances';
export { invalidate, isNotFound, useInvalidation, useLoad } from './useLoad';
export { preloadedError, RenderContextValue, useHydrating, usePageMeta, usePreloaded, useSiteOrigin } from './ssr';
export { useMounted } from './useMounted';
export { SignInPrompt } from './SignInPrompt';
export { pushDataLayer } from './analytics';
export { lazyComponent } from './lazyComponent';
export { Picture, type PictureProps } from './Picture';
export { Badge, Button, ButtonLink, Card, Price, Tag } from './design';
export type * from './schemas';
export type * from './messages';
export type * from './constants';
export type * from './validation';
export type * from './images';
export type * from './slots';
export type * from './bus';
export type * from './client';
export type * from './store';
export type * from './cart';
export type * from './subscription-order';
export type * from './instances';
export type * from './useLoad';
export type * from './ssr';
export type * from './useMounted';
export type * from './SignInPrompt';
export type * from './analytics';
export type * from './lazyComponent';
export type * from './design';
