/** The store's order calls. */
import { api } from 'shared-contracts';

/** An order, by its id (the order page). */
export const loadOrder = (id: string): ReturnType<typeof api.order> => api.order(id);
