/**
 * The library's list calls: saved items, a folder's items, the histories, the followed topics and
 * their stream, and a shared folder. The Topics tab's followed-topics calls are here, not in
 * following.ts: a module imported by both ./App and ./FollowTopic is shipped whole and apart in each
 * chunk, where one imported by one chunk is inlined there with only what it uses.
 */
import { api, query } from 'shared-contracts';
import type { Following } from 'shared-contracts/discovery';
import {
  LibraryStreamSchema,
  SharedListSchema,
  STREAM_PAGE_SIZE_WITH_ATTRIBUTE,
  type LibraryActivity,
  type LibraryStream,
  type SharedList,
} from 'shared-contracts/library';

/** Items per page of every library list (SITE-09: 10 when a page-size attribute exists). */
export const LIBRARY_PAGE_SIZE = STREAM_PAGE_SIZE_WITH_ATTRIBUTE;

const page = (n: number) => query({ page: n, size: LIBRARY_PAGE_SIZE });

/** All Folders: every saved item, newest save first; pages from 0. */
export const loadSaves = (n: number): Promise<LibraryStream> => api.request('GET', `/service/user/saves${page(n)}`, LibraryStreamSchema);

export const loadFolderItems = (folderId: string, n: number): Promise<LibraryStream> =>
  api.request('GET', `/service/user/list/${encodeURIComponent(folderId)}${page(n)}`, LibraryStreamSchema);

/** A history: read, shared, watched or ordered. */
export const loadHistory = (activity: Exclude<LibraryActivity, 'saved'>, n: number): Promise<LibraryStream> =>
  api.request('GET', `/service/user/history/${activity}${page(n)}`, LibraryStreamSchema);

/** The followed topics' articles, all of them or one topic's (its slug). */
export const loadFollowingStream = (page: number, slug: string | undefined): ReturnType<typeof api.stream> =>
  api.stream('following', page, LIBRARY_PAGE_SIZE, slug ? { filter: slug } : {});

/** A folder shared by its link; anyone holding the token may read it. */
export const loadSharedList = (token: string): Promise<SharedList> => api.request('GET', `/api/shared-list/${encodeURIComponent(token)}`, SharedListSchema);

/** The Topics tab's followed topics. */
export const loadFollowedTopics = (): Promise<Following> => api.following();

/** The Topics tab's 'Stop following': answers the followed topics as they now are. */
export const stopFollowingTopic = (slug: string): Promise<Following> => api.unfollow(slug);

/**
 * Stops following every topic (the topic deleteAll, SITE-07): DELETE /service/user/topics/all, as
 * newsletters' DELETE /service/user/unsubscribe/all ('all' is no topic's slug). Through `unfollow`,
 * so the core client (on every first view) carries no method of its own for it.
 */
export const stopFollowingAllTopics = (): Promise<Following> => api.unfollow('all');
