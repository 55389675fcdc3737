/**
 * The flyouts' own copy (NOT IN SPEC wording: the spec names the flyouts, not their words). Only the
 * flyouts import it, so their chunk inlines it (the pages' copy is src/text.ts).
 */
import type { LibraryFlyoutRequest } from './contract';

/** NOT IN SPEC wording of the share-list flyout. */
export const SHARE_LIST_TEXT = {
  link: 'Link to this folder',
  copy: 'Copy link',
  copied: 'Link copied',
  selectToCopy: 'Press Ctrl+C (⌘C on a Mac) to copy the link.',
  loading: 'Loading…',
} as const;

/** NOT IN SPEC wording of the share flyout. */
export const SHARE_TEXT = {
  tabs: 'Share with',
  to: 'To',
  toHint: 'Separate several addresses with commas.',
  message: 'Message',
  send: 'Send',
  cancel: 'Cancel',
} as const;

/** Button and field texts of the folder flyouts (NOT IN SPEC: the spec names the flyouts, not their words). */
export const FOLDER_FLYOUT_TEXT = {
  folders: 'Folders',
  newFolder: 'New folder',
  createFolder: 'Create folder',
  save: 'Save',
  update: 'Update',
  addToFolders: 'Add to folders',
  cancel: 'Cancel',
  loading: 'Loading…',
  noFolders: 'You have no folders yet.',
} as const;

/** NOT IN SPEC wording: the questions and buttons of the discard flyouts. */
export const REMOVE_TEXT = {
  remove: 'Remove',
  cancel: 'Cancel',
  question: (title: string) => `Remove “${title}” from My Library?`,
  bulkQuestion: (n: number) => `Remove ${n} ${n === 1 ? 'item' : 'items'} from My Library?`,
} as const;

/** NOT IN SPEC: the flyouts' titles (the spec names the flyouts only). */
export const LIBRARY_FLYOUT_TITLES: Record<LibraryFlyoutRequest['kind'], string> = {
  save: 'Save to My Library',
  organize: 'Organize folders',
  discard: 'Remove from My Library',
  'bulk-discard': 'Remove from My Library',
  'bulk-organize': 'Add to folders',
  share: 'Share',
  'share-list': 'Share folder',
};

export const CLOSE_LABEL = 'Close';

export const FLYOUT_LOADING = 'Loading…';
