/**
 * Loading remotes at run time. Where each remote lives is read from GET /remotes.json (set by the
 * server's environment), never compiled into the shell, so a team redeploys its remote without the
 * shell being rebuilt. A remote is registered lazily and fetched only when a slot asks for it.
 */
import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
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
// shows no remote uses the preload too (Chromium warns about a preload left unused; issue 26).
if (globalThis.document?.querySelector('link[href="/remotes.json"]')) remotesConfig().catch(() => {});

export class RemoteTimeoutError extends Error {
  constructor(remote: string, ms: number) {
    super(`Remote ${remote} did not load within ${ms} ms`);
    this.name = 'RemoteTimeoutError';
  }
}

/** Rejects after `ms`; the slot shows its fallback instead of waiting on a hung server. */
export function withTimeout<T>(promise: Promise<T>, ms: number, remote: string): Promise<T> {
  return Promise.race([promise, new Promise<T>((_, reject) => setTimeout(() => reject(new RemoteTimeoutError(remote, ms)), ms))]);
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
  if (error instanceof RemoteTimeoutError) return 'timeout';
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
function preloadScripts(urls: readonly string[]): void {
  if (typeof document === 'undefined') return;
  for (const href of urls) {
    if (preloaded.has(href)) continue;
    preloaded.add(href);
    const link = document.createElement('link');
    link.rel = 'preload';
    link.setAttribute('as', 'script');
    link.href = href;
    document.head.appendChild(link);
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
    preloadScripts(manifest.exposes.get(module) ?? []);
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
