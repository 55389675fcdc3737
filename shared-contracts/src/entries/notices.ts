/**
 * `shared-contracts/notices` (decision 038, extended): the customer-service phone lines
 * (`CustomerServicePhones`) that failures, help pages and the store's apology show. Not shared and
 * off the core: it holds no state, so each build bundles it into the chunks that show it, and the
 * first views (which show none) do not load it.
 */
export * from '../CustomerService';
