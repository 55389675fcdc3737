import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'shared-contracts/router';
import { hasSubscriptionOrder, RenderContextValue, userStore, type Preloaded, type RenderContext, type SlotRendering, type User } from 'shared-contracts';
import { App } from './App';
import { preloadUserMenu } from './header/Header';

/** The server's answers for the rendered document (dev-server routes/shell.ts), or null for a page it did not render. */
function renderedContext(): RenderContext | null {
  const data = document.getElementById('render-data')?.textContent;
  if (!data) return null;
  const { loads, slots, origin, reader } = JSON.parse(data) as {
    loads: Array<[string, Preloaded]>;
    slots: Record<string, SlotRendering>;
    origin: string;
    reader?: { user: User | null };
  };
  return { loads: new Map(loads), slots, origin, reader };
}
const rendered = renderedContext();

// Who is signed in: the header and every remote read it from the one shared store. The reader the
// server rendered for, else the cached user (localStorage), shows at once; the server is asked
// whether it changed (store.ts). start() never rejects: with the network down the page stays usable.
const started = userStore.getState().start(undefined, rendered?.reader?.user);
// A signed-in reader (the cached user) sees the user menu in the first view: start its code now.
if (userStore.getState().user) preloadUserMenu();
void started.then((user) => user && preloadUserMenu());

function render(): void {
  const root = document.getElementById('root');
  if (!root) throw new Error('The page has no #root element');
  const app = (
    <StrictMode>
      <RenderContextValue.Provider value={rendered}>
        <BrowserRouter>
          <App />
        </BrowserRouter>
      </RenderContextValue.Provider>
    </StrictMode>
  );
  // A server-rendered page is hydrated: its first render is the server's (same components, the
  // server's answers), so nothing is drawn again (decision 032).
  if (rendered) {
    startTransition(() => {
      // A mismatch is reported as the page's error (React's default): e2e fails on any.
      hydrateRoot(root, app);
    });
    return;
  }
  const reactRoot = createRoot(root);
  // A transition: React renders the first page in slices of a few milliseconds, yielding between
  // them, instead of one long task (decision 023, Lighthouse's blocking time).
  startTransition(() => reactRoot.render(app));
}

if (hasSubscriptionOrder()) {
  // The load after a subscription order (SITE-04): activation completes first, so the paywall and
  // every remote start with the subscriber. Only this rare load waits, and only it fetches the
  // activation code (shared-contracts/orders); the outcome is only logged.
  void Promise.all([started, import('shared-contracts/orders')])
    .then(([, { completeSubscriptionOrder }]) =>
      completeSubscriptionOrder({
        currentUser: () => userStore.getState().user,
        setUser: (user) => userStore.getState().setUser(user),
      }),
    )
    .finally(render);
} else {
  render();
}
