/** `shared-contracts/discovery` (decision 022): streams, topics, search, newsletters, the magazine, pagination. */
export * from '../discovery';
export * from '../Pagination';
