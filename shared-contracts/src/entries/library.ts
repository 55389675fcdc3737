/** `shared-contracts/library` (decision 022): My Library's folders, saves, history and sharing. */
export {
  BulkResultSchema,
  connectWithNetwork,
  folderAlreadyExists,
  FolderRequestSchema,
  foldersOffered,
  isGiftFolder,
  isSubscriptionOrder,
  itemActions,
  ItemListsSchema,
  itemsAddedToFolders,
  itemsRemovedFromLibrary,
  LIBRARY_EMPTY_TEXT,
  LIBRARY_MESSAGES,
  LibraryStreamSchema,
  ListUrlSchema,
  MY_LIBRARY_FOLDER_NAME,
  orderStatusLabel,
  SAVE_FAILED_FOLLOW_UP_MS,
  SHARE_DESCRIPTION_MAX,
  SHARE_MAX_RECIPIENTS,
  SHARE_MESSAGE_MAX,
  SharedListSchema,
  sharedVia,
  shareOnNetwork,
  sharePopupUrl,
  ShareResultSchema,
  SOCIAL_SHARE_POPUP_SIZE,
  STREAM_PAGE_SIZE_WITH_ATTRIBUTE,
  truncateWithEllipsis,
  validateFolderName,
  visibleOrderLines,
} from '../library';
export { DOWNLOAD_TEXT } from '../downloads';
export { DownloadLinks } from '../DownloadLinks';
export type * from '../library';
export type * from '../downloads';
export type * from '../DownloadLinks';
