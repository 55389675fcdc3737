/**
 * The core of shared-contracts (`shared-contracts`): what every page runs in the browser. The pure
 * contracts (the modules of `shared-contracts/contracts`: schemas, messages, constants, rules), the
 * client state (the API client, the user store, the event bus, the cart count, the
 * subscription-order cookie) and the small components and hooks every part uses.
 *
 * Its modules import each other by relative path. In a browser build `shared-contracts/contracts`
 * is this module (the federation config shares it under this entry's key, decision 030), so an
 * area that imports the pure contracts by that name uses the page's one core; in Node it is the
 * pure modules alone, without React.
 *
 * An area's own schemas, rules and components have an entry of their own, shared the same way
 * (decision 022), so a page loads only the areas it shows:
 * `shared-contracts/discovery`, `/library`, `/commerce`, `/video`, `/visual`, `/forms` and `/dialog`.
 */
export * from './schemas';
export * from './messages';
export * from './constants';
export * from './validation';
export * from './images';
export { Picture, type PictureProps } from './Picture';
export * from './slots';
export * from './bus';
export * from './client';
export * from './store';
export * from './cart';
export * from './subscription-order';
export * from './instances';
export * from './useLoad';
export * from './ssr';
export * from './useMounted';
export * from './SignInPrompt';
export * from './analytics';
export * from './lazyComponent';
