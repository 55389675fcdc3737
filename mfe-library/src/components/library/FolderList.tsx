/**
 * The folder list (SITE-02, SITE-03, SITE-04): 'All Folders' first, then each folder with its item count, a
 * gift icon for gift-named slugs and a read-only mark (not on 'My Library', which every save fills); the link of the selected folder is the
 * current page. 'New folder' and the editor of the current editing state (new, active,
 * active-delete) sit under the list.
 *
 * Markers: data-folder-editing="none|new|active|active-delete" on the <nav>; each folder's <li>
 * has data-folder-slug ('' for All Folders), data-read-only and data-gift.
 */
import type { MouseEvent, ReactNode } from 'react';
import { Link } from 'shared-contracts/router';
import { Badge, Button, itemCountText, type Folder } from 'shared-contracts';
import { MY_LIBRARY_FOLDER_NAME, isGiftFolder } from 'shared-contracts/library';
import { LIBRARY_TEXT } from '../../text';

export type FolderEditing = 'none' | 'new' | 'active' | 'active-delete';

/** The path that selects a folder (SITE-02). */
export function folderPath(slug: string): string {
  return `/my-library/library/${encodeURIComponent(slug)}`;
}

function FolderLink({ to, selected, children }: { to: string; selected: boolean; children: ReactNode }) {
  return (
    <Link to={to} aria-current={selected ? 'page' : undefined} className={selected ? 'folder-link selected' : 'folder-link'}>
      {children}
    </Link>
  );
}

/** The gift icon (an image named 'Gift'). */
export function GiftIcon() {
  return (
    <svg role="img" aria-label={LIBRARY_TEXT.gift} className="gift-icon" viewBox="0 0 16 16" width="16" height="16" focusable="false">
      <path d="M2 7h12v2H2zM3 9h10v6H3zM7 7h2v8H7zM8 7C6 3 3 4 5 6M8 7c2-4 5-3 3-1" fill="none" stroke="currentColor" strokeWidth="1.2" />
    </svg>
  );
}

export interface FolderListProps {
  folders: readonly Folder[];
  selectedSlug: string | undefined;
  editing: FolderEditing;
  onNew(opener: HTMLElement): void;
  /** The form or confirmation of the editing state. */
  editor: ReactNode;
}

export function FolderList({ folders, selectedSlug, editing, onNew, editor }: FolderListProps) {
  return (
    <nav aria-label={LIBRARY_TEXT.foldersNav} className="folder-list" data-folder-editing={editing}>
      <ul>
        <li data-folder-slug="" data-read-only="false" data-gift="false">
          <FolderLink to="/my-library" selected={selectedSlug === undefined}>
            {LIBRARY_TEXT.allFolders}
          </FolderLink>
        </li>
        {folders.map((f) => {
          const gift = isGiftFolder(f.slug);
          return (
            <li key={f.id} data-folder-slug={f.slug} data-read-only={String(f.readOnly)} data-gift={String(gift)}>
              <FolderLink to={folderPath(f.slug)} selected={f.slug === selectedSlug}>
                <span className="folder-name">{f.name}</span> <span className="folder-count">({itemCountText(f.itemCount)})</span>
              </FolderLink>
              {gift && (
                <>
                  {' '}
                  <GiftIcon />
                </>
              )}
              {/* 'My Library' holds everything the reader saves: read-only only in that it cannot be
                  renamed or deleted, so it carries no mark (the spec gives it none). */}
              {f.readOnly && f.name !== MY_LIBRARY_FOLDER_NAME && (
                <>
                  {' '}
                  <Badge className="read-only-mark">{LIBRARY_TEXT.readOnly}</Badge>
                </>
              )}
            </li>
          );
        })}
      </ul>
      <Button variant="ghost" className="new-folder" aria-expanded={editing === 'new'} onClick={(e: MouseEvent<HTMLButtonElement>) => onNew(e.currentTarget)}>
        {LIBRARY_TEXT.newFolder}
      </Button>
      {editor}
    </nav>
  );
}
