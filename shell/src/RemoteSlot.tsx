/**
 * A slot for one remote module. Its container carries data-mfe-status = loading | ready | failed.
 * A remote that is down, hangs, answers 500 or throws while rendering shows the fallback in its own
 * slot within its budget (REMOTE_BUDGET); the rest of the page keeps working.
 *
 * Slow is not broken (issue 26): a slot that fell back because of time keeps loading and replaces
 * its fallback when the remote arrives (status failed, then ready). A remote that was refused (an
 * HTTP error, a refused connection), failed or threw stays down until the reader asks again: the
 * standard fallback (`SlotFallback`) offers 'Try again', which loads the remote once more.
 *
 * Server rendering (decision 032): on the server the slot renders the remote's server build (the
 * renderer's `remoteModule`) and records how (`slots`); the browser hydrates it the same way:
 * - 'ready': the remote's content, hydrated once the remote's code has arrived (React keeps the
 *   server's HTML meanwhile); if the code cannot be loaded in time the fallback replaces it;
 * - 'failed': the server could not load or render the remote: the fallback, and the browser tries
 *   the remote again (the fallback stays until it is ready);
 * - 'client': the remote offers no server rendering (the paywall's gate): the placeholder, and the
 *   browser loads it as on any page.
 *
 * A server-rendered slot with `hydrate="interaction"` (an island hydrated on demand: the Save and
 * Share of library/ItemActions) loads its remote only when the reader reaches for it: a pointer over
 * it, a touch, or the focus entering it. Until then it is marked `data-hydrate-on="interaction"` (the
 * page is live without it), and boot.js holds a click in it; boot.js sees the reader's move (from
 * the page's first moment), marks the slot `data-reached` and `data-hydrating` and announces
 * `app:reach`, and the held click is replayed once the remote's part is live. A slot the browser
 * draws (after a navigation, or when the server could not render it) loads at once as before.
 */
import {
  Component,
  lazy,
  createContext,
  Suspense,
  use,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ComponentType,
  type LazyExoticComponent,
  type ReactNode,
} from 'react';
import { RenderContextValue, useHydrating, type RemoteName, type SlotRendering } from 'shared-contracts';
import { failureStage, RemoteTimeoutError, reportRemoteFailure, startRemoteLoad, withDeadline } from './federation';

export type SlotStatus = 'loading' | 'ready' | 'failed';

/**
 * A slot gives up on its remote 2 s after the reader's navigation (the budget is 3 s to a
 * visible fallback), or 1 s after the load started if the slot appeared later than that.
 */
export const REMOTE_BUDGET = { pageBudgetMs: 2000, minWaitMs: 1000 } as const;

/** Starts (or joins) the load of a remote module; `startedAt` anchors the slot's deadline. */
export type Loader = <P>(remote: RemoteName, module: string) => { promise: Promise<ComponentType<P>>; startedAt: number };

/** Logs and reports a remote's failure, at the stage the error tells or `stage` (it threw while rendering). */
function failedWith(remote: RemoteName, module: string, error: unknown, stage = failureStage(error)): void {
  console.warn(`[shell] remote ${remote}/${module} failed (${stage})`, error);
  reportRemoteFailure(remote, module, stage, error);
}

class SlotBoundary extends Component<{ onError: (error: Error) => void; fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: Error) {
    this.props.onError(error);
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

function Ready({ onReady, children }: { onReady: () => void; children: ReactNode }) {
  useEffect(onReady, [onReady]);
  return <>{children}</>;
}

export interface RemoteSlotProps<P extends object> {
  remote: RemoteName;
  module: string;
  /** What a reader sees when the remote cannot be shown. */
  fallback: ReactNode;
  props?: P;
  budget?: { pageBudgetMs: number; minWaitMs: number };
  loader?: Loader;
  className?: string;
  /** Shown while loading. */
  placeholder?: ReactNode;
  /** When a server-rendered slot loads its remote: at once ('load', the default) or at the reader's first move towards it ('interaction'). */
  hydrate?: 'load' | 'interaction';
}

const reaching = new Map<string, Promise<void>>();

/**
 * Resolves once the reader has reached for any slot `id` waiting for it (its remote's code is one
 * for all of them). boot.js sees the move from the page's first moment: it marks those slots
 * `data-reached` (and hydrating) and announces `app:reach` with the slot's id, so a move made
 * before this code ran is not lost.
 */
function reachedFor(id: string): Promise<void> {
  let reached = reaching.get(id);
  if (!reached) {
    reached = new Promise((resolve) => {
      if (document.querySelector(`[data-mfe-slot="${id}"][data-reached]`)) return resolve();
      const onReach = (event: Event) => {
        if ((event as CustomEvent<string>).detail !== id) return;
        document.removeEventListener('app:reach', onReach);
        resolve();
      };
      document.addEventListener('app:reach', onReach);
    });
    reaching.set(id, reached);
  }
  return reached;
}

export function RemoteSlot<P extends object>(slotProps: RemoteSlotProps<P>) {
  const { remote, module } = slotProps;
  const id = `${remote}/${module}`;
  const rendered = useContext(RenderContextValue);
  const hydrating = useHydrating();
  // How the server rendered this slot, read once: the document's first render only.
  const [first] = useState<{ id: string; rendering: SlotRendering | undefined }>(() => ({
    id,
    rendering: hydrating && !rendered?.remoteModule ? rendered?.slots[id] : undefined,
  }));
  if (rendered?.remoteModule) {
    const found = use(rendered.remoteModule(remote, module));
    rendered.slots[id] = found.rendering;
    if (found.rendering === 'ready') return <RenderedSlot {...slotProps} component={found.component as ComponentType<P>} />;
    return <BrowserSlot {...slotProps} after={found.rendering === 'failed' ? 'server' : undefined} />;
  }
  const rendering = first.id === id ? first.rendering : undefined;
  if (rendering === 'ready') return <RenderedSlot {...slotProps} />;
  return <BrowserSlot {...slotProps} after={rendering === 'failed' ? 'server' : undefined} />;
}

/**
 * A slot the server rendered with the remote's content: the same markup on both sides, the content
 * inside a Suspense boundary (the browser's boundary waits for the remote's code; on the server a
 * remote that throws while rendering leaves the fallback there, and the browser renders it again).
 */
function RenderedSlot<P extends object>(slotProps: RemoteSlotProps<P> & { component?: ComponentType<P> }) {
  const { remote, module, fallback, props, budget = REMOTE_BUDGET, loader = startRemoteLoad as Loader, className, component, hydrate = 'load' } = slotProps;
  const id = `${remote}/${module}`;
  const [failed, setFailed] = useState<After | null>(null);
  const box = useRef<HTMLDivElement>(null);
  const [Loaded] = useState<ComponentType<P> | LazyExoticComponent<ComponentType<P>>>(
    () =>
      component ??
      lazy(() =>
        (hydrate === 'interaction' ? reachedFor(id) : Promise.resolve())
          .then(() => withDeadline(loader<P>(remote, module), budget, remote))
          .then((C) => ({ default: C })),
      ),
  );
  // `data-hydrating` until the remote's part is live (boot.js holds a reader's clicks in it until then).
  const live = useCallback(() => {
    box.current?.removeAttribute('data-hydrating');
    document.dispatchEvent(new Event('app:hydrated'));
  }, []);
  const onError = useCallback(
    (error: Error) => {
      // Too slow: the browser's slot reports it and goes on loading. Refused, failed or threw: down.
      const slow = error instanceof RemoteTimeoutError;
      if (!slow) failedWith(remote, module, error);
      setFailed(slow ? 'server' : 'failure');
      live();
    },
    [remote, module, live],
  );
  // The same element while the props say the same: a boundary still hydrating that is given new
  // elements (the page re-rendering as the reader's state arrives) would be drawn again from scratch.
  const propsKey = JSON.stringify(props ?? {});
  const content = useMemo(
    () => (
      // The server leaves the fallback where the remote threw; the browser waits for the remote's code with nothing more to show.
      <Suspense fallback={component ? fallback : null}>
        <Ready onReady={live}>
          <Loaded {...(props ?? ({} as P))} />
        </Ready>
      </Suspense>
    ),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `propsKey` stands for `props`; `fallback` only shows on the server
    [Loaded, live, propsKey],
  );
  // Fallen back: the browser's slot takes over (it waits on a slow remote, or for 'Try again').
  if (failed) return <BrowserSlot {...slotProps} after={failed} />;
  return (
    <div
      ref={box}
      className={className}
      data-mfe-slot={id}
      data-mfe-status="ready"
      {...(hydrate === 'interaction' ? { 'data-hydrate-on': 'interaction' } : { 'data-hydrating': '' })}
      aria-busy={false}
    >
      <SlotBoundary onError={onError} fallback={fallback}>
        {content}
      </SlotBoundary>
    </div>
  );
}

/**
 * How a slot starts with its fallback on screen: the remote is still to be loaded (the server could
 * not render it, or its code did not arrive in time), or it was refused, failed or threw (it waits
 * for 'Try again').
 */
type After = 'server' | 'failure';

/** 'Try again' of the slot whose fallback is showing (null: nothing to try). */
const SlotRetry = createContext<(() => void) | null>(null);

/** The slot as the browser loads it: loading (the placeholder), then ready or failed (the fallback). */
function BrowserSlot<P extends object>({
  remote,
  module,
  fallback,
  props,
  budget = REMOTE_BUDGET,
  loader = startRemoteLoad as Loader,
  className,
  placeholder = null,
  after,
}: RemoteSlotProps<P> & { after?: After }) {
  const id = `${remote}/${module}`;
  // State belongs to one remote/module: when a reused slot is pointed at another remote, it reads
  // as loading at once and never shows the previous remote's component under the new marker.
  // `tries` counts the reader's 'Try again'.
  const [state, setState] = useState<{ id: string; status: SlotStatus; Loaded: ComponentType<P> | null; tries: number }>({
    id,
    status: after ? 'failed' : 'loading',
    Loaded: null,
    tries: 0,
  });
  const current = state.id === id ? state : { id, status: 'loading' as const, Loaded: null, tries: 0 };
  const { status, Loaded, tries } = current;

  useEffect(() => {
    if (after === 'failure' && !tries) return;
    let live = true;
    const load = loader<P>(remote, module);
    const put = (status: SlotStatus, C: ComponentType<P> | null) => live && setState({ id, status, Loaded: C, tries });
    const show = (C: ComponentType<P>) => put('loading', C);
    const down = (error: unknown) => {
      if (live) failedWith(remote, module, error);
      put('failed', null);
    };
    // 'Try again' gives a load still under way its minimum wait from the reader's click.
    withDeadline(tries ? { ...load, startedAt: Date.now() } : load, budget, remote).then(show, (error: unknown) => {
      down(error);
      // Slow, not broken: the fallback shows and the load goes on; the remote replaces it when it arrives.
      if (error instanceof RemoteTimeoutError) load.promise.then(show, down);
    });
    return () => {
      live = false;
    };
  }, [id, remote, module, budget, loader, after, tries]);

  const onReady = useCallback(() => setState((s) => (s.id === id && s.status === 'loading' && s.Loaded ? { ...s, status: 'ready' } : s)), [id]);
  const onError = useCallback(
    (error: Error) => {
      failedWith(remote, module, error, 'render');
      setState((s) => (s.id === id ? { ...s, status: 'failed' } : s));
    },
    [id, remote, module],
  );
  const retry = () => setState({ id, status: 'loading', Loaded: null, tries: tries + 1 });

  return (
    <div className={className} data-mfe-slot={id} data-mfe-status={status} aria-busy={status === 'loading'}>
      {status === 'failed' ? (
        <SlotRetry.Provider value={retry}>{fallback}</SlotRetry.Provider>
      ) : Loaded ? (
        <SlotBoundary key={id} onError={onError} fallback={fallback}>
          <Ready onReady={onReady}>
            <Loaded {...(props ?? ({} as P))} />
          </Ready>
        </SlotBoundary>
      ) : (
        placeholder
      )}
    </div>
  );
}

/** The standard fallback of a page-sized slot. */
export function SlotFallback({ what }: { what: string }) {
  const retry = useContext(SlotRetry);
  return (
    <div className="slot-fallback" role="status">
      <p>{what} is unavailable right now. Please try again in a few minutes.</p>
      {retry && (
        <button type="button" onClick={retry}>
          Try again
        </button>
      )}
    </div>
  );
}
