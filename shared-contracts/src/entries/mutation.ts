/**
 * `shared-contracts/mutation` (decision 049): `useMutation`. Not shared and stateless: each build
 * that writes bundles it; its invalidation runs on the page's one core.
 */
export { useMutation } from '../mutation';
export type * from '../mutation';
