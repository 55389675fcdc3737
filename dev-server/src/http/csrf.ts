/**
 * CSRF check for state-changing requests (anything but GET, HEAD, OPTIONS): they must carry the
 * custom header of shared-contracts (a cross-site form cannot set it, and a cross-site fetch that
 * sets it needs a CORS preflight this server never grants) and, when the browser sends an Origin,
 * it must be the site's own.
 */
import type { RequestHandler } from 'express';
import { CSRF_HEADER, CSRF_VALUE } from 'shared-contracts/server';
import { errorBody } from './errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function csrfGuard(publicOrigin: string): RequestHandler {
  const allowed = new URL(publicOrigin).origin;
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) {
      next();
      return;
    }
    if (req.get(CSRF_HEADER) !== CSRF_VALUE) {
      res.status(403).json(errorBody(`Missing ${CSRF_HEADER} header.`));
      return;
    }
    const origin = req.get('origin');
    if (origin !== undefined && origin !== allowed) {
      res.status(403).json(errorBody('Cross-origin request refused.'));
      return;
    }
    next();
  };
}
