/**
 * A cart with lines (/shopping-cart): the shipped and digital lines with their quantities, the
 * promo code, the totals and Checkout. Its own chunk (decision 040): an empty cart, a new reader's,
 * does without it.
 */
import { Link } from 'shared-contracts/router';
import { Card, pushDataLayer, UI_TEXT, userStore } from 'shared-contracts';
import { cartLines, centsToDollars, type Cart, type CartLine } from 'shared-contracts/commerce';
import type { ReactNode } from 'react';
import { cartChanges } from '../../api/cart';
import { Alert, commerceItems } from '../common';
import { TotalsList } from './CartParts';
import { LineSection, type LineProps } from './CartLines';
import { CartStyles } from './styles';
import { PromoCode } from './PromoCode';
import type { CartPageState } from './useCartPage';

export interface FilledCartProps extends Pick<CartPageState, 'busy' | 'alert' | 'change' | 'waitForSignIn' | 'navigate'> {
  cart: Cart;
  voucherNotice: ReactNode;
}

export function FilledCart({ cart, voucherNotice, busy, alert, change, waitForSignIn, navigate }: FilledCartProps) {
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
        <Card as="div" boxed className="store-summary">
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
        </Card>
      </div>
    </div>
  );
}
