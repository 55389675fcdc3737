/**
 * The walls' offer cards: the first OFFERS_SHOWN subscriber tiers, each a boxed card
 * with its name, caption, yearly price (ds-price) and first features, and a link to the
 * subscription page with the wall's ab tag. In the walls' chunk (Walls.tsx): only walled readers
 * load it (and the commerce entry it uses); if the offers cannot be loaded the wall keeps its one
 * 'Subscribe now' button and shows no cards.
 */
import { useId } from 'react';
import { ButtonLink, Card, Price, useLoad } from 'shared-contracts';
import type { SubscriptionOffer } from 'shared-contracts/commerce';
import { formatUsd } from 'shared-contracts/money';
import { loadOffers } from '../api/offers';
import { subscribeHref } from './gate';

/** This view's words (NOT IN SPEC), kept in its own chunk: see text.ts. */
export const OFFERS_TEXT = {
  heading: 'Choose your subscription',
  choose: (label: string) => `Choose ${label}`,
  perTerm: (term: string) => ` / ${term}`,
};

/** How many tiers the wall offers (the rest are on the subscription page). */
export const OFFERS_SHOWN = 3;
const FEATURES_SHOWN = 3;

const CSS = `
[data-remote-root=paywall] .offers{margin:var(--space-6) 0 var(--space-4);text-align:start}
[data-remote-root=paywall] .offers .ds-grid{grid-template-columns:repeat(auto-fit,minmax(min(100%,12rem),1fr));gap:var(--space-4)}
[data-remote-root=paywall] .offer{height:100%}
[data-remote-root=paywall] .offer ul{margin:0;padding-inline-start:1.1em;font-size:var(--step--1);color:var(--muted);flex:1}
[data-remote-root=paywall] .offer .ds-button{margin:var(--space-2) 0 0}
`;

/** The cards' offers: the first OFFERS_SHOWN. */
export function shownOffers(offers: readonly SubscriptionOffer[]): SubscriptionOffer[] {
  return offers.slice(0, OFFERS_SHOWN);
}

export function Offers({ abTag }: { abTag: string }) {
  const offers = useLoad('paywall-offers', loadOffers);
  const id = useId();
  if (offers.status !== 'ready' || offers.data.length === 0) return null;
  return (
    <section className="offers" aria-labelledby={id} data-offers="">
      <style href="mfe-paywall-offers" precedence="default">
        {CSS}
      </style>
      <h3 id={id} className="ds-section-title">
        {OFFERS_TEXT.heading}
      </h3>
      <ul className="ds-grid">
        {shownOffers(offers.data).map((o) => (
          <Card as="li" boxed key={o.roleCode} className="offer" data-offer={o.roleCode}>
            <h4 className="ds-card__title">{o.label}</h4>
            {o.caption && <p className="ds-card__meta">{o.caption}</p>}
            <Price as="p">
              {formatUsd(o.priceCents / 100)}
              <span className="ds-card__meta">{OFFERS_TEXT.perTerm(o.term)}</span>
            </Price>
            <ul>
              {o.features.slice(0, FEATURES_SHOWN).map((f) => (
                <li key={f}>{f}</li>
              ))}
            </ul>
            <ButtonLink variant="ghost" href={subscribeHref(abTag)}>
              {OFFERS_TEXT.choose(o.label)}
            </ButtonLink>
          </Card>
        ))}
      </ul>
    </section>
  );
}
