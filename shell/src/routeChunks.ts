/**
 * The home page's own chunk (decision 021): an article (the budget's page, decision 018) does not load
 * the home page's code (stream list, carousel, cards). The article page is a chunk of its own too,
 * imported from the App chunk only (decision 038, App.tsx). The entry
 * (index.ts) starts home's chunk together with bootstrap, so the split adds no round trip to home;
 * bootstrap waits for it before the first render, so home never flashes its loading state.
 */
export const loadHomePage = () => import(/* webpackChunkName: "page-home" */ './pages/Home');

/** Whether `pathname` shows the home page (`/`, or `/the-latest` without the carousel). */
export function isHomePath(pathname: string): boolean {
  return pathname === '/' || pathname === '/the-latest';
}

/** Starts the chunk of the page `pathname` shows, if it has one of its own. */
export function startFirstPage(pathname: string): Promise<unknown> | null {
  return isHomePath(pathname) ? loadHomePage() : null;
}
