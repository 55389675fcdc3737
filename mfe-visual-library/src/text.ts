/**
 * The visual-library remote's own copy: the texts the shared contract (VISUAL_TEXT, UI_TEXT) does
 * not hold. NOT IN SPEC: wording chosen here.
 *
 * Plain named exports, not one object: the bundler inlines and renames them, so a page pays for the
 * words alone (an object's property names are bytes of every first view).
 */
export const HEADING = 'Visual Library';
export const TABS_LABEL = 'Subjects';
export const CHARTS_LABEL = 'Charts';
export const PAGINATION_LABEL = 'Pagination';
export const LOADING = 'Loading charts…';
export const ERROR = 'We could not load the visual library. Please try again.';
export const EMPTY = 'There are no charts here yet.';
/** Heading of the feed when ?filter= names no known subject. */
export const UNKNOWN_TOPIC = 'Charts';
export const SUBSCRIBER_EXCLUSIVE = 'Subscriber exclusive';
/** What a subscription adds: the feed is never walled (decision 016); no claim about the files, which are the same. */
export const OFFER = 'Subscribers see every chart, every month, with no limit.';
export const OFFER_LINK = 'See subscription options';
export const OFFER_LABEL = 'Subscription offer';
export const CAROUSEL_LABEL = 'Subjects carousel';
export const PREVIOUS_SLIDE = 'Previous slide';
export const NEXT_SLIDE = 'Next slide';
export const PREVIOUS = 'Previous';
export const NEXT = 'Next';
export const NOT_FOUND = 'Page not found';
export const NOT_FOUND_TEXT = 'We could not find that page.';
export const GO_TO_LIBRARY = 'Go to the Visual Library';
