/** The cart of a checkout step, read again when the user changes; guests get the sign-in prompt. */
import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'shared-contracts/router';
import { SignInPrompt, useUserStore } from 'shared-contracts';
import { loadCheckoutCart } from '../../api/checkout';
import { COMMERCE_MESSAGES, type Cart } from 'shared-contracts/commerce';
import { Alert, Status } from '../common';
import { EmptyCart, isEmpty } from '../cart/CartParts';

export type CheckoutCart = { status: 'guest' } | { status: 'loading' } | { status: 'error' } | { status: 'ready'; cart: Cart; setCart(cart: Cart): void };

export function useCheckoutCart(): CheckoutCart {
  const userId = useUserStore((s) => s.user?.id ?? null);
  const [state, setState] = useState<{ userId: string | null; cart: Cart | null; error: boolean }>({ userId, cart: null, error: false });
  useEffect(() => {
    if (!userId) return;
    let live = true;
    setState({ userId, cart: null, error: false });
    loadCheckoutCart().then(
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

/**
 * The states every checkout step shows the same way: the sign-in prompt for guests, loading, the
 * load error and the empty cart; `children` gets the ready, non-empty cart.
 */
export function CheckoutStep({ title, children }: { title: string; children: (checkout: Extract<CheckoutCart, { status: 'ready' }>) => ReactNode }) {
  const checkout = useCheckoutCart();
  if (checkout.status === 'guest') return <CheckoutSignIn title={title} />;
  if (checkout.status === 'loading' || checkout.status === 'error') {
    return (
      <>
        <h1>{title}</h1>
        {checkout.status === 'loading' ? <Status>Loading your cart…</Status> : <Alert>We could not load your cart. Please try again.</Alert>}
      </>
    );
  }
  if (isEmpty(checkout.cart)) return <EmptyCart title={title} />;
  return <>{children(checkout)}</>;
}
