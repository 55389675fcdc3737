/**
 * `shared-contracts/server` (decision 030): everything of shared-contracts the API server may use,
 * and nothing that needs React, zustand or the DOM: the pure contracts (`shared-contracts/contracts`)
 * and the pure modules of the areas (their schemas, rules and texts). The server imports
 * shared-contracts only through this entry; no browser build imports it (the area entries, which
 * also carry components, are the browser's).
 */
export * from 'shared-contracts/contracts';
export * from '../discovery';
export * from '../library';
export * from '../commerce';
export * from '../money';
export * from '../downloads';
export * from '../video';
export * from '../visual';
export * from '../entitlements';
export * from '../validators';
export * from '../server-errors';
export * from '../requests';
export * from '../profile-options';
export * from '../names';
export * from '../captcha-actions';
export * from '../images';
export * from '../releases';
