/** Forgot password, reset by mailed link, change password. */
import { Router, type RequestHandler } from 'express';
import { ChangePasswordRequestSchema, ForgotPasswordRequestSchema, ResetPasswordRequestSchema } from 'shared-contracts/server';
import { readCookie, SESSION_COOKIE } from '../http/cookies';
import { withBlankFields } from '../http/body';
import { parseInput } from '../http/validation';
import type { RouteContext } from './context';

/** The site shell's form sends `email`, the modal's `emailAddress`; both routes accept either. */
function forgotPasswordBody(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const { email, ...rest } = body as Record<string, unknown>;
  return withBlankFields({ ...rest, emailAddress: rest.emailAddress ?? email }, ['emailAddress']);
}

export function passwordRoutes({ services, viewers, limit }: RouteContext): Router {
  const router = Router();

  const forgot: RequestHandler = async (req, res) => {
    const form = parseInput(ForgotPasswordRequestSchema, forgotPasswordBody(req.body), 'Invalid request');
    res.set('Cache-Control', 'no-store').json(await services.passwords.forgotPassword(form));
  };
  const forgotLimit = limit('forgotPassword');
  router.post('/api/user/forgotpassword', forgotLimit, forgot);
  router.post('/service/user/forgot-password', forgotLimit, forgot);

  router.post('/service/user/reset-password', forgotLimit, async (req, res) => {
    const form = parseInput(ResetPasswordRequestSchema, withBlankFields(req.body, ['token', 'password']), 'Invalid request');
    const answer = await services.passwords.resetPassword(form, readCookie(req, SESSION_COOKIE));
    res.set('Cache-Control', 'no-store').json(answer);
  });

  router.post('/service/user/password', limit('signIn', { scope: 'passwordChange' }), async (req, res) => {
    const viewer = await viewers.requireViewer(req);
    const form = parseInput(ChangePasswordRequestSchema, withBlankFields(req.body, ['current', 'password']), 'Invalid request');
    const answer = await services.passwords.changePassword(viewer, form, readCookie(req, SESSION_COOKIE));
    res.set('Cache-Control', 'no-store').json(answer);
  });

  return router;
}
