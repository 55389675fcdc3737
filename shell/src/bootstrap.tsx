import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { userStore } from 'shared-contracts';
import { App } from './App';

// Who is signed in: the header and every remote read it from the one shared store.
userStore
  .getState()
  .refresh()
  .catch(() => userStore.getState().setUser(null));

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');
createRoot(root).render(
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>,
);
