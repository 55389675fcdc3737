/**
 * The built shell: static files with cache headers by kind, and every page a browser asks for,
 * server-rendered (decision 032). API paths never fall back to HTML.
 *
 * A page is the built index.html with the app rendered into `<div id="root">` by the shell's server
 * build (the components the browser runs), the answers of the page's loads as JSON for hydration,
 * the status the page gave (404 for an unknown page or article) and, for an article, its title,
 * description and JSON-LD (article-html.ts). The render runs in the render tier, worker processes
 * apart from this one (http/render-tier.ts, decision 045); the page is composed here. Without a
 * server build, or when a render fails or does not answer in time, the page is index.html alone and
 * the browser draws it.
 *
 * index.html is kept in memory and read again when its modification time or size changes (one
 * stat per page request, microseconds), so a rebuild is served at once without a restart; the
 * workers do the same with the server build. Every page is `private, no-cache` (revalidated, never
 * kept by a shared cache).
 */
import fs from 'node:fs';
import path from 'node:path';
import express, { Router, type Request, type Response } from 'express';
import { withArticleHead } from './article-html';
import type { Logger } from '../http/logger';
import { readCookie, SESSION_COOKIE } from '../http/cookies';
import { DEV_COUNTRY_COOKIE } from '../deps';
import { createFileCache, dispatchFetch, type RenderedPage } from '../http/page-renderer';
import type { RenderRequest } from '../http/render-worker.cjs';
import type { RenderTier } from '../http/render-tier';
// The build's precompressed twins, shared with the remotes' static host (decision 025).
import { servePrecompressed } from '../http/precompressed.cjs';
import { rejectMalformedPathsJson } from '../http/errors';

/** Content-hashed bundles (name.[8+ hex].js|css) never change under their name. */
const HASHED_ASSET = /\.[0-9a-f]{8,}\.(js|css|woff2)$/i;
const NOT_SHELL_PAGES = /^\/(api|service|data-visuals|media)(\/|$)/;
const LATEST_STREAM_PAGES = new Set(['/', '/the-latest']);

/** Article pages (`/{yyyy}/{mm}/{slug}`, shell/src/routeChunks.ts `isArticlePath`). */
const ARTICLE_PAGE = /^\/\d{4}\/\d{2}\/[^/]+\/?$/;

/** A named chunk of the shell's build (`page-home`, `page-article`: shell/src/routeChunks.ts), from its chunk-names.json, if the build has one. */
export function findPageChunk(shellDist: string, name: string): string | null {
  try {
    const names = JSON.parse(fs.readFileSync(path.join(shellDist, 'chunk-names.json'), 'utf8')) as Record<string, unknown>;
    const file = names[name];
    return typeof file === 'string' && HASHED_ASSET.test(file) && !file.includes('/') ? file : null;
  } catch {
    return null;
  }
}

/** The shell's home page chunk (named `page-home`), if the build has one. */
export function findHomeChunk(shellDist: string): string | null {
  return findPageChunk(shellDist, 'page-home');
}

/** The page chunk a path's first view runs (home's or the article's), named as in routeChunks.ts; null for other pages. */
function pageChunkName(pathname: string): string | null {
  if (LATEST_STREAM_PAGES.has(pathname)) return 'page-home';
  return ARTICLE_PAGE.test(pathname) ? 'page-article' : null;
}

const AFTER_FIRST_PAINT = /<template id=(["']?)after-first-paint\1>/i;

/**
 * index.html with `tags` added to its after-first-paint template, whose preloads the shell's boot.js
 * starts once the browser has painted (decision 024). A page without that template is answered as
 * it is: the preloads are a speed-up, never needed.
 */
export function withAfterFirstPaint(html: string, tags: string): string {
  const open = AFTER_FIRST_PAINT.exec(html);
  if (!open) return html;
  const close = html.indexOf('</template>', open.index);
  if (close === -1) return html;
  return html.slice(0, close) + tags + html.slice(close);
}

const SHEETS = /<script type=(["']?)application\/json\1 id=(["']?)sheets\2>([^<]*)<\/script>/i;

/**
 * The sheets index.html names (decision 041: the rules of a page type or of a part shown on demand,
 * by name), read from their files in `root`; none when the build has no map or a file is missing.
 */
export function readSheets(html: string, root: string): Map<string, string> {
  const sheets = new Map<string, string>();
  const found = SHEETS.exec(html);
  if (!found) return sheets;
  try {
    const map = JSON.parse(found[3]!) as Record<string, unknown>;
    for (const [name, href] of Object.entries(map)) {
      if (typeof href !== 'string' || !/^\/styles\/[\w-]+\.[0-9a-f]{8}\.css$/.test(href)) continue;
      sheets.set(name, fs.readFileSync(path.join(root, href), 'utf8'));
    }
  } catch {
    return new Map();
  }
  return sheets;
}

/**
 * index.html with the sheets of the parts a page rendered (`PageMeta.sheets`) inlined before the map
 * of sheets, so they follow the site's styles and precede print.css, where the browser adds a sheet
 * it fetches (shell/src/sheets.tsx), which finds them by `data-sheet`.
 */
export function withSheets(html: string, names: readonly string[] | undefined, sheets: ReadonlyMap<string, string>): string {
  const found = names?.length ? SHEETS.exec(html) : null;
  if (!found || !names) return html;
  const styles = names
    .filter((name) => sheets.has(name))
    .map((name) => `<style data-sheet="${name}">${sheets.get(name)!}</style>`)
    .join('');
  return html.slice(0, found.index) + styles + html.slice(found.index);
}

/** The preload of a page's own chunk (the shell's entry starts it, so without one it waits for main.js; decisions 021, 038). */
function pageChunkPreload(chunk: string | null): string {
  return chunk ? `<link rel="preload" as="script" href="/${chunk}">` : '';
}

/** Pages are revalidated on every load and kept by no shared cache. */
export const PAGE_CACHE_CONTROL = 'private, no-cache';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const NO_CACHE = 'no-cache';

/**
 * Hashed files are immutable. Everything else (index.html, remoteEntry.js, mf-manifest.json, which
 * name the hashed files, and any other unhashed file) is revalidated on every load.
 */
export function cacheControlFor(filePath: string): string {
  return HASHED_ASSET.test(path.basename(filePath)) ? IMMUTABLE : NO_CACHE;
}

function setCacheHeaders(res: Response, filePath: string): void {
  res.setHeader('Cache-Control', cacheControlFor(filePath));
}

const NOT_BUILT_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Shell not built</title></head>
<body><h1>The shell is not built yet</h1><p>Run <code>npm run build</code>, then reload.</p></body></html>`;

/** index.html from memory, read again when the file changes; null when it does not exist. */
export function createIndexHtmlCache(file: string): () => string | null {
  return createFileCache(file, (f) => fs.readFileSync(f, 'utf8'));
}

/** The shell's server build of a shell build in `shellDist`: `render.js` in `dist-server` beside it. */
export function defaultRenderFile(shellDist: string): string {
  return path.join(path.resolve(shellDist), '..', 'dist-server', 'render.js');
}

export interface ShellPageSources {
  /** The site's origin (the JSON-LD url). */
  publicOrigin: string;
  /** Where a failed render is logged (the app's logger). */
  logger: Pick<Logger, 'warn'>;
  /** This process's render key: a page's API requests speak for the reader with it (http/page-renderer.ts). */
  renderKey: string;
  /** The worker processes that render pages with the shell's server build (decision 045). */
  renderTier: RenderTier;
  /** Before a page is rendered: the reader joins a canary's cohort (a cookie set, decision 037). */
  beforeRender?: (req: Request, res: Response) => Promise<RenderRequest['remotes'] | void>;
}

/** The server's answers for hydration: JSON the browser reads, never a script that runs. */
export const RENDER_DATA_ID = 'render-data';

/**
 * index.html with the rendered app inside `<div id="root">`, the render data (the loads' answers,
 * the slots, the origin, the reader) as JSON before `</body>`, and for an article its title,
 * description and structured data (article-html.ts).
 */
export function composePage(indexHtml: string, rendered: RenderedPage, origin: string): string {
  let page = rendered.page.article ? withArticleHead(indexHtml, rendered.page.article, origin) : indexHtml;
  page = page.replace(/<div id=(?:"root"|'root'|root)(?=[\s>])[^>]*>/i, (open) => open + rendered.html);
  const data = `<script type="application/json" id="${RENDER_DATA_ID}">${rendered.data}</script>`;
  const bodyEnd = page.search(/<\/body>/i);
  return bodyEnd < 0 ? page + data : page.slice(0, bodyEnd) + data + page.slice(bodyEnd);
}

/**
 * Each rendered page's document, by the page (and the index.html it was composed into): the render
 * tier hands out the same object for a guest's kept page (decision 045), which is then composed once.
 */
const composedPages = new WeakMap<RenderedPage, { into: string; html: string }>();

function composedOnce(into: string, rendered: RenderedPage, sheets: ReadonlyMap<string, string>, origin: string): string {
  const known = composedPages.get(rendered);
  if (known?.into === into) return known.html;
  const html = composePage(withSheets(into, rendered.page.sheets, sheets), rendered, origin);
  composedPages.set(rendered, { into, html });
  return html;
}

export function shellRoutes(shellDist: string, sources?: ShellPageSources): Router {
  const router = Router();
  const root = path.resolve(shellDist);
  const indexHtml = createIndexHtmlCache(path.join(root, 'index.html'));
  // The page chunks' files and the sheets, looked up again when index.html (a new build) changes.
  let built: { html: string; chunks: Map<string, string | null>; sheets: Map<string, string> } | null = null;
  const buildOf = (html: string) => {
    if (built?.html !== html) built = { html, chunks: new Map(), sheets: readSheets(html, root) };
    return built;
  };
  const pageChunk = (html: string, name: string) => {
    const { chunks } = buildOf(html);
    if (!chunks.has(name)) chunks.set(name, findPageChunk(root, name));
    return chunks.get(name) ?? null;
  };
  const origin = sources ? new URL(sources.publicOrigin).origin : '';

  // No file lookup ever sees a malformed path (NUL, bad encoding, dot segments), even where this
  // router is mounted without the app's own guard in front.
  router.use(rejectMalformedPathsJson);
  router.use(servePrecompressed(root, { setHeaders: setCacheHeaders }));
  router.use(express.static(root, { index: false, redirect: false, cacheControl: false, setHeaders: setCacheHeaders }));

  router.get('/{*splat}', async (req, res, next) => {
    // A page for whoever takes HTML: a browser, and curl or a crawler sending `*/*` (or nothing) for
    // a page's address. A file's address (`/no-such-chunk.js`: a script tag sends `*/*` too) and a
    // client that asks for JSON alone get the API's 404 below, never a page in place of a file.
    const accept = req.get('accept') ?? '';
    const acceptsHtml = accept.includes('text/html') || (!/\.[a-z0-9]{1,8}$/i.test(req.path) && req.accepts(['html', 'json']) === 'html');
    if (!acceptsHtml || NOT_SHELL_PAGES.test(req.path)) {
      next();
      return;
    }
    const html = indexHtml();
    // A page may hold the reader's own data (My Library, the cart): never kept by a shared cache.
    res.set('Cache-Control', PAGE_CACHE_CONTROL).vary('Cookie').type('html');
    if (html === null) {
      res.status(503).send(NOT_BUILT_HTML);
      return;
    }
    // Home's and the article's page chunks are needed before the browser hydrates: fetched with the shell's scripts.
    const chunkName = pageChunkName(req.path);
    const page = chunkName ? withAfterFirstPaint(html, pageChunkPreload(pageChunk(html, chunkName))) : html;
    const remotes = (await sources?.beforeRender?.(req, res)) ?? undefined;
    if (!sources) {
      res.send(page);
      return;
    }
    let composed: { status: number; html: string } | null;
    try {
      // The worker is told the page and whether it is a reader's; their cookies and address stay
      // here, with the fetch that answers the render's requests as them (decision 045).
      const rendered: RenderedPage | null = await sources.renderTier.render(
        {
          url: req.originalUrl,
          origin,
          session: readCookie(req, SESSION_COOKIE) !== undefined,
          // Nothing names this reader or changes the API's answers: a page of public data may be shared.
          shareable: readCookie(req, SESSION_COOKIE) === undefined && readCookie(req, DEV_COUNTRY_COOKIE) === undefined,
          // The reader's /remotes.json, resolved here: the render does not ask for it.
          ...(remotes ? { remotes } : {}),
        },
        {
          fetch: dispatchFetch(sources.renderKey, req),
          warn: (msg, fields) => sources.logger.warn(msg, { ...fields, path: req.originalUrl }),
        },
      );
      composed = rendered && { status: rendered.page.status ?? 200, html: composedOnce(page, rendered, buildOf(html).sheets, origin) };
    } catch (error) {
      // The browser draws the page itself, as it does when the server build is missing.
      sources.logger.warn('page render failed', { path: req.originalUrl, error: error instanceof Error ? error.message : String(error) });
      composed = null;
    }
    if (!composed) {
      res.send(page);
      return;
    }
    res.status(composed.status).send(composed.html);
  });

  return router;
}
