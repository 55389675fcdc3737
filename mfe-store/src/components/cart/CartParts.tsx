/**
 * Pieces of the cart shared by the cart page and the checkout: the totals and the empty cart. The
 * address as text, which only the review step and the order page show, is checkout/AddressBlock.tsx:
 * this module is in the first chunk, where everything it holds is shipped.
 */
import { COMMERCE_MESSAGES, formatCents, type Cart, type Order } from 'shared-contracts/commerce';
import { ContinueShoppingLink } from '../common';
import { CALCULATED_AT_CHECKOUT } from '../../text';

type Totals = Pick<Cart | Order, 'subTotalCents' | 'discountCents' | 'shippingCostCents' | 'taxCents' | 'grandTotalCents'>;

/**
 * Subtotal, Discount (when any), Shipping, Tax and Total, in USD with two decimals. `pending`: the
 * cart has no address and method yet, so shipping and tax read 'Calculated at checkout' (or
 * `pendingText`); 'tax': only the tax is not known yet (no state chosen).
 */
export function TotalsList({
  totals,
  label = 'Order summary',
  pending = false,
  pendingText = CALCULATED_AT_CHECKOUT,
}: {
  totals: Totals;
  label?: string;
  pending?: boolean | 'tax';
  pendingText?: string;
}) {
  return (
    <dl className="cart-totals" aria-label={label}>
      <dt>Subtotal</dt>
      <dd>{formatCents(totals.subTotalCents)}</dd>
      {totals.discountCents > 0 && (
        <>
          <dt>Discount</dt>
          <dd>{`-${formatCents(totals.discountCents)}`}</dd>
        </>
      )}
      <dt>Shipping</dt>
      <dd>{pending === true ? pendingText : formatCents(totals.shippingCostCents)}</dd>
      <dt>Tax</dt>
      <dd>{pending ? pendingText : formatCents(totals.taxCents)}</dd>
      <dt>Total</dt>
      <dd>{formatCents(totals.grandTotalCents)}</dd>
    </dl>
  );
}

export function EmptyCart({ title }: { title: string }) {
  return (
    <>
      <h1>{title}</h1>
      <p>{COMMERCE_MESSAGES.emptyCart}</p>
      <ContinueShoppingLink />
    </>
  );
}

export function isEmpty(cart: Cart): boolean {
  return cart.lineItems.physicalItems.length === 0 && cart.lineItems.digitalItems.length === 0;
}
