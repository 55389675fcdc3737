/** `shared-contracts/visual` (decision 022): the visual library's charts, collections and downloads. */
export * from '../visual';
export * from '../entitlements';
