// Serves a build's precompressed files (decision 025): for `/x.js`, the `x.js.br` or `x.js.gz` the
// build wrote beside it (scripts/webpack.factory.js, PrecompressPlugin), as `Content-Encoding: br`
// or `gzip`, when the request accepts that encoding. A static host or CDN does the same; the server
// then spends no CPU compressing scripts while the browser runs them (decision 025, Lighthouse's
// blocking time). Each request looks for the file on disk, so a release deployed into a running
// host is served precompressed at once, and a file without a precompressed twin falls through to
// the next middleware (the static files, compressed on the fly).
// Used by the shell's routes (routes/shell.ts) and the remotes' static host
// (scripts/serve-static.mjs). CommonJS, so that one copy serves both when a process loads the server
// through a TS transform and the static host as a native ES module (e2e releases.spec.ts).
'use strict';
const fs = require('node:fs');
const path = require('node:path');

/** The server's preference, best first; a client that accepts both gets brotli (smaller). */
const ENCODINGS = [
  ['br', '.br'],
  ['gzip', '.gz'],
];
const PRECOMPRESSED = /\.(js|css)$/;

/**
 * @param {string} root the build folder
 * @param {{ setHeaders?: (res: import('express').Response, file: string) => void }} [options]
 *   setHeaders is called with the original file's path (for its Cache-Control)
 * @returns {import('express').RequestHandler}
 */
function servePrecompressed(root, options = {}) {
  const base = path.resolve(root);
  return (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !PRECOMPRESSED.test(req.path)) return next();
    let file;
    try {
      file = path.join(base, decodeURIComponent(req.path));
    } catch {
      return next();
    }
    if (!file.startsWith(base + path.sep)) return next();
    const candidates = ENCODINGS.filter(([encoding]) => req.acceptsEncodings(encoding) === encoding);
    const tryNext = (i) => {
      if (i >= candidates.length) return next();
      const [encoding, extension] = candidates[i];
      fs.stat(file + extension, (error, stat) => {
        if (error || !stat.isFile()) return tryNext(i + 1);
        res.setHeader('Content-Encoding', encoding);
        res.vary('Accept-Encoding');
        res.type(path.extname(file));
        options.setHeaders?.(res, file);
        res.sendFile(file + extension, { cacheControl: false, dotfiles: 'deny' }, (sendError) => {
          if (sendError && !res.headersSent) {
            res.removeHeader('Content-Encoding');
            next();
          }
        });
      });
    };
    tryNext(0);
  };
}

exports.servePrecompressed = servePrecompressed;
