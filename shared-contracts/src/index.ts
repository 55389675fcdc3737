/**
 * The core of shared-contracts (`shared-contracts`): what every page runs. The schemas of the
 * user, articles and the API's common answers, the API client, the user store, the event bus, the
 * cart count, messages, constants and validation rules, and the small components every part uses.
 *
 * An area's own schemas, rules and components have an entry of their own, shared the same way
 * (decision 022), so a page loads only the areas it shows:
 * `shared-contracts/discovery`, `/library`, `/commerce`, `/video`, `/visual` and `/forms`.
 */
export * from './schemas';
export * from './slots';
export * from './bus';
export * from './client';
export * from './store';
export * from './cart';
export * from './subscription-order';
export * from './instances';
export * from './messages';
export * from './constants';
export * from './validation';
export * from './useLoad';
export * from './useMounted';
export * from './SignInPrompt';
export * from './Dialog';
export * from './CustomerService';
export * from './analytics';
export * from './lazyComponent';
export * from './focus';
