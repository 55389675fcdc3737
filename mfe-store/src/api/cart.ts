/**
 * The cart page's calls: each answers the cart as it now is. Adding to the cart is in addToCart.ts:
 * the add-to-cart flow is also on lazily loaded pages, and a module imported from two chunks is
 * shipped whole and apart instead of inlined in the first view's chunk.
 */
import { api } from 'shared-contracts';
import type { Cart } from 'shared-contracts/commerce';

export const loadCart = (): Promise<Cart> => api.cart();

export const cartChanges = {
  setQuantity: (itemId: string, quantity: number): Promise<Cart> => api.setCartQuantity(itemId, quantity),
  removeLine: (itemId: string): Promise<Cart> => api.removeCartLine(itemId),
  applyPromoCode: (code: string): Promise<Cart> => api.applyPromoCode(code),
  removePromoCode: (): Promise<Cart> => api.removePromoCode(),
};
