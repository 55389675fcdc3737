/** Resolves the viewer of a request once (from the 'sid' cookie), however many handlers ask. */
import type { Request } from 'express';
import type { AuthService, Viewer } from '../services/auth';
import { NotSignedInError } from '../services/errors';
import { readCookie, SESSION_COOKIE } from './cookies';

export function createViewerLookup(auth: AuthService) {
  const cache = new WeakMap<Request, Promise<Viewer | null>>();
  const viewerOf = (req: Request): Promise<Viewer | null> => {
    let found = cache.get(req);
    if (!found) {
      found = auth.viewerForToken(readCookie(req, SESSION_COOKIE));
      cache.set(req, found);
    }
    return found;
  };
  return {
    viewerOf,
    /** The viewer, or a NotSignedInError (401) for a guest. */
    async requireViewer(req: Request): Promise<Viewer> {
      const viewer = await viewerOf(req);
      if (!viewer) throw new NotSignedInError();
      return viewer;
    },
  };
}

export type ViewerLookup = ReturnType<typeof createViewerLookup>;
