/**
 * /order/{id} (SITE-02): the order's own page. `?receipt=true` adds the receipt, `?printMe=true`
 * prints once the order is shown. Right after Place order it confirms the order.
 */
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'shared-contracts/router';
import { Button, Card, formatLongDate, Price, SignInPrompt, UI_TEXT, useLoad, useUserStore } from 'shared-contracts';
import { loadOrder } from '../api/orders';
import { COMMERCE_MESSAGES, DOWNLOAD_TEXT, ORDER_QUERY, formatCents, queryFlag, type Order, type OrderDetailLine } from 'shared-contracts/commerce';
import { DownloadLinks } from 'shared-contracts/orders';
import { Alert, BackToStore, LineThumb, Status } from '../components/common';
import { statusOf } from '../components/checkout/apiErrors';
import { TotalsList } from '../components/cart/CartParts';
import { AddressBlock } from '../components/checkout/AddressBlock';
import { CartStyles } from '../components/cart/styles';
import { CheckoutStyles } from '../components/checkout/styles';
import { ORDER_CONFIRMED_TITLE, orderConfirmed } from '../components/checkout/text';

/** Whether the history entry is the one Place order opened (ORDER_PLACED_STATE). */
function justPlaced(state: unknown): boolean {
  return typeof state === 'object' && state !== null && 'orderPlaced' in state && state.orderPlaced === true;
}

/**
 * The order page's own styles, shipped with its chunk: the download links, the receipt's
 * addresses, and the printed receipt (?printMe, Print receipt): only the order (number, date, lines,
 * totals, addresses), black on white, without the site's header and footer or any button.
 */
const ORDER_CSS = `
[data-remote-root="store"] .order-facts{display:grid;grid-template-columns:max-content 1fr;gap:var(--space-1) var(--space-4);margin:0 0 var(--space-5);font-family:var(--font-sans)}
[data-remote-root="store"] .order-facts dt{color:var(--muted)}
[data-remote-root="store"] .order-facts dd{margin:0}
[data-remote-root="store"] .line-downloads{grid-column:1/-1}
[data-remote-root="store"] .download-note{margin:var(--space-1) 0 0;font-size:var(--step--1);color:var(--muted)}
[data-remote-root="store"] .receipt-parts{display:grid;gap:0 var(--space-6);grid-template-columns:repeat(auto-fit,minmax(12rem,1fr))}
[data-remote-root="store"] .order-receipt{margin-top:var(--space-6)}
[data-remote-root="store"] .receipt-parts{margin-bottom:var(--space-4)}
[data-remote-root="store"] .receipt-parts h3{font:700 var(--step--1) var(--font-sans);text-transform:uppercase;letter-spacing:.08em;color:var(--muted)}
@media print{
body:has(.order-page) :is(.site-header,.site-footer,.main-nav,.persistent-banner,.skip-link){display:none!important}
[data-remote-root="store"] .order-page *{color:black!important;background:none!important;box-shadow:none!important;border-color:black!important}
[data-remote-root="store"] .order-page :is(button,.order-confirmation,.order-continue,.line-downloads,.cover){display:none!important}
[data-remote-root="store"] .order-page:has(.order-receipt) .order-summary{display:none}
[data-remote-root="store"] .order-page .store-layout{display:block}
[data-remote-root="store"] .order-page .order-receipt{border:0;padding:0}
[data-remote-root="store"] .order-page :is(.order-receipt,.cart-line){break-inside:avoid}
[data-remote-root="store"] .order-page a{text-decoration:none}
}
`;

/**
 * A digital line's files (SITE-03 `downloads`): a link per format, or 'expired' in its
 * place once a case study's six months have passed (SITE-09), with the date access ends or ended.
 * Markers: data-download-format on each link or expired label, data-download-expired.
 */
function LineDownloads({ line }: { line: OrderDetailLine }) {
  const downloads = line.downloads ?? [];
  const first = downloads[0];
  if (!first) return null;
  const ends = first.expiresAt ? formatLongDate(first.expiresAt) : '';
  return (
    <div className="line-downloads">
      <DownloadLinks title={line.title} downloads={downloads} />
      {ends && <p className="download-note">{first.expired ? DOWNLOAD_TEXT.expiredMessage(ends) : DOWNLOAD_TEXT.availableUntil(ends)}</p>}
    </div>
  );
}

function OrderView({ order, receipt, printMe }: { order: Order; receipt: boolean; printMe: boolean }) {
  const printed = useRef(false);
  // Read after hydration: the server's render has no history state, and the page must match it first.
  const { state } = useLocation();
  const [placed, setPlaced] = useState(false);
  useEffect(() => setPlaced(justPlaced(state)), [state]);
  useEffect(() => {
    if (!printMe || printed.current) return;
    printed.current = true;
    window.print();
  }, [printMe]);

  return (
    <article className="order-page">
      <CheckoutStyles />
      <CartStyles />
      <style href="mfe-store-order-styles" precedence="default">
        {ORDER_CSS}
      </style>
      <h1>{`Order ${order.orderNumber}`}</h1>
      {placed && (
        <section className="order-confirmation" aria-labelledby="order-confirmed" role="status">
          <h2 id="order-confirmed">{ORDER_CONFIRMED_TITLE}</h2>
          <p>{orderConfirmed(order.orderNumber)}</p>
        </section>
      )}
      <div className="store-layout">
        <div>
          <dl className="order-facts">
            <dt>Date</dt>
            <dd>{formatLongDate(order.createdAt)}</dd>
            <dt>Status</dt>
            <dd>{order.status}</dd>
          </dl>
          {order.subscription && (
            <section aria-labelledby="order-subscription" className="order-subscription">
              <h2 id="order-subscription" className="ds-section-title">
                Subscription
              </h2>
              <p>{`Account number: ${order.subscription.accountNumber}`}</p>
              <p>Your subscriber access starts the next time you load a page.</p>
            </section>
          )}
          <section aria-labelledby="order-items">
            <h2 id="order-items" className="ds-section-title">
              Items
            </h2>
            <ul className="order-lines">
              {order.lines.map((l, i) => (
                <li key={`${l.sku}-${i}`} className="cart-line">
                  <LineThumb item={l} />
                  {l.productUrl ? (
                    <Link to={l.productUrl} className="cart-line-title">
                      {l.title}
                    </Link>
                  ) : (
                    <span className="cart-line-title">{l.title}</span>
                  )}{' '}
                  <span className="line-facts">
                    <span className="line-format">{l.format}</span> · <span className="line-quantity">Quantity: {l.quantity}</span>
                  </span>{' '}
                  <Price className="line-total">{formatCents(l.lineTotalCents)}</Price>
                  <LineDownloads line={l} />
                </li>
              ))}
            </ul>
          </section>
        </div>
        <Card as="div" boxed className="store-summary order-summary">
          <TotalsList totals={order} label="Order totals" />
        </Card>
      </div>
      {receipt && (
        <Card as="section" boxed aria-labelledby="order-receipt" className="order-receipt">
          <h2 id="order-receipt">Receipt</h2>
          <div className="receipt-parts">
            {order.billingAddress && (
              <div>
                <h3>Billing address</h3>
                <AddressBlock address={order.billingAddress} />
              </div>
            )}
            {order.shippingAddress && (
              <div>
                <h3>Shipping address</h3>
                <AddressBlock address={order.shippingAddress} />
              </div>
            )}
            {(order.payment || order.promoCode) && (
              <div>
                <h3>Payment</h3>
                {order.payment && <p>{`Card ending in ${order.payment.last4} (${order.payment.brand})`}</p>}
                {order.promoCode && <p>{`Promo code: ${order.promoCode}`}</p>}
              </div>
            )}
          </div>
          <TotalsList totals={order} label="Receipt totals" />
          <p className="ds-button-row">
            <Button variant="secondary" onClick={() => window.print()}>
              Print receipt
            </Button>
          </p>
        </Card>
      )}
      <p className="order-continue link-row">
        <Link to="/store">{UI_TEXT.continueShopping}</Link>
      </p>
    </article>
  );
}

export default function OrderPage({ id }: { id: string }) {
  const { search } = useLocation();
  const params = new URLSearchParams(search);
  const userId = useUserStore((s) => s.user?.id ?? '');
  const load = useLoad<Order>(`order:${id}:${userId}`, () => loadOrder(id));
  if (load.status === 'loading') return <Status>Loading your order…</Status>;
  if (load.status === 'error') {
    const status = statusOf(load.error);
    if (status === 401) {
      return (
        <>
          <h1>Order</h1>
          <SignInPrompt linkComponent={Link} />
        </>
      );
    }
    if (status === 404) {
      return (
        <>
          <h1>Order not found</h1>
          <p>{COMMERCE_MESSAGES.orderNotFound}</p>
          <BackToStore />
        </>
      );
    }
    return (
      <>
        <h1>Order</h1>
        <Alert>We could not load this order. Please try again.</Alert>
      </>
    );
  }
  return <OrderView order={load.data} receipt={queryFlag(params, ORDER_QUERY.receipt)} printMe={queryFlag(params, ORDER_QUERY.printMe)} />;
}
