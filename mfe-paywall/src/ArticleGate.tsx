/**
 * The article gate the shell's article page mounts below the headline. The lead shows at once; the
 * body comes from the server's meter (api.articleContent, PAY-07), with a gift link's token when
 * the page URL has one. The answer's paywall message decides what follows the lead (gate.ts): the
 * full content (with the promo block half way, the meter, the reading-list overlay, gift links for
 * subscribers), the registration wall with the paywall panel, the subscription wall, or the
 * subscriber-only panel. The decision is announced once per article on the bus ('paywall:state')
 * and, for walls and panels, in the data layer.
 *
 * The body paragraphs sit in `section.article-gated` (the server's JSON-LD points at it) with
 * data-gate-state: loading, error, full-content, registration-wall, subscription-wall,
 * subscriber-panel.
 */
import * as React from 'react';
import { Fragment, useEffect, useRef, useState, type ComponentProps } from 'react';
import { useLocation } from 'shared-contracts/router';
import { GIFT_QUERY_PARAM, bus, instanceMarkers, lazyComponent, pushDataLayer, useLoad, useUserStore, userStore, type Article } from 'shared-contracts';
import { loadArticleContent } from './api/article';
import { AB_TAGS, promoAfter, showsMeter, subscribeHref, viewForMessage, type GateState, type GateView } from './components/gate';
import { PaywallStyles } from './styles';
import {
  GATE_ERROR,
  GATE_LOADING,
  GATE_TRY_AGAIN,
  PROMO_LABEL,
  PROMO_LINK,
  PROMO_TEXT,
  REGISTER,
  REGISTER_INVITE,
  REGISTER_INVITE_LABEL,
  giftText,
  meterText,
} from './text';

// What only some readers see loads when it is shown: the panel (walled guests), the walls with their
// offers (walled readers), the reading-list
// button and overlay (articles in a list), the gift flyout (subscribers).
const PaywallPanel = lazyComponent(() => import(/* webpackChunkName: "paywall-panel" */ './components/PaywallPanel').then((m) => m.PaywallPanel));
const Wall = lazyComponent<ComponentProps<typeof import('./components/Walls').Wall>>(() =>
  import(/* webpackChunkName: "paywall-walls" */ './components/Walls').then((m) => m.Wall),
);
const ReadingListOverlay = lazyComponent<ComponentProps<typeof import('./components/ReadingList').ReadingListOverlay>>(() =>
  import(/* webpackChunkName: "reading-list" */ './components/ReadingList').then((m) => m.ReadingListOverlay),
);
const GiftFlyout = lazyComponent<ComponentProps<typeof import('./components/GiftFlyout').GiftFlyout>>(() =>
  import(/* webpackChunkName: "gift-flyout" */ './components/GiftFlyout').then((m) => m.GiftFlyout),
);

export interface ArticleGateProps {
  article: Article;
}

export default function ArticleGate({ article }: ArticleGateProps) {
  const status = useUserStore((s) => s.status);
  const { search } = useLocation();
  const gift = new URLSearchParams(search).get(GIFT_QUERY_PARAM) || undefined;
  const [retries, setRetries] = useState(0);
  const key = `${article.id}|${gift ?? ''}|${retries}`;
  const content = useLoad(key, () => loadArticleContent(key, article, gift));

  const view: GateView | null = content.status === 'ready' ? viewForMessage(content.data.message) : null;
  const state: GateState = content.status === 'ready' && view ? view.kind : content.status === 'error' ? 'error' : 'loading';

  // Once per article: a re-render, StrictMode running the effect twice, or a retry does not announce
  // again; the shell showing another article in the same gate does.
  const announced = useRef<string | null>(null);
  useEffect(() => {
    if (content.status !== 'ready' || announced.current === article.id) return;
    announced.current = article.id;
    const message = content.data.message;
    const shown = viewForMessage(message).kind;
    bus.emit('paywall:state', { state: shown, message });
    if (shown !== 'full-content') pushDataLayer({ event: 'paywall_wall_shown', wall: shown, context: message.context });
  }, [article.id, content]);

  const walled = view !== null && view.kind !== 'full-content';
  const paragraphs = content.status === 'ready' && !walled ? content.data.content : [];
  const subscriber = status === 'subscriber' || (content.status === 'ready' && content.data.reason === 'subscriber');
  const promoAt = subscriber ? null : promoAfter(paragraphs.length);

  let notice = '';
  if (content.status === 'loading') notice = GATE_LOADING;
  else if (content.status === 'ready') {
    const { reason, quota, giftExpiresAt } = content.data;
    if (reason === 'gift' && giftExpiresAt) notice = giftText(giftExpiresAt);
    else if (!walled && showsMeter(reason, quota)) notice = meterText(quota.remaining);
  }

  const readingList = view !== null && (view.kind === 'full-content' || view.kind === 'subscription-wall') && view.readingList;

  return (
    <div data-remote-root="paywall" {...instanceMarkers(React.createElement, userStore)}>
      <PaywallStyles />
      <p className="lead">{article.lead}</p>
      <p role="status" className="gate-notice">
        {notice}
      </p>
      <section className="article-gated article-body" data-gate-state={state} aria-busy={state === 'loading' || undefined}>
        {paragraphs.map((paragraph, i) => (
          <Fragment key={i}>
            <p>{paragraph}</p>
            {promoAt === i + 1 && (
              <aside className="promo" aria-label={PROMO_LABEL}>
                <strong>{PROMO_TEXT}</strong> <a href={subscribeHref(AB_TAGS.promo)}>{PROMO_LINK}</a>
              </aside>
            )}
          </Fragment>
        ))}
      </section>
      {content.status === 'error' && (
        <div className="gate-error">
          <p role="alert">{GATE_ERROR}</p>
          <button type="button" onClick={() => setRetries((n) => n + 1)}>
            {GATE_TRY_AGAIN}
          </button>
        </div>
      )}
      {view?.kind === 'registration-wall' && <PaywallPanel />}
      {(view?.kind === 'subscription-wall' || view?.kind === 'subscriber-panel') && <Wall view={view} />}
      {readingList && content.status === 'ready' && <ReadingListOverlay articleId={article.id} selected={content.data.message.readingList} />}
      {view?.kind === 'full-content' && status === 'subscriber' && <GiftFlyout articleUrl={article.url} />}
      {status === 'guest' && view?.kind === 'full-content' && (
        <aside className="register-invite" aria-label={REGISTER_INVITE_LABEL}>
          <p>{REGISTER_INVITE}</p>
          <button type="button" className="button-primary" onClick={() => bus.emit('auth:open', { screen: 'registration' })}>
            {REGISTER}
          </button>
        </aside>
      )}
    </div>
  );
}
