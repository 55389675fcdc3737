import type { ReactNode } from 'react';
import type { Folder } from 'shared-contracts';
import { Button, itemCountText } from 'shared-contracts';
import type { LibraryFlyoutRequest } from '../flyouts/contract';
import type { FolderEditing } from './FolderList';
import { LIBRARY_TEXT } from '../../text';

export interface FolderHeaderProps {
  /** The selected folder (undefined: All Folders). */
  current: Folder | undefined;
  /** The selected folder when the reader may rename and delete it. */
  editable: Folder | undefined;
  mode: FolderEditing;
  headingRef: React.Ref<HTMLHeadingElement>;
  onRename(folder: Folder, opener: HTMLElement): void;
  onDelete(folder: Folder, opener: HTMLElement): void;
  onOpen(request: LibraryFlyoutRequest, opener: HTMLElement): void;
  /** The rename form or the delete confirmation, shown under the buttons that opened it. */
  editor?: ReactNode;
}

/** The selected folder's heading (it takes the focus after a change), description, item count, actions and their editor. */
export function FolderHeader({ current, editable, mode, headingRef, onRename, onDelete, onOpen, editor }: FolderHeaderProps) {
  return (
    <header className="folder-header">
      <h2 id="library-folder-heading" ref={headingRef} tabIndex={-1}>
        {current ? current.name : LIBRARY_TEXT.allFolders}
      </h2>
      {current?.description && <p className="folder-description ds-card__body">{current.description}</p>}
      {current && <p className="folder-item-count ds-card__meta">{itemCountText(current.itemCount)}</p>}
      {current && (
        <div className="folder-actions ds-button-row">
          {editable && (
            <>
              <Button variant="ghost" aria-expanded={mode === 'active'} onClick={(e) => onRename(editable, e.currentTarget)}>
                {LIBRARY_TEXT.rename}
              </Button>
              <Button variant="ghost" aria-expanded={mode === 'active-delete'} onClick={(e) => onDelete(editable, e.currentTarget)}>
                {LIBRARY_TEXT.delete}
              </Button>
            </>
          )}
          <Button variant="ghost" onClick={(e) => onOpen({ kind: 'share-list', folder: current }, e.currentTarget)}>
            {LIBRARY_TEXT.shareFolder}
          </Button>
        </div>
      )}
      {editor}
    </header>
  );
}
