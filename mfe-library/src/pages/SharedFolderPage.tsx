/**
 * A shared folder (/my-library/shared/{token}; the share-list flyout's link): the folder's name and
 * description, 'Shared by {first name}', and its items read-only (no Save, Move, Share, Buy Copies
 * or Discard). Anyone holding the link may read it, guests too. A 404 says the link is not valid;
 * other failures show the generic failure.
 *
 * Marker: data-shared-folder="loading|ready|invalid|error".
 */
import { isNotFound, itemCountText, useLoad } from 'shared-contracts';
import { loadSharedList } from '../api/lists';
import type { SharedList } from 'shared-contracts/library';
import { GenericFailure } from '../components/common/Failure';
import { SharedFolderLoading } from '../components/common/PageLoading';
import { cardOfLibraryItem } from '../components/library/cardModel';
import { EmptyState } from '../components/library/EmptyState';
import { ItemCard } from '../components/library/ItemCard';
import { LIBRARY_TEXT } from '../text';

const T = LIBRARY_TEXT.shared;

export function SharedFolderPage({ token }: { token: string }) {
  const shared = useLoad<SharedList>(`shared:${token}`, () => loadSharedList(token));

  if (shared.status === 'loading') return <SharedFolderLoading />;
  if (shared.status === 'error') {
    const invalid = isNotFound(shared.error);
    return (
      <div className="shared-folder" data-shared-folder={invalid ? 'invalid' : 'error'}>
        <h1>{T.fallbackHeading}</h1>
        {invalid ? <p role="alert">{T.invalid}</p> : <GenericFailure />}
      </div>
    );
  }
  const { folder, ownerFirstName, items } = shared.data;
  return (
    <div className="shared-folder" data-shared-folder="ready">
      <h1>{folder.name}</h1>
      {folder.description && <p className="folder-description">{folder.description}</p>}
      <p className="shared-by">{T.by(ownerFirstName)}</p>
      <p className="folder-item-count">{itemCountText(items.length)}</p>
      {items.length === 0 ? (
        <EmptyState type="content" />
      ) : (
        <ul className="library-items" aria-label={folder.name}>
          {items.map((item) => (
            <ItemCard key={item.id} card={cardOfLibraryItem(item, true)} />
          ))}
        </ul>
      )}
    </div>
  );
}
