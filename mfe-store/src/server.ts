/**
 * What this remote renders on the server (decision 032): its exposed modules by name, built into
 * `dist/server/remote.js` with its browser build, and loaded by the shell's renderer at run time.
 * A module left out here is rendered by the browser only.
 */
export { default as App } from './StoreApp';
export { default as MiniCart } from './MiniCart';
