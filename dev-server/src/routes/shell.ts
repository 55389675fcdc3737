/**
 * The built shell: static files with cache headers by kind, and the SPA fallback (index.html for
 * any other page a browser asks for). API paths never fall back to HTML.
 *
 * index.html is kept in memory and read again when its modification time or size changes (one
 * stat per page request, microseconds), so a rebuild is served at once without a restart. An
 * article page (/{yyyy}/{mm}/{slug} of a published article) gets the article's title, description,
 * JSON-LD, headline and lead (routes/article-html.ts); an unknown article gets the plain page with
 * status 404. Home gets its heading and first slide (routes/home-html.ts). Every page is `no-cache` (revalidated, ETag).
 */
import fs from 'node:fs';
import path from 'node:path';
import express, { Router, type Response } from 'express';
import { type Article, firstPageOf, STREAM_PAGE_SIZE, type StreamEntry, streamPagePath } from 'shared-contracts/server';
import { renderArticlePage } from './article-html';
import { renderHomePage } from './home-html';
// The build's precompressed twins, shared with the remotes' static host (decision 025).
import { servePrecompressed } from '../http/precompressed.cjs';
import { rejectMalformedPathsJson } from '../http/errors';

/** Content-hashed bundles (name.[8+ hex].js|css) never change under their name. */
const HASHED_ASSET = /\.[0-9a-f]{8,}\.(js|css)$/i;
const NOT_SHELL_PAGES = /^\/(api|service|data-visuals|media)(\/|$)/;
const ARTICLE_PAGE = /^\/(\d{4})\/(\d{2})\/([a-z0-9-]{1,200})\/?$/;
/** Pages whose first paint waits on the latest stream's first page: home and The Latest. */
const LATEST_STREAM_PAGES = new Set(['/', '/the-latest']);

/**
 * Home and The Latest show the latest stream's first page. Its request is preloaded with the shell's
 * scripts (after the first paint, decision 024) instead of after the shell's code has run; it is the
 * very request the app makes (same address from `streamPagePath`, cors mode with same-origin
 * credentials = `crossorigin="anonymous"`), so the browser answers the app's fetch from it
 * (decision 021).
 */
export const LATEST_STREAM_PRELOAD = `<link rel="preload" href="${streamPagePath('latest', firstPageOf('latest'), STREAM_PAGE_SIZE)}" as="fetch" crossorigin="anonymous">`;

/** The shell's home page chunk (`page-home.{hash}.js`, shell/src/routeChunks.ts), if the build has one. */
export function findHomeChunk(shellDist: string): string | null {
  try {
    return fs.readdirSync(shellDist).find((f) => /^page-home\.[0-9a-f]{8,}\.js$/.test(f)) ?? null;
  } catch {
    return null;
  }
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

/**
 * index.html with the latest stream's preload and, when the build has one, the home page chunk's
 * (the shell's entry starts it, so without a preload it waits for main.js; decision 021), for the
 * pages that show the latest stream first.
 */
export function withLatestStreamPreload(html: string, homeChunk: string | null = null): string {
  const chunk = homeChunk ? `<link rel="preload" as="script" href="/${homeChunk}">` : '';
  return withAfterFirstPaint(html, `${LATEST_STREAM_PRELOAD}${chunk}`);
}

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
  let cached: { mtimeMs: number; size: number; html: string } | null = null;
  return () => {
    let stat: fs.Stats;
    try {
      stat = fs.statSync(file);
    } catch {
      cached = null;
      return null;
    }
    if (!cached || cached.mtimeMs !== stat.mtimeMs || cached.size !== stat.size) {
      cached = { mtimeMs: stat.mtimeMs, size: stat.size, html: fs.readFileSync(file, 'utf8') };
    }
    return cached.html;
  };
}

export interface ShellPageSources {
  /** The published article at a page path, or null (unknown, not yet published). */
  article(year: number, month: number, slug: string): Promise<Article | null>;
  /** The site's origin (the JSON-LD url). */
  publicOrigin: string;
  /** The latest stream's first entry (home's first slide), or null (none, maintenance, an error). */
  latestFirstEntry?(): Promise<StreamEntry | null>;
}

export function shellRoutes(shellDist: string, sources?: ShellPageSources): Router {
  const router = Router();
  const root = path.resolve(shellDist);
  const indexHtml = createIndexHtmlCache(path.join(root, 'index.html'));
  // The home chunk's name, looked up again when index.html (a new build) changes.
  let homeChunkFor: { html: string; chunk: string | null } | null = null;
  const homeChunk = (html: string) => {
    if (homeChunkFor?.html !== html) homeChunkFor = { html, chunk: findHomeChunk(root) };
    return homeChunkFor.chunk;
  };
  const origin = sources ? new URL(sources.publicOrigin).origin : '';

  // No file lookup ever sees a malformed path (NUL, bad encoding, dot segments), even where this
  // router is mounted without the app's own guard in front.
  router.use(rejectMalformedPathsJson);
  router.use(servePrecompressed(root, { setHeaders: setCacheHeaders }));
  router.use(express.static(root, { index: false, redirect: false, cacheControl: false, setHeaders: setCacheHeaders }));

  router.get('/{*splat}', async (req, res, next) => {
    const acceptsHtml = (req.get('accept') ?? '').includes('text/html');
    if (!acceptsHtml || NOT_SHELL_PAGES.test(req.path)) {
      next();
      return;
    }
    const html = indexHtml();
    res.set('Cache-Control', NO_CACHE).type('html');
    if (html === null) {
      res.status(503).send(NOT_BUILT_HTML);
      return;
    }
    const match = sources ? ARTICLE_PAGE.exec(req.path) : null;
    if (match && sources) {
      const article = await sources.article(Number(match[1]), Number(match[2]), match[3]!);
      if (!article) {
        res.status(404).send(html);
        return;
      }
      res.send(renderArticlePage(html, article, origin));
      return;
    }
    if (!LATEST_STREAM_PAGES.has(req.path)) {
      res.send(html);
      return;
    }
    const page = withLatestStreamPreload(html, homeChunk(html));
    const first = req.path === '/' && sources?.latestFirstEntry ? await sources.latestFirstEntry().catch(() => null) : null;
    res.send(first ? renderHomePage(page, first) : page);
  });

  return router;
}
