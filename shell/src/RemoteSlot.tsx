/**
 * A slot for one remote module. Its container carries data-mfe-status = loading | ready | failed.
 * A remote that is down, hangs, answers 500 or throws while rendering shows the fallback in its own
 * slot within its budget (REMOTE_BUDGET); the rest of the page keeps working.
 */
import { Component, useCallback, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import type { RemoteName } from 'shared-contracts';
import { failureStage, reportRemoteFailure, startRemoteLoad, withDeadline } from './federation';

export type SlotStatus = 'loading' | 'ready' | 'failed';

/**
 * A slot gives up on its remote 2 s after the reader's navigation (the budget is 3 s to a
 * visible fallback), or 1 s after the load started if the slot appeared later than that.
 */
export const REMOTE_BUDGET = { pageBudgetMs: 2000, minWaitMs: 1000 } as const;

/** Starts (or joins) the load of a remote module; `startedAt` anchors the slot's deadline. */
export type Loader = <P>(remote: RemoteName, module: string) => { promise: Promise<ComponentType<P>>; startedAt: number };

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

export function RemoteSlot<P extends object>({
  remote,
  module,
  fallback,
  props,
  budget = REMOTE_BUDGET,
  loader = startRemoteLoad as Loader,
  className,
  placeholder = null,
}: RemoteSlotProps<P>) {
  const id = `${remote}/${module}`;
  // State belongs to one remote/module: when a reused slot is pointed at another remote, it reads
  // as loading at once and never shows the previous remote's component under the new marker.
  const [state, setState] = useState<{ id: string; status: SlotStatus; Loaded: ComponentType<P> | null }>({
    id,
    status: 'loading',
    Loaded: null,
  });
  const current = state.id === id ? state : { id, status: 'loading' as const, Loaded: null };
  const { status, Loaded } = current;

  useEffect(() => {
    let live = true;
    setState({ id, status: 'loading', Loaded: null });
    withDeadline(loader<P>(remote, module), budget, remote).then(
      (C) => {
        if (live) setState({ id, status: 'loading', Loaded: C });
      },
      (error: unknown) => {
        if (!live) return;
        console.warn(`[shell] remote ${id} failed`, error);
        reportRemoteFailure(remote, module, failureStage(error), error);
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
      console.warn(`[shell] remote ${id} threw while rendering`, error);
      reportRemoteFailure(remote, module, 'render', error);
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
