/**
 * The built shell: static files with cache headers by kind, and the SPA fallback (index.html for
 * any other page a browser asks for). API paths never fall back to HTML.
 */
import fs from 'node:fs';
import path from 'node:path';
import express, { Router, type Response } from 'express';

/** Content-hashed bundles (name.[8+ hex].js|css) never change under their name. */
const HASHED_ASSET = /\.[0-9a-f]{8,}\.(js|css)$/i;
const NOT_SHELL_PAGES = /^\/(api|service|data-visuals|media)(\/|$)/;

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

export function shellRoutes(shellDist: string): Router {
  const router = Router();
  const root = path.resolve(shellDist);
  const indexFile = path.join(root, 'index.html');

  router.use(express.static(root, { index: false, redirect: false, cacheControl: false, setHeaders: setCacheHeaders }));

  router.get('/{*splat}', (req, res, next) => {
    const acceptsHtml = (req.get('accept') ?? '').includes('text/html');
    if (!acceptsHtml || NOT_SHELL_PAGES.test(req.path)) {
      next();
      return;
    }
    if (!fs.existsSync(indexFile)) {
      res.status(503).set('Cache-Control', NO_CACHE).type('html').send(NOT_BUILT_HTML);
      return;
    }
    res.sendFile(indexFile, { cacheControl: false, headers: { 'Cache-Control': NO_CACHE } }, (error) => {
      if (error) next(error);
    });
  });

  return router;
}
