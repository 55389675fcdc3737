import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { userStore } from 'shared-contracts';
import { App } from './App';

// Who is signed in: the header and every remote read it from the one shared store. The cached
// user (localStorage) shows at once; the server is asked whether it changed (store.ts). start()
// never rejects: with the network down the page stays usable.
void userStore.getState().start();

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');
createRoot(root).render(
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>,
);
