import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'shared-contracts/router';
import { bus, useLoad, useMounted } from 'shared-contracts';
import { COMMERCE_MESSAGES, ORDER_QUERY, type Cart } from 'shared-contracts/commerce';
import { cartChanges, loadCart } from '../../api/cart';
import { errorMessage } from '../common';
import { announceCart } from './cartCache';

export type VoucherNotice = { kind: 'status' | 'error'; text: string } | null;

/**
 * The cart on arrival. With a voucher code in the address (the voucher_code flow) the code is applied
 * first and the answer says so; a refused code says why and the cart loads as it is. The parameter
 * leaves the address (replace navigation). The arrival runs once, even when an effect runs twice.
 */
function useArrivalCart() {
  const [search, setSearch] = useSearchParams();
  const [code] = useState(() => search.get(ORDER_QUERY.voucherCode)?.trim());
  const [voucher, setVoucher] = useState<VoucherNotice>(null);
  const arrival = useRef<Promise<Cart> | null>(null);
  const cart = useLoad('cart', (signal) => {
    arrival.current ??= code
      ? cartChanges.applyPromoCode(code).then(
          (c) => {
            if (signal.aborted) return c;
            announceCart(c);
            setVoucher({ kind: 'status', text: COMMERCE_MESSAGES.voucherApplied(code) });
            return c;
          },
          (error: unknown) => {
            if (!signal.aborted) setVoucher({ kind: 'error', text: errorMessage(error, COMMERCE_MESSAGES.promoInvalid) });
            return loadCart();
          },
        )
      : loadCart();
    return arrival.current;
  });

  useEffect(() => {
    if (!code) return;
    setSearch(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete(ORDER_QUERY.voucherCode);
        return next;
      },
      { replace: true },
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on arrival
  }, []);

  return { cart, voucher };
}

/**
 * Everything the cart page does besides rendering: the cart (see useArrivalCart), one change at a
 * time (`busy`) with its alert, and Checkout's wait for a sign-in: once a user signs in, the reader
 * goes on to /shipping-payment.
 */
export function useCartPage() {
  const { cart, voucher } = useArrivalCart();
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const [waitingForSignIn, setWaitingForSignIn] = useState(false);
  const navigate = useNavigate();
  const mounted = useMounted();

  useEffect(() => {
    if (!waitingForSignIn) return;
    return bus.on('user:changed', ({ user }) => {
      if (user) {
        setWaitingForSignIn(false);
        navigate('/shipping-payment');
      }
    });
  }, [waitingForSignIn, navigate]);

  /** Runs a cart change; returns the error message, or null on success. */
  const change = async (call: () => Promise<Cart>, showAlert = true): Promise<string | null> => {
    setBusy(true);
    setAlert(null);
    try {
      const next = await call();
      if (mounted.current) cart.mutate(next);
      announceCart(next);
      return null;
    } catch (error) {
      const message = errorMessage(error);
      if (mounted.current && showAlert) setAlert(message);
      return message;
    } finally {
      if (mounted.current) setBusy(false);
    }
  };

  return {
    cart,
    voucher,
    busy,
    alert,
    change,
    /** Checkout for a guest: sign in first, then on to /shipping-payment. */
    waitForSignIn: () => {
      setWaitingForSignIn(true);
      bus.emit('auth:open', { screen: 'signin', reason: 'checkout' });
    },
    navigate,
  };
}

export type CartPageState = ReturnType<typeof useCartPage>;
