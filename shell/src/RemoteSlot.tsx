/**
 * A slot for one remote module. Its container carries data-mfe-status = loading | ready | failed.
 * A remote that is down, hangs, answers 500 or throws while rendering shows the fallback in its own
 * slot, with the reason (`data-mfe-reason`); the rest of the page keeps working.
 *
 * Progress, not a clock (decision 047): a load is given up only when it fails (refused, an error
 * status) or when nothing has arrived for STALL_MS; bytes still arriving are waited for. A slot that
 * gave up keeps trying (`keepLoading`: a backoff, the browser's `online` event, a reader's click or
 * 'Try again') and replaces its fallback with the remote when it arrives, without a reload.
 *
 * Server rendering (decision 032): on the server the slot renders the remote's server build (the
 * renderer's `remoteModule`) and records how (`slots`); the browser hydrates it the same way:
 * - 'ready': the remote's content, hydrated once the remote's code has arrived (React keeps the
 *   server's HTML meanwhile); code that cannot come leaves that HTML in place (an island degrades to
 *   HTML: its links work, the shell's own actions work, a held click says inline it is unavailable);
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
import { Button, RenderContextValue, useHydrating, type RemoteName, type SlotRendering } from 'shared-contracts';
import { useLocation } from 'shared-contracts/router';
import { failureStage, keepLoading, RemoteStallError, reportRemoteFailure, STALL_MS, startRemoteLoad } from './federation';

export type SlotStatus = 'loading' | 'ready' | 'failed';

/** Starts (or joins) the load of a remote module. */
export type Loader = <P>(remote: RemoteName, module: string) => { promise: Promise<ComponentType<P>>; startedAt: number };

/** Logs and reports a remote's failure, at the stage the error tells or `stage` (it threw while rendering). */
function failedWith(remote: RemoteName, module: string, error: unknown, stage = failureStage(error)): void {
  console.warn(`[shell] remote ${remote}/${module} failed (${stage})`, error);
  reportRemoteFailure(remote, module, stage, error);
}

/** Why a load failed (`data-mfe-reason`), and the sentence a reader is told. */
export type FailureReason = 'offline' | 'stalled' | 'status' | 'unreachable' | 'crashed';
const REASONS: Record<FailureReason, string> = {
  offline: 'You are offline.',
  stalled: 'Nothing has arrived from it for a while.',
  status: 'Its server answered with an error.',
  unreachable: 'Its code could not be fetched.',
  crashed: 'It stopped with an error.',
};
// Offline as the browser announced it (its `offline` and `online` events): navigator.onLine alone
// says false on a machine whose only network is the loopback, where the page works.
let offline = false;
globalThis.addEventListener?.('offline', () => (offline = true));
globalThis.addEventListener?.('online', () => (offline = false));
export function reasonOf(error: unknown, crashed = false): FailureReason {
  if (offline) return 'offline';
  if (crashed) return 'crashed';
  if (error instanceof RemoteStallError) return 'stalled';
  return /HTTP [45]\d\d/.test(error instanceof Error ? error.message : String(error)) ? 'status' : 'unreachable';
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
  /** How long a load may see nothing arrive before it is given up (and tried again). */
  stallMs?: number;
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
  const { remote, module, fallback, props, stallMs = STALL_MS, loader = startRemoteLoad as Loader, className, component, hydrate = 'load' } = slotProps;
  const id = `${remote}/${module}`;
  const [crashed, setCrashed] = useState(false);
  // Ready while the server's HTML stands; failed (with the reason) while its code cannot come.
  const [reason, setReason] = useState<FailureReason | null>(null);
  const box = useRef<HTMLDivElement>(null);
  // The page the server's HTML is of: a navigation inside the remote (the store's product page to
  // its catalogue) before its code is live leaves that HTML stale, and the browser's slot takes over.
  const { pathname } = useLocation();
  const [renderedAt] = useState(pathname);
  const hydrated = useRef(false);
  const [Loaded] = useState<ComponentType<P> | LazyExoticComponent<ComponentType<P>>>(
    () =>
      component ??
      lazy(() =>
        (hydrate === 'interaction' ? reachedFor(id) : Promise.resolve())
          .then(() => {
            // Never rejects: the server's HTML stays until the code arrives (decision 047).
            const keeper = keepLoading(
              remote,
              () => loader<P>(remote, module).promise,
              (error) => {
                // The page moved on without this part: stop asking for it.
                if (!document.querySelector(`[data-mfe-slot="${id}"]`)) return keeper.stop();
                failedWith(remote, module, error);
                const why = reasonOf(error);
                setReason(why);
                // boot.js marks the controls clicked meanwhile: unavailable, inline.
                document.dispatchEvent(new CustomEvent('app:unavailable', { detail: { id, why: REASONS[why] } }));
              },
              stallMs,
            );
            // A click held in this part while it is down asks again at once.
            const held = (event: Event) => (event as CustomEvent<string>).detail === id && keeper.retry();
            document.addEventListener('app:held', held);
            return keeper.promise.finally(() => document.removeEventListener('app:held', held));
          })
          .then((C) => {
            // boot.js's inline notes go before React hydrates the HTML they were added to.
            for (const note of document.querySelectorAll(`[data-mfe-slot="${id}"] [data-mfe-note]`)) note.remove();
            setReason(null);
            return { default: C };
          }),
      ),
  );
  // `data-hydrating` until the remote's part is live (boot.js holds a reader's clicks in it until then).
  const live = useCallback(() => {
    hydrated.current = true;
    box.current?.removeAttribute('data-hydrating');
    document.dispatchEvent(new Event('app:hydrated'));
  }, []);
  const onError = useCallback(
    (error: Error) => {
      // It threw while rendering: the fallback, with 'Try again'.
      failedWith(remote, module, error, 'render');
      setCrashed(true);
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
  // Crashed: the browser's slot takes over (its fallback offers 'Try again').
  if (crashed) return <BrowserSlot {...slotProps} after="failure" />;
  if (pathname !== renderedAt && !hydrated.current) return <BrowserSlot {...slotProps} />;
  return (
    <div
      ref={box}
      className={className}
      data-mfe-slot={id}
      data-mfe-status={reason ? 'failed' : 'ready'}
      data-mfe-reason={reason ?? undefined}
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

/** The slot whose fallback is showing: its 'Try again', whether an attempt it asked for is under way, and why it is down. */
const SlotRetry = createContext<{ retry: () => void; busy: boolean; why: FailureReason | null } | null>(null);

/** The slot as the browser loads it: loading (the placeholder), then ready or failed (the fallback). */
function BrowserSlot<P extends object>({
  remote,
  module,
  fallback,
  props,
  stallMs = STALL_MS,
  loader = startRemoteLoad as Loader,
  className,
  placeholder = null,
  after,
}: RemoteSlotProps<P> & { after?: After }) {
  const id = `${remote}/${module}`;
  // State belongs to one remote/module: when a reused slot is pointed at another remote, it reads
  // as loading at once and never shows the previous remote's component under the new marker.
  // `tries` counts the reader's 'Try again' after the remote threw.
  type State = { id: string; status: SlotStatus; Loaded: ComponentType<P> | null; tries: number; why: FailureReason | null; busy: boolean };
  const [state, setState] = useState<State>({
    id,
    status: after ? 'failed' : 'loading',
    Loaded: null,
    tries: 0,
    why: after === 'failure' ? 'crashed' : null,
    busy: false,
  });
  const current: State = state.id === id ? state : { id, status: 'loading', Loaded: null, tries: 0, why: null, busy: false };
  const { status, Loaded, tries } = current;
  const again = useRef<(() => void) | null>(null);

  useEffect(() => {
    if (after === 'failure' && !tries) return;
    let live = true;
    const keeper = keepLoading(
      remote,
      () => loader<P>(remote, module).promise,
      (error) => {
        if (!live) return;
        failedWith(remote, module, error);
        setState((s) => (s.id === id ? { ...s, status: 'failed', why: reasonOf(error), busy: false } : s));
      },
      stallMs,
    );
    again.current = keeper.retry;
    // Slow, not broken: the fallback shows and the load goes on; the remote replaces it when it arrives.
    void keeper.promise.then((C) => live && setState({ id, status: 'loading', Loaded: C, tries, why: null, busy: false }));
    return () => {
      live = false;
      keeper.stop();
    };
  }, [id, remote, module, stallMs, loader, after, tries]);

  const onReady = useCallback(() => setState((s) => (s.id === id && s.status === 'loading' && s.Loaded ? { ...s, status: 'ready' } : s)), [id]);
  const onError = useCallback(
    (error: Error) => {
      failedWith(remote, module, error, 'render');
      setState((s) => (s.id === id ? { ...s, status: 'failed', why: 'crashed' } : s));
    },
    [id, remote, module],
  );
  // 'Try again' always does something visible: the button is busy until the attempt ends.
  const retry = () => {
    if (current.why === 'crashed' || !again.current) setState({ id, status: 'loading', Loaded: null, tries: tries + 1, why: null, busy: false });
    else {
      setState((s) => ({ ...s, busy: true }));
      again.current();
    }
  };

  return (
    <div
      className={className}
      data-mfe-slot={id}
      data-mfe-status={status}
      data-mfe-reason={status === 'failed' ? (current.why ?? undefined) : undefined}
      aria-busy={status === 'loading'}
    >
      {status === 'failed' ? (
        <SlotRetry.Provider value={{ retry, busy: current.busy, why: current.why }}>{fallback}</SlotRetry.Provider>
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

/** The standard fallback of a page-sized slot: why it is down, and 'Try again' (busy while it tries). */
export function SlotFallback({ what }: { what: string }) {
  const slot = useContext(SlotRetry);
  return (
    <div className="slot-fallback" role="status">
      <p>
        {what} is unavailable right now.{slot?.why ? ` ${REASONS[slot.why]}` : ''} Please try again in a few minutes.
      </p>
      {slot && (
        <Button variant="secondary" small aria-busy={slot.busy} onClick={slot.retry}>
          Try again
        </Button>
      )}
    </div>
  );
}
