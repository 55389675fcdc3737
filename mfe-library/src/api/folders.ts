/** The library's calls about folders: the reader's folders, an item's folders, folder changes and a folder's link. */
import { api, type Folder } from 'shared-contracts';
import { absoluteUrl } from '../components/flyouts/shareConnection';

export const loadFolders = (): Promise<Folder[]> => api.folders();

/** The folders, and for an item the ids of the folders holding it (none asked for without an item). */
export const loadFoldersFor = (itemId: string | null): Promise<{ folders: Folder[]; itemListIds: string[] }> =>
  Promise.all([api.folders(), itemId === null ? null : api.itemLists(itemId)]).then(([folders, lists]) => ({
    folders,
    itemListIds: lists?.listIds ?? [],
  }));

type FolderRequest = Parameters<typeof api.createFolder>[0];

export const createFolder = (values: FolderRequest): Promise<Folder> => api.createFolder(values);

export const renameFolder = (id: string, values: FolderRequest): Promise<Folder> => api.updateFolder(id, values);

export const deleteFolder = (id: string): Promise<unknown> => api.deleteFolder(id);

/** The folder's share link, absolute. */
export const loadFolderLink = (id: string): Promise<string> => api.listUrl(id).then(({ listurl }) => absoluteUrl(listurl));
