/** Sign-in and sign-out. */
import { Router } from 'express';
import { MESSAGES, type LoginError } from 'shared-contracts';
import { lockoutMessage, signInTriesLeft } from 'shared-contracts/forms';
import { SignInRequestSchema } from 'shared-contracts/forms';
import { clearSessionCookie, readCookie, SESSION_COOKIE, setSessionCookie } from '../http/cookies';
import { parseInput } from '../http/validation';
import type { SignInFailure } from '../services/auth';
import { safeReturnPath } from '../services/redirects';
import { toUserAnswer } from '../services/users';
import { mergeGuestCartAtSignIn } from './commerce';
import type { RouteContext } from './context';

/** The message each failure carries (paywall §8 Sign-in). */
function failureMessage(failure: SignInFailure): string {
  switch (failure.code) {
    case 'user_restricted':
      return MESSAGES.signIn.restricted;
    case 'account_locked':
      return lockoutMessage(failure.lockoutSeconds ?? 0);
    default:
      return failure.triesLeft === undefined ? MESSAGES.signIn.invalidCombination : signInTriesLeft(failure.triesLeft);
  }
}

/** Failed sign-in answer: the login error fields of spec 2, plus the message every error carries. */
export function loginErrorBody(failure: SignInFailure): LoginError & { message: string } {
  const body: LoginError & { message: string } = { code: failure.code, message: failureMessage(failure) };
  if (failure.triesLeft !== undefined) body.tries_left = failure.triesLeft;
  if (failure.lockoutSeconds !== undefined) body.lockout_duration = failure.lockoutSeconds;
  if (failure.userRestricted !== undefined) body.user_restricted = failure.userRestricted;
  return body;
}

export function authRoutes({ config, services, logger, limit }: RouteContext): Router {
  const router = Router();
  const noStore = 'no-store';

  router.post('/authenticate', limit('signIn'), async (req, res) => {
    const form = parseInput(SignInRequestSchema, req.body, 'Invalid sign-in form');
    const result = await services.auth.signIn({
      email: form.username,
      password: form.password,
      captchaToken: form.reCaptchaToken,
      previousToken: readCookie(req, SESSION_COOKIE),
    });
    res.set('Cache-Control', noStore);
    if (!result.ok) {
      res.status(401).json(loginErrorBody(result.failure));
      return;
    }
    await mergeGuestCartAtSignIn({ services, logger }, req, res, result.viewer.user.id);
    setSessionCookie(res, result.sessionToken, result.expiresAt, config.cookieSecure);
    res.json(toUserAnswer(result.viewer));
  });

  router.post('/service/user/logout', async (req, res) => {
    await services.auth.signOut(readCookie(req, SESSION_COOKIE));
    clearSessionCookie(res, config.cookieSecure);
    res.set('Cache-Control', noStore).json({ ok: true });
  });

  router.get('/logout', async (req, res) => {
    await services.auth.signOut(readCookie(req, SESSION_COOKIE));
    clearSessionCookie(res, config.cookieSecure);
    res.set('Cache-Control', noStore).redirect(302, safeReturnPath(req.query.returnPath));
  });

  return router;
}
