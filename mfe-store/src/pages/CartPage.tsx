/**
 * /shopping-cart: shipped and digital lines with their quantities, the totals, the promo code, the
 * voucher_code flow, and Checkout. useCartPage holds the cart and its changes; this renders.
 */
import { Link } from 'shared-contracts/router';
import { UI_TEXT, pushDataLayer, userStore } from 'shared-contracts';
import { cartLines, centsToDollars, type CartLine } from 'shared-contracts/commerce';
import { cartChanges } from '../api/cart';
import { Alert, Status, commerceItems } from '../components/common';
import { EmptyCart, TotalsList, isEmpty } from '../components/cart/CartParts';
import { LineSection, type LineProps } from '../components/cart/CartLines';
import { CartStyles } from '../components/cart/styles';
import { PromoCode } from '../components/cart/PromoCode';
import { useCartPage } from '../components/cart/useCartPage';
import { CART_LOAD_ERROR } from '../text';

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
  if (load.status === 'loading') {
    return (
      <>
        <h1>Shopping Cart</h1>
        <Status>Loading your cart…</Status>
      </>
    );
  }

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

  const rowProps: LineProps = {
    busy,
    onQuantity: async (line: CartLine, quantity: number) => {
      const failure = await change(() => cartChanges.setQuantity(line.itemId, quantity));
      if (!failure && quantity < line.quantity) {
        const removed = line.quantity - quantity;
        pushDataLayer({
          event: 'remove_from_cart',
          currency: 'USD',
          value: centsToDollars(line.unitPriceCents * removed),
          items: commerceItems([{ ...line, quantity: removed }]),
        });
      }
      return failure === null;
    },
    onRemove: (line: CartLine) => {
      void change(() => cartChanges.removeLine(line.itemId)).then((failure) => {
        if (failure) return;
        pushDataLayer({ event: 'remove_from_cart', currency: 'USD', value: centsToDollars(line.lineTotalCents), items: commerceItems([line]) });
      });
    },
  };

  const checkout = () => {
    pushDataLayer({ event: 'begin_checkout', currency: 'USD', value: centsToDollars(cart.grandTotalCents), items: commerceItems(cartLines(cart)) });
    if (userStore.getState().user) {
      navigate('/shipping-payment');
      return;
    }
    waitForSignIn();
  };

  return (
    <div className="cart-page">
      <CartStyles />
      <h1>Shopping Cart</h1>
      {voucherNotice}
      {alert && <Alert>{alert}</Alert>}
      <div className="store-layout">
        <div>
          <LineSection title="Shipped items" lines={cart.lineItems.physicalItems} {...rowProps} />
          <LineSection title="Digital items" lines={cart.lineItems.digitalItems} {...rowProps} />
        </div>
        <div className="store-summary ds-card ds-card--boxed">
          <PromoCode
            cart={cart}
            busy={busy}
            apply={(code) => change(() => cartChanges.applyPromoCode(code), false)}
            remove={() => change(() => cartChanges.removePromoCode(), false)}
          />
          <TotalsList totals={cart} pending={cart.needsShipping ? cart.shippingMethod === null : cart.billingAddress === null} />
          <p className="cart-actions link-row">
            <button type="button" className="button-primary" onClick={checkout}>
              {UI_TEXT.checkout}
            </button>{' '}
            <Link to="/store">{UI_TEXT.continueShopping}</Link>
          </p>
        </div>
      </div>
    </div>
  );
}
