/**
 * Sign-in, sessions and sign-out.
 *
 * Sessions: the cookie holds an opaque random id (32 bytes, base64url); the database keeps only its
 * SHA-256, so a leaked database does not hand out live sessions. Every sign-in makes a new id.
 *
 * Lockout (tries_left, lockout_duration, user_restricted) comes in a later issue; it plugs in as a
 * SignInGuard, which sees every attempt before and after the password check.
 */
import { createHash, randomBytes } from 'node:crypto';
import { MESSAGES, UserStatusSchema, type UserStatus } from 'shared-contracts';
import type { CaptchaVerifier, Clock } from '../deps';
import type { UserRow } from '../db/database';
import type { AccountRepository } from '../repositories/accounts';
import { InvalidInputError } from './errors';
import { burnPasswordCheck, verifyPassword } from './passwords';

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** Who is making the request, as resolved from the session cookie. */
export interface Viewer {
  user: UserRow;
  tiers: string[];
  status: UserStatus;
}

/** Why a sign-in failed, in the fields of the login error answer (spec 2 sections 3 and 7). */
export interface SignInFailure {
  code: 'invalid_credentials' | 'account_locked' | 'user_restricted';
  triesLeft?: number;
  lockoutSeconds?: number;
  userRestricted?: boolean;
}

/** The seam for lockout and restriction rules. The default lets every attempt through. */
export interface SignInGuard {
  /** Before the password is checked; a failure ends the attempt without checking it. */
  beforeAttempt(email: string, now: Date): Promise<SignInFailure | null>;
  /** After a wrong email or password; may add tries_left or turn it into a lockout. */
  afterFailure(email: string, now: Date, failure: SignInFailure): Promise<SignInFailure>;
  /** After a correct password (for example, to reset a failure counter). */
  afterSuccess(email: string, now: Date): Promise<void>;
}

export const openSignInGuard: SignInGuard = {
  beforeAttempt: async () => null,
  afterFailure: async (_email, _now, failure) => failure,
  afterSuccess: async () => {},
};

export type SignInResult =
  | { ok: true; viewer: Viewer; sessionToken: string; expiresAt: Date }
  | { ok: false; failure: SignInFailure };

export interface SignInInput {
  email: string;
  password: string;
  captchaToken: string | undefined;
  /** The session cookie the browser already had; it is ended so an old id never outlives a sign-in. */
  previousToken?: string;
}

export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function createAuthService(deps: {
  accounts: AccountRepository;
  clock: Clock;
  captcha: CaptchaVerifier;
  guard?: SignInGuard;
}) {
  const { accounts, clock, captcha } = deps;
  const guard = deps.guard ?? openSignInGuard;

  async function viewerOf(user: UserRow): Promise<Viewer> {
    const tiers = await accounts.listTierCodes(user.id);
    const parsed = UserStatusSchema.safeParse(user.status);
    return { user, tiers, status: parsed.success ? parsed.data : 'registered' };
  }

  return {
    async signIn(input: SignInInput): Promise<SignInResult> {
      if (!(await captcha.verify(input.captchaToken, 'sign_in'))) {
        throw new InvalidInputError(MESSAGES.captcha.required, [
          { field: 'reCaptchaToken', errorMessage: MESSAGES.captcha.required },
        ]);
      }
      const email = input.email.trim().toLowerCase();
      const now = clock.now();
      const refused = await guard.beforeAttempt(email, now);
      if (refused) return { ok: false, failure: refused };

      const user = await accounts.findUserByEmail(email);
      // An unknown email costs the same scrypt work as a wrong password.
      const valid = user ? await verifyPassword(input.password, user.password_hash) : await burnPasswordCheck(input.password);
      if (!user || !valid) {
        return { ok: false, failure: await guard.afterFailure(email, now, { code: 'invalid_credentials' }) };
      }
      await guard.afterSuccess(email, now);

      const sessionToken = randomBytes(32).toString('base64url');
      const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
      if (input.previousToken && TOKEN_PATTERN.test(input.previousToken)) {
        await accounts.deleteSession(hashSessionToken(input.previousToken));
      }
      await accounts.deleteExpiredSessions(now.toISOString());
      await accounts.insertSession({
        id_hash: hashSessionToken(sessionToken),
        user_id: user.id,
        created_at: now.toISOString(),
        expires_at: expiresAt.toISOString(),
      });
      return { ok: true, viewer: await viewerOf(user), sessionToken, expiresAt };
    },

    /** The viewer of a session cookie value, or null when it is missing, malformed, unknown or expired. */
    async viewerForToken(token: string | undefined): Promise<Viewer | null> {
      if (!token || !TOKEN_PATTERN.test(token)) return null;
      const session = await accounts.findLiveSession(hashSessionToken(token), clock.now().toISOString());
      if (!session) return null;
      const user = await accounts.findUserById(session.user_id);
      return user ? viewerOf(user) : null;
    },

    async signOut(token: string | undefined): Promise<void> {
      if (token && TOKEN_PATTERN.test(token)) await accounts.deleteSession(hashSessionToken(token));
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
