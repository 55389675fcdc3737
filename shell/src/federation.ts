/**
 * Loading remotes at run time. Where each remote lives is read from GET /remotes.json (set by the
 * server's environment), never compiled into the shell, so a team redeploys its remote without the
 * shell being rebuilt. A remote is registered lazily and fetched only when a slot asks for it.
 */
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { api, type RemoteName, type RemotesConfig } from 'shared-contracts';

let config: Promise<RemotesConfig> | null = null;
const registered = new Set<RemoteName>();

function remotesConfig(): Promise<RemotesConfig> {
  config ??= api.remotes().catch((error: unknown) => {
    config = null; // let the next slot try again
    throw error;
  });
  return config;
}

export class RemoteTimeoutError extends Error {
  constructor(remote: string, ms: number) {
    super(`Remote ${remote} did not load within ${ms} ms`);
    this.name = 'RemoteTimeoutError';
  }
}

/** Rejects after `ms`; the slot shows its fallback instead of waiting on a hung server. */
export function withTimeout<T>(promise: Promise<T>, ms: number, remote: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new RemoteTimeoutError(remote, ms)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** Loads `remote/module` (for example `store/App`) and returns its default export. */
async function fetchRemoteModule<T>(remote: RemoteName, module: string): Promise<T> {
  const { remotes } = await remotesConfig();
  if (!registered.has(remote)) {
    const entry = remotes[remote];
    if (!entry) throw new Error(`No location configured for remote ${remote}`);
    registerRemotes([{ name: remote, entry }]);
    registered.add(remote);
  }
  const mod = await loadRemote<{ default: T }>(`${remote}/${module}`);
  if (!mod || !mod.default) throw new Error(`Remote ${remote}/${module} has no default export`);
  return mod.default;
}

type Pending = { promise: Promise<unknown>; startedAt: number };
const pending = new Map<string, Pending>();

/**
 * Starts loading `remote/module` once and shares the load: a page that knows it will show a remote
 * (the article page and its gate) starts it before its own data arrives, so the two load in
 * parallel. A failed load is forgotten, so the next slot tries again.
 */
export function startRemoteLoad<T>(remote: RemoteName, module: string): { promise: Promise<T>; startedAt: number } {
  const key = `${remote}/${module}`;
  let entry = pending.get(key);
  if (!entry) {
    const promise = fetchRemoteModule<T>(remote, module);
    entry = { promise, startedAt: Date.now() };
    pending.set(key, entry);
    promise.catch(() => pending.delete(key));
  }
  return entry as { promise: Promise<T>; startedAt: number };
}

/**
 * When the reader asked for the current page: the document's start for a full load, the route
 * change for a client-side navigation (set by the shell's router, `markNavigation`).
 */
let navigationStartedAt = typeof performance !== 'undefined' ? performance.timeOrigin : Date.now();
export function markNavigation(at = Date.now()): void {
  navigationStartedAt = at;
}
export function navigationStart(): number {
  return navigationStartedAt;
}

/**
 * Rejects at the deadline: `pageBudgetMs` after the reader's navigation, but never sooner than
 * `minWaitMs` after the load started (a slot that appears late still gives its remote a chance).
 */
export function withDeadline<T>(
  load: { promise: Promise<T>; startedAt: number },
  budget: { pageBudgetMs: number; minWaitMs: number },
  remote: string,
): Promise<T> {
  const deadline = Math.max(navigationStart() + budget.pageBudgetMs, load.startedAt + budget.minWaitMs);
  return withTimeout(load.promise, Math.max(0, deadline - Date.now()), remote);
}
