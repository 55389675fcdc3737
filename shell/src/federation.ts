/**
 * Loading remotes at run time. Where each remote lives is read from GET /remotes.json (set by the
 * server's environment), never compiled into the shell, so a team redeploys its remote without the
 * shell being rebuilt. A remote is registered lazily and fetched only when a slot asks for it.
 */
import { getInstance, loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import * as z from 'zod/mini';
import { api, type RemoteFailureStage, type RemoteIntegrity, type RemoteName, type RemotesConfig } from 'shared-contracts';

let config: Promise<RemotesConfig> | null = null;
/** Each remote's registration (its manifest read, its entry registered), started once per page. */
const registrations = new Map<RemoteName, Promise<RemoteManifest>>();
/** Loads started so far. */
let loadsStarted = 0;
/**
 * A remote registered again after a chunk or its entry was gone: the load count then (later loads
 * are not retried) and the re-registration, awaited by every retry of that remote.
 */
const reregistrations = new Map<RemoteName, { after: number; done: Promise<unknown> }>();

function remotesConfig(): Promise<RemotesConfig> {
  config ??= api.remotes().catch((error: unknown) => {
    config = null; // let the next slot try again
    throw error;
  });
  return config;
}

// The HTML preloads /remotes.json after the first paint (decisions 024, 003): it saves a round trip
// before a remote's manifest (about 0.3 s at 300 ms latency). Every page reads it, so a page that
// shows no remote uses the preload too (Chromium warns about a preload left unused).
if (globalThis.document?.querySelector('link[href="/remotes.json"]')) remotesConfig().catch(() => {});

/**
 * A load given up for lack of progress: nothing finished arriving on the page for `ms` while it was
 * under way (decision 047). Bytes still arriving are never a reason to give up; this one is. The
 * load itself goes on, and the slot takes the remote if it arrives after all.
 */
export class RemoteStallError extends Error {
  constructor(remote: string, ms: number) {
    super(`Remote ${remote}: nothing arrived for ${Math.round(ms / 1000)} s`);
    this.name = 'RemoteStallError';
  }
}

/** How long a load may see no progress (no file of the page finishing) before it is given up. */
export const STALL_MS = 8000;

/** When a file of the page last finished arriving (Resource Timing), or a load started. */
let progressAt = 0;
let watching = false;

/**
 * Rejects with RemoteStallError when nothing finished arriving on the page for `ms` while `promise`
 * was pending: a hung server is given up, a slow line (files still finishing) is waited for.
 */
export function untilStalled<T>(promise: Promise<T>, remote: string, ms = STALL_MS): Promise<T> {
  progressAt = Date.now();
  if (!watching && typeof PerformanceObserver === 'function') {
    watching = true;
    try {
      new PerformanceObserver(() => (progressAt = Date.now())).observe({ type: 'resource' });
    } catch {
      // No Resource Timing: only the clock since the load began counts.
    }
  }
  return new Promise<T>((resolve, reject) => {
    const timer = setInterval(() => {
      if (Date.now() - progressAt < ms) return;
      clearInterval(timer);
      reject(new RemoteStallError(remote, ms));
    }, ms / 8);
    promise.then(
      (value) => (clearInterval(timer), resolve(value)),
      (error: unknown) => (clearInterval(timer), reject(error)),
    );
  });
}

/** A load that failed at a known stage (reported to the server as such). */
export class RemoteStageError extends Error {
  constructor(
    readonly stage: RemoteFailureStage,
    message: string,
  ) {
    super(message);
    this.name = 'RemoteStageError';
  }
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The federation runtime's failures to fetch a remote's entry script (RUNTIME-008 and the like). */
const ENTRY_FAILURE = /RUNTIME-00[38]|loading script|ScriptExternalLoadError|remoteEntry|mf-manifest|Failed to fetch/i;

/** The stage of a failed load: the locations, the remote's entry, its module, or the time budget. */
export function failureStage(error: unknown): RemoteFailureStage {
  if (error instanceof RemoteStallError) return 'timeout';
  if (error instanceof RemoteStageError) return error.stage;
  return ENTRY_FAILURE.test(messageOf(error)) ? 'entry' : 'module';
}

/** A chunk or the entry of the remote could not be fetched (a page holding a release since replaced). */
const GONE = /ChunkLoadError|Loading (css )?chunk|RUNTIME-00[38]|loading script|ScriptExternalLoadError|remoteEntry|mf-manifest|Failed to fetch/i;

/** `entry` with a cache-busting `v` query, so the runtime and the browser fetch the manifest again. */
export function cacheBusted(entry: string, now = Date.now()): string {
  const [base = entry, hash] = entry.split('#', 2);
  const query = `v=${now}`;
  const busted = /[?&]v=[^&]*/.test(base) ? base.replace(/([?&])v=[^&]*/, `$1${query}`) : `${base}${base.includes('?') ? '&' : '?'}${query}`;
  return hash === undefined ? busted : `${busted}#${hash}`;
}

/**
 * Loads `remote/module`; when that fails because a chunk or the entry is gone (the remote was
 * redeployed while this page held the old release), registers the remote again once per page
 * (`force`, cache-busted manifest) and tries once more. A load that started after that
 * re-registration is not retried: its failure is final and the slot shows its fallback.
 */
async function loadWithReleaseRetry<M>(remote: RemoteName, module: string, manifestUrl: string, integrity?: RemoteIntegrity): Promise<M | null> {
  const load = ++loadsStarted;
  try {
    return await loadRemote<M>(`${remote}/${module}`);
  } catch (error) {
    let again = reregistrations.get(remote);
    if (!GONE.test(messageOf(error)) || (again && load > again.after)) throw error;
    if (!again) {
      again = {
        after: loadsStarted,
        done: readManifest(cacheBusted(manifestUrl), undefined, integrity?.manifest).then((manifest) =>
          registerRemotes([{ name: remote, entry: cacheBusted(manifest.entry), entryGlobalName: manifest.globalName }], { force: true }),
        ),
      };
      reregistrations.set(remote, again);
    }
    await again.done;
    return await loadRemote<M>(`${remote}/${module}`);
  }
}

/**
 * What the shell reads of a remote's manifest (mf-manifest.json, written by the remote's build):
 * where its entry script is, the global it defines, and the files each exposed module needs first.
 * The shell reads manifests itself instead of the federation runtime's snapshot code, which is
 * left out of main.js (decision 022).
 */
const ManifestSchema = z.object({
  metaData: z.object({
    globalName: z.string().check(z.minLength(1)),
    remoteEntry: z.object({ name: z.string().check(z.minLength(1)), path: z.string() }),
  }),
  exposes: z.array(z.object({ name: z.string(), assets: z.object({ js: z.object({ sync: z.array(z.string()) }) }) })),
});

export interface RemoteManifest {
  /** The remote entry's address, resolved against the manifest's (the remotes' publicPath is 'auto'). */
  entry: string;
  globalName: string;
  /** For each exposed module (by name, without './'): the addresses of the scripts it needs at once. */
  exposes: Map<string, string[]>;
}

/**
 * Reads and checks a remote's manifest; with `integrity` (a published version's pin, decision 046)
 * the browser refuses a manifest whose digest differs. A failure names the manifest, so it counts as
 * the entry's stage.
 */
export async function readManifest(url: string, fetchImpl: typeof fetch = (...args) => fetch(...args), integrity?: string): Promise<RemoteManifest> {
  let json: unknown;
  try {
    const res = await fetchImpl(url, integrity ? { credentials: 'omit', integrity } : { credentials: 'omit' });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    json = await res.json();
  } catch (error) {
    throw new Error(`mf-manifest ${url}: ${messageOf(error)}`);
  }
  const parsed = ManifestSchema.safeParse(json);
  if (!parsed.success) throw new Error(`mf-manifest ${url}: not a remote's manifest`);
  const { metaData, exposes } = parsed.data;
  const base = new URL(url, typeof location === 'undefined' ? undefined : location.href);
  const at = (file: string) => new URL(file, base).href;
  const { path, name } = metaData.remoteEntry;
  return {
    entry: at(path ? `${path.replace(/\/+$/, '')}/${name}` : name),
    globalName: metaData.globalName,
    exposes: new Map(exposes.map((e) => [e.name.replace(/^\.\//, ''), e.assets.js.sync.map(at)])),
  };
}

/**
 * Asks the browser for an exposed module's scripts while the remote's entry loads, as the runtime's
 * snapshot code did (a `<link rel="preload">` per script, once per page).
 */
const preloaded = new Set<string>();
/** Each remote's preload links, removed when a load of it failed (`forgetFailures`). */
const preloads = new Map<RemoteName, HTMLLinkElement[]>();
function preloadScripts(remote: RemoteName, urls: readonly string[]): void {
  if (typeof document === 'undefined') return;
  for (const href of urls) {
    if (preloaded.has(href)) continue;
    preloaded.add(href);
    const link = document.createElement('link');
    link.rel = 'preload';
    link.setAttribute('as', 'script');
    link.href = href;
    document.head.appendChild(link);
    preloads.set(remote, [...(preloads.get(remote) ?? []), link]);
  }
}

/**
 * The digests the remote entries of published versions are pinned to (decision 046), by the entry's
 * address without its query (a retry adds one). The runtime's script for such an entry carries
 * `integrity`, so the browser runs only the bytes the registry checked; an entry of a version the
 * operator configured (no pin) loads as before.
 */
const pinnedEntries = new Map<string, string>();
const withoutQuery = (url: string) => url.split(/[?#]/)[0]!;
let pinning = false;
function pinEntry(entry: string, integrity: string | undefined): void {
  if (!integrity || typeof document === 'undefined') return;
  pinnedEntries.set(withoutQuery(entry), integrity);
  if (pinning) return;
  pinning = true;
  registerPlugins([
    {
      name: 'pinned-remote-entries',
      createScript({ url }) {
        const sri = pinnedEntries.get(withoutQuery(url));
        if (!sri) return undefined;
        const script = document.createElement('script');
        script.src = url;
        script.integrity = sri;
        // A cross-origin script is checked only when fetched with CORS (the remote hosts allow the shell's origin).
        script.crossOrigin = 'anonymous';
        return script;
      },
    },
  ]);
}

/** Reads the remote's manifest and registers its entry with the runtime, once per page. */
function register(remote: RemoteName, manifestUrl: string, integrity?: RemoteIntegrity): Promise<RemoteManifest> {
  let registration = registrations.get(remote);
  if (!registration) {
    registration = readManifest(manifestUrl, undefined, integrity?.manifest).then((manifest) => {
      pinEntry(manifest.entry, integrity?.entry);
      registerRemotes([{ name: remote, entry: manifest.entry, entryGlobalName: manifest.globalName }]);
      return manifest;
    });
    registrations.set(remote, registration);
    registration.catch(() => registrations.delete(remote)); // the next slot tries again
  }
  return registration;
}

const loadsReported = new Set<RemoteName>();

/**
 * Tells the registry this page took up a remote's canary (POST /api/remote-loads), once per remote:
 * the loads its failure rate is counted over (decision 037). Only a browser given a canary sends it;
 * the server knows which version by the browser's cohort, as it does for a failure report.
 */
function reportCanaryLoad(remote: RemoteName, answer: RemotesConfig): void {
  if (!answer.canary?.includes(remote) || loadsReported.has(remote)) return;
  loadsReported.add(remote);
  api.request('POST', '/api/remote-loads', z.null(), { remote }).catch(() => undefined);
}

/** Loads `remote/module` (for example `store/App`) and returns its default export. */
async function fetchRemoteModule<T>(remote: RemoteName, module: string): Promise<T> {
  let answer: RemotesConfig;
  try {
    answer = await remotesConfig();
  } catch (error) {
    throw new RemoteStageError('config', `remote locations: ${messageOf(error)}`);
  }
  reportCanaryLoad(remote, answer);
  const manifestUrl = answer.remotes[remote];
  if (!manifestUrl) throw new RemoteStageError('config', `No location configured for remote ${remote}`);
  let mod: { default: T } | null | undefined;
  try {
    const manifest = await register(remote, manifestUrl, answer.integrity?.[remote]);
    preloadScripts(remote, manifest.exposes.get(module) ?? []);
    mod = await loadWithReleaseRetry<{ default: T }>(remote, module, manifestUrl, answer.integrity?.[remote]);
  } catch (error) {
    throw new RemoteStageError(ENTRY_FAILURE.test(messageOf(error)) ? 'entry' : 'module', messageOf(error));
  }
  if (!mod || !mod.default) throw new RemoteStageError('module', `Remote ${remote}/${module} has no default export`);
  return mod.default;
}

const reported = new Set<string>();

/**
 * Tells the server a remote failed to load (POST /api/client-errors), once per remote, module and
 * stage on this page. Reporting never throws: a report that cannot be sent is dropped.
 */
export function reportRemoteFailure(remote: RemoteName, module: string, stage: RemoteFailureStage, error: unknown): void {
  const key = `${remote}/${module}/${stage}`;
  if (reported.has(key)) return;
  reported.add(key);
  const page = typeof location === 'undefined' ? '/' : location.pathname.slice(0, 200);
  api.reportClientError({ remote, module, stage, message: messageOf(error).slice(0, 300), page }).catch(() => undefined);
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
 * Forgets what a failed load left behind, so the next attempt asks again (decision 047): the
 * remote's registration and shared load, its preloads, and the federation runtime's record of a
 * shared module whose chunk failed (runtime-core keeps the rejected `loading` and hands it to every
 * later consumer; webpack's own chunk and consume records clear themselves on failure).
 */
export function forgetFailures(remote?: RemoteName): void {
  if (remote) {
    registrations.delete(remote);
    reregistrations.delete(remote);
    for (const key of [...pending.keys()]) if (key.startsWith(`${remote}/`)) pending.delete(key);
    for (const link of preloads.get(remote) ?? []) {
      link.remove();
      preloaded.delete(link.href);
    }
    preloads.delete(remote);
  }
  const scopes = (getInstance()?.shareScopeMap ?? {}) as Record<
    string,
    Record<string, Record<string, { loaded?: boolean; loading?: Promise<unknown> | null }>>
  >;
  for (const scope of Object.values(scopes))
    for (const versions of Object.values(scope))
      for (const shared of Object.values(versions)) {
        const loading = shared.loading;
        if (loading && !shared.loaded) loading.catch(() => shared.loading === loading && !shared.loaded && (shared.loading = null));
      }
}
// A chunk of the page that failed (lazyComponent says so): clear the runtime's record of it now.
globalThis.document?.addEventListener('app:code-failed', () => forgetFailures());

/** The attempts' waits: 1, 2, 4, 8, 16, then every 30 s. */
export const backoff = (attempt: number) => Math.min(30_000, 1000 * 2 ** attempt);

export interface Keeper<T> {
  /** The first module any attempt brought. */
  promise: Promise<T>;
  /** A new attempt now (a reader's click, 'Try again'), unless one is under way. */
  retry(): void;
  stop(): void;
}

/**
 * Loads `remote/module` until it arrives (decision 047): an attempt ends on an error or on no
 * progress (`untilStalled`); `failed` is told why, and the next attempt starts after a backoff, at
 * the browser's `online` event, or at `retry()`, whichever comes first, each after
 * `forgetFailures`. An attempt given up for lack of progress may still arrive: its module is taken.
 */
export function keepLoading<T>(remote: RemoteName, start: () => Promise<T>, failed: (error: unknown) => void, stallMs = STALL_MS): Keeper<T> {
  let done = false;
  let busy = false;
  let attempts = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let arrived!: (value: T) => void;
  const promise = new Promise<T>((resolve) => (arrived = resolve));
  const stop = () => {
    done = true;
    clearTimeout(timer);
    removeEventListener('online', retry);
  };
  function attempt() {
    if (done || busy) return;
    clearTimeout(timer);
    busy = true;
    const load = start();
    load.then(
      (value) => {
        if (done) return;
        stop();
        arrived(value);
      },
      () => undefined,
    );
    untilStalled(load, remote, stallMs).catch((error: unknown) => {
      busy = false;
      if (done) return;
      failed(error);
      forgetFailures(remote);
      timer = setTimeout(attempt, backoff(attempts++));
    });
  }
  function retry() {
    attempt();
  }
  addEventListener('online', retry);
  attempt();
  return { promise, retry, stop };
}
