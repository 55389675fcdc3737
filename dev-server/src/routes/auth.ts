/** Sign-in and sign-out. */
import { Router, type Request } from 'express';
import { lockoutMessage, type LoginError, MESSAGES, SignInRequestSchema, signInTriesLeft } from 'shared-contracts/server';
import { clearSessionCookie, readCookie, SESSION_COOKIE, setSessionCookie } from '../http/cookies';
import { readKnownDevice, setKnownDeviceCookie } from '../http/known-device';
import { parseInput } from '../http/validation';
import type { SignInFailure } from '../services/auth';
import { safeReturnPath } from '../services/redirects';
import { toUserAnswer } from '../services/users';
import { mergeGuestCartAtSignIn } from './commerce';
import type { RouteContext } from './context';

/** The message each failure carries (PAY-08 Sign-in). */
function failureMessage(failure: SignInFailure): string {
  switch (failure.code) {
    case 'user_restricted':
      return MESSAGES.signIn.restricted;
    case 'account_locked':
      return lockoutMessage(failure.lockoutSeconds ?? 0);
    case '401':
      return lockoutMessage(failure.lockoutSeconds ?? 0, { code401: true });
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

/**
 * Whether a request comes from another site: the browser says so (Sec-Fetch-Site: cross-site), or
 * its Origin or Referer names another origin (an unreadable one counts as foreign).
 */
export function isCrossSite(req: Request, ownOrigin: string): boolean {
  if (req.get('sec-fetch-site') === 'cross-site') return true;
  const origin = req.get('origin');
  if (origin !== undefined && origin !== ownOrigin) return true;
  const referer = req.get('referer');
  if (referer !== undefined && originOf(referer) !== ownOrigin) return true;
  return false;
}

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
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
      deviceToken: readKnownDevice(req),
    });
    res.set('Cache-Control', noStore);
    if (!result.ok) {
      res.status(401).json(loginErrorBody(result.failure));
      return;
    }
    await mergeGuestCartAtSignIn({ services, logger }, req, res, result.viewer.user.id);
    setSessionCookie(res, result.sessionToken, result.expiresAt, config.cookieSecure);
    if (result.device) setKnownDeviceCookie(res, result.device, config.cookieSecure);
    res.json(toUserAnswer(result.viewer));
  });

  router.post('/service/user/logout', async (req, res) => {
    await services.auth.signOut(readCookie(req, SESSION_COOKIE));
    clearSessionCookie(res, config.cookieSecure);
    res.set('Cache-Control', noStore).json({ ok: true });
  });

  // A link or image on another site must not sign the reader out: such a request goes home and
  // keeps the session. The site's own Sign out (a same-origin navigation) and a typed URL end it.
  const ownOrigin = new URL(config.publicOrigin).origin;
  router.get('/logout', async (req, res) => {
    if (isCrossSite(req, ownOrigin)) {
      res.set('Cache-Control', noStore).redirect(302, '/');
      return;
    }
    await services.auth.signOut(readCookie(req, SESSION_COOKIE));
    clearSessionCookie(res, config.cookieSecure);
    res.set('Cache-Control', noStore).redirect(302, safeReturnPath(req.query.returnPath));
  });

  return router;
}
