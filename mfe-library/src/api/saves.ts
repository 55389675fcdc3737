/** The library's calls that change what is saved: an item into folders, items into folders, items out of My Library. */
import { api } from 'shared-contracts';

/** Saves the item into My Library and the chosen folders. */
export const saveItem = (itemId: string, listIds: string[]): ReturnType<typeof api.save> => api.save(itemId, listIds);

/** Sets the folders of a saved item. */
export const organizeItem = (itemId: string, listIds: string[]): ReturnType<typeof api.organize> => api.organize(itemId, listIds);

/** Adds every item to the chosen folders. */
export const organizeItems = (ids: string[], listIds: string[]): ReturnType<typeof api.bulkOrganize> => api.bulkOrganize(ids, listIds);

/** Removes the item from My Library. */
export const discardItem = (itemId: string): ReturnType<typeof api.discard> => api.discard(itemId);

/** Removes every item from My Library. */
export const discardItems = (ids: string[]): ReturnType<typeof api.bulkDiscard> => api.bulkDiscard(ids);
