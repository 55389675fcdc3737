/** The watcher of a request for the media decision (services/video-access.ts). */
import type { Request } from 'express';
import { deviceTokenOf } from '../http/device';
import type { ViewerLookup } from '../http/session';
import type { Watcher } from '../services/video-access';

/**
 * The signed-in viewer, else the guest's device token (never set here) and client address (req.ip:
 * the socket's address, or the one the trusted proxies forwarded, TRUST_PROXY).
 */
export async function watcherOf(req: Request, viewers: ViewerLookup): Promise<Watcher> {
  const viewer = await viewers.viewerOf(req);
  return viewer ? { viewer } : { viewer: null, deviceToken: deviceTokenOf(req), address: req.ip };
}
