/**
 * The subscription wall ('enable-paywall', PAY-04) and the subscriber-only panel
 * ('piano:enable-paywall-creative', PAY-02): each a labelled region after the lead, drawn as the
 * publisher's offer panel (.wall): a headline, one primary 'Subscribe now', and the offer cards.
 * A chunk of its own with its words, its rules (the wall, the fade over the lead) and the offers
 * (Offers.tsx): only walled readers load it, so an article's first view does not pay for it.
 */
import { useId } from 'react';
import { UI_TEXT, bus, useUserStore, type PaywallCreative } from 'shared-contracts';
import { AB_TAGS, subscribeHref, type GateView } from './gate';
import { Offers } from './Offers';
import { WallStyles } from './WallStyles';

/** This view's words (NOT IN SPEC), kept in its own chunk: see text.ts. */
export const WALL_TEXT = {
  heading: 'Subscribe to keep reading',
  text: 'This article is for subscribers.',
  /** A subscriber who is not signed in signs in from the wall: the words before 'Sign in'. */
  alreadySubscriber: 'Already a subscriber?',
  signIn: 'Sign in',
};

/** The optional greeting of the subscriber-only panel. */
export function greeting(firstName: string): string {
  return `Hi, ${firstName}`;
}

/** A wall's view: the subscription wall or the subscriber-only panel. */
export type WallView = Extract<GateView, { kind: 'subscription-wall' | 'subscriber-panel' }>;

export function Wall({ view }: { view: WallView }) {
  return (
    <>
      <WallStyles />
      {view.kind === 'subscription-wall' ? <SubscriptionWall abTag={view.abTag} /> : <SubscriberPanel creative={view.creative} />}
    </>
  );
}

export function SubscriptionWall({ abTag }: { abTag: string }) {
  const id = useId();
  const status = useUserStore((s) => s.status);
  return (
    <section className="wall" aria-labelledby={id}>
      <h2 id={id}>{WALL_TEXT.heading}</h2>
      <p>{WALL_TEXT.text}</p>
      <a className="button-primary" href={subscribeHref(abTag)}>
        {UI_TEXT.subscribeNow}
      </a>
      {status === 'guest' && (
        <p>
          {WALL_TEXT.alreadySubscriber}{' '}
          <button type="button" className="button-link" onClick={() => bus.emit('auth:open', { screen: 'signin', reason: 'paywall' })}>
            {WALL_TEXT.signIn}
          </button>
        </p>
      )}
      <Offers abTag={abTag} />
    </section>
  );
}

export function SubscriberPanel({ creative }: { creative: PaywallCreative }) {
  const id = useId();
  return (
    <section className="wall" aria-labelledby={id}>
      {creative.greetingFirstName && <p>{greeting(creative.greetingFirstName)}</p>}
      <h2 id={id}>{creative.title}</h2>
      {creative.dek && <p>{creative.dek}</p>}
      {creative.subDek && <p>{creative.subDek}</p>}
      <a className="button-primary" href={creative.cta.href}>
        {creative.cta.text}
      </a>
      <Offers abTag={AB_TAGS.subscriptionWall} />
    </section>
  );
}
