/**
 * An order entry in the Ordered history (SITE-03, SITE-04, SITE-09): Purchased or Cancelled, the first five
 * line items and '+N more', a subscription order with its account number, the grand total in USD
 * with two decimals, the order's own link, when a case study's access ends, and each line's
 * download links.
 *
 * Marker: data-order-id and data-order-status="purchased|cancelled".
 */
import { formatLongDate } from 'shared-contracts';
import { formatUsd } from 'shared-contracts/money';
import { isSubscriptionOrder, orderStatusLabel, visibleOrderLines, type OrderEntry } from 'shared-contracts/library';
import { DOWNLOAD_TEXT, DownloadLinks } from 'shared-contracts/orders';
import { SiteLink } from 'shared-contracts/router';
import { LIBRARY_TEXT } from '../../text';

const T = LIBRARY_TEXT.order;

export function OrderEntryView({ order, title }: { order: OrderEntry; title: string }) {
  const status = orderStatusLabel(order.orderStatus);
  const lines = visibleOrderLines(order.lineItems);
  const hidden = order.lineItems.length - lines.length;
  const subscription = isSubscriptionOrder(title);
  const caseStudyEnds = order.caseStudyAccessEndsAt ? formatLongDate(order.caseStudyAccessEndsAt) : '';
  // Once a case study's links have expired, the date is when access ended.
  const caseStudyExpired = order.lineItems.some((l) => l.downloads?.some((d) => d.expired) === true);
  return (
    <div className="order-entry" data-order-id={order.orderId} data-order-status={status.toLowerCase()}>
      <p className={`order-status order-status-${status.toLowerCase()}`}>{status}</p>
      {subscription && (
        <p className="order-subscription">
          <span className="order-subscription-label">{T.subscription}</span>
          {order.accountNumber && (
            <>
              {' '}
              <span className="order-account-number">{T.accountNumber(order.accountNumber)}</span>
            </>
          )}
        </p>
      )}
      {lines.length > 0 && (
        <ul className="order-lines" aria-label={T.lines}>
          {lines.map((line, i) => (
            <li key={i} className="order-line">
              <span className="order-line-title">{line.title}</span> <span className="order-line-type">{line.contentType}</span>
              {line.authors.length > 0 && (
                <>
                  {' '}
                  <span className="order-line-authors">{LIBRARY_TEXT.by(line.authors)}</span>
                </>
              )}
              <DownloadLinks title={line.title} downloads={line.downloads ?? []} />
            </li>
          ))}
        </ul>
      )}
      {hidden > 0 && <p className="order-more">{T.more(hidden)}</p>}
      <p className="order-total">
        {T.total} <span className="order-total-amount">{formatUsd(order.grandTotalIncTax / 100)}</span>
      </p>
      {caseStudyEnds && <p className="order-case-study">{caseStudyExpired ? DOWNLOAD_TEXT.expiredMessage(caseStudyEnds) : T.caseStudyEnds(caseStudyEnds)}</p>}
      <SiteLink href={order.orderUrl} className="order-link">
        {T.view}
      </SiteLink>
    </div>
  );
}
