import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'shared-contracts/router';
import { hasSubscriptionOrder, userStore } from 'shared-contracts';
import { App, firstPageReady } from './App';
import { preloadUserMenu } from './header/Header';

// Who is signed in: the header and every remote read it from the one shared store. The cached
// user (localStorage) shows at once; the server is asked whether it changed (store.ts). start()
// never rejects: with the network down the page stays usable.
const started = userStore.getState().start();
// A signed-in reader (the cached user) sees the user menu in the first view: start its code now.
if (userStore.getState().user) preloadUserMenu();
void started.then((user) => user && preloadUserMenu());

// The first page's chunk, started by the entry with this one (routeChunks.ts): rendering after it
// has arrived shows the page at once instead of its loading state first.
const pageReady = firstPageReady(location.pathname);

function render(): void {
  const root = document.getElementById('root');
  if (!root) throw new Error('The page has no #root element');
  const reactRoot = createRoot(root);
  // A transition: React renders the first page in slices of a few milliseconds, yielding between
  // them, instead of one long task; the server-rendered heading stays on screen meanwhile (issue 10,
  // Lighthouse's blocking time).
  startTransition(() =>
    reactRoot.render(
      <StrictMode>
        <BrowserRouter>
          <App />
        </BrowserRouter>
      </StrictMode>,
    ),
  );
}

if (hasSubscriptionOrder()) {
  // The load after a subscription order (SITE-04): activation completes first, so the paywall and
  // every remote start with the subscriber. Only this rare load waits, and only it fetches the
  // activation code (shared-contracts/commerce); the outcome is only logged.
  void Promise.all([started, import('shared-contracts/commerce')])
    .then(([, { completeSubscriptionOrder }]) =>
      completeSubscriptionOrder({
        currentUser: () => userStore.getState().user,
        setUser: (user) => userStore.getState().setUser(user),
      }),
    )
    .then(() => pageReady)
    .finally(render);
} else {
  void pageReady.then(render);
}
