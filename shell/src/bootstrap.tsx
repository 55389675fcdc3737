import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'shared-contracts/router';
import { completeSubscriptionOrder, hasSubscriptionOrder, userStore } from 'shared-contracts';
import { App } from './App';

// Who is signed in: the header and every remote read it from the one shared store. The cached
// user (localStorage) shows at once; the server is asked whether it changed (store.ts). start()
// never rejects: with the network down the page stays usable.
const started = userStore.getState().start();

function render(): void {
  const root = document.getElementById('root');
  if (!root) throw new Error('The page has no #root element');
  createRoot(root).render(
    <StrictMode>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </StrictMode>,
  );
}

if (hasSubscriptionOrder()) {
  // The load after a subscription order (site §4): activation completes first, so the paywall and
  // every remote start with the subscriber. Only this rare load waits; the outcome is only logged.
  void started
    .then(() =>
      completeSubscriptionOrder({
        currentUser: () => userStore.getState().user,
        setUser: (user) => userStore.getState().setUser(user),
      }),
    )
    .finally(render);
} else {
  render();
}
