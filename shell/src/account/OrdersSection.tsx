/**
 * Order history with receipts (PLAT-15; SITE-02, SITE-04): the reader's newest orders with number,
 * date ('MMMM DD, YYYY'), total (USD, two decimals), status (Purchased or Cancelled), a link to the
 * order's own page and one to its receipt (`?receipt=true`). Maintenance takes order history
 * offline with the spec's notice (SITE-08); the rest of the history is in My Library's Ordered tab.
 */
import { useId } from 'react';
import { MESSAGES, formatLongDate, useLoad } from 'shared-contracts';
import { Link } from 'shared-contracts/router';
import { formatCents } from 'shared-contracts/money';
import { loadOrders, type AccountOrders } from './api';
import { ACCOUNT_TEXT } from './text';

const T = ACCOUNT_TEXT.orders;

function OrderList({ data }: { data: AccountOrders }) {
  if (data.maintenance) return <p className="maintenance-notice">{MESSAGES.maintenance}</p>;
  if (data.orders.length === 0) {
    return (
      <p>
        {`${T.none} `}
        <Link to="/store">{T.shop}</Link>
      </p>
    );
  }
  return (
    <>
      <ul className="account-orders">
        {data.orders.map((o) => (
          <li key={o.id} className="account-order">
            <p className="account-order-number">
              <Link to={o.orderUrl}>{T.order(o.orderNumber)}</Link>
            </p>
            <p className="account-order-title">{o.title}</p>
            <dl className="account-facts">
              <dt>{T.date}</dt>
              <dd>{formatLongDate(o.createdAt)}</dd>
              <dt>{T.total}</dt>
              <dd>{formatCents(o.grandTotalCents)}</dd>
              <dt>{T.status}</dt>
              <dd>{o.status}</dd>
            </dl>
            <Link to={o.receiptUrl} aria-label={T.receiptFor(o.orderNumber)}>
              {T.receipt}
            </Link>
          </li>
        ))}
      </ul>
      {data.total > data.orders.length && (
        <p>
          {`${T.more(data.orders.length, data.total)} `}
          <Link to="/my-library?tab=ordered">{T.all}</Link>
        </p>
      )}
    </>
  );
}

export function OrdersSection({ userId }: { userId: string }) {
  const headingId = useId();
  const orders = useLoad(`account:orders:${userId}`, loadOrders);
  return (
    <section className="account-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{T.heading}</h2>
      {orders.status === 'loading' && <p role="status">{T.loading}</p>}
      {orders.status === 'error' && <p role="alert">{T.failed}</p>}
      {orders.status === 'ready' && <OrderList data={orders.data} />}
    </section>
  );
}
