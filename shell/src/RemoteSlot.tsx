/**
 * A slot for one remote module. Its container carries data-mfe-status = loading | ready | failed.
 * A remote that is down, hangs, answers 500 or throws while rendering shows the fallback in its own
 * slot within its budget (REMOTE_BUDGET); the rest of the page keeps working.
 *
 * Server rendering (decision 032): on the server the slot renders the remote's server build (the
 * renderer's `remoteModule`) and records how (`slots`); the browser hydrates it the same way:
 * - 'ready': the remote's content, hydrated once the remote's code has arrived (React keeps the
 *   server's HTML meanwhile); if the code cannot be loaded in time the fallback replaces it;
 * - 'failed': the server could not load or render the remote: the fallback, and the browser tries
 *   the remote again (the fallback stays until it is ready);
 * - 'client': the remote offers no server rendering (the paywall's gate): the placeholder, and the
 *   browser loads it as on any page.
 */
import {
  Component,
  lazy,
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
import { failureStage, reportRemoteFailure, startRemoteLoad, withDeadline } from './federation';

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
    return <BrowserSlot {...slotProps} retry={found.rendering === 'failed'} />;
  }
  const rendering = first.id === id ? first.rendering : undefined;
  if (rendering === 'ready') return <RenderedSlot {...slotProps} />;
  return <BrowserSlot {...slotProps} retry={rendering === 'failed'} />;
}

/**
 * A slot the server rendered with the remote's content: the same markup on both sides, the content
 * inside a Suspense boundary (the browser's boundary waits for the remote's code; on the server a
 * remote that throws while rendering leaves the fallback there, and the browser renders it again).
 */
function RenderedSlot<P extends object>({
  remote,
  module,
  fallback,
  props,
  budget = REMOTE_BUDGET,
  loader = startRemoteLoad as Loader,
  className,
  component,
}: RemoteSlotProps<P> & { component?: ComponentType<P> }) {
  const id = `${remote}/${module}`;
  const [failed, setFailed] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const [Loaded] = useState<ComponentType<P> | LazyExoticComponent<ComponentType<P>>>(
    () => component ?? lazy(() => withDeadline(loader<P>(remote, module), budget, remote).then((C) => ({ default: C }))),
  );
  // `data-hydrating` until the remote's part is live (boot.js holds a reader's clicks in it until then).
  const live = useCallback(() => {
    box.current?.removeAttribute('data-hydrating');
    document.dispatchEvent(new Event('app:hydrated'));
  }, []);
  const onError = useCallback(
    (error: Error) => {
      failedWith(remote, module, error);
      setFailed(true);
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
  return (
    <div ref={box} className={className} data-mfe-slot={id} data-mfe-status={failed ? 'failed' : 'ready'} data-hydrating="" aria-busy={false}>
      {failed ? (
        fallback
      ) : (
        <SlotBoundary onError={onError} fallback={fallback}>
          {content}
        </SlotBoundary>
      )}
    </div>
  );
}

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
  retry = false,
}: RemoteSlotProps<P> & { retry?: boolean }) {
  const id = `${remote}/${module}`;
  // State belongs to one remote/module: when a reused slot is pointed at another remote, it reads
  // as loading at once and never shows the previous remote's component under the new marker. After
  // the server's failure (`retry`) the fallback stays while the browser tries again.
  const [state, setState] = useState<{ id: string; status: SlotStatus; Loaded: ComponentType<P> | null }>({
    id,
    status: retry ? 'failed' : 'loading',
    Loaded: null,
  });
  const current = state.id === id ? state : { id, status: 'loading' as const, Loaded: null };
  const { status, Loaded } = current;

  useEffect(() => {
    let live = true;
    setState((s) => (s.id === id && s.status === 'failed' && !s.Loaded ? s : { id, status: 'loading', Loaded: null }));
    withDeadline(loader<P>(remote, module), budget, remote).then(
      (C) => {
        if (live) setState({ id, status: 'loading', Loaded: C });
      },
      (error: unknown) => {
        if (!live) return;
        failedWith(remote, module, error);
        setState({ id, status: 'failed', Loaded: null });
      },
    );
    return () => {
      live = false;
    };
  }, [id, remote, module, budget, loader]);

  const onReady = useCallback(() => setState((s) => (s.id === id && s.status === 'loading' && s.Loaded ? { ...s, status: 'ready' } : s)), [id]);
  const onError = useCallback(
    (error: Error) => {
      failedWith(remote, module, error, 'render');
      setState((s) => (s.id === id ? { ...s, status: 'failed' } : s));
    },
    [id, remote, module],
  );

  return (
    <div className={className} data-mfe-slot={id} data-mfe-status={status} aria-busy={status === 'loading'}>
      {status === 'failed' ? (
        fallback
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
  return (
    <div className="slot-fallback" role="status">
      <p>{what} is unavailable right now. Please try again in a few minutes.</p>
    </div>
  );
}
