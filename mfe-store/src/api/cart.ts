/**
 * The cart page's calls: each answers the cart as it now is. Adding to the cart is in addToCart.ts:
 * the add-to-cart flow is also on lazily loaded pages, and a module imported from two chunks is
 * shipped whole and apart instead of inlined in the first view's chunk.
 */
import { commerceApi, type Cart } from 'shared-contracts/commerce';

export const loadCart = (): Promise<Cart> => commerceApi.cart();

export const cartChanges = {
  setQuantity: (itemId: string, quantity: number): Promise<Cart> => commerceApi.setCartQuantity(itemId, quantity),
  removeLine: (itemId: string): Promise<Cart> => commerceApi.removeCartLine(itemId),
  applyPromoCode: (code: string): Promise<Cart> => commerceApi.applyPromoCode(code),
  removePromoCode: (): Promise<Cart> => commerceApi.removePromoCode(),
};
