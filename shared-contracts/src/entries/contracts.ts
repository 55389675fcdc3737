/**
 * `shared-contracts/contracts` (decision 030): the pure contracts every part and the server share.
 * The zod schemas of the user, articles and the API's common answers, the messages, the constants
 * and the small rules every page uses. No React, no zustand, no DOM: the server imports these
 * (through `shared-contracts/server`), and the browser gets them through the core entry, which
 * re-exports this entry by package name so one copy runs on the page.
 */
export * from '../schemas';
export * from '../messages';
export * from '../constants';
export * from '../validation';
