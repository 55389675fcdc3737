#!/usr/bin/env node
// Serves one remote's production build the way a static host or CDN would: hashed chunks are
// immutable for a year, the manifest and remote entry are revalidated on every load (so a new
// release is picked up on the next page load), and the files are readable cross-origin by the
// shell's origin only (SHELL_ORIGIN, default http://localhost:3000). GET /healthz answers ok.
// A malformed path (bad percent-encoding, NUL, dot segments) answers 404 like any unknown path, and
// any failure a plain-text status line: never a stack, a file name or the path.
// Usage: node scripts/serve-static.mjs <dist folder> [port]   (PORT also works; run from the package)
import compression from 'compression';
import express from 'express';
import http from 'node:http';
import path from 'node:path';
import fs from 'node:fs';
import { REMOTES } from './apps.mjs';
import { servePrecompressed } from '../dev-server/src/http/precompressed.cjs';
import { rejectMalformedPaths } from '../dev-server/src/http/malformed-path.cjs';

export const DEFAULT_SHELL_ORIGIN = 'http://localhost:3000';

/** The answer to a path this host does not hold, or one no file can have. */
function notFound(_req, res) {
  res.status(404).type('text/plain').send('Not found');
}

export function createStaticApp(dir, options = {}) {
  const shellOrigin = options.shellOrigin ?? process.env.SHELL_ORIGIN ?? DEFAULT_SHELL_ORIGIN;
  const app = express();
  app.disable('x-powered-by');
  app.get('/healthz', (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json({ ok: true });
  });
  app.use((req, res, next) => {
    // The manifest is fetched by the shell's page (CORS); only the shell's origin may read it.
    res.setHeader('Access-Control-Allow-Origin', shellOrigin);
    res.setHeader('Vary', 'Origin');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
    next();
  });
  app.use(rejectMalformedPaths(notFound));
  const setHeaders = (res, file) => {
    const base = path.basename(file);
    if (/\.[0-9a-f]{8,}\.(js|css)$/.test(base)) {
      res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    } else {
      res.setHeader('Cache-Control', 'no-cache');
    }
  };
  // The build's brotli or gzip twin of a script, as any static host or CDN would serve it
  // (decision 025); anything else text is gzipped on the fly.
  app.use(servePrecompressed(dir, { setHeaders }));
  app.use(compression());
  app.use(express.static(dir, { index: false, setHeaders }));
  app.use(notFound);
  // Express's own error page shows the stack outside production: this host never does.
  // Four parameters: Express calls it with the error (next is unused).
  app.use((error, req, res, _next) => {
    if (res.headersSent) {
      res.destroy();
      return;
    }
    const status = typeof error?.status === 'number' && error.status >= 400 && error.status < 500 ? error.status : 500;
    if (status === 500) console.error('static host: unhandled error', error);
    res
      .status(status)
      .set('Cache-Control', 'no-store')
      .type('text/plain')
      .send(status === 500 ? 'Internal Server Error' : (http.STATUS_CODES[status] ?? 'Bad Request'));
  });
  return app;
}

export function serveStatic(dir, port, host, options = {}) {
  return new Promise((resolve, reject) => {
    const server = createStaticApp(dir, options).listen(port, host, () => resolve(server));
    server.on('error', reject);
  });
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname);
if (isMain) {
  const dir = path.resolve(process.argv[2] ?? 'dist');
  const pkgName = path.basename(process.cwd());
  const fallbackPort = REMOTES.find((r) => r.dir === pkgName)?.port ?? 8080;
  const port = Number(process.argv[3] ?? process.env.PORT ?? fallbackPort);
  if (!fs.existsSync(path.join(dir, 'mf-manifest.json'))) {
    console.error(`No build in ${dir}: run \`npm run build\` in ${pkgName} first.`);
    process.exit(1);
  }
  serveStatic(dir, port, process.env.HOST).then(
    () => console.log(`${pkgName} served from ${dir} on http://localhost:${port}`),
    (error) => {
      console.error(error.message);
      process.exit(1);
    },
  );
}
