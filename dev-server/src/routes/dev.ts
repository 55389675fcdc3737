/**
 * Development-only routes, mounted by createApp only when config.exposeOutbox is true (DEV_OUTBOX=1,
 * set by e2e; never by default): GET /dev/outbox?to=<email> answers the newest mails (to that
 * address) as [{to, subject, body, createdAt, kind, status}], newest first: `body` is the plain-text
 * part, `kind` the template that wrote the mail, `status` where it is in the queue.
 */
import { Router } from 'express';
import { z } from 'zod';
import { parseInput } from '../http/validation';
import type { RouteContext } from './context';

const OutboxQuery = z.object({ to: z.string().max(320).optional() });

export function devRoutes({ services }: RouteContext): Router {
  const router = Router();
  router.get('/dev/outbox', async (req, res) => {
    const query = parseInput(OutboxQuery, req.query);
    res.set('Cache-Control', 'no-store').json(await services.platform.outbox(query.to || undefined));
  });
  return router;
}
