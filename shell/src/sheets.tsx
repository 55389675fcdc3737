/**
 * Style sheets shipped with what uses them (decision 041): a page type's own rules, and those of a
 * part shown only on demand (the search overlay, the cart's menu, the reader's menu, banners, help
 * boxes), are in src/styles/sheets/<sheet>.css, not in the styles inlined into every page. The server inlines the
 * sheets of the parts it rendered (they name them here while rendering); a part the browser shows
 * later has its sheet fetched with its code, so it never shows unstyled.
 */
import { useContext, type ComponentType, type ReactNode } from 'react';
import { lazyComponent, RenderContextValue, type LazyComponent, type Unavailable } from 'shared-contracts';

export type Sheet = 'home' | 'article' | 'search' | 'topics' | 'magazine' | 'search-overlay' | 'cart-menu' | 'user-menu' | 'account-banners' | 'help-box';

/** On the server: tells the renderer the page shows a part using `sheets` (PageMeta.sheets), so its HTML carries them. */
export function useSheets(sheets: readonly Sheet[]): void {
  const page = useContext(RenderContextValue)?.page;
  if (!page) return;
  for (const sheet of sheets) if (!page.sheets?.includes(sheet)) (page.sheets ??= []).push(sheet);
}

const fetching = new Map<string, Promise<void>>();

/**
 * Resolves once `sheet` applies to the document: at once when the server's HTML inlined it (or there
 * is no document), else when its file (named in index.html's JSON map `#sheets`) has loaded. A file
 * that fails leaves the part to show as it can, and is asked for again next time.
 */
export function loadSheet(sheet: Sheet): Promise<void> {
  if (typeof document === 'undefined' || document.querySelector(`[data-sheet="${sheet}"]`)) return Promise.resolve();
  const map = document.getElementById('sheets');
  let href: unknown;
  try {
    href = (JSON.parse(map?.textContent ?? '{}') as Record<string, unknown>)[sheet];
  } catch {
    href = undefined;
  }
  if (!map || typeof href !== 'string') return Promise.resolve();
  let pending = fetching.get(sheet);
  if (!pending) {
    pending = new Promise<void>((resolve) => {
      const link = document.createElement('link');
      link.rel = 'stylesheet';
      link.href = href;
      link.onload = () => {
        link.dataset.sheet = sheet;
        fetching.delete(sheet);
        resolve();
      };
      link.onerror = () => {
        link.remove();
        fetching.delete(sheet);
        resolve();
      };
      // Where the server puts the sheets it inlines: after the site's styles, before print.css.
      map.before(link);
    });
    fetching.set(sheet, pending);
  }
  return pending;
}

/**
 * A part with sheets of its own, loaded when first shown (shared-contracts lazyComponent): the
 * server's HTML carries the sheet of a part it rendered, and the browser fetches it with the code.
 */
export function withSheet<P extends object>(load: () => Promise<ComponentType<P>>, ...sheets: Sheet[]): LazyComponent<P> {
  const Lazy = lazyComponent(() => Promise.all([load(), ...sheets.map(loadSheet)]).then(([part]) => part));
  function WithSheet(props: P & { fallback?: ReactNode; unavailable?: Unavailable }) {
    useSheets(sheets);
    return <Lazy {...props} />;
  }
  return Object.assign(WithSheet, { preload: Lazy.preload });
}
