/**
 * The subscription wall ('enable-paywall', PAY-04) and the subscriber-only panel
 * ('piano:enable-paywall-creative', PAY-02): each a labelled region after the lead.
 */
import { useId } from 'react';
import { UI_TEXT, bus, useUserStore, type PaywallCreative } from 'shared-contracts';
import { subscribeHref } from './gate';
import { ALREADY_SUBSCRIBER, SIGN_IN, SUBSCRIPTION_WALL_HEADING, SUBSCRIPTION_WALL_TEXT, greeting } from '../text';

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
          {ALREADY_SUBSCRIBER}{' '}
          <button type="button" className="button-link" onClick={() => bus.emit('auth:open', { screen: 'signin', reason: 'paywall' })}>
            {SIGN_IN}
          </button>
        </p>
      )}
    </section>
  );
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
