/** The store's order calls. */
import { commerceApi } from 'shared-contracts/commerce';

/** An order, by its id (the order page). */
export const loadOrder = (id: string): ReturnType<typeof commerceApi.order> => commerceApi.order(id);
