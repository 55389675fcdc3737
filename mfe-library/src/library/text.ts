/**
 * Words of the My Library pages. The spec gives the empty states (LIBRARY_EMPTY_TEXT), the
 * confirmations (LIBRARY_MESSAGES), the folder messages (MESSAGES.folder) and a few labels
 * (UI_TEXT: 'Load more', 'Stop following', 'Find More', 'Purchased', 'Cancelled'); everything else
 * here is NOT IN SPEC wording of ours.
 */
import { UI_TEXT } from 'shared-contracts';
import { STREAM_PAGE_SIZE_WITH_ATTRIBUTE } from 'shared-contracts/library';
import type { LibraryActivity } from 'shared-contracts/library';

/** The content tabs of My Library (SITE-02 topic menu tabs and histories). */
export const LIBRARY_TABS = ['saved', 'read', 'shared', 'watched', 'ordered', 'topics'] as const;
export type LibraryTab = (typeof LIBRARY_TABS)[number];

/** Items per page of every library list (SITE-09: 10 when a page-size attribute exists). */
export const LIBRARY_PAGE_SIZE = STREAM_PAGE_SIZE_WITH_ATTRIBUTE;

export const LIBRARY_TEXT = {
  heading: 'My Library',
  foldersNav: 'Folders',
  allFolders: 'All Folders',
  folderNotFound: 'Folder not found',
  folderNotFoundText: 'We could not find that folder.',
  goToAllFolders: 'Go to All Folders',
  newFolder: 'New folder',
  newFolderForm: 'New folder',
  renameFolderForm: 'Rename folder',
  folderName: 'Folder name',
  description: 'Description (optional)',
  save: 'Save',
  saving: 'Saving…',
  cancel: 'Cancel',
  rename: 'Rename',
  delete: 'Delete',
  deleteFolder: 'Delete folder',
  shareFolder: 'Share folder',
  readOnly: 'Read-only',
  gift: 'Gift',
  loading: 'Loading…',
  loadingFolders: 'Loading your folders…',
  foldersError: 'We could not load your folders. Please try again.',
  listError: 'We could not load this list. Please try again.',
  moreError: 'We could not load more items. Please try again.',
  tryAgain: 'Try again',
  loadMore: UI_TEXT.loadMore,
  tabsLabel: 'Library content',
  tabs: { saved: 'Saved', read: 'Read', shared: 'Shared', watched: 'Watched', ordered: 'Ordered', topics: 'Topics' } satisfies Record<LibraryTab, string>,
  /** The verb before an item's date, by what the member did with it. */
  verbs: { saved: 'Saved', read: 'Read', shared: 'Shared', watched: 'Watched', ordered: 'Ordered' } satisfies Record<LibraryActivity, string>,
  published: 'Published',
  by: (authors: readonly string[]) => `By ${authors.join(', ')}`,
  sharedWith: 'Shared with',
  price: 'Price',
  move: 'Move',
  discard: 'Discard',
  saveItem: 'Save',
  share: 'Share',
  buyCopies: 'Buy Copies',
  selectItem: (title: string) => `Select ${title}`,
  selectAll: 'Select all',
  bulkActions: 'Bulk actions',
  selectedCount: (n: number) => `${n} selected`,
  moveToFolders: 'Move to folders',
  remove: 'Remove',
  order: {
    purchased: UI_TEXT.orderPurchased,
    cancelled: UI_TEXT.orderCancelled,
    lines: 'Items in this order',
    subscription: 'Subscription',
    accountNumber: (n: string) => `Account number ${n}`,
    more: (n: number) => `+${n} more`,
    total: 'Total',
    view: 'View order',
    caseStudyEnds: (date: string) => `Case study access ends ${date}`,
  },
  topics: {
    menu: 'Followed topics',
    all: 'All topics',
    unread: (n: number) => `(${n} unread)`,
    stopFollowing: UI_TEXT.stopFollowing,
    findMore: UI_TEXT.findMore,
    stopped: (name: string) => `You stopped following ${name}.`,
  },
  shared: {
    fallbackHeading: 'Shared folder',
    by: (firstName: string) => `Shared by ${firstName}`,
    invalid: 'This shared folder link is not valid.',
  },
  announce: {
    created: (name: string) => `Folder ${name} created.`,
    updated: (name: string) => `Folder ${name} updated.`,
    deleted: (name: string) => `Folder ${name} deleted.`,
  },
} as const;
