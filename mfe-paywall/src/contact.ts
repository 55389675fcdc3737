/** The paywall's customer-service lines: one list for every part, in shared-contracts. */
export { CUSTOMER_SERVICE_EMAIL, CUSTOMER_SERVICE_PHONES } from 'shared-contracts';
