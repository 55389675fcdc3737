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
import {
  ARTICLE_CONTENT_MAX_ATTEMPTS,
  GIFT_QUERY_PARAM,
  api,
  bus,
  instanceMarkers,
  lazyComponent,
  pushDataLayer,
  useLoad,
  useUserStore,
  userStore,
  type Article,
  type ArticleContent,
} from 'shared-contracts';
import { AB_TAGS, giftText, meterText, promoAfter, showsMeter, subscribeHref, viewForMessage, type GateState, type GateView } from './gate';
import { PaywallStyles } from './styles';
import { SubscriberPanel, SubscriptionWall } from './Walls';

// What only some readers see loads when it is shown: the panel (walled guests), the reading-list
// button and overlay (articles in a list), the gift flyout (subscribers).
const PaywallPanel = lazyComponent(() => import(/* webpackChunkName: "paywall-panel" */ './PaywallPanel').then((m) => m.PaywallPanel));
const ReadingListOverlay = lazyComponent<ComponentProps<typeof import('./ReadingList').ReadingListOverlay>>(() =>
  import(/* webpackChunkName: "reading-list" */ './ReadingList').then((m) => m.ReadingListOverlay),
);
const GiftFlyout = lazyComponent<ComponentProps<typeof import('./GiftFlyout').GiftFlyout>>(() =>
  import(/* webpackChunkName: "gift-flyout" */ './GiftFlyout').then((m) => m.GiftFlyout),
);

export interface ArticleGateProps {
  article: Article;
}

/** NOT IN SPEC wording. */
export const LOADING_TEXT = 'Loading the article…';
export const ERROR_TEXT = 'We could not load the rest of this article. Please try again.';
export const PROMO_TEXT = 'Get unlimited access to every article, the magazine archive and more.';
export const PROMO_LINK = 'See subscription offers';

/**
 * One content request per article and gift at a time: React's StrictMode mounts twice, and the
 * meter on the server must not see two reads. The entry is dropped once the answer is in.
 */
const inFlight = new Map<string, Promise<ArticleContent>>();

async function fetchContent(article: Article, gift: string | undefined): Promise<ArticleContent> {
  // Retried when the answer is not 200, at most ARTICLE_CONTENT_MAX_ATTEMPTS attempts (PAY-07).
  let lastError: unknown;
  for (let attempt = 1; attempt <= ARTICLE_CONTENT_MAX_ATTEMPTS; attempt++) {
    try {
      return await api.articleContent(article.year, String(article.month).padStart(2, '0'), article.slug, gift);
    } catch (error) {
      lastError = error;
    }
  }
  throw lastError;
}

function loadContent(key: string, article: Article, gift: string | undefined): Promise<ArticleContent> {
  let p = inFlight.get(key);
  if (!p) {
    p = fetchContent(article, gift);
    inFlight.set(key, p);
    const drop = () => inFlight.delete(key);
    p.then(drop, drop);
  }
  return p;
}

export default function ArticleGate({ article }: ArticleGateProps) {
  const status = useUserStore((s) => s.status);
  const { search } = useLocation();
  const gift = new URLSearchParams(search).get(GIFT_QUERY_PARAM) || undefined;
  const [retries, setRetries] = useState(0);
  const key = `${article.id}|${gift ?? ''}|${retries}`;
  const content = useLoad(key, () => loadContent(key, article, gift));

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
  if (content.status === 'loading') notice = LOADING_TEXT;
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
              <aside className="promo" aria-label="Promotion">
                <strong>{PROMO_TEXT}</strong> <a href={subscribeHref(AB_TAGS.promo)}>{PROMO_LINK}</a>
              </aside>
            )}
          </Fragment>
        ))}
      </section>
      {content.status === 'error' && (
        <div className="gate-error">
          <p role="alert">{ERROR_TEXT}</p>
          <button type="button" onClick={() => setRetries((n) => n + 1)}>
            Try again
          </button>
        </div>
      )}
      {view?.kind === 'registration-wall' && <PaywallPanel />}
      {view?.kind === 'subscription-wall' && <SubscriptionWall abTag={view.abTag} />}
      {view?.kind === 'subscriber-panel' && <SubscriberPanel creative={view.creative} />}
      {readingList && content.status === 'ready' && (
        <ReadingListOverlay articleId={article.id} selected={content.data.message.readingList} />
      )}
      {view?.kind === 'full-content' && status === 'subscriber' && <GiftFlyout articleUrl={article.url} />}
      {status === 'guest' && view?.kind === 'full-content' && (
        <aside className="register-invite" aria-label="Registration invitation">
          <p>Register for free to save articles and get newsletters.</p>
          <button type="button" onClick={() => bus.emit('auth:open', { screen: 'registration' })}>
            Register
          </button>
        </aside>
      )}
    </div>
  );
}
