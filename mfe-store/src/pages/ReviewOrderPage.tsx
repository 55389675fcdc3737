/** /review-order: the last look at the cart, addresses, method and card, and Place order. */
import { useState } from 'react';
import { Link, useNavigate } from 'shared-contracts/router';
import { Card, Price, pushDataLayer, useMounted } from 'shared-contracts';
import { submitOrder } from '../api/checkout';
import { COMMERCE_MESSAGES, cartLines, centsToDollars, formatCents, orderPath, type Cart, type Order } from 'shared-contracts/commerce';
import { rememberSubscriptionOrder } from 'shared-contracts/orders';
import { errorMessage, LineThumb } from '../components/common';
import { fieldErrors, statusOf } from '../components/checkout/apiErrors';
import { ErrorSummary, type SummaryItem } from '../components/checkout/ErrorSummary';
import { announceEmptyCart } from '../components/cart/cartCache';
import { TotalsList } from '../components/cart/CartParts';
import { AddressBlock } from '../components/checkout/AddressBlock';
import { CartStyles } from '../components/cart/styles';
import { CheckoutStyles } from '../components/checkout/styles';
import { ProcessingDialog } from '../components/modals/AddToCartDialogs';
import { CheckoutStep } from '../components/checkout/useCheckoutCart';
import { ORDER_PLACED_STATE, PAYMENT_FIELDS_HASH, REVIEW_ORDER_TITLE } from '../components/checkout/text';

function purchase(order: Order) {
  pushDataLayer({
    event: 'purchase',
    currency: 'USD',
    value: centsToDollars(order.grandTotalCents),
    tax: centsToDollars(order.taxCents),
    shipping: centsToDollars(order.shippingCostCents),
    transaction_id: order.id,
    items: order.lines.map((l) => ({ item_id: l.sku, item_name: l.title, price: centsToDollars(l.unitPriceCents), quantity: l.quantity })),
  });
}

/** Where a refused order is put right: the card, the address or method, or the cart. */
function fixedAt(status: number | null, field: string | undefined): string | undefined {
  if (status === 402 || field === 'payment') return `/shipping-payment#${PAYMENT_FIELDS_HASH}`;
  if (field === 'shippingAddress' || field === 'shippingMethod') return '/shipping-payment';
  if (status === 409 || field === 'productId' || field === 'promoCode' || field === 'cart') return '/shopping-cart';
  return undefined;
}

function ChangePaymentLink() {
  return <Link to="/shipping-payment">Change payment details</Link>;
}

function Review({ cart }: { cart: Cart }) {
  const navigate = useNavigate();
  const mounted = useMounted();
  const [placing, setPlacing] = useState(false);
  const [failure, setFailure] = useState<{ attempt: number; item: SummaryItem } | null>(null);
  const method = cart.shippingMethods.find((m) => m.code === cart.shippingMethod);
  const billing = cart.billingAddress ?? cart.shippingAddress;

  const place = async () => {
    if (placing) return;
    setPlacing(true);
    try {
      const order = await submitOrder();
      // The reminder cookie (SITE-04, SITE-09): the shell completes activation on the next load.
      if (order.subscription) rememberSubscriptionOrder(order.id);
      announceEmptyCart();
      purchase(order);
      if (mounted.current) setPlacing(false);
      navigate(orderPath(order.id, { receipt: true }), { state: ORDER_PLACED_STATE });
    } catch (error) {
      if (!mounted.current) return;
      const to = fixedAt(statusOf(error), fieldErrors(error)[0]?.field);
      setPlacing(false);
      // The error summary at the top takes the focus and the view: the reader was at 'Place order'.
      setFailure((last) => ({ attempt: (last?.attempt ?? 0) + 1, item: { message: errorMessage(error), ...(to ? { to } : {}) } }));
    }
  };

  return (
    <div className="review-page">
      <CheckoutStyles />
      <CartStyles />
      <h1>{REVIEW_ORDER_TITLE}</h1>
      {failure && <ErrorSummary key={failure.attempt} items={[failure.item]} />}
      {!cart.payment && (
        <p>
          {COMMERCE_MESSAGES.needsPayment} <ChangePaymentLink />
        </p>
      )}
      <div className="store-layout">
        <div>
          <section aria-labelledby="review-items">
            <h2 id="review-items" className="ds-section-title">
              Items
            </h2>
            <ul className="review-lines">
              {cartLines(cart).map((l) => (
                <li key={l.itemId} className="cart-line">
                  <LineThumb item={l} />
                  <span className="line-title cart-line-title">{l.productTitle}</span>{' '}
                  <span className="line-facts">
                    <span className="line-format">{l.format}</span> · <span className="line-quantity">Quantity: {l.quantity}</span>
                  </span>{' '}
                  <Price className="line-total">{formatCents(l.lineTotalCents)}</Price>
                </li>
              ))}
            </ul>
          </section>
          {cart.needsShipping && cart.shippingAddress && (
            <section aria-labelledby="review-shipping">
              <h2 id="review-shipping" className="ds-section-title">
                Shipping address
              </h2>
              <AddressBlock address={cart.shippingAddress} />
              <h3>Shipping method</h3>
              <p>{method ? `${method.label}, ${formatCents(method.costCents)}` : (cart.shippingMethod ?? COMMERCE_MESSAGES.needsMethod)}</p>
            </section>
          )}
          {billing && (
            <section aria-labelledby="review-billing">
              <h2 id="review-billing" className="ds-section-title">
                Billing address
              </h2>
              <AddressBlock address={billing} />
            </section>
          )}
          {cart.payment && (
            <section aria-labelledby="review-payment">
              <h2 id="review-payment" className="ds-section-title">
                Payment
              </h2>
              <p className="payment-card">{`Card ending in ${cart.payment.last4} (${cart.payment.brand})`}</p>
            </section>
          )}
          <p className="link-row">
            <Link to="/shipping-payment">Edit</Link>
          </p>
        </div>
        <Card as="div" boxed className="store-summary">
          <TotalsList totals={cart} />
          <button type="button" className="button-primary" disabled={placing} onClick={() => void place()}>
            Place order
          </button>
        </Card>
      </div>
      {placing && <ProcessingDialog onClose={() => undefined} />}
    </div>
  );
}

export default function ReviewOrderPage() {
  return <CheckoutStep title={REVIEW_ORDER_TITLE}>{(checkout) => <Review cart={checkout.cart} />}</CheckoutStep>;
}
