/** The feed's place in the address: ?filter= (subject) and ?page= (from 1). */

/** The visual library's own address. */
export const LIBRARY_PATH = '/visual-library';
/** Where the subscription offers link. */
export const SUBSCRIBE_PATH = '/subscriptions';

/** Query string for a feed: filter and page, leaving out the defaults. */
export function feedSearch(filter: string, page: number): string {
  const params = new URLSearchParams();
  if (filter) params.set('filter', filter);
  if (page > 1) params.set('page', String(page));
  const s = params.toString();
  return s ? `?${s}` : '';
}

/** The address of a feed page: /visual-library?filter=&page=. */
export function feedHref(filter: string, page = 1): string {
  return `${LIBRARY_PATH}${feedSearch(filter, page)}`;
}
