/** The store's order calls. */
import { api } from 'shared-contracts';
import { OrderSchema, type Order } from 'shared-contracts/commerce';

/** An order, by its id (the order page). */
export const loadOrder = (id: string): Promise<Order> => api.request('GET', `/api/commerce/order/${encodeURIComponent(id)}`, OrderSchema);
