/**
 * The library's calls about folders: the reader's folders, an item's folders and folder changes. A
 * folder's share link is in sharing.ts, with the flyouts that use it: My Library's chunk takes this
 * module and none of the share code. The library's calls are its own (decision 048).
 */
import { api, FolderListSchema, FolderSchema, OkSchema, type Folder, type Ok } from 'shared-contracts';
import { ItemListsSchema, type FolderRequest } from 'shared-contracts/library';

const path = encodeURIComponent;

export const loadFolders = (): Promise<Folder[]> => api.request('GET', '/service/user/lists', FolderListSchema);

/** The folders holding a saved item, by their ids (a 404 when none does). */
export const loadItemLists = (itemId: string): Promise<{ listIds: string[] }> =>
  api.request('GET', `/service/user/saves/${path(itemId)}/lists`, ItemListsSchema);

/** The folders, and for an item the ids of the folders holding it (none asked for without an item). */
export const loadFoldersFor = (itemId: string | null): Promise<{ folders: Folder[]; itemListIds: string[] }> =>
  Promise.all([loadFolders(), itemId === null ? null : loadItemLists(itemId)]).then(([folders, lists]) => ({
    folders,
    itemListIds: lists?.listIds ?? [],
  }));

export const createFolder = (values: FolderRequest): Promise<Folder> => api.request('POST', '/service/user/lists', FolderSchema, values);

export const renameFolder = (id: string, values: FolderRequest): Promise<Folder> => api.request('PUT', `/service/user/lists/${path(id)}`, FolderSchema, values);

export const deleteFolder = (id: string): Promise<Ok> => api.request('DELETE', `/service/user/lists/${path(id)}`, OkSchema);
