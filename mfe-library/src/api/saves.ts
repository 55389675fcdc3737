/** The library's calls that change what is saved: an item into folders, items into folders, items out of My Library. */
import { api, OkSchema, type Ok } from 'shared-contracts';
import { BulkResultSchema, ItemListsSchema, type BulkResult, type ItemLists } from 'shared-contracts/library';

const path = encodeURIComponent;

/** Saves the item into My Library and the chosen folders. */
export const saveItem = (id: string, listIds: string[]): Promise<ItemLists> => api.request('POST', '/service/user/saves', ItemListsSchema, { id, listIds });

/** Sets the folders of a saved item. */
export const organizeItem = (id: string, listIds: string[]): Promise<ItemLists> =>
  api.request('PUT', `/service/user/saves/${path(id)}/lists`, ItemListsSchema, { listIds });

/** Adds every item to the chosen folders. */
export const organizeItems = (ids: string[], listIds: string[]): Promise<BulkResult> =>
  api.request('POST', '/service/user/saves/bulk', BulkResultSchema, { ids, listIds });

/** Removes the item from My Library. */
export const discardItem = (id: string): Promise<Ok> => api.request('DELETE', `/service/user/saves/${path(id)}`, OkSchema);

/** Removes every item from My Library. */
export const discardItems = (ids: string[]): Promise<BulkResult> => api.request('DELETE', '/service/user/saves/bulk', BulkResultSchema, { ids });
