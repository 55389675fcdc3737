/** The captcha in use and the visitor's country (PAY-04, PAY-07). */
import { Router } from 'express';
import { readCookie } from '../http/cookies';
import type { RouteContext } from './context';

export function platformRoutes({ services }: RouteContext): Router {
  const router = Router();

  router.get('/api/recaptcha/enabled', (_req, res) => {
    res.set('Cache-Control', 'no-cache').json(services.platform.captchaStatus());
  });

  router.get('/api/geolocation', async (req, res) => {
    const answer = await services.platform.geolocation({
      cookie: (name) => readCookie(req, name),
      header: (name) => req.get(name),
      ip: req.ip,
    });
    // The answer depends on the visitor: never shared between them by a cache.
    res.set({ 'Cache-Control': 'private, no-cache', Vary: 'Cookie' }).json(answer);
  });

  return router;
}
