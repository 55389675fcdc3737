/**
 * Code that most page views never need (the auth modal, account pages, flyout forms), loaded when
 * first shown. Not React.lazy: React 19 holds a Suspense boundary's content back for 300 ms after
 * its fallback appears, which made the modal take 0.3 s to open even with its code already
 * fetched. Here the component renders as soon as its chunk has arrived; `preload()` starts the
 * fetch early (say, when a pointer reaches a Sign in button). Code that could not be fetched says
 * so, with 'Try again', which fetches it once more and is busy meanwhile; the browser's
 * `online` event tries too (decision 047). `unavailable` draws that message where the part belongs
 * (a page inside the page grid).
 */
import { use, useContext, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { RenderContextValue, useHydrating } from './ssr';

/** What a part whose code could not be fetched shows: `retry` fetches it again, `busy` meanwhile. */
export type Unavailable = (props: { retry: () => void; busy: boolean }) => ReactNode;

export interface LazyComponent<P extends object> {
  (props: P & { fallback?: ReactNode; unavailable?: Unavailable }): ReactNode;
  preload(): Promise<ComponentType<P>>;
}

function Failed({ retry, busy }: { retry: () => void; busy: boolean }) {
  return (
    <p role="alert" className="form-error">
      This part of the page could not be loaded. Please check your connection and try again.{' '}
      <button type="button" className="ds-button ds-button--secondary ds-button--small" aria-busy={busy} onClick={retry}>
        Try again
      </button>
    </p>
  );
}

// The control a reader last pressed (decision 047): a part it asked for whose code is not there yet
// marks it busy (aria-busy, the design system's spinner) until the code has come.
let pressed: { el: Element; at: number } | null = null;
globalThis.document?.addEventListener(
  'click',
  (event) => {
    const el = (event.target as Element).closest?.('button,[role=button],[role=tab]');
    pressed = el ? { el, at: event.timeStamp } : null;
  },
  true,
);

export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>): LazyComponent<P> {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<ComponentType<P>> | null = null;
  const preload = () => {
    pending ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        pending = null; // a later attempt may succeed (the network came back)
        // The shell clears the federation runtime's record of a shared module that failed with it.
        globalThis.document?.dispatchEvent(new Event('app:code-failed'));
        throw error;
      },
    );
    return pending;
  };

  function Lazy({ fallback = null, unavailable = Failed, ...props }: P & { fallback?: ReactNode; unavailable?: Unavailable }) {
    const [component, setComponent] = useState<{ C: ComponentType<P> } | null>(() => (loaded ? { C: loaded } : null));
    // 0: loading; 1: failed; 2: failed, trying again.
    const [failed, setFailed] = useState(0);
    useEffect(() => {
      if (component || failed === 1) return;
      let live = true;
      const by = pressed && performance.now() - pressed.at < 1000 && !pressed.el.hasAttribute('aria-busy') ? pressed.el : null;
      by?.setAttribute('aria-busy', 'true');
      preload()
        .finally(() => by?.removeAttribute('aria-busy'))
        .then(
          (C) => live && setComponent({ C }),
          () => live && setFailed(1),
        );
      return () => {
        live = false;
      };
    }, [component, failed]);
    useEffect(() => {
      if (failed !== 1) return;
      const again = () => setFailed(2);
      addEventListener('online', again);
      return () => removeEventListener('online', again);
    }, [failed]);
    // The server waits for the code (it is in its bundle); so does a hydrating browser (React keeps
    // the server's HTML meanwhile), so both render the component. Code that has arrived is shown
    // at once, so the component is never swapped for its fallback and mounted again.
    const rendered = useContext(RenderContextValue) !== null;
    const hydrating = useHydrating();
    const C = component?.C ?? loaded ?? (rendered && hydrating ? use(preload()) : null);
    if (C) return <C {...(props as P)} />;
    if (failed) return unavailable({ retry: () => setFailed(2), busy: failed === 2 });
    return fallback;
  }
  return Object.assign(Lazy, { preload });
}
