/**
 * The subscription wall ('enable-paywall', PAY-04) and the subscriber-only panel
 * ('piano:enable-paywall-creative', PAY-02): each a labelled region after the lead.
 */
import { useId } from 'react';
import { UI_TEXT, bus, useUserStore, type PaywallCreative } from 'shared-contracts';
import { subscribeHref } from './gate';

/** NOT IN SPEC: the subscription wall's words. */
export const SUBSCRIPTION_WALL_HEADING = 'Subscribe to keep reading';
const SUBSCRIPTION_WALL_TEXT = 'This article is for subscribers.';

export function SubscriptionWall({ abTag }: { abTag: string }) {
  const id = useId();
  const status = useUserStore((s) => s.status);
  return (
    <section className="subscription-wall" aria-labelledby={id}>
      <h2 id={id}>{SUBSCRIPTION_WALL_HEADING}</h2>
      <p>{SUBSCRIPTION_WALL_TEXT}</p>
      <a className="button-primary" href={subscribeHref(abTag)}>
        {UI_TEXT.subscribeNow}
      </a>
      {status === 'guest' && (
        <p>
          {/* NOT IN SPEC: a subscriber who is not signed in signs in from the wall. */}
          Already a subscriber?{' '}
          <button type="button" className="button-link" onClick={() => bus.emit('auth:open', { screen: 'signin', reason: 'paywall' })}>
            Sign in
          </button>
        </p>
      )}
    </section>
  );
}

/** NOT IN SPEC wording of the optional greeting ('Hi, {firstName}'). */
export function greeting(firstName: string): string {
  return `Hi, ${firstName}`;
}

export function SubscriberPanel({ creative }: { creative: PaywallCreative }) {
  const id = useId();
  return (
    <section className="subscriber-panel" aria-labelledby={id}>
      {creative.greetingFirstName && <p className="greeting">{greeting(creative.greetingFirstName)}</p>}
      <h2 id={id}>{creative.title}</h2>
      {creative.dek && <p className="dek">{creative.dek}</p>}
      {creative.subDek && <p className="sub-dek">{creative.subDek}</p>}
      <a className="button-primary" href={creative.cta.href}>
        {creative.cta.text}
      </a>
    </section>
  );
}
