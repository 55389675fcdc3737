/**
 * The library remote's own copy of its pages: My Library and the newsletters page. The fixed texts of the requirements come from shared-contracts
 * (LIBRARY_EMPTY_TEXT, LIBRARY_MESSAGES, MESSAGES.folder, and the labels of UI_TEXT: 'Load more',
 * 'Stop following', 'Find More', 'Purchased', 'Cancelled'); everything here is our own wording.
 * The exceptions are the few words of the two small exposed widgets, kept beside them
 * (ITEM_ACTIONS_TEXT in ItemActions.tsx, SUBSCRIBER_TOPIC_HINT in FollowTopic.tsx): they are on the
 * first view of articles, videos, charts and topics, which should not carry this whole file; and the
 * flyouts' copy, in components/flyouts/text.ts: the flyouts' chunk is loaded by ./App and by
 * ./ItemActions, and a module imported from two chunks is shipped whole and apart instead of inlined
 * (about 0.5 KB gzip more on /my-library when the flyouts' copy was here).
 * This module imports only the core entry and types.
 */
import { UI_TEXT } from 'shared-contracts';
import type { LibraryActivity } from 'shared-contracts/library';
import type { LibraryTab } from './components/library/libraryTabs';

export const LIBRARY_TEXT = {
  heading: 'My Library',
  /** The guest's panel: what My Library is for, above the sign-in prompt. */
  guestHeading: 'Keep what you read',
  guestText: 'Save articles, videos and charts to your own folders, follow the topics you care about and find your reading history on any device.',
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

/** NOT IN SPEC wording (the spec names the actions, not their announcements). */
export const NEWSLETTER_TEXT = {
  heading: 'Email Newsletters',
  newsletters: 'Newsletters',
  campaigns: 'Marketing campaigns',
  subscribersOnly: 'Subscribers only',
  subscribe: 'Subscribe',
  unsubscribe: 'Unsubscribe',
  unsubscribeAll: 'Unsubscribe from all',
  loading: 'Loading…',
  tryAgain: 'Try again',
  noneOfKind: { newsletter: 'There are no newsletters right now.', marketingCampaign: 'There are no marketing campaigns right now.' },
  subscribed: (name: string) => `Subscribed to ${name}.`,
  unsubscribed: (name: string) => `Unsubscribed from ${name}.`,
  unsubscribedAll: 'Unsubscribed from all newsletters.',
  sentTo: (email: string) => `Newsletters are sent to ${email}.`,
} as const;
