/**
 * `shared-contracts/dialog` (decision 038): the modal dialog and the focus trap. Every dialog opens
 * on a click, so its code is off every page's first view: a part imports this entry only from code
 * it loads on demand (the auth modal, the search overlay, the store's and the video's dialogs).
 */
export * from '../Dialog';
export * from '../focus';
