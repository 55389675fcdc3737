/**
 * /email-newsletters (SITE-01, SITE-04, SITE-06, SITE-08; decision 012): every newsletter and, in a section of
 * their own, the marketing campaigns, each a card with Subscribe and Unsubscribe.
 *
 * - Subscribe is disabled while subscribed and enabled again after unsubscribing; Unsubscribe is
 *   enabled only while subscribed (SITE-04). 'Unsubscribe from all' is disabled when nothing is
 *   subscribed. What is subscribed always comes from the server's answer: the subscriptions on
 *   load, then the answer of each change. One change runs at a time (every button waits), so two
 *   answers never race.
 * - A 403 (a subscriber-only newsletter for a non-subscriber, SITE-06) shows the server's message
 *   on that card; any other failure shows the generic failure with customer service (SITE-08).
 * - Guests see the list and the sign-in prompt; Subscribe asks the shell to open sign-in.
 * - A polite status region says 'Loading…' while loading and then what the last change did.
 *
 * Markers: each card has data-newsletter-id, data-newsletter-kind and data-subscribed.
 */
import { useEffect, useId, useRef, useState, type MouseEvent } from 'react';
import { Badge, bus, Button, Card, useLoad } from 'shared-contracts';
import { loadNewsletters, loadSubscriptions, newsletterChanges } from '../api/newsletters';
import { DISCOVERY_MESSAGES, type Newsletter, type NewsletterKind, type NewsletterSubscriptions } from 'shared-contracts/discovery';
import { FailureNotice, failureOf, GenericFailure, type Failure } from '../components/common/Failure';
import { useReader, type Reader } from '../components/common/reader';
import { SignInPrompt } from '../components/common/SignInPrompt';
import { NEWSLETTER_TEXT } from '../text';

const NOTHING: NewsletterSubscriptions = { newsletters: [], marketingCampaigns: [] };
const ALL = 'all';

/** Key of a card: ids are unique within a kind. */
function cardKey(n: Pick<Newsletter, 'kind' | 'id'>): string {
  return `${n.kind}:${n.id}`;
}

export function isSubscribed(subs: NewsletterSubscriptions, n: Pick<Newsletter, 'kind' | 'id'>): boolean {
  return n.kind === 'newsletter' ? subs.newsletters.includes(n.id) : subs.marketingCampaigns.some((c) => c.marketingCampaignId === n.id);
}

export function subscribedToAny(subs: NewsletterSubscriptions): boolean {
  return subs.newsletters.length > 0 || subs.marketingCampaigns.length > 0;
}

type SubsState = { status: 'loading' } | { status: 'ready'; data: NewsletterSubscriptions } | { status: 'error' };

const GUEST_SUBS: SubsState = { status: 'ready', data: NOTHING };

/** Everything that belongs to one reader: dropped when another reader (or a guest) takes over. */
interface Session {
  key: string;
  /** The card key (or 'all') whose change is running. */
  pending: string | null;
  failures: Record<string, Failure>;
}

function readerKey(reader: Reader): string {
  return reader.kind === 'member' ? `member:${reader.id}` : reader.kind;
}

function freshSession(key: string): Session {
  return { key, pending: null, failures: {} };
}

function without(failures: Record<string, Failure>, key: string): Record<string, Failure> {
  const next = { ...failures };
  delete next[key];
  return next;
}

interface CardProps {
  newsletter: Newsletter;
  /** null while not known. */
  subscribed: boolean | null;
  /** This card's change is running. */
  busy: boolean;
  /** Some change is running, or the subscriptions are not known: every button waits. */
  locked: boolean;
  failure: Failure | undefined;
  onSubscribe: () => void;
  onUnsubscribe: () => void;
}

function NewsletterCard({ newsletter: n, subscribed, busy, locked, failure, onSubscribe, onUnsubscribe }: CardProps) {
  const titleId = useId();
  const subscribeRef = useRef<HTMLButtonElement>(null);
  const unsubscribeRef = useRef<HTMLButtonElement>(null);
  /** The button that was clicked with focus: the focus goes to the card's enabled button afterwards. */
  const clicked = useRef<'subscribe' | 'unsubscribe' | null>(null);

  useEffect(() => {
    if (busy || !clicked.current) return;
    const order = clicked.current === 'subscribe' ? [unsubscribeRef, subscribeRef] : [subscribeRef, unsubscribeRef];
    clicked.current = null;
    order.find((r) => r.current && !r.current.disabled)?.current?.focus();
  }, [busy, subscribed]);

  const remember = (which: 'subscribe' | 'unsubscribe') => (e: MouseEvent<HTMLButtonElement>) => {
    clicked.current = document.activeElement === e.currentTarget ? which : null;
  };

  return (
    <li>
      <Card
        boxed
        className="newsletter-card"
        aria-labelledby={titleId}
        aria-busy={busy}
        data-newsletter-id={n.id}
        data-newsletter-kind={n.kind}
        data-subscribed={subscribed === null ? 'unknown' : String(subscribed)}
      >
        <h3 id={titleId} className="ds-card__title">
          {n.name}
        </h3>
        {n.subscriberOnly && <Badge className="badge subscribers-only">{NEWSLETTER_TEXT.subscribersOnly}</Badge>}
        <p className="newsletter-frequency ds-card__meta">{n.frequency}</p>
        <p className="newsletter-description ds-card__body">{n.description}</p>
        <div className="newsletter-actions ds-button-row">
          <Button
            variant={subscribed === false ? 'primary' : 'ghost'}
            ref={subscribeRef}
            aria-label={`${NEWSLETTER_TEXT.subscribe} to ${n.name}`}
            disabled={locked || subscribed !== false}
            onClick={(e) => {
              remember('subscribe')(e);
              onSubscribe();
            }}
          >
            {NEWSLETTER_TEXT.subscribe}
          </Button>
          <Button
            variant="ghost"
            ref={unsubscribeRef}
            aria-label={`${NEWSLETTER_TEXT.unsubscribe} from ${n.name}`}
            disabled={locked || subscribed !== true}
            onClick={(e) => {
              remember('unsubscribe')(e);
              onUnsubscribe();
            }}
          >
            {NEWSLETTER_TEXT.unsubscribe}
          </Button>
        </div>
        <FailureNotice failure={failure ?? null} />
      </Card>
    </li>
  );
}

export function NewslettersPage() {
  const reader = useReader();
  const key = readerKey(reader);
  const catalogue = useLoad<Newsletter[]>('newsletters', loadNewsletters);
  // The reader's own subscriptions: a guest has none to ask for, an unknown reader waits.
  const subsLoad = useLoad(`subscriptions:${key}`, () => (reader.kind === 'member' ? loadSubscriptions() : Promise.resolve(NOTHING)));
  const subs: SubsState = reader.kind === 'member' ? subsLoad : reader.kind === 'guest' ? GUEST_SUBS : { status: 'loading' };
  const [session, setSession] = useState<Session>(() => freshSession(key));
  const [announcement, setAnnouncement] = useState('');
  const currentKey = useRef(key);
  const heading = useRef<HTMLHeadingElement>(null);

  // A new reader: no leftovers of the last one.
  useEffect(() => {
    currentKey.current = key;
    setSession(freshSession(key));
  }, [key]);

  const current = session.key === key ? session : freshSession(key);
  const known = subs.status === 'ready' ? subs.data : null;
  const locked = known === null || current.pending !== null;

  /** Runs one change; its answer (or failure) applies only if the reader is still the same. */
  async function change(target: string, call: () => Promise<NewsletterSubscriptions>, done: string, refocusHeading = false) {
    const startKey = key;
    const update = (fn: (s: Session) => Session) => setSession((s) => (s.key === startKey ? fn(s) : s));
    update((s) => ({ ...s, pending: target, failures: without(s.failures, target) }));
    setAnnouncement('');
    try {
      const data = await call();
      update((s) => ({ ...s, pending: null }));
      if (currentKey.current === startKey) {
        subsLoad.mutate(data);
        setAnnouncement(done);
        if (refocusHeading) heading.current?.focus();
      }
    } catch (error) {
      const failure = failureOf(error, DISCOVERY_MESSAGES.newsletterSubscribersOnly);
      update((s) => ({ ...s, pending: null, failures: { ...s.failures, [target]: failure } }));
    }
  }

  function subscribe(n: Newsletter) {
    if (reader.kind === 'guest') {
      bus.emit('auth:open', { screen: 'signin', reason: 'newsletter' });
      return;
    }
    if (reader.kind !== 'member' || locked) return;
    void change(cardKey(n), () => newsletterChanges.subscribe(n.kind, n.id), NEWSLETTER_TEXT.subscribed(n.name));
  }

  function unsubscribe(n: Newsletter) {
    if (reader.kind !== 'member' || locked) return;
    void change(cardKey(n), () => newsletterChanges.unsubscribe(n.kind, n.id), NEWSLETTER_TEXT.unsubscribed(n.name));
  }

  function unsubscribeAll(e: MouseEvent<HTMLButtonElement>) {
    if (reader.kind !== 'member' || locked) return;
    const hadFocus = document.activeElement === e.currentTarget;
    void change(ALL, newsletterChanges.unsubscribeAll, NEWSLETTER_TEXT.unsubscribedAll, hadFocus);
  }

  const loading = catalogue.status === 'loading' || subs.status === 'loading';

  function group(kind: NewsletterKind, title: string) {
    if (catalogue.status !== 'ready') return null;
    const items = catalogue.data.filter((n) => n.kind === kind);
    const headingId = `newsletters-${kind}`;
    return (
      <section className="newsletter-group" aria-labelledby={headingId}>
        <h2 id={headingId}>{title}</h2>
        {items.length === 0 ? (
          <p>{NEWSLETTER_TEXT.noneOfKind[kind]}</p>
        ) : (
          <ul className="newsletter-list ds-grid">
            {items.map((n) => (
              <NewsletterCard
                key={cardKey(n)}
                newsletter={n}
                subscribed={known ? isSubscribed(known, n) : null}
                busy={current.pending === cardKey(n)}
                locked={locked}
                failure={current.failures[cardKey(n)]}
                onSubscribe={() => subscribe(n)}
                onUnsubscribe={() => unsubscribe(n)}
              />
            ))}
          </ul>
        )}
      </section>
    );
  }

  return (
    <div className="email-newsletters">
      <h1 ref={heading} tabIndex={-1}>
        {NEWSLETTER_TEXT.heading}
      </h1>
      {reader.kind === 'guest' && (
        <Card as="div" boxed className="library-guest">
          <SignInPrompt />
        </Card>
      )}
      {reader.kind === 'member' && <p>{NEWSLETTER_TEXT.sentTo(reader.email)}</p>}
      <p role="status" aria-live="polite" className="newsletter-status">
        {loading ? NEWSLETTER_TEXT.loading : announcement}
      </p>
      {subs.status === 'error' && (
        <div className="newsletter-load-failure">
          <GenericFailure />
          <Button variant="ghost" onClick={subsLoad.reload}>
            {NEWSLETTER_TEXT.tryAgain}
          </Button>
        </div>
      )}
      {catalogue.status === 'error' && <GenericFailure />}
      {reader.kind !== 'guest' && (
        <div className="newsletter-unsubscribe-all">
          <Button variant="ghost" aria-busy={current.pending === ALL} disabled={locked || !known || !subscribedToAny(known)} onClick={unsubscribeAll}>
            {NEWSLETTER_TEXT.unsubscribeAll}
          </Button>
          <FailureNotice failure={current.failures[ALL] ?? null} />
        </div>
      )}
      {group('newsletter', NEWSLETTER_TEXT.newsletters)}
      {group('marketingCampaign', NEWSLETTER_TEXT.campaigns)}
    </div>
  );
}

export default NewslettersPage;
