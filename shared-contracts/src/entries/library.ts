/** `shared-contracts/library` (decision 022): My Library's folders, saves, history and sharing. */
export * from '../library';
export * from '../downloads';
export * from '../DownloadLinks';
