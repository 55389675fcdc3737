/** The library's calls about one item: whether it is saved (the article page's Save button asks). */
import { api } from 'shared-contracts';
import { ItemListsSchema } from 'shared-contracts/library';

/** Whether the member's item is in My Library. A 404 (no folder holds it) and any other failure read as not saved: a save will tell. */
export const loadSaved = (itemId: string): Promise<boolean> =>
  api.request('GET', `/service/user/saves/${encodeURIComponent(itemId)}/lists`, ItemListsSchema).then(
    ({ listIds }) => listIds.length > 0,
    () => false,
  );
