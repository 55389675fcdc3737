/**
 * /shopping-cart: shipped and digital lines with their quantities, the totals, the promo code, the
 * voucher_code flow, and Checkout. useCartPage holds the cart and its changes; this renders, and a
 * cart with lines is FilledCart.
 */
import { lazyComponent } from 'shared-contracts';
import { Alert, Status } from '../components/common';
import { EmptyCart, isEmpty } from '../components/cart/CartParts';
import { useCartPage } from '../components/cart/useCartPage';
import { CART_LOAD_ERROR } from '../text';

// The lines, the promo code and the totals: only a cart with lines loads their code (decision 040).
const FilledCart = lazyComponent(() => import(/* webpackChunkName: "store-filled-cart" */ '../components/cart/FilledCart').then((m) => m.FilledCart));

export function CartPage() {
  const { cart: load, voucher, busy, alert, change, waitForSignIn, navigate } = useCartPage();

  if (load.status === 'error') {
    return (
      <>
        <h1>Shopping Cart</h1>
        <Alert>{CART_LOAD_ERROR}</Alert>
      </>
    );
  }
  // While the cart, or a filled cart's code, is on its way.
  const loading = (
    <>
      <h1>Shopping Cart</h1>
      <Status>Loading your cart…</Status>
    </>
  );
  if (load.status === 'loading') return loading;

  const cart = load.data;
  const voucherNotice = voucher && (voucher.kind === 'status' ? <Status>{voucher.text}</Status> : <Alert>{voucher.text}</Alert>);
  if (isEmpty(cart)) {
    return (
      <>
        {voucherNotice}
        <EmptyCart title="Shopping Cart" />
      </>
    );
  }

  return (
    <FilledCart
      cart={cart}
      voucherNotice={voucherNotice}
      busy={busy}
      alert={alert}
      change={change}
      waitForSignIn={waitForSignIn}
      navigate={navigate}
      fallback={loading}
    />
  );
}
