/**
 * Remotes' server builds, loaded at run time by the shell's renderer (decision 032). A remote team
 * publishes `server/remote.js` beside its `mf-manifest.json` (one CommonJS file, built by the
 * remote's own build, exporting its server-rendered modules by name); the renderer finds it through
 * the same `/remotes.json` the browser reads, so a release of a remote changes what the server
 * renders with no rebuild or restart of the shell: every render revalidates the file (ETag), and
 * renders running at the same time share one revalidation.
 *
 * The file runs with this bundle's shared modules (`SHARED_MODULES`): one React, one router, one
 * user store and one shared-contracts on the server as in the browser. A remote whose file cannot
 * be fetched in time (down, hung, an error status), does not evaluate, or lacks the module gives the
 * slot 'failed'; a remote that publishes no server build at all gives 'client'.
 */
import http from 'node:http';
import https from 'node:https';
import vm from 'node:vm';
import type { ComponentType } from 'react';
import { api, type RemoteName, type ServerRemoteModule } from 'shared-contracts';
import { SHARED_MODULES } from './shared-modules';

/** How long a render waits for a remote's server build (the browser's slots wait 2 s in all). */
export const REMOTE_SERVER_BUDGET_MS = 1000;

/** The address of a remote's server build, beside its manifest. */
export function serverBuildUrl(manifestUrl: string): string {
  return new URL('server/remote.js', manifestUrl).href;
}

type Exports = Record<string, unknown>;
interface Loaded {
  url: string;
  etag: string | null;
  exports: Exports;
}

/** The last good build of each remote, and the revalidation in flight. */
const builds = new Map<string, Loaded>();
const inFlight = new Map<string, Promise<Exports | null>>();

function evaluate(code: string, url: string): Exports {
  const wrapper = vm.runInThisContext(`(function (module, exports, require) {${code}\n})`, { filename: url }) as (
    module: { exports: Exports },
    exports: Exports,
    require: (name: string) => unknown,
  ) => void;
  const module = { exports: {} as Exports };
  wrapper(module, module.exports, (name) => {
    if (!(name in SHARED_MODULES)) throw new Error(`${url} asked for ${name}, which the shell does not share`);
    return SHARED_MODULES[name];
  });
  return module.exports;
}

/**
 * A GET with `If-None-Match` as a server sends it. Not `fetch`: the fetch standard turns a request
 * with a validator into a reload (`Cache-Control: no-cache`), which a static host must answer in full,
 * so every render would download and evaluate the build again.
 */
function conditionalGet(url: string, etag: string | null, timeoutMs: number): Promise<{ status: number; etag: string | null; body: string }> {
  return new Promise((resolve, reject) => {
    const get = url.startsWith('https:') ? https.get : http.get;
    const req = get(url, { headers: etag ? { 'If-None-Match': etag } : {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        clearTimeout(timer);
        const tag = res.headers.etag;
        resolve({ status: res.statusCode ?? 0, etag: typeof tag === 'string' ? tag : null, body: Buffer.concat(chunks).toString('utf8') });
      });
      res.on('error', reject);
    });
    // The whole answer within the budget, however slowly it trickles.
    const timer = setTimeout(() => req.destroy(new Error(`${url} did not answer within ${timeoutMs} ms`)), timeoutMs);
    req.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}

/** The server build at `url`, fetched again only when it changed; null when the remote publishes none (404). */
async function fetchBuild(url: string, timeoutMs: number): Promise<Exports | null> {
  const known = builds.get(url);
  const res = await conditionalGet(url, known?.etag ?? null, timeoutMs);
  if (res.status === 304 && known) return known.exports;
  if (res.status === 404) {
    builds.delete(url);
    return null;
  }
  if (res.status < 200 || res.status >= 300) throw new Error(`${url} answered ${res.status}`);
  // The same release answered in full (a host that ignores validators): evaluated once only.
  if (known && res.etag && res.etag === known.etag) return known.exports;
  const exports = evaluate(res.body, url);
  builds.set(url, { url, etag: res.etag, exports });
  return exports;
}

function currentBuild(url: string, timeoutMs: number): Promise<Exports | null> {
  let running = inFlight.get(url);
  if (!running) {
    running = fetchBuild(url, timeoutMs).finally(() => inFlight.delete(url));
    inFlight.set(url, running);
  }
  return running;
}

/**
 * A remote module for one render: never rejects. `locations` are the render's remote manifests
 * (read once per render).
 */
export async function loadServerRemoteModule(
  remote: RemoteName,
  module: string,
  locations: Promise<Record<string, string>>,
  warn: (msg: string, fields: Record<string, string>) => void,
  timeoutMs = REMOTE_SERVER_BUDGET_MS,
): Promise<ServerRemoteModule> {
  try {
    const manifestUrl = (await locations)[remote];
    if (!manifestUrl) return { rendering: 'failed' };
    const exports = await currentBuild(serverBuildUrl(manifestUrl), timeoutMs);
    if (!exports) return { rendering: 'client' };
    // A module the remote does not render on the server is the browser's.
    const component = exports[module];
    if (typeof component !== 'function' && (typeof component !== 'object' || component === null)) return { rendering: 'client' };
    return { rendering: 'ready', component: component as ComponentType<never> };
  } catch (error) {
    warn('a remote is unavailable to the server', { remote: `${remote}/${module}`, error: error instanceof Error ? error.message : String(error) });
    return { rendering: 'failed' };
  }
}

/** The remotes' manifest addresses, from /remotes.json as the browser reads it. */
export function remoteLocations(): Promise<Record<string, string>> {
  return api.remotes().then((config) => config.remotes);
}
