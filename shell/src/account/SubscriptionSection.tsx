/**
 * The reader's subscription (PLAT-15; PAY-03, PAY-06): the tier's label and caption, and of the
 * latest subscription (ACCESS_CODE grants are passed over when picking it, PAY-06) the term title,
 * account number, status, start and expiration dates and renewals, from the profile's subscriber
 * details. A reader without one is offered /subscriptions.
 */
import { useId } from 'react';
import { formatLongDate, type Subscription, type User } from 'shared-contracts';
import { Link } from 'shared-contracts/router';
import { ACCOUNT_TEXT } from './text';

const T = ACCOUNT_TEXT.subscription;

/** The subscription the page describes: the first listed that is not an access-code grant. */
export function latestSubscription(subscriptions: readonly Subscription[]): Subscription | undefined {
  return subscriptions.find((s) => s.subscriptionSourceCode !== 'ACCESS_CODE') ?? subscriptions[0];
}

/** 'ACTIVE' -> 'Active'. */
const statusText = (status: string) => status.charAt(0) + status.slice(1).toLowerCase();

export function SubscriptionSection({ user }: { user: User }) {
  const headingId = useId();
  const details = user.status === 'subscriber' ? user.subscriber : null;
  const latest = details ? latestSubscription(details.subscriptions) : undefined;
  return (
    <section className="account-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{T.heading}</h2>
      {details ? (
        <dl className="account-facts">
          {user.tier && (
            <>
              <dt>{T.tier}</dt>
              <dd>{user.tier.caption ? `${user.tier.label} (${user.tier.caption})` : user.tier.label}</dd>
            </>
          )}
          {latest && (
            <>
              <dt>{T.term}</dt>
              <dd>{latest.termTitle}</dd>
            </>
          )}
          <dt>{T.accountNumber}</dt>
          <dd>{latest?.accountNumber ?? details.accountNumber}</dd>
          {latest && (
            <>
              <dt>{T.status}</dt>
              <dd>{statusText(latest.subscriptionStatus)}</dd>
              <dt>{T.start}</dt>
              <dd>{formatLongDate(latest.subscriptionAccessPeriod.startDate)}</dd>
              <dt>{T.expiration}</dt>
              <dd>{formatLongDate(latest.subscriptionAccessPeriod.expirationDate)}</dd>
              <dt>{T.renewals}</dt>
              <dd>{T.renewed(latest.timesRenewed)}</dd>
            </>
          )}
        </dl>
      ) : (
        <>
          <p>{T.none}</p>
          <p>
            <Link to="/subscriptions">{T.subscribe}</Link>
          </p>
        </>
      )}
    </section>
  );
}
