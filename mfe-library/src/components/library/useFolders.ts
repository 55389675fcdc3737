import { useEffect, useState } from 'react';
import { bus, useLoad } from 'shared-contracts';
import { loadFolders } from '../../api/folders';

/**
 * Counts the shell's `user:changed` events: every sign-in, sign-out or refresh of the user is a
 * reason to read the folders again, even when the user id stayed the same.
 */
function useUserChanges(): number {
  const [changes, setChanges] = useState(0);
  useEffect(() => bus.on('user:changed', () => setChanges((n) => n + 1)), []);
  return changes;
}

/**
 * The reader's folders. Keyed on the user id by the parent, so another user loads afresh. A reload
 * (after a flyout's change, or a user change) keeps the folders on screen until the answer comes; a
 * failed reload keeps them too. `reload()` from the error state shows loading again (a retry);
 * `mutate` applies a change the server already answered.
 */
export function useFolders() {
  return useLoad(`folders:${useUserChanges()}`, loadFolders, { keepPrevious: true });
}
