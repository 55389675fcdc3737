import { Component, createElement, useEffect, useLayoutEffect, useMemo, useRef, type ComponentType, type ReactNode } from 'react';
import { Link, Route, Routes, useLocation, useNavigationType, type Location } from 'shared-contracts/router';
import {
  Button,
  bus,
  RemoteSlotContext,
  instanceMarkers,
  lazyComponent,
  userStore,
  useUserStore,
  type HostSlotProps,
  type LazyComponent,
  type RemoteName,
} from 'shared-contracts';
import { ArticleLoading } from './article/ArticleLoading';
import { onFirstMove } from './firstMove';
import { AuthModalHost } from './AuthModalHost';
import { Header, SECTIONS } from './header/Header';
import { RemoteSlot, SlotFallback } from './RemoteSlot';
import { NotFound } from './pages/NotFound';
import { loadHomePage } from './routeChunks';
import { withSheet, type Sheet } from './sheets';

/** Pages off the first view (account and discovery pages): each is its own chunk, fetched when its route is shown. */
function lazyPage<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K, ...sheets: Sheet[]) {
  const page = () => load().then((m) => m[name]);
  return sheets.length > 0 ? withSheet(page, ...sheets) : lazyComponent(page);
}
const AuthFramePage = lazyPage(() => import(/* webpackChunkName: "page-auth-frame" */ './pages/AuthFramePage'), 'AuthFramePage', 'account-banners');
const RegisterPage = lazyPage(() => import(/* webpackChunkName: "page-register" */ './pages/RegisterPage'), 'RegisterPage', 'account-banners');
const ResetPasswordPage = lazyPage(() => import(/* webpackChunkName: "page-reset-password" */ './pages/ResetPasswordPage'), 'ResetPasswordPage');
const VerifyEmailPage = lazyPage(() => import(/* webpackChunkName: "page-verify-email" */ './pages/VerifyEmailPage'), 'VerifyEmailPage');
// Only a reader with an unconfirmed address needs the prompt's code: its own chunk, loaded for them.
const VerifyEmailPrompt = lazyPage(
  () => import(/* webpackChunkName: "verify-email-prompt" */ './header/VerifyEmailPrompt'),
  'VerifyEmailPrompt',
  'account-banners',
);
const RestrictedUserPage = lazyPage(() => import(/* webpackChunkName: "page-restricted-user" */ './pages/RestrictedUserPage'), 'RestrictedUserPage');
const SubscriberRegistrationPage = lazyPage(
  () => import(/* webpackChunkName: "page-subscriber-registration" */ './pages/SubscriberRegistrationPage'),
  'SubscriberRegistrationPage',
);
// The home page is its own chunk too (decision 021): the entry starts it with bootstrap when the
// document is home, and bootstrap waits for it before the first render (routeChunks.ts).
const Home = withSheet(() => loadHomePage().then((m) => m.Home), 'home');
// The article page too (decision 038): the other pages do without its headline, hero and banner.
// Imported from here only, so its chunk holds none of what this one does (an import from the entry,
// as home's, would split the slot and federation code both use into a third file); the server's
// HTML preloads it with the shell's scripts, so it has arrived when the app first renders.
const ArticlePage = withSheet(() => import(/* webpackChunkName: "page-article" */ './pages/ArticlePage').then((m) => m.ArticlePage), 'article');

// Discovery pages (decision 012): the home page and the article page stay in the first view; these load
// when shown.
const SearchPage = lazyPage(() => import(/* webpackChunkName: "page-search" */ './pages/SearchPage'), 'SearchPage', 'search', 'help-box');
const Topics = lazyPage(() => import(/* webpackChunkName: "page-topics" */ './pages/Topics'), 'Topics', 'topics');
const TopicPage = lazyPage(() => import(/* webpackChunkName: "page-topic" */ './pages/TopicPage'), 'TopicPage', 'topics');
const Magazine = lazyPage(() => import(/* webpackChunkName: "page-magazine" */ './pages/Magazine'), 'Magazine', 'magazine');
const ArchiveTocPage = lazyPage(() => import(/* webpackChunkName: "page-archive-toc" */ './pages/ArchiveTocPage'), 'ArchiveTocPage', 'magazine');
const AscendPage = lazyPage(() => import(/* webpackChunkName: "page-ascend" */ './pages/AscendPage'), 'AscendPage');
const AnalyticServicesPage = lazyPage(() => import(/* webpackChunkName: "page-analytic-services" */ './pages/AnalyticServicesPage'), 'AnalyticServicesPage');
const BigIdeasPage = lazyPage(() => import(/* webpackChunkName: "page-big-ideas" */ './pages/BigIdeasPage'), 'BigIdeasPage');
// The gated collections (PAY-06.3): one page for both, an unnamed chunk (a name costs the article's first view bytes).
const GatedCollectionsPage = lazyPage(() => import('./pages/GatedCollectionPage'), 'GatedCollectionsPage');
// Help and policy pages (PLAT-16): linked from the footer, the auth forms and the error messages.
const SubscriberHelpPage = lazyPage(() => import(/* webpackChunkName: "page-subscriber-help" */ './pages/SubscriberHelpPage'), 'SubscriberHelpPage');
const PrivacyPolicyPage = lazyPage(() => import(/* webpackChunkName: "page-privacy-policy" */ './pages/PrivacyPolicyPage'), 'PrivacyPolicyPage');
const RegistrationCompletePage = lazyPage(
  () => import(/* webpackChunkName: "page-registration-complete" */ './pages/RegistrationCompletePage'),
  'RegistrationCompletePage',
);
// The reader's account (PLAT-15), from the user menu; an unnamed chunk: a name costs the article's first view bytes.
const AccountPage = lazyPage(() => import('./pages/AccountPage'), 'AccountPage');
// The release registry for operators (decision 037); unnamed for the same reason.
const OperationsPage = lazyPage(() => import('./pages/OperationsPage'), 'OperationsPage');

/**
 * The shell's pages with code of their own, by route (`/the-latest` is home without its carousel).
 * While the browser hydrates, a page whose code has not arrived waits for it with the server's HTML
 * on screen (lazyComponent), so its first render is the server's.
 */
const LAZY_PAGES: ReadonlyArray<readonly [string, LazyComponent<{ carousel?: boolean }>]> = [
  ['/', Home],
  ['/the-latest', Home],
  ['/search', SearchPage],
  ['/topics', Topics],
  ['/topic/:slug', TopicPage],
  ['/topic/subject/:slug', TopicPage],
  ['/magazine', Magazine],
  ['/big-ideas', BigIdeasPage],
  ['/case-selections', GatedCollectionsPage],
  ['/top-50-articles', GatedCollectionsPage],
  ['/subscriber-help', SubscriberHelpPage],
  ['/privacy-policy', PrivacyPolicyPage],
  ['/registration-complete', RegistrationCompletePage],
  ['/my-account', AccountPage],
  ['/operations', OperationsPage],
  ['/archive-toc/:issueCode', ArchiveTocPage],
  ['/ascend', AscendPage],
  ['/hbr-analytic-services', AnalyticServicesPage],
  ['/register', RegisterPage],
  ['/subscriber-registration', SubscriberRegistrationPage],
  ['/restricted-user', RestrictedUserPage],
  ['/reset-password', ResetPasswordPage],
  ['/verify-email', VerifyEmailPage],
];

/** The prompt to confirm the email address, for a signed-in reader who has not yet. */
function UnconfirmedEmailPrompt() {
  const unconfirmed = useUserStore((s) => s.user !== null && !s.user.emailVerified);
  return unconfirmed ? <VerifyEmailPrompt /> : null;
}

/**
 * Never blank (decision 047): a part that throws while rendering shows its own fallback, inside the
 * page grid, and the header, navigation and footer stay. Around the router's outlet (reset by the
 * next navigation, `reset`) and around the parts the shell mounts beside it.
 */
export class PartBoundary extends Component<{ children: ReactNode; page?: boolean; reset?: string }, { failed: boolean; at?: string }> {
  override state = { failed: false, at: this.props.reset };
  // A new `reset` (the next navigation) tries the part again; the tree is kept, not remounted
  // (a remote's own routes go on where they are).
  static getDerivedStateFromProps(props: { reset?: string }, state: { at?: string }) {
    return props.reset === state.at ? null : { failed: false, at: props.reset };
  }
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: Error) {
    console.warn('[shell] a part of the page failed', error);
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    if (!this.props.page) return null;
    return (
      <main id="main" className="page">
        <div className="slot-fallback" role="alert">
          <p>This page could not be shown. Please check your connection and try again.</p>
          <Button variant="secondary" small onClick={() => this.setState({ failed: false })}>
            Try again
          </Button>
        </div>
      </main>
    );
  }
}

/** A page's code that could not be fetched: said inside the page grid, with 'Try again' (busy while it tries). */
function PageUnavailable({ retry, busy }: { retry: () => void; busy: boolean }) {
  return (
    <main id="main" className="page">
      <div className="slot-fallback" role="alert">
        <p>This page could not be loaded. Please check your connection and try again.</p>
        <Button variant="secondary" small aria-busy={busy} onClick={retry}>
          Try again
        </Button>
      </div>
    </main>
  );
}

function PageLoading() {
  return (
    <main id="main" className="page">
      <p role="status">Loading…</p>
    </main>
  );
}

/**
 * Route prefixes each remote owns (docs/architecture.md, "Who owns what"); the remote picks the page.
 * Three-segment pages are listed explicitly: react-router ranks `/:year/:month/:slug` (the article
 * page) above a prefix splat such as `/video/*`, but below `/video/:id/:name`.
 */
export const REMOTE_ROUTES: ReadonlyArray<{ remote: RemoteName; what: string; paths: string[]; hydrate?: 'interaction' }> = [
  // My Library and the newsletters page are islands hydrated when the reader reaches for them
  // (decision 043): the server's HTML is the whole page, its links work, and a click is held for the code.
  { remote: 'library', what: 'My Library', paths: ['/my-library/*', '/my-library/library/:folderSlug', '/email-newsletters'], hydrate: 'interaction' },
  {
    remote: 'store',
    what: 'The store',
    paths: [
      '/store/*',
      '/product/*',
      '/product/:something/:availabilityId',
      '/shopping-cart',
      '/shipping-payment',
      '/review-order',
      '/subscriptions',
      '/order/*',
    ],
  },
  { remote: 'video', what: 'Video', paths: ['/video/*', '/video/:id/:name', '/video/embed/:id/:name'] },
  { remote: 'visualLibrary', what: 'The visual library', paths: ['/visual-library/*'] },
];

function RemotePage({ remote, what, hydrate }: { remote: RemoteName; what: string; hydrate?: 'interaction' }) {
  return (
    <div id="main" className="page remote-page">
      <RemoteSlot remote={remote} module="App" fallback={<SlotFallback what={what} />} placeholder={<p role="status">Loading…</p>} hydrate={hydrate} />
    </div>
  );
}

/**
 * The slot the shell offers remotes (shared-contracts slots.tsx): a remote shows another remote's
 * widget through it (video and visual-library pages show library/ItemActions), with the same time
 * budget, fallback and markers as the shell's own slots.
 */
function HostSlot({ remote, module, props, fallback, placeholder, className, hydrate }: HostSlotProps) {
  return <RemoteSlot remote={remote} module={module} props={props} fallback={fallback} placeholder={placeholder} className={className} hydrate={hydrate} />;
}

type Arrival = typeof import('./pageArrival');
let arrival: Arrival | undefined;
/** Scroll and focus on navigations (pageArrival.ts): its own chunk, off the first view. */
const loadArrival = () => import(/* webpackChunkName: "page-arrival" */ './pageArrival').then((m) => (arrival = m));

/**
 * Where a page opens (a new page at the top with focus on its h1, Back and Forward where
 * the reader was; pageArrival.ts), and a new time budget for the remotes on every client-side
 * navigation (the first page uses the document's start). The code comes at the reader's first
 * scroll, press or key, or the first navigation: the article's first view does without it.
 */
export function PageArrival() {
  const location = useLocation();
  const type = useNavigationType();
  const shown = useRef<Location | null>(null);
  // While mounted: `stop` ends the keeping of positions once it started.
  const keeping = useRef<{ live: boolean; stop?: () => void }>({ live: false });

  /** Loads the code and starts keeping positions (once); with `restore`, the entry's own comes back. */
  const begin = (restore: boolean) =>
    loadArrival().then((m) => {
      const k = keeping.current;
      if (k.live) k.stop ??= m.start(() => shown.current, restore);
      return m;
    });
  // Its code could not be fetched (offline): the page arrives where the browser puts it; asked again next time.
  const settle = (restore: boolean, then: (m: Arrival) => void = () => undefined) => void begin(restore).then(then, () => undefined);

  useEffect(() => {
    const k = { live: true } as { live: boolean; stop?: () => void };
    keeping.current = k;
    // Back or Forward loaded this document again: its entry's position comes back at once. Else the
    // code is wanted at the next navigation, not while the reader's first move is handled.
    const back = (performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined)?.type === 'back_forward';
    const stopListening = back ? undefined : onFirstMove(() => settle(false));
    if (back) settle(true);
    return () => {
      k.live = false;
      stopListening?.();
      k.stop?.();
    };
  }, []); // eslint-disable-line react-hooks/exhaustive-deps -- once per mount

  // The entry's key; the document's first entry and plain #anchor entries all have 'default'.
  const entry = location.key === 'default' ? location.pathname + location.search + location.hash : location.key;
  // Where the page being left was scrolled: read while rendering the next one, before its DOM
  // replaces it, for a reader who left it before the code above arrived (a slow connection).
  const left = useMemo(() => (typeof scrollY === 'number' ? scrollY : undefined), [entry]); // eslint-disable-line react-hooks/exhaustive-deps -- read once per entry
  useLayoutEffect(() => {
    const from = shown.current;
    shown.current = location;
    if (!from) return;
    let stop: (() => void) | undefined;
    let live = true;
    const go = (m: Arrival, early?: number) => {
      if (live) stop = m.navigated(from, location, type, early);
    };
    if (arrival && keeping.current.stop) go(arrival);
    else settle(false, (m) => go(m, left));
    return () => {
      live = false;
      stop?.();
    };
  }, [entry]); // eslint-disable-line react-hooks/exhaustive-deps -- once per history entry
  return null;
}

/** Tells boot.js (and tests) the page is live: held clicks and changes are replayed (`html[data-hydrated]`). */
function useAnnounceLive(): void {
  useEffect(() => {
    document.documentElement.dataset.hydrated = '';
    document.dispatchEvent(new Event('app:hydrated'));
    // The shell's own actions inside a part whose code is not there (an island degraded to HTML,
    // decision 047): `data-shell-action` (sign-in, register) is served by the shell itself.
    const serve = (event: MouseEvent) => {
      const action = (event.target as Element).closest?.('[data-shell-action]');
      if (!action?.closest('[data-hydrating],[data-hydrate-on]')) return;
      event.preventDefault();
      bus.emit('auth:open', { screen: action.getAttribute('data-shell-action') === 'registration' ? 'registration' : 'signin' });
    };
    // In the capture phase: before React's root, which holds events aimed at content it has not hydrated.
    document.addEventListener('click', serve, true);
    return () => document.removeEventListener('click', serve, true);
  }, []);
}

export function App() {
  const { pathname } = useLocation();
  useAnnounceLive();
  // Inside an iframe the auth modal stands alone: no header (so no mini-cart remote), no footer.
  if (pathname === '/auth/frame') {
    return (
      <div data-remote-root="shell" {...instanceMarkers(createElement, userStore)}>
        <AuthFramePage />
      </div>
    );
  }
  // An embedded video (an iframe on another site, 480x270): the player alone, no header or footer.
  if (pathname.startsWith('/video/embed/')) {
    return (
      <RemoteSlotContext.Provider value={HostSlot}>
        <div data-remote-root="shell" className="embed" {...instanceMarkers(createElement, userStore)}>
          <RemotePage remote="video" what="Video" />
        </div>
      </RemoteSlotContext.Provider>
    );
  }
  return (
    <RemoteSlotContext.Provider value={HostSlot}>
      <div data-remote-root="shell" {...instanceMarkers(createElement, userStore)}>
        <PageArrival />
        <a href="#main" className="skip-link">
          Skip to content
        </a>
        <Header />
        <PartBoundary>
          <UnconfirmedEmailPrompt />
        </PartBoundary>
        <PartBoundary page reset={pathname}>
          <Routes>
            {LAZY_PAGES.map(([path, Page]) => (
              <Route key={path} path={path} element={<Page carousel={path !== '/the-latest'} fallback={<PageLoading />} unavailable={PageUnavailable} />} />
            ))}
            <Route path="/:year/:month/:slug" element={<ArticlePage fallback={<ArticleLoading />} unavailable={PageUnavailable} />} />
            {REMOTE_ROUTES.flatMap(({ remote, what, paths, hydrate }) =>
              paths.map((path) => <Route key={path} path={path} element={<RemotePage remote={remote} what={what} hydrate={hydrate} />} />),
            )}
            <Route path="*" element={<NotFound />} />
          </Routes>
        </PartBoundary>
        <footer className="site-footer">
          <p className="footer-brand">The Management Review</p>
          {/* The sections again (without JavaScript a phone's header menu cannot open: these lead to the same pages). */}
          <nav aria-label="Site" className="footer-nav">
            <div>
              <h2>Sections</h2>
              <ul className="footer-links">
                {SECTIONS.map(([to, label]) => (
                  <li key={to}>
                    <Link to={to}>{label}</Link>
                  </li>
                ))}
              </ul>
            </div>
            <div>
              <h2>Read</h2>
              <ul className="footer-links">
                <li>
                  <Link to="/big-ideas">The Big Idea</Link>
                </li>
                <li>
                  <Link to="/magazine">Magazine archive</Link>
                </li>
                <li>
                  <Link to="/email-newsletters">Newsletters</Link>
                </li>
              </ul>
            </div>
            <div>
              <h2>Help</h2>
              <ul className="footer-links">
                <li>
                  <Link to="/subscriber-help">Customer service</Link>
                </li>
                <li>
                  <Link to="/privacy-policy">Privacy policy</Link>
                </li>
                <li>
                  <Link to="/subscriptions">Subscribe</Link>
                </li>
              </ul>
            </div>
          </nav>
          <p className="footer-small">© 2026 The Management Review. A demonstration site; all content is generated.</p>
        </footer>
        <PartBoundary>
          <AuthModalHost />
        </PartBoundary>
      </div>
    </RemoteSlotContext.Provider>
  );
}
