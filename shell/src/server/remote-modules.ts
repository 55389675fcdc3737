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
 *
 * This code runs in the render tier (decision 045): a worker process apart from the API, without its
 * database, its secrets or the readers' cookies, under Node's permission model. A published version
 * is pinned (`integrity` in /remotes.json, decision 045): its server build is evaluated only when its
 * bytes have the digest the registry recorded at publication, so what runs is what was published.
 */
import { createHash } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import vm from 'node:vm';
import type { ComponentType } from 'react';
import { api, type RemoteIntegrity, type RemoteName, type ServerRemoteModule } from 'shared-contracts';
import { SHARED_MODULES } from './shared-modules';

/** How long a render waits for a remote's server build (the browser's slots wait 2 s in all). */
export const REMOTE_SERVER_BUDGET_MS = 1000;

/** The address of a remote's server build, beside its manifest. */
export function serverBuildUrl(manifestUrl: string): string {
  return new URL('server/remote.js', manifestUrl).href;
}

/** Where each remote is for one render, from /remotes.json, and what a published version is pinned to. */
export interface RemoteLocations {
  remotes: Partial<Record<string, string>>;
  /** By remote: the digests of a published version (absent for a location the operator configured). */
  integrity?: Partial<Record<string, RemoteIntegrity>>;
}

type Exports = Record<string, unknown>;
interface Loaded {
  url: string;
  etag: string | null;
  exports: Exports;
  /** The bytes that were evaluated, to check against a pin. */
  bytes: Buffer;
  /** The pins these bytes were found to match: each is checked once, not on every render. */
  matched: Set<string>;
}

/** The last good build of each remote, and the revalidation in flight. */
const builds = new Map<string, Loaded>();
const inFlight = new Map<string, Promise<Exports | null>>();

const SRI_ALGORITHMS = ['sha256', 'sha384', 'sha512'] as const;
type SriAlgorithm = (typeof SRI_ALGORITHMS)[number];

/**
 * Whether `bytes` has the digest an SRI value names (`sha384-<base64>`, or sha256-/sha512-; several
 * space-separated, of which the strongest algorithm counts, as in a browser). A value with no digest
 * this code can read matches nothing: a pinned build is never run unchecked.
 */
export function matchesIntegrity(bytes: Buffer, integrity: string): boolean {
  const digests = integrity
    .trim()
    .split(/\s+/)
    .map((token) => /^(sha256|sha384|sha512)-([A-Za-z0-9+/]+={0,2})(?:\?.*)?$/.exec(token))
    .filter((match): match is RegExpExecArray => match !== null)
    .map((match) => ({ algorithm: match[1] as SriAlgorithm, digest: match[2]! }));
  const strongest = SRI_ALGORITHMS.filter((algorithm) => digests.some((d) => d.algorithm === algorithm)).pop();
  if (!strongest) return false;
  const actual = createHash(strongest).update(bytes).digest('base64');
  return digests.some((d) => d.algorithm === strongest && d.digest === actual);
}

/** A server build whose bytes are not the ones its version was pinned to: never evaluated. */
class IntegrityMismatch extends Error {}

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
function conditionalGet(url: string, etag: string | null, timeoutMs: number): Promise<{ status: number; etag: string | null; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const get = url.startsWith('https:') ? https.get : http.get;
    const req = get(url, { headers: etag ? { 'If-None-Match': etag } : {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        clearTimeout(timer);
        const tag = res.headers.etag;
        resolve({ status: res.statusCode ?? 0, etag: typeof tag === 'string' ? tag : null, body: Buffer.concat(chunks) });
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

/**
 * The server build at `url`, fetched again only when it changed; null when the remote publishes none
 * (404). With `pinned` (an SRI value), the bytes that would run must have that digest: a build that
 * differs is refused before it is evaluated (IntegrityMismatch), and so is a kept one.
 */
async function fetchBuild(url: string, timeoutMs: number, pinned: string | undefined): Promise<Exports | null> {
  const checked = (loaded: Loaded): Exports => {
    if (pinned === undefined || loaded.matched.has(pinned)) return loaded.exports;
    if (!matchesIntegrity(loaded.bytes, pinned)) throw new IntegrityMismatch(`${url} does not match its integrity ${pinned.slice(0, 16)}...`);
    loaded.matched.add(pinned);
    return loaded.exports;
  };
  const known = builds.get(url);
  const res = await conditionalGet(url, known?.etag ?? null, timeoutMs);
  if (res.status === 304 && known) return checked(known);
  if (res.status === 404) {
    builds.delete(url);
    return null;
  }
  if (res.status < 200 || res.status >= 300) throw new Error(`${url} answered ${res.status}`);
  // The same release answered in full (a host that ignores validators): evaluated once only.
  if (known && res.etag && res.etag === known.etag && known.bytes.equals(res.body)) return checked(known);
  if (pinned !== undefined && !matchesIntegrity(res.body, pinned)) throw new IntegrityMismatch(`${url} does not match its integrity ${pinned.slice(0, 16)}...`);
  const exports = evaluate(res.body.toString('utf8'), url);
  builds.set(url, { url, etag: res.etag, exports, bytes: res.body, matched: new Set(pinned === undefined ? [] : [pinned]) });
  return exports;
}

function currentBuild(url: string, timeoutMs: number, pinned: string | undefined): Promise<Exports | null> {
  // Renders that expect the same bytes share one revalidation.
  const key = `${url} ${pinned ?? ''}`;
  let running = inFlight.get(key);
  if (!running) {
    running = fetchBuild(url, timeoutMs, pinned).finally(() => inFlight.delete(key));
    inFlight.set(key, running);
  }
  return running;
}

/**
 * A remote module for one render: never rejects. `locations` are the render's remote manifests
 * (read once per render), with the pins of published versions.
 */
export async function loadServerRemoteModule(
  remote: RemoteName,
  module: string,
  locations: Promise<RemoteLocations>,
  warn: (msg: string, fields: Record<string, string>) => void,
  timeoutMs = REMOTE_SERVER_BUDGET_MS,
): Promise<ServerRemoteModule> {
  try {
    const found = await locations;
    const manifestUrl = found.remotes[remote];
    if (!manifestUrl) return { rendering: 'failed' };
    const pin = found.integrity?.[remote];
    // A published version without a server build: the browser renders the slot.
    if (pin && pin.server === null) return { rendering: 'client' };
    const exports = await currentBuild(serverBuildUrl(manifestUrl), timeoutMs, pin?.server ?? undefined);
    if (!exports) return { rendering: pin ? 'failed' : 'client' };
    // A module the remote does not render on the server is the browser's.
    const component = exports[module];
    if (typeof component !== 'function' && (typeof component !== 'object' || component === null)) return { rendering: 'client' };
    return { rendering: 'ready', component: component as ComponentType<never> };
  } catch (error) {
    if (error instanceof IntegrityMismatch) {
      warn("a remote's server build does not match its integrity: not evaluated", { remote: `${remote}/${module}`, error: error.message });
      return { rendering: 'failed' };
    }
    warn('a remote is unavailable to the server', { remote: `${remote}/${module}`, error: error instanceof Error ? error.message : String(error) });
    return { rendering: 'failed' };
  }
}

/** The remotes' manifest addresses and the pins of published versions, from /remotes.json as the browser reads it. */
export function remoteLocations(): Promise<RemoteLocations> {
  return api.remotes().then((config) => ({ remotes: config.remotes, ...(config.integrity ? { integrity: config.integrity } : {}) }));
}
