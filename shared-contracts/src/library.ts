/**
 * My Library (decision 013): saved items, folders, histories, bulk actions, sharing and order entries.
 * Schemas shared by the server (answers) and the library remote (parsing); small rules as pure
 * functions. Folders are `FolderSchema` (schemas.ts); name rules are validateFolderName
 * (below); the spec's messages are MESSAGES.folder / MESSAGES.library and the counted
 * ones in messages.ts.
 */
import * as z from 'zod/mini';
import {
  SHARE_PROVIDERS,
  FolderSchema,
  PageInfoSchema,
  showBuyCopies,
  wholeCount,
  plural,
  SHARE_PROVIDER_LABELS,
  StreamEntrySchema,
  type ShareProvider,
  MESSAGES,
  isBlank,
} from 'shared-contracts/contracts';
import { DownloadLinkSchema } from './downloads';

/* ------------------------------------------------------------------ folder names */

/** Folder (list) name maximum length (PAY-09; SITE-05). */
const LIST_NAME_MAX_LENGTH = 30;

/** Folder/list name: 1 to 30 English letters, digits and spaces (PAY-05; SITE-05). */
const FOLDER_NAME_PATTERN = new RegExp(`^[A-Za-z0-9 ]{1,${LIST_NAME_MAX_LENGTH}}$`);

/** Key used to compare folder names: lower-cased, all whitespace removed (SITE-05). */
export function folderNameKey(name: string): string {
  return name.toLowerCase().replace(/\s+/g, '');
}

/** True when the name equals one of the existing names, ignoring case and spaces (SITE-05). */
function isFolderNameTaken(name: string, existingNames: readonly string[]): boolean {
  const key = folderNameKey(name);
  return existingNames.some((existing) => folderNameKey(existing) === key);
}

/**
 * Folder name (SITE-05; PAY-05): required (not blank), then the 1-30 letters/digits/spaces
 * pattern, then unique among existingNames ignoring case and spaces. When renaming, pass the
 * folder's own name as currentName so keeping it (or changing only its case) is not a duplicate.
 */
export function validateFolderName(name: string, existingNames: readonly string[] = [], currentName?: string): string | null {
  if (isBlank(name)) return MESSAGES.required;
  if (!FOLDER_NAME_PATTERN.test(name)) return MESSAGES.folder.invalidName;
  const others = currentName === undefined ? existingNames : existingNames.filter((n) => folderNameKey(n) !== folderNameKey(currentName));
  return isFolderNameTaken(name, others) ? MESSAGES.folder.duplicate : null;
}

/**
 * Share email text truncated with an ellipsis (PAY-05). The result is at most maxLength
 * characters including the three-dot ellipsis; shorter text is returned unchanged.
 */
export function truncateWithEllipsis(text: string, maxLength: number): string {
  if (text.length <= maxLength) return text;
  const ellipsis = '...';
  if (maxLength <= ellipsis.length) return ellipsis.slice(0, Math.max(0, maxLength));
  return text.slice(0, maxLength - ellipsis.length).trimEnd() + ellipsis;
}

/* ------------------------------------------------------------------ library, folders, share */

/** 409 when saving to a folder (SITE-08: 'Folder' plus the folder name plus 'already exists'). */
export function folderAlreadyExists(name: string): string {
  return `Folder ${name} already exists`;
}
/** 'N item(s) removed from My Library' (SITE-08): 'item' for 1, 'items' otherwise. */
export function itemsRemovedFromLibrary(n: number): string {
  const k = wholeCount(n);
  return `${k} ${plural(k, 'item', 'items')} removed from My Library`;
}
/** 'N item(s) added to folders' (SITE-08): 'item' for 1, 'items' otherwise. */
export function itemsAddedToFolders(n: number): string {
  const k = wholeCount(n);
  return `${k} ${plural(k, 'item', 'items')} added to folders`;
}
/** 'Shared via' the network (SITE-08), using the network's display name (twitter shows as X). */
export function sharedVia(provider: ShareProvider): string {
  return `Shared via ${SHARE_PROVIDER_LABELS[provider]}`;
}
/** Share button before the user is connected to the network (SITE-04). */
export function connectWithNetwork(provider: ShareProvider): string {
  return `Connect with ${SHARE_PROVIDER_LABELS[provider]}`;
}
/** Share button once connected (SITE-04). */
export function shareOnNetwork(provider: ShareProvider): string {
  return `Share on ${SHARE_PROVIDER_LABELS[provider]}`;
}

/** After a failed save, 'Save operation failed!' follows after this delay, ms (SITE-08: 5 s). */
export const SAVE_FAILED_FOLLOW_UP_MS = 5000;
/** Library empty states by content type (SITE-02). */
export const LIBRARY_EMPTY_STATES = ['watched', 'read', 'shared', 'ordered', 'topics', 'newFolderCreated', 'library', 'activity', 'content'] as const;
/** Name of the always-present, always-checked folder (SITE-06). */
export const MY_LIBRARY_FOLDER_NAME = 'My Library';
/** Social share popup size, px (SITE-09). */
export const SOCIAL_SHARE_POPUP_SIZE = { width: 700, height: 450 } as const;
/** Stream page size when a page-size attribute exists (SITE-09). */
export const STREAM_PAGE_SIZE_WITH_ATTRIBUTE = 10;
/** Order entries show at most the first N line items (SITE-09). */
export const ORDER_ENTRY_MAX_LINE_ITEMS = 5;
/** Case study access expires this many months after purchase (SITE-09). */
export const CASE_STUDY_ACCESS_MONTHS = 6;

/* ------------------------------------------------------------------ content kinds */

/** What a member can save: articles, videos (mfe-video) and charts (mfe-visual-library). */
export const LIBRARY_CONTENT_KINDS = ['article', 'video', 'chart'] as const;

/** Histories of My Library (SITE-01): each is a stream of items. */
export const LIBRARY_ACTIVITIES = ['saved', 'read', 'shared', 'watched', 'ordered'] as const;
export type LibraryActivity = (typeof LIBRARY_ACTIVITIES)[number];

/* ------------------------------------------------------------------ order entries (SITE-03, SITE-04, SITE-09) */

export const OrderLineSchema = z.object({
  title: z.string(),
  contentType: z.string(),
  authors: z.array(z.string()),
  /** The line's files (SITE-03 content block `downloads`: link and format); [] when it has none. */
  downloads: z.optional(z.array(DownloadLinkSchema)),
});

/** Order entry (SITE-03: adds orderStatus and lineItems to the stream entry). */
export const OrderEntrySchema = z.object({
  orderId: z.string(),
  /** 'CANCELLED' or another status such as 'COMPLETED' (SITE-04: Purchased or Cancelled). */
  orderStatus: z.string(),
  lineItems: z.array(OrderLineSchema),
  /** Cents, tax included. */
  grandTotalIncTax: z.int(),
  itemCount: z.int(),
  /** The order page (its own link). */
  orderUrl: z.string(),
  /** Set for a subscription order: the subscriber account number it shows. */
  accountNumber: z.nullable(z.string()),
  /** ISO date a case study bought in this order stops being accessible (six months on), or null. */
  caseStudyAccessEndsAt: z.nullable(z.string()),
  /** Some line has files to download (SITE-03 content block `hasDownloads`). */
  hasDownloads: z.optional(z.boolean()),
});
export type OrderEntry = z.infer<typeof OrderEntrySchema>;

/* ------------------------------------------------------------------ library items (SITE-03) */

/**
 * The content block of a library item (SITE-03, Stream entry content block): what the member did
 * with it and what the card may offer.
 */
export const LibraryContentSchema = z.object({
  kind: z.enum(LIBRARY_CONTENT_KINDS),
  activity: z.enum(LIBRARY_ACTIVITIES),
  /** When the activity happened (saved, read, shared, watched, ordered). */
  activityAt: z.string(),
  /** Selectable items (saved ones) show Move and Discard with a bulk checkbox; others show Save. */
  selectable: z.boolean(),
  /** Read-only content hides Save, Move, Share, Buy Copies and Discard. */
  readOnly: z.boolean(),
  /** Folders holding the item (ids; the member's 'My Library' folder for every saved item). */
  listIds: z.array(z.string()),
  /** Shared items: the network and the addresses it went to (email). */
  provider: z.nullable(z.enum(SHARE_PROVIDERS)),
  sharedWith: z.array(z.string()),
  /** Ordered items only. */
  order: z.nullable(OrderEntrySchema),
});
export type LibraryContent = z.infer<typeof LibraryContentSchema>;

export const LibraryItemSchema = z.extend(StreamEntrySchema, { content: LibraryContentSchema });
export type LibraryItem = z.infer<typeof LibraryItemSchema>;

/**
 * A page of library items (the spec's stream response): GET /service/user/saves (All Folders),
 * /service/user/list/{id} (one folder) and /service/user/history/{activity}. Pages count from 0.
 */
export const LibraryStreamSchema = z.object({
  entry: z.array(LibraryItemSchema),
  page: PageInfoSchema,
  type: z.string(),
  isPaywallEnabled: z.boolean(),
  maintenanceStatus: z.boolean(),
});
export type LibraryStream = z.infer<typeof LibraryStreamSchema>;

/* ------------------------------------------------------------------ requests */

/** POST /service/user/lists (create) and PUT /service/user/lists/{id} (rename, describe). */
export const FolderRequestSchema = z.object({
  name: z.string(),
  description: z.optional(z.string().check(z.maxLength(300))),
});
export type FolderRequest = z.infer<typeof FolderRequestSchema>;

/** A content id: an article id, a video id or a chart id (the server knows which). */
const ContentId = z.string().check(z.minLength(1), z.maxLength(80));

/** POST /service/user/saves: save into My Library and, optionally, into folders. */
export const SaveRequestSchema = z.object({ id: ContentId, listIds: z.optional(z.array(z.string()).check(z.maxLength(50))) });

/** PUT /service/user/saves/{id}/lists: the item's folders, exactly (organize/move; My Library stays). */
export const OrganizeRequestSchema = z.object({ listIds: z.array(z.string()).check(z.maxLength(50)) });

/** POST /service/user/saves/bulk (bulk organize: add every id to every folder) and DELETE (bulk discard, listIds ignored). */
export const BulkRequestSchema = z.object({
  ids: z.array(ContentId).check(z.minLength(1), z.maxLength(200)),
  listIds: z.optional(z.array(z.string()).check(z.maxLength(50))),
});

/** Answer of a save, an organize and GET /service/user/saves/{id}/lists: the item's folders. */
export const ItemListsSchema = z.object({ id: z.string(), listIds: z.array(z.string()) });
export type ItemLists = z.infer<typeof ItemListsSchema>;

/** Answer of bulk calls: how many items changed (for 'N item(s) added to folders' / '... removed'). */
export const BulkResultSchema = z.object({ count: z.int().check(z.nonnegative()) });
export type BulkResult = z.infer<typeof BulkResultSchema>;

/** GET /service/user/list/url/{id}: the folder's share-list link (anyone holding it can read the folder). */
export const ListUrlSchema = z.object({ listurl: z.string() });

/** GET /api/shared-list/{token}: a shared folder, read-only. */
export const SharedListSchema = z.object({
  folder: FolderSchema,
  ownerFirstName: z.string(),
  items: z.array(LibraryItemSchema),
});
export type SharedList = z.infer<typeof SharedListSchema>;

/** POST /service/user/watched { id }: a video watched (mfe-video records it). */
export const WatchedRequestSchema = z.object({ id: ContentId });

/* ------------------------------------------------------------------ rules */

/** A slug that names a gift shows the gift icon (SITE-03). */
export function isGiftFolder(slug: string): boolean {
  return /(^|-)gifts?(-|$)/i.test(slug);
}

/** Folders offered in the save/organize lists (SITE-06): 'My Library' first (always checked, disabled), no other read-only folder. */
export function foldersOffered<T extends { readOnly: boolean; name: string }>(
  folders: readonly T[],
  myLibraryName: string,
): { myLibrary: T | null; others: T[] } {
  return {
    myLibrary: folders.find((f) => f.name === myLibraryName) ?? null,
    others: folders.filter((f) => !f.readOnly),
  };
}

/** Price block and Buy Copies rules (SITE-05): showPriceBlock, showBuyCopies in validation.ts; share-email truncation: truncateWithEllipsis. */

/** Actions an item card offers (SITE-06): read-only hides all; selectable shows Move and Discard (and a bulk checkbox), others Save. */
export function itemActions(
  content: Pick<LibraryContent, 'readOnly' | 'selectable'>,
  contentType: string,
  hasProductLink: boolean,
): {
  save: boolean;
  move: boolean;
  discard: boolean;
  share: boolean;
  buyCopies: boolean;
  bulk: boolean;
} {
  if (content.readOnly) return { save: false, move: false, discard: false, share: false, buyCopies: false, bulk: false };
  return {
    save: !content.selectable,
    move: content.selectable,
    discard: content.selectable,
    share: true,
    buyCopies: showBuyCopies({ contentType, productLink: hasProductLink ? 'yes' : null }),
    bulk: content.selectable,
  };
}

/** Order status label (SITE-04): Cancelled for CANCELLED, else Purchased. */
export function orderStatusLabel(orderStatus: string): 'Purchased' | 'Cancelled' {
  return orderStatus.toUpperCase() === 'CANCELLED' ? 'Cancelled' : 'Purchased';
}

/** Line items shown on an order entry: the first five (SITE-09). */
export function visibleOrderLines<T>(lines: readonly T[]): T[] {
  return lines.slice(0, ORDER_ENTRY_MAX_LINE_ITEMS);
}

/** The subscription marker in an order title (SITE-04). */
export const SUBSCRIPTION_ORDER_MARKER = 'Subscription';

/** An order whose title holds the subscription marker shows as a subscription with its account number (SITE-04). */
export function isSubscriptionOrder(title: string): boolean {
  return title.includes(SUBSCRIPTION_ORDER_MARKER);
}

/** Case-study access ends six months after purchase (SITE-09), same day of month, clamped to month end. UTC. */
export function caseStudyAccessEnds(purchasedAt: string | Date): Date {
  const d = new Date(purchasedAt);
  const day = d.getUTCDate();
  const target = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + CASE_STUDY_ACCESS_MONTHS, 1, d.getUTCHours(), d.getUTCMinutes()));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target;
}

/** The share-popup URL of a network (SITE-02, SITE-09: 700x450 popup). */
export function sharePopupUrl(provider: 'facebook' | 'twitter' | 'linkedin', url: string, title: string): string {
  const u = encodeURIComponent(url);
  if (provider === 'facebook') return `https://www.facebook.com/sharer/sharer.php?u=${u}`;
  if (provider === 'twitter') return `https://twitter.com/intent/tweet?url=${u}&text=${encodeURIComponent(title)}`;
  return `https://www.linkedin.com/sharing/share-offsite/?url=${u}`;
}

/** Longest custom message and shared description kept in a share email. */
export const SHARE_MESSAGE_MAX = 500;
export const SHARE_DESCRIPTION_MAX = 300;
/** Most addresses one email share goes to. */
export const SHARE_MAX_RECIPIENTS = 10;
/** Most addresses one member's email shares go to in 24 hours. */
export const SHARE_RECIPIENTS_PER_DAY = 50;

/** Texts of the library the spec does not give. */
export const LIBRARY_MESSAGES = {
  notFound: 'Not found',
  readOnlyFolder: 'This folder cannot be changed.',
  unknownContent: 'This item no longer exists.',
  shareUrlInvalid: 'Only pages of this site can be shared.',
  shareEmailUnverified: 'Confirm your email address to share by email.',
  shareTooManyRecipients: 'You can share with up to 10 addresses at a time.',
  shareMessageTooLong: 'Your message must be 500 characters or less.',
  shareDailyLimit: 'You can share by email with up to 50 addresses a day. Please try again tomorrow.',
  fromRequired: 'This field is required.',
  deleteFolderConfirm: 'Delete this folder? Its items stay in My Library.',
  stopFollowingConfirm: 'Stop following this topic?',
} as const;

/**
 * POST /service/user/share (SITE-03, Share payload): url (a path on this site), description,
 * provider, sharedWith (emails, for email), from, message. Members' shares are recorded in the
 * shared history. Email shares go through the mailer and only signed-in members with a confirmed
 * address may send them: the mail names the member's own address, so `from` is accepted and
 * ignored. At most SHARE_MAX_RECIPIENTS addresses a share, SHARE_MESSAGE_MAX characters of message.
 */
export const ShareRequestSchema = z.object({
  url: z.string().check(z.minLength(1), z.maxLength(500)),
  description: z.optional(z.string().check(z.maxLength(500))),
  provider: z.enum(SHARE_PROVIDERS),
  sharedWith: z.optional(z.array(z.string().check(z.maxLength(320))).check(z.maxLength(SHARE_MAX_RECIPIENTS, LIBRARY_MESSAGES.shareTooManyRecipients))),
  from: z.optional(z.string().check(z.maxLength(320))),
  message: z.optional(z.string().check(z.maxLength(SHARE_MESSAGE_MAX, LIBRARY_MESSAGES.shareMessageTooLong))),
});
export type ShareRequest = z.infer<typeof ShareRequestSchema>;
export const ShareResultSchema = z.object({ message: z.string() });
export type ShareResult = z.infer<typeof ShareResultSchema>;

/** Empty-state texts by content type (SITE-02 lists the types; the words are ours). */
export const LIBRARY_EMPTY_TEXT = {
  watched: 'Videos you watch will appear here.',
  read: 'Articles you read will appear here.',
  shared: 'Items you share will appear here.',
  ordered: 'Your orders will appear here.',
  topics: "You aren't following any topics yet.",
  newFolderCreated: 'Your new folder is empty. Save articles to it from any article page.',
  library: 'Save articles, videos and charts to find them here.',
  activity: 'Your activity will appear here.',
  content: 'Nothing here yet.',
} as const;
