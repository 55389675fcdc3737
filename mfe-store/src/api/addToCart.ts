/** The add-to-cart flow's one call (components/cart/useAddToCart.tsx). */
import { api } from 'shared-contracts';

/** Adds items to the cart; the answer says whether they were added, or that the store is in maintenance. */
export const addToCart = (body: Parameters<typeof api.addToCart>[0]): ReturnType<typeof api.addToCart> => api.addToCart(body);
