import { createElement, useLayoutEffect, useRef } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { instanceMarkers, userStore, type RemoteName } from 'shared-contracts';
import { AuthModal } from './AuthModal';
import { markNavigation } from './federation';
import { Header } from './Header';
import { RemoteSlot, SlotFallback } from './RemoteSlot';
import { ArticlePage } from './pages/ArticlePage';
import { AuthFramePage } from './pages/AuthFramePage';
import { Home } from './pages/Home';
import { Magazine } from './pages/Magazine';
import { NotFound } from './pages/NotFound';
import { RegisterPage } from './pages/RegisterPage';
import { ResetPasswordPage } from './pages/ResetPasswordPage';
import { RestrictedUserPage } from './pages/RestrictedUserPage';
import { SubscriberRegistrationPage } from './pages/SubscriberRegistrationPage';
import { Topics } from './pages/Topics';

/**
 * Route prefixes each remote owns (ARCHITECTURE.md, "Who owns what"); the remote picks the page.
 * Three-segment pages are listed explicitly: react-router ranks `/:year/:month/:slug` (the article
 * page) above a prefix splat such as `/video/*`, but below `/video/:id/:name`.
 */
export const REMOTE_ROUTES: ReadonlyArray<{ remote: RemoteName; what: string; paths: string[] }> = [
  { remote: 'library', what: 'My Library', paths: ['/my-library/*', '/my-library/library/:folderSlug', '/email-newsletters'] },
  {
    remote: 'store',
    what: 'The store',
    paths: ['/store/*', '/product/*', '/product/:something/:availabilityId', '/shopping-cart', '/shipping-payment', '/review-order', '/subscriptions', '/order/*'],
  },
  { remote: 'video', what: 'Video', paths: ['/video/*', '/video/:id/:name', '/video/embed/:id/:name'] },
  { remote: 'visualLibrary', what: 'The visual library', paths: ['/visual-library/*'] },
];

function RemotePage({ remote, what }: { remote: RemoteName; what: string }) {
  return (
    <div id="main" className="page remote-page">
      <RemoteSlot remote={remote} module="App" fallback={<SlotFallback what={what} />} placeholder={<p role="status">Loading…</p>} />
    </div>
  );
}

/** Client-side navigations restart the remotes' time budget (the first page uses the document's start). */
function NavigationClock() {
  const { key } = useLocation();
  const first = useRef(true);
  useLayoutEffect(() => {
    if (first.current) first.current = false;
    else markNavigation();
  }, [key]);
  return null;
}

export function App() {
  const { pathname } = useLocation();
  // Inside an iframe the auth modal stands alone: no header (so no mini-cart remote), no footer.
  if (pathname === '/auth/frame') {
    return (
      <div data-remote-root="shell" {...instanceMarkers(createElement, userStore)}>
        <AuthFramePage />
      </div>
    );
  }
  return (
    <div data-remote-root="shell" {...instanceMarkers(createElement, userStore)}>
      <NavigationClock />
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <Header />
      <Routes>
        <Route path="/" element={<Home />} />
        <Route path="/the-latest" element={<Home />} />
        <Route path="/topics" element={<Topics />} />
        <Route path="/magazine" element={<Magazine />} />
        <Route path="/register" element={<RegisterPage />} />
        <Route path="/subscriber-registration" element={<SubscriberRegistrationPage />} />
        <Route path="/restricted-user" element={<RestrictedUserPage />} />
        <Route path="/reset-password" element={<ResetPasswordPage />} />
        <Route path="/:year/:month/:slug" element={<ArticlePage />} />
        {REMOTE_ROUTES.flatMap(({ remote, what, paths }) =>
          paths.map((path) => <Route key={path} path={path} element={<RemotePage remote={remote} what={what} />} />),
        )}
        <Route path="*" element={<NotFound />} />
      </Routes>
      <footer className="site-footer">
        <p>© 2026 The Management Review. A demonstration site; all content is generated.</p>
      </footer>
      <AuthModal />
    </div>
  );
}
