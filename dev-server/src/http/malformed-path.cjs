// Refuses request paths no page or file can have, before any router, static file handler or
// file-system call sees them: a percent-encoding that does not decode (`/%E0%A4%A`), a control
// character once decoded (NUL: `/main%00.js`), a backslash, or a `.` or `..` segment, encoded or
// not (`/%2e%2e/`). The answer is the host's own 404 (no such path can exist, and the answer is the
// same as for any unknown path): never the path, a stack or a file name.
// Used by the API app (app.ts, routes/shell.ts) and the remotes' static host (scripts/serve-static.mjs).
// CommonJS, so that one copy serves both (as http/precompressed.cjs).
'use strict';

const CONTROL_OR_BACKSLASH = /[\u0000-\u001f\u007f\\]/;
const DOT_SEGMENT = /(^|\/)\.{1,2}(\/|$)/;

/**
 * Whether the path of a request URL (origin-form, query ignored) is malformed.
 * @param {string} url
 * @returns {boolean}
 */
function isMalformedPath(url) {
  const query = url.indexOf('?');
  const raw = query === -1 ? url : url.slice(0, query);
  let decoded;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return true;
  }
  return CONTROL_OR_BACKSLASH.test(decoded) || DOT_SEGMENT.test(decoded);
}

/**
 * Middleware answering a malformed path with `notFound` (each host's own 404 answer), else passing on.
 * @param {import('express').RequestHandler} notFound
 * @returns {import('express').RequestHandler}
 */
function rejectMalformedPaths(notFound) {
  return (req, res, next) => {
    if (isMalformedPath(req.originalUrl || req.url || '/')) {
      res.set('Cache-Control', 'no-store');
      notFound(req, res, next);
      return;
    }
    next();
  };
}

exports.isMalformedPath = isMalformedPath;
exports.rejectMalformedPaths = rejectMalformedPaths;
