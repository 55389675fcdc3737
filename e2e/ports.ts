/** e2e runs on its own ports so that it never meets a site started with `npm start` (3000-3005). */
export const E2E_PORTS = {
  api: 4100,
  paywall: 4101,
  library: 4102,
  store: 4103,
  video: 4104,
  visualLibrary: 4105,
} as const;
