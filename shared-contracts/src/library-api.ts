/**
 * My Library's calls (issue 6): folders, saves, the histories, sharing and a shared folder. In the
 * library entry (`shared-contracts/library`), not in the core's client: only the library remote
 * makes them (My Library, the article's Save, the shared folder page), and it loads the entry anyway.
 * They go through the page's client (`api.request`), imported by the package's name (decision 042).
 */
import * as z from 'zod/mini';
import { api, FolderSchema, query } from 'shared-contracts';
import {
  BulkResultSchema,
  ItemListsSchema,
  LibraryStreamSchema,
  ListUrlSchema,
  SharedListSchema,
  ShareResultSchema,
  type FolderRequest,
  type LibraryActivity,
  type ShareRequest,
} from './library';

const path = encodeURIComponent;
const Ok = z.object({ ok: z.literal(true) });

export const libraryApi = {
  folders: () => api.request('GET', '/service/user/lists', z.array(FolderSchema)),
  createFolder: (body: FolderRequest) => api.request('POST', '/service/user/lists', FolderSchema, body),
  updateFolder: (id: string, body: FolderRequest) => api.request('PUT', `/service/user/lists/${path(id)}`, FolderSchema, body),
  deleteFolder: (id: string) => api.request('DELETE', `/service/user/lists/${path(id)}`, Ok),
  /** All saved items (All Folders), newest save first; pages from 0. */
  saves: (page = 0, size = 10) => api.request('GET', `/service/user/saves${query({ page, size })}`, LibraryStreamSchema),
  /** One folder's items. */
  folderItems: (id: string, page = 0, size = 10) => api.request('GET', `/service/user/list/${path(id)}${query({ page, size })}`, LibraryStreamSchema),
  history: (activity: LibraryActivity, page = 0, size = 10) =>
    api.request('GET', `/service/user/history/${activity}${query({ page, size })}`, LibraryStreamSchema),
  save: (id: string, listIds?: string[]) => api.request('POST', '/service/user/saves', ItemListsSchema, { id, listIds }),
  discard: (id: string) => api.request('DELETE', `/service/user/saves/${path(id)}`, Ok),
  itemLists: (id: string) => api.request('GET', `/service/user/saves/${path(id)}/lists`, ItemListsSchema),
  organize: (id: string, listIds: string[]) => api.request('PUT', `/service/user/saves/${path(id)}/lists`, ItemListsSchema, { listIds }),
  bulkOrganize: (ids: string[], listIds: string[]) => api.request('POST', '/service/user/saves/bulk', BulkResultSchema, { ids, listIds }),
  bulkDiscard: (ids: string[]) => api.request('DELETE', '/service/user/saves/bulk', BulkResultSchema, { ids }),
  listUrl: (id: string) => api.request('GET', `/service/user/list/url/${path(id)}`, ListUrlSchema),
  sharedList: (token: string) => api.request('GET', `/api/shared-list/${path(token)}`, SharedListSchema),
  share: (body: ShareRequest) => api.request('POST', '/service/user/share', ShareResultSchema, body),
};
