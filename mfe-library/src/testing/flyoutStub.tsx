/**
 * A stand-in for components/flyouts/LibraryFlyout in the library page tests:
 *   jest.mock('../components/flyouts/LibraryFlyout', () => require('../testing/flyoutStub'));
 * It shows the request's kind (and what it acts on) and two buttons: 'Flyout done' calls onDone
 * with the message the real flyout confirms for that kind, 'Flyout close' calls onClose.
 */
import { MESSAGES } from 'shared-contracts';
import { itemsAddedToFolders, itemsRemovedFromLibrary } from 'shared-contracts/library';
import type { LibraryFlyoutProps, LibraryFlyoutRequest } from '../components/flyouts/contract';

/** What the real flyout would confirm. */
export function doneMessage(request: LibraryFlyoutRequest): string {
  switch (request.kind) {
    case 'save':
      return MESSAGES.library.saved;
    case 'organize':
      return MESSAGES.library.foldersUpdated;
    case 'discard':
      return MESSAGES.library.removed;
    case 'bulk-discard':
      return itemsRemovedFromLibrary(request.ids.length);
    case 'bulk-organize':
      return itemsAddedToFolders(request.ids.length);
    case 'share':
      return 'Shared via email';
    case 'share-list':
      return 'Link copied';
  }
}

function target(request: LibraryFlyoutRequest): string {
  switch (request.kind) {
    case 'bulk-discard':
    case 'bulk-organize':
      return request.ids.join(',');
    case 'share-list':
      return request.folder.slug;
    default:
      return request.item.id;
  }
}

export function LibraryFlyout({ request, onDone, onClose, returnFocusTo }: LibraryFlyoutProps) {
  return (
    <div
      role="dialog"
      aria-label={`Flyout ${request.kind}`}
      data-library-flyout={request.kind}
      data-flyout-target={target(request)}
      data-return-focus={returnFocusTo ? (returnFocusTo.getAttribute('aria-label') ?? returnFocusTo.textContent ?? '') : ''}
    >
      <button type="button" onClick={() => onDone({ message: doneMessage(request) })}>
        Flyout done
      </button>
      <button type="button" onClick={onClose}>
        Flyout close
      </button>
    </div>
  );
}
