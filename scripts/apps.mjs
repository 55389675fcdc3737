// The federated apps, their federation names, default ports and the variable that points the shell
// at each remote's manifest. One list, read by start, build, e2e and bench.
export const SHELL = { dir: 'shell', name: 'shell' };
export const REMOTES = [
  { dir: 'mfe-paywall', name: 'paywall', port: 3001, env: 'REMOTE_PAYWALL_URL' },
  { dir: 'mfe-library', name: 'library', port: 3002, env: 'REMOTE_LIBRARY_URL' },
  { dir: 'mfe-store', name: 'store', port: 3003, env: 'REMOTE_STORE_URL' },
  { dir: 'mfe-video', name: 'video', port: 3004, env: 'REMOTE_VIDEO_URL' },
  { dir: 'mfe-visual-library', name: 'visualLibrary', port: 3005, env: 'REMOTE_VISUAL_LIBRARY_URL' },
];
