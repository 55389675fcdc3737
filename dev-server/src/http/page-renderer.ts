/**
 * What the composition host needs of server rendering (decision 032) in the API process: the shape
 * of a rendered page, the file cache of index.html, and the reader's side of a render's requests.
 * The shell's server build itself (`shell/dist-server/render.js`, which bundles React and evaluates
 * the remotes' server builds) never runs here: the render tier's workers run it (render-tier.ts,
 * decision 045), so serving JSON loads no React (no-react.test.ts) and no remote's code runs in the
 * process that holds the database, the sessions and the secrets.
 *
 * The page's requests are answered by this server: `dispatchFetch` sends each one over loopback as
 * the reader's own request (their cookies, and their address vouched for by a secret of this process).
 * A worker asks for them over IPC and never sees the cookies or the secret.
 */
import fs from 'node:fs';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { RequestHandler } from 'express';
import type { Article } from 'shared-contracts/server';

/**
 * A page the render tier rendered, for the composition host to put into index.html: what the
 * shell's server build renders for one document (shell/src/server/render.tsx: the markup, what the
 * page says of its document, how each remote slot was rendered), with the render data for
 * hydration (`{ loads, slots, origin, reader? }`) as JSON text the worker serialized, escaped so it
 * cannot close its script element (render-worker.cjs, decision 045).
 */
export interface RenderedPage {
  html: string;
  page: { status?: number; article?: Article; sheets?: string[] };
  slots: Record<string, string>;
  /** The render data's JSON, with `<`, `>`, `&`, U+2028 and U+2029 escaped. */
  data: string;
}

/**
 * `load(file)`, kept in memory and done again when the file's modification time or size changes
 * (one `stat` per call, microseconds), so a rebuild is picked up at once without a restart; null
 * while the file does not exist.
 */
export function createFileCache<T>(file: string, load: (file: string) => T): () => T | null {
  let cached: { mtimeMs: number; size: number; value: T } | null = null;
  return () => {
    let stat: fs.Stats;
    try {
      stat = fs.statSync(file);
    } catch {
      cached = null;
      return null;
    }
    if (!cached || cached.mtimeMs !== stat.mtimeMs || cached.size !== stat.size) {
      cached = { mtimeMs: stat.mtimeMs, size: stat.size, value: load(file) };
    }
    return cached.value;
  };
}

/** The request headers a page's API call carries from the reader's page request (x-mfe-canary: a tester's opt-in to canaries, decision 037). */
const FORWARDED = ['cookie', 'user-agent', 'accept-language', 'x-mfe-canary'] as const;

/** Headers of a page's API request: the process's secret and the reader's address (`renderedFor`). */
export const RENDER_KEY_HEADER = 'x-render-key';
export const RENDER_CLIENT_HEADER = 'x-render-client';

/** A secret of this process: only its own page renders can speak for a reader's address. */
export function createRenderKey(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Middleware, first in the app: a request carrying this process's render key (a page's API request,
 * from this process over loopback) is the reader's: its `req.ip` is the reader's address, so rate
 * limits, the meter and the walls decide for the reader exactly as for their browser's requests.
 * The headers are removed; a request with a wrong key is refused.
 */
export function renderedFor(key: string): RequestHandler {
  const expected = Buffer.from(key);
  return (req, res, next) => {
    const given = req.headers[RENDER_KEY_HEADER];
    if (given === undefined) {
      next();
      return;
    }
    const client = req.headers[RENDER_CLIENT_HEADER];
    delete req.headers[RENDER_KEY_HEADER];
    delete req.headers[RENDER_CLIENT_HEADER];
    const buffer = Buffer.from(typeof given === 'string' ? given : '');
    if (buffer.length !== expected.length || !timingSafeEqual(buffer, expected) || typeof client !== 'string' || client.length > 64) {
      res.status(400).json({ message: 'Bad request' });
      return;
    }
    Object.defineProperty(req, 'ip', { value: client, configurable: true });
    next();
  };
}

/**
 * A `fetch` for the page's API client: a path of this site, answered by this server (the port the
 * reader's request came in on, over loopback) as if the reader had asked: their cookies, user agent
 * and address. Anything else is refused: a render reaches no other server.
 */
export function dispatchFetch(key: string, reader: IncomingMessage & { ip?: string }): typeof fetch {
  const port = reader.socket.localPort;
  return (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!url.startsWith('/') || url.startsWith('//')) throw new TypeError(`A page render asked for ${url}: only this site's paths are answered`);
    const headers = new Headers(init?.headers);
    for (const name of FORWARDED) {
      const value = reader.headers[name];
      if (typeof value === 'string') headers.set(name, value);
    }
    headers.set(RENDER_KEY_HEADER, key);
    headers.set(RENDER_CLIENT_HEADER, reader.ip ?? reader.socket.remoteAddress ?? '');
    // Over loopback an answer is not compressed (fetch would ask for gzip or br by default, and
    // the server would compress what this process then decompresses at once).
    headers.set('accept-encoding', 'identity');
    return fetch(`http://127.0.0.1:${port}${url}`, { ...init, headers, redirect: 'manual' });
  }) as typeof fetch;
}
