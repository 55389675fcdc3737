/** Registration and subscribers: creating web accounts (PAY-07 Identity and account). */
import { createHash } from 'node:crypto';
import { Router, type RequestHandler } from 'express';
import {
  REGISTRATION_HEADER,
  REGISTRATION_HEADER_VALUE,
  RegistrationRequestSchema,
  type RegistrationResult,
  SubscribeRequestSchema,
  SubscriberSearchRequestSchema,
} from 'shared-contracts/server';
import { readCookie, SESSION_COOKIE, setSessionCookie } from '../http/cookies';
import { withBlankFields } from '../http/body';
import { parseInput } from '../http/validation';
import { normalizeEmail } from '../services/field-rules';
import { toUserAnswer } from '../services/users';
import { mergeGuestCartAtSignIn } from './commerce';
import type { RouteContext } from './context';

export function accountRoutes({ config, services, viewers, logger, limit }: RouteContext): Router {
  const router = Router();
  const registrationLimit = limit('registration');
  // One counter for every subscriber call: search and subscribe both probe the same records.
  const subscriberLimit = limit('subscriberSearch');

  const register: RequestHandler = async (req, res) => {
    const body = withBlankFields(req.body, ['firstName', 'lastName', 'emailAddress', 'password']);
    const form = parseInput(RegistrationRequestSchema, body, 'Invalid registration form');
    const result = await services.registration.register(form, readCookie(req, SESSION_COOKIE));
    res.set('Cache-Control', 'no-store');
    if (result.outcome === 'subscriber') {
      const answer: RegistrationResult = { outcome: 'subscriber', location: result.location };
      res.json(answer);
      return;
    }
    await mergeGuestCartAtSignIn({ services, logger }, req, res, result.viewer.user.id);
    setSessionCookie(res, result.sessionToken, result.expiresAt, config.cookieSecure);
    const answer: RegistrationResult = { outcome: 'created', user: toUserAnswer(result.viewer) };
    res.status(201).set(REGISTRATION_HEADER, REGISTRATION_HEADER_VALUE).json(answer);
  };
  router.post('/api/user/register', registrationLimit, register);
  router.post('/service/user/register', registrationLimit, register);

  // A second counter per email (hashed, so the counters hold no addresses), shared by the search
  // and both subscribe routes: guesses at one subscriber's account number stop there however many
  // client addresses send them, and whichever of these routes they go to.
  const subscriberEmailLimit = limit('subscriberSearchEmail', {
    keyGenerator: async (req) => {
      const email: unknown = typeof req.body === 'object' && req.body !== null ? (req.body as { emailAddress?: unknown }).emailAddress : undefined;
      const normalized = typeof email === 'string' ? normalizeEmail(email) : '';
      return `email:${createHash('sha256').update(normalized).digest('hex')}`;
    },
  });
  router.post('/api/user/subscriber/search', subscriberLimit, subscriberEmailLimit, async (req, res) => {
    const body = withBlankFields(req.body, ['emailAddress', 'accountNumber']);
    const form = parseInput(SubscriberSearchRequestSchema, body, 'Invalid search');
    res.set('Cache-Control', 'no-store').json(await services.subscribers.search(form));
  });

  const subscribe: RequestHandler = async (req, res) => {
    const body = withBlankFields(req.body, ['emailAddress', 'accountNumber', 'password']);
    const form = parseInput(SubscribeRequestSchema, body, 'Invalid subscriber registration');
    const visitor = await services.platform.geolocation({ cookie: (name) => readCookie(req, name), header: (name) => req.get(name), ip: req.ip });
    const started = await services.subscribers.subscribe(form, readCookie(req, SESSION_COOKIE), visitor);
    await mergeGuestCartAtSignIn({ services, logger }, req, res, started.viewer.user.id);
    setSessionCookie(res, started.sessionToken, started.expiresAt, config.cookieSecure);
    res.status(201).set('Cache-Control', 'no-store').json(toUserAnswer(started.viewer));
  };
  router.post('/api/user/subscribe', subscriberLimit, subscriberEmailLimit, subscribe);
  router.post('/api/user/subscriber/register', subscriberLimit, subscriberEmailLimit, subscribe);

  router.post('/api/user/subscribe/checkoutComplete', async (req, res) => {
    const viewer = await viewers.requireViewer(req);
    res.set('Cache-Control', 'no-store').json(toUserAnswer(await services.subscribers.checkoutComplete(viewer)));
  });

  return router;
}
