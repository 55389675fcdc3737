/**
 * `shared-contracts/pagination` (decision 038, extended): the `Pagination` component and `pageFromQuery`. Not shared and
 * stateless: each build that shows page numbers bundles it, so a page with a paged list (the
 * visual library, the magazine) does not load `shared-contracts/discovery` for it.
 */
export { Pagination, pageFromQuery } from '../Pagination';
export type * from '../Pagination';
