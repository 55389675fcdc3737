/**
 * The library's calls about folders: the reader's folders, an item's folders and folder changes. A
 * folder's share link is in sharing.ts, with the flyouts that use it: My Library's chunk takes this
 * module and none of the share code.
 */
import type { Folder } from 'shared-contracts';
import { libraryApi } from 'shared-contracts/library';

export const loadFolders = (): Promise<Folder[]> => libraryApi.folders();

/** The folders, and for an item the ids of the folders holding it (none asked for without an item). */
export const loadFoldersFor = (itemId: string | null): Promise<{ folders: Folder[]; itemListIds: string[] }> =>
  Promise.all([libraryApi.folders(), itemId === null ? null : libraryApi.itemLists(itemId)]).then(([folders, lists]) => ({
    folders,
    itemListIds: lists?.listIds ?? [],
  }));

type FolderRequest = Parameters<typeof libraryApi.createFolder>[0];

export const createFolder = (values: FolderRequest): Promise<Folder> => libraryApi.createFolder(values);

export const renameFolder = (id: string, values: FolderRequest): Promise<Folder> => libraryApi.updateFolder(id, values);

export const deleteFolder = (id: string): Promise<unknown> => libraryApi.deleteFolder(id);
