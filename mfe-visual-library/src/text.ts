/**
 * The visual-library remote's own copy: the texts the shared contract (VISUAL_TEXT, UI_TEXT) does
 * not hold. NOT IN SPEC: wording chosen here.
 */
export const TEXT = {
  heading: 'Visual Library',
  tabsLabel: 'Subjects',
  chartsLabel: 'Charts',
  paginationLabel: 'Pagination',
  loading: 'Loading charts…',
  error: 'We could not load the visual library. Please try again.',
  empty: 'There are no charts here yet.',
  /** Heading of the feed when ?filter= names no known subject. */
  unknownTopic: 'Charts',
  subscriberExclusive: 'Subscriber exclusive',
  /** What a subscription adds: the feed is never walled (decision 016); no claim about the files, which are the same. */
  offer: 'Subscribers see every chart, every month, with no limit.',
  offerLink: 'See subscription options',
  offerLabel: 'Subscription offer',
  carouselLabel: 'Subjects carousel',
  previousSlide: 'Previous slide',
  nextSlide: 'Next slide',
  previous: 'Previous',
  next: 'Next',
  notFound: 'Page not found',
  notFoundText: 'We could not find that page.',
  goToLibrary: 'Go to the Visual Library',
} as const;
