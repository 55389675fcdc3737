/**
 * The shell's server build (decision 032): the pages the browser runs, rendered to HTML by React's
 * streaming renderer with the same components, so that every page type is readable before any
 * script and the browser hydrates it instead of drawing it again. It runs in the render tier
 * (decision 045): worker processes apart from the API process (dev-server/src/http/render-worker.cjs).
 *
 * `renderPage` renders one document's app markup. The page's data is loaded during the render
 * (`useLoad` suspends on the server, shared-contracts ssr.ts) through `fetch`, which the host gives
 * per request: the worker passes each request to the API process, which answers it as the reader
 * (their cookies stay there). The answers are returned with the markup; the host writes them into
 * the document as JSON for hydration.
 *
 * Remote slots render the remotes' server builds, loaded at run time (remote-modules.ts).
 *
 * This file is bundled with its own React, React DOM and router (webpack target node, one file), so
 * the API process never loads React.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { Writable } from 'node:stream';
import { createElement, StrictMode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import {
  api,
  ApiError,
  instanceMarkers,
  userStore,
  RenderContextValue,
  setServerFetch,
  type PageMeta,
  type Preloaded,
  type RemoteName,
  type RenderContext,
  type ServerRemoteModule,
  type SlotRendering,
  type User,
} from 'shared-contracts';
import { App } from '../App';
import { loadServerRemoteModule, remoteLocations, type RemoteLocations } from './remote-modules';

export interface RenderRequest {
  /** The page's path and query ('/topics', '/search?q=strategy'). */
  url: string;
  /** Answers a request of the page's API client (a path of this site) as the API would the reader. */
  fetch: typeof fetch;
  /** The site's public origin (absolute links). */
  origin: string;
  /** Where a part that failed is reported; console.warn by default. */
  warn?: (msg: string, fields: Record<string, string>) => void;
  /** Past this, loads still running are given up: their parts render as the browser would while loading. */
  timeoutMs?: number;
  /**
   * Whether the request carries a session: the reader is then asked for (the profile, through
   * `fetch`) and the page is rendered for them; without one it is rendered for a guest.
   */
  session?: boolean;
  /**
   * The request carries nothing that names a reader or changes what the API answers (no session, no
   * country override): a page that read only public data may then be kept for a few seconds and
   * served to every such request (`PUBLIC_PAGE_TTL_MS`).
   */
  shareable?: boolean;
  /**
   * The reader's /remotes.json (their cohort's versions and the pins), when the host resolved it
   * with the page (decision 045); otherwise it is asked for through `fetch`.
   */
  remotes?: RemoteLocations;
}

export interface RenderedPage {
  /** The markup of `#root`. */
  html: string;
  /** What the page said about its document (status, article). */
  page: PageMeta;
  /** The settled loads, for hydration. */
  loads: Array<[string, Preloaded]>;
  /** How each remote slot was rendered, for hydration. */
  slots: Record<string, SlotRendering>;
  /** Who the page was rendered for (the browser's user store hydrates with it); absent: not known. */
  reader?: { user: User | null };
}

/** Each render's own fetch: renders of several readers interleave in one process. */
const requestFetch = new AsyncLocalStorage<typeof fetch>();
setServerFetch(((input, init) => {
  const f = requestFetch.getStore();
  if (!f) return Promise.reject(new Error('A request outside a page render'));
  return f(input, init);
}) as typeof fetch);

// Instance ids numbered as the browser numbers them (react-1, store-2: the shell registers them
// first), for this build's React and store, whatever builds this process evaluated before.
delete (globalThis as Record<string, unknown>).__MFE_INSTANCES__;
instanceMarkers(createElement, userStore);

export const DEFAULT_RENDER_TIMEOUT_MS = 2000;

const defaultWarn = (msg: string, fields: Record<string, string>) => console.warn(`[render] ${msg}`, fields);

/** An answer as the browser will read it: a thrown ApiError keeps its status and body. */
export function settle(promise: Promise<unknown>): Promise<Preloaded> {
  return promise.then(
    (data): Preloaded => ({ ok: true, data }),
    (error: unknown): Preloaded => (error instanceof ApiError ? { ok: false, status: error.status, body: error.body } : { ok: false, status: 0, body: null }),
  );
}

/**
 * The reader a page is rendered for: a guest without a session; with one, the profile's answer
 * (a 401 is a guest). A profile that cannot be read leaves the reader unknown, as the browser
 * starts without one.
 */
export async function readerFor(session: boolean, fetch: typeof globalThis.fetch): Promise<{ user: User | null } | undefined> {
  if (!session) return { user: null };
  try {
    const answer = await requestFetch.run(fetch, () => api.profile());
    return { user: answer ? answer.user : null };
  } catch {
    return undefined;
  }
}

/**
 * A guest's page is the same for every guest when everything it read is public: these API reads
 * answer the same whoever asks (content, topics, the magazine, store products, search, the remote
 * locations). A page that read anything else (a guest's cart, a metered answer, a profile) is never
 * kept; a read added later is not kept until it is named here.
 */
export const PUBLIC_READS =
  /^\/(remotes\.json$|api\/(topics$|topic\/|magazine\/|article\/\d{4}\/|store\/products$|store\/product\/)|service\/stream\/(latest|topic|magazine|search|analytics|ascend|big-ideas)\/)/;

/** How long a guest's public page is served from memory (a publisher's edge would keep it longer). */
export const PUBLIC_PAGE_TTL_MS = 5000;
const PUBLIC_PAGE_ENTRIES = 500;

interface KeptPage {
  page: RenderedPage;
  expires: number;
  /** The remote modules it rendered, as loaded then: a release of one makes the page stale. */
  remotes: Array<{ remote: RemoteName; module: string; found: ServerRemoteModule }>;
}
const publicPages = new Map<string, KeptPage>();

/** The reader's remote locations: as the host gave them with the page, or read from /remotes.json (within the render's fetch). */
function locationsFor(given: RemoteLocations | undefined): Promise<RemoteLocations> {
  return given ? Promise.resolve(given) : remoteLocations().catch((): RemoteLocations => ({ remotes: {} }));
}

/** Whether the remotes a kept page rendered are still the ones the server would load now. */
async function remotesUnchanged(
  kept: KeptPage,
  warn: NonNullable<RenderRequest['warn']>,
  fetch: typeof globalThis.fetch,
  remotes: RemoteLocations | undefined,
): Promise<boolean> {
  if (kept.remotes.length === 0) return true;
  return requestFetch.run(fetch, async () => {
    const locations = locationsFor(remotes);
    const now = await Promise.all(kept.remotes.map(({ remote, module }) => loadServerRemoteModule(remote, module, locations, warn)));
    return now.every((found, i) => {
      const before = kept.remotes[i]!.found;
      return found.rendering === before.rendering && (found.rendering !== 'ready' || (before.rendering === 'ready' && found.component === before.component));
    });
  });
}

export async function renderPage(request: RenderRequest): Promise<RenderedPage> {
  const { shareable = false, fetch, url, warn = defaultWarn } = request;
  const session = request.session ?? false;
  if (!shareable || session) return renderFor(request, await readerFor(session, fetch));

  const kept = publicPages.get(url);
  if (kept && kept.expires > Date.now() && (await remotesUnchanged(kept, warn, fetch, request.remotes))) {
    // Most recently used last: the oldest entry is the first to go.
    publicPages.delete(url);
    publicPages.set(url, kept);
    return kept.page;
  }
  let everyReadPublic = true;
  const recording = ((input: RequestInfo | URL, init?: RequestInit) =>
    fetch(input, init).then((res) => {
      const path = typeof input === 'string' ? input.split('?')[0]! : '';
      if (!PUBLIC_READS.test(path) || (res.status !== 200 && res.status !== 404)) everyReadPublic = false;
      return res;
    })) as typeof globalThis.fetch;
  const remotes: KeptPage['remotes'] = [];
  const page = await renderFor({ ...request, fetch: recording }, { user: null }, (remote, module, found) => remotes.push({ remote, module, found }));
  const failed = Object.values(page.slots).some((slot) => slot === 'failed');
  if (everyReadPublic && !failed) {
    publicPages.delete(url);
    publicPages.set(url, { page, expires: Date.now() + PUBLIC_PAGE_TTL_MS, remotes });
    if (publicPages.size > PUBLIC_PAGE_ENTRIES) publicPages.delete(publicPages.keys().next().value!);
  }
  return page;
}

function renderFor(
  { url, fetch, origin, timeoutMs = DEFAULT_RENDER_TIMEOUT_MS, warn = defaultWarn, remotes }: RenderRequest,
  reader: { user: User | null } | undefined,
  onRemote?: (remote: RemoteName, module: string, found: ServerRemoteModule) => void,
): Promise<RenderedPage> {
  let locations: Promise<RemoteLocations> | null = null;
  const modules = new Map<string, Promise<ServerRemoteModule>>();
  const loads = new Map<string, Preloaded>();
  const running = new Map<string, Promise<Preloaded>>();
  const page: PageMeta = {};
  const context: RenderContext = {
    loads,
    // Each key's load starts once per render; its answer is kept for the browser.
    load(key, load) {
      let settled = running.get(key);
      if (!settled) {
        settled = settle(load()).then((answer) => {
          loads.set(key, answer);
          return answer;
        });
        running.set(key, settled);
      }
      return settled;
    },
    page,
    slots: {},
    origin,
    reader,
    // One lookup per remote module and render; the locations are read once, when a slot first needs one.
    remoteModule(remote, module) {
      const key = `${remote}/${module}`;
      let found = modules.get(key);
      if (!found) {
        locations ??= locationsFor(remotes);
        found = loadServerRemoteModule(remote as RemoteName, module, locations, warn);
        if (onRemote) void found.then((loaded) => onRemote(remote as RemoteName, module, loaded));
        modules.set(key, found);
      }
      return found;
    },
  };
  return new Promise<RenderedPage>((resolve, reject) => {
    requestFetch.run(fetch, () => {
      const chunks: Buffer[] = [];
      const sink = new Writable({
        write(chunk: Buffer | string, _encoding, done) {
          chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
          done();
        },
        final(done) {
          clearTimeout(timer);
          resolve({ html: Buffer.concat(chunks).toString('utf8'), page, loads: [...loads], slots: context.slots, reader });
          done();
        },
      });
      const stream = renderToPipeableStream(
        <StrictMode>
          <RenderContextValue.Provider value={context}>
            <StaticRouter location={url}>
              <App />
            </StaticRouter>
          </RenderContextValue.Provider>
        </StrictMode>,
        {
          // No boundary is sent apart from its place (that needs an inline script to reveal it).
          progressiveChunkSize: Number.POSITIVE_INFINITY,
          // Everything, or what is ready when the time is up: a document a crawler and a reader
          // without scripts can read, with no inline script (the Content-Security-Policy allows none).
          onAllReady() {
            stream.pipe(sink);
          },
          onShellError(error) {
            clearTimeout(timer);
            reject(error instanceof Error ? error : new Error(String(error)));
          },
          onError(error) {
            // A part that threw renders as the browser would while loading, and the browser tries it again.
            warn('part of a page failed to render', { error: error instanceof Error ? error.message : String(error) });
          },
        },
      );
      const timer = setTimeout(() => stream.abort(new Error(`render of ${url} took longer than ${timeoutMs} ms`)), timeoutMs);
    });
  });
}
