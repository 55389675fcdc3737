/** The store's calls about the cart: each answers the cart as it now is. */
import { api } from 'shared-contracts';
import type { Cart } from 'shared-contracts/commerce';

export const loadCart = (): Promise<Cart> => api.cart();

export const cartChanges = {
  setQuantity: (itemId: string, quantity: number): Promise<Cart> => api.setCartQuantity(itemId, quantity),
  removeLine: (itemId: string): Promise<Cart> => api.removeCartLine(itemId),
  applyPromoCode: (code: string): Promise<Cart> => api.applyPromoCode(code),
  removePromoCode: (): Promise<Cart> => api.removePromoCode(),
};

/** Adds items to the cart; the answer says whether they were added, or that the store is in maintenance. */
export const addToCart = (body: Parameters<typeof api.addToCart>[0]): ReturnType<typeof api.addToCart> => api.addToCart(body);
