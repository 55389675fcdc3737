/**
 * The cart summary cache and the announcement every cart change makes now live in shared-contracts
 * (cart.ts), because the shell's header cart link keeps the count on every page (decision 021).
 */
export { announceCart, announceEmptyCart, readCartCache, sameModified, writeCartCache } from 'shared-contracts';
