/**
 * The signed-in user's profile (GET/HEAD with Last-Modified, POST settings), quotas and folders,
 * and the email-confirmation links (follow one; ask for a new one), and the account page's order
 * history (PLAT-15). Guests get 401 JSON (HEAD: 401, no body); following a link needs no session
 * (the token is the proof).
 */
import { Router, type RequestHandler } from 'express';
import { ProfileUpdateRequestSchema, VerifyEmailRequestSchema } from 'shared-contracts/server';
import { formatHttpDate } from '../server-rules';
import { withBlankFields } from '../http/body';
import { parseInput } from '../http/validation';
import { ascendQuotaOf, quotaOf } from '../services/profile';
import { toUserAnswer } from '../services/users';
import type { RouteContext } from './context';

/** True when the client's copy (If-Modified-Since) is as new as `modified` (HTTP dates count whole seconds). */
export function notModifiedSince(ifModifiedSince: string | undefined, modified: Date): boolean {
  if (!ifModifiedSince) return false;
  const since = Date.parse(ifModifiedSince);
  return !Number.isNaN(since) && Math.floor(modified.getTime() / 1000) <= Math.floor(since / 1000);
}

export function profileRoutes({ services, viewers, limit }: RouteContext): Router {
  const router = Router();
  const noStore = 'no-store';
  const perMember = {
    keyGenerator: async (req: Parameters<RequestHandler>[0]) => {
      const viewer = await viewers.requireViewer(req);
      return `user:${viewer.user.id}`;
    },
  };
  // A request that carries a password is a password guess like a sign-in: the sign-in limit applies.
  const passwordLimit = limit('signIn', { scope: 'emailChange' });
  const limitPasswordChecks: RequestHandler = (req, res, next) => {
    const body: unknown = req.body;
    const carriesPassword = typeof body === 'object' && body !== null && 'currentPassword' in body;
    if (carriesPassword) passwordLimit(req, res, next);
    else next();
  };

  // Express answers HEAD with this GET handler, without the body.
  router.get('/service/user/profile', async (req, res) => {
    const viewer = await viewers.requireViewer(req);
    const modified = new Date(viewer.user.updated_at);
    res.set({ 'Cache-Control': noStore, 'Last-Modified': formatHttpDate(modified) });
    if (notModifiedSince(req.get('if-modified-since'), modified)) {
      res.status(304).end();
      return;
    }
    res.json(toUserAnswer(viewer));
  });

  router.post('/service/user/profile', limitPasswordChecks, async (req, res) => {
    const viewer = await viewers.requireViewer(req);
    const form = parseInput(ProfileUpdateRequestSchema, req.body, 'Invalid profile');
    const updated = await services.profile.update(viewer, form);
    res.set({ 'Cache-Control': noStore, 'Last-Modified': formatHttpDate(new Date(updated.user.updated_at)) });
    res.json(toUserAnswer(updated));
  });

  router.post('/service/user/verify-email', limit('forgotPassword', { scope: 'verifyEmail' }), async (req, res) => {
    const form = parseInput(VerifyEmailRequestSchema, withBlankFields(req.body, ['token']), 'Invalid request');
    res.set('Cache-Control', noStore).json(await services.emailVerification.verify(form));
  });

  // Signed-in only: the per-member key answers 401 for a guest before anything is counted or sent.
  router.post('/service/user/verify-email/resend', limit('emailVerification', perMember), async (req, res) => {
    const viewer = await viewers.requireViewer(req);
    res.set('Cache-Control', noStore).json(await services.emailVerification.resend(viewer.user));
  });

  router.get('/service/user/quota', async (req, res) => {
    res.set('Cache-Control', noStore).json(quotaOf(await viewers.requireViewer(req)));
  });

  router.get('/service/user/ascend-quota', async (req, res) => {
    res.set('Cache-Control', noStore).json(ascendQuotaOf(await viewers.requireViewer(req)));
  });

  // The account page's order history (PLAT-15): only the session's own orders; no id is taken
  // from the request, so no one else's order can be asked for.
  router.get('/service/user/orders', async (req, res) => {
    const viewer = await viewers.requireViewer(req);
    res.set('Cache-Control', noStore).json(await services.profile.orders(viewer));
  });

  router.get('/service/user/lists', async (req, res) => {
    const viewer = await viewers.requireViewer(req);
    res.set('Cache-Control', noStore).json(await services.users.folders(viewer));
  });

  return router;
}
