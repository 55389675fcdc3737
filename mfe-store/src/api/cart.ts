/**
 * The cart page's calls: each returns the cart as it now is. They are the store's own (decision
 * 048): a store release that changes one reaches readers without a new shell. Adding to the cart
 * is in addToCart.ts: the add-to-cart flow is also on lazily loaded pages, and a module imported
 * from two chunks is shipped whole and apart instead of inlined in the first view's chunk.
 */
import { api } from 'shared-contracts';
import { CartSchema, type Cart } from 'shared-contracts/commerce';

const path = encodeURIComponent;

export const loadCart = (): Promise<Cart> => api.request('GET', '/api/shopping-cart', CartSchema);

export const cartChanges = {
  setQuantity: (itemId: string, quantity: number): Promise<Cart> => api.request('PUT', `/api/shopping-cart/items/${path(itemId)}`, CartSchema, { quantity }),
  removeLine: (itemId: string): Promise<Cart> => api.request('DELETE', `/api/shopping-cart/items/${path(itemId)}`, CartSchema),
  applyPromoCode: (code: string): Promise<Cart> => api.request('POST', '/api/commerce/order/promo-code', CartSchema, { code }),
  removePromoCode: (): Promise<Cart> => api.request('DELETE', '/api/commerce/order/promo-code', CartSchema),
};
