/** The cart of a checkout step, read again when the user changes; guests get the sign-in prompt. */
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { COMMERCE_MESSAGES, SignInPrompt, api, useUserStore, type Cart } from 'shared-contracts';

export type CheckoutCart = { status: 'guest' } | { status: 'loading' } | { status: 'error' } | { status: 'ready'; cart: Cart; setCart(cart: Cart): void };

export function useCheckoutCart(): CheckoutCart {
  const userId = useUserStore((s) => s.user?.id ?? null);
  const [state, setState] = useState<{ userId: string | null; cart: Cart | null; error: boolean }>({ userId, cart: null, error: false });
  useEffect(() => {
    if (!userId) return;
    let live = true;
    setState({ userId, cart: null, error: false });
    api.cart().then(
      (cart) => live && setState({ userId, cart, error: false }),
      () => live && setState({ userId, cart: null, error: true }),
    );
    return () => {
      live = false;
    };
  }, [userId]);
  if (!userId) return { status: 'guest' };
  if (state.userId !== userId) return { status: 'loading' };
  if (state.error) return { status: 'error' };
  if (!state.cart) return { status: 'loading' };
  return { status: 'ready', cart: state.cart, setCart: (cart) => setState({ userId, cart, error: false }) };
}

export function CheckoutSignIn({ title }: { title: string }) {
  return (
    <>
      <h1>{title}</h1>
      <p>{COMMERCE_MESSAGES.signInToCheckout}</p>
      <SignInPrompt linkComponent={Link} />
    </>
  );
}
