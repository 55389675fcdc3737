/** The library's list calls: saved items, a folder's items, the histories, the followed topics' stream and a shared folder. */
import { api } from 'shared-contracts';
import { STREAM_PAGE_SIZE_WITH_ATTRIBUTE, type LibraryActivity } from 'shared-contracts/library';

/** Items per page of every library list (SITE-09: 10 when a page-size attribute exists). */
export const LIBRARY_PAGE_SIZE = STREAM_PAGE_SIZE_WITH_ATTRIBUTE;

/** All Folders: every saved item. */
export const loadSaves = (page: number): ReturnType<typeof api.saves> => api.saves(page, LIBRARY_PAGE_SIZE);

export const loadFolderItems = (folderId: string, page: number): ReturnType<typeof api.folderItems> => api.folderItems(folderId, page, LIBRARY_PAGE_SIZE);

/** A history: read, shared, watched or ordered. */
export const loadHistory = (activity: Exclude<LibraryActivity, 'saved'>, page: number): ReturnType<typeof api.history> =>
  api.history(activity, page, LIBRARY_PAGE_SIZE);

/** The followed topics' articles, all of them or one topic's (its slug). */
export const loadFollowingStream = (page: number, slug: string | undefined): ReturnType<typeof api.stream> =>
  api.stream('following', page, LIBRARY_PAGE_SIZE, slug ? { filter: slug } : {});

/** A folder shared by its link; anyone holding the token may read it. */
export const loadSharedList = (token: string): ReturnType<typeof api.sharedList> => api.sharedList(token);
