/** The library's calls that change what is saved: an item into folders, items into folders, items out of My Library. */
import { libraryApi } from 'shared-contracts/library';

/** Saves the item into My Library and the chosen folders. */
export const saveItem = (itemId: string, listIds: string[]): ReturnType<typeof libraryApi.save> => libraryApi.save(itemId, listIds);

/** Sets the folders of a saved item. */
export const organizeItem = (itemId: string, listIds: string[]): ReturnType<typeof libraryApi.organize> => libraryApi.organize(itemId, listIds);

/** Adds every item to the chosen folders. */
export const organizeItems = (ids: string[], listIds: string[]): ReturnType<typeof libraryApi.bulkOrganize> => libraryApi.bulkOrganize(ids, listIds);

/** Removes the item from My Library. */
export const discardItem = (itemId: string): ReturnType<typeof libraryApi.discard> => libraryApi.discard(itemId);

/** Removes every item from My Library. */
export const discardItems = (ids: string[]): ReturnType<typeof libraryApi.bulkDiscard> => libraryApi.bulkDiscard(ids);
