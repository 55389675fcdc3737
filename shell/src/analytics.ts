/**
 * Data-layer events (window.dataLayer) of the account flows. The specs say handlers exist for
 * sign-in, registration and logout and that a sign-in failure triggers a metric, but name neither
 * the events nor their fields; the names below follow the common analytics vocabulary (`login`,
 * `sign_up`, `logout`) and are listed in docs/contracts.md. No personal data goes in a payload.
 */
export type DataLayerEvent =
  | { event: 'login'; method: 'modal' | 'register-page' | 'frame' }
  | { event: 'login_failure'; reason: 'invalid_credentials' | 'account_locked' | 'user_restricted' | 'error' }
  | { event: 'sign_up'; method: 'modal' | 'register-page' | 'frame'; optIn: boolean }
  | { event: 'logout' };

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

export function pushDataLayer(entry: DataLayerEvent): void {
  if (typeof window === 'undefined') return;
  window.dataLayer = window.dataLayer ?? [];
  window.dataLayer.push(entry);
}
