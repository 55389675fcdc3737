/**
 * Sign-in, sessions and sign-out.
 *
 * Sessions: the cookie holds an opaque random id (32 bytes, base64url); the database keeps only its
 * SHA-256, so a leaked database does not hand out live sessions. Every sign-in makes a new id. A
 * session ends SESSION_TTL_MS after sign-in whatever happens, and earlier once it has not been used
 * for SESSION_IDLE_TTL_MS; its last use is written at most once every SESSION_TOUCH_INTERVAL_MS so
 * requests do not each cost a write.
 *
 * Lockout (tries_left, lockout_duration) plugs in as a SignInGuard (services/lockout.ts is the
 * database one): a try is reserved before the password is checked and settled after it. A
 * restricted account hears user_restricted only after its correct password, so the answer does not
 * tell strangers which accounts are restricted.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { CaptchaVerifier, Clock } from '../deps';
import type { UserRow } from '../db/database';
import type { AccountRepository } from '../repositories/accounts';
import type { SessionActivityRepository } from '../repositories/session-activity';
import { normalizeEmail, requireCaptcha } from './field-rules';
import { burnPasswordCheck, verifyPassword } from './passwords';
import type { Viewer, ViewerLoader } from './viewers';

export type { Viewer };

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** A session not used for this long is signed out. */
export const SESSION_IDLE_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** The last use of a session is recorded when older than this. */
export const SESSION_TOUCH_INTERVAL_MS = 5 * 60 * 1000;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** Why a sign-in failed, in the fields of the login error answer (PAY-03 and PAY-07). */
export interface SignInFailure {
  /**
   * '401': the lock of a browser the account recognises (its own bucket), which the owner may lift
   * by resetting the password; 'account_locked': the unknown-browser lock, which a reset does not
   * lift (PAY-08: "Code 401 adds 'or reset your password.'").
   */
  code: 'invalid_credentials' | 'account_locked' | '401' | 'user_restricted';
  triesLeft?: number;
  lockoutSeconds?: number;
  userRestricted?: boolean;
}

/** One reserved try: settled once the password has been checked. */
export interface SignInAttempt {
  /** The password (or email) was wrong: what to answer (tries left, or the lock this try set). */
  failed(): Promise<SignInFailure>;
  /** The password was right. */
  succeeded(): Promise<void>;
}

/** A browser's device token, bound to the account it signed in to, and when its cookie expires. */
export interface KnownDevice {
  token: string;
  expiresAt: Date;
}

/** The seam for lockout rules: every attempt asks for a try before its password is checked. */
export interface SignInGuard {
  /** `deviceToken`: the browser's device cookie, if any (a guard may count recognised browsers apart). */
  beginTry(email: string, now: Date, deviceToken?: string): Promise<{ ok: true; attempt: SignInAttempt } | { ok: false; failure: SignInFailure }>;
  /** After a successful sign-in: binds the browser to the user, answering the token its cookie must hold. */
  rememberDevice?(userId: string, previousToken: string | undefined, now: Date): Promise<KnownDevice>;
}

/** Lets every attempt through (tests of other rules, or a deployment that locks elsewhere). */
export const openSignInGuard: SignInGuard = {
  beginTry: async () => ({
    ok: true,
    attempt: { failed: async () => ({ code: 'invalid_credentials' }), succeeded: async () => {} },
  }),
};

export interface StartedSession {
  viewer: Viewer;
  sessionToken: string;
  expiresAt: Date;
}

export type SignInResult = ({ ok: true; device: KnownDevice | null } & StartedSession) | { ok: false; failure: SignInFailure };

export interface SignInInput {
  email: string;
  password: string;
  captchaToken: string | undefined;
  /** The session cookie the browser already had; it is ended so an old id never outlives a sign-in. */
  previousToken?: string;
  /** The browser's device cookie, if any. */
  deviceToken?: string;
}

export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The stored hash of a well-formed session cookie value, else undefined. */
export function sessionHashOf(token: string | undefined): string | undefined {
  return token && TOKEN_PATTERN.test(token) ? hashSessionToken(token) : undefined;
}

export function createAuthService(deps: {
  accounts: AccountRepository;
  sessions: SessionActivityRepository;
  clock: Clock;
  captcha: CaptchaVerifier;
  guard: SignInGuard;
  viewerOf: ViewerLoader;
}) {
  const { accounts, sessions, clock, captcha, guard, viewerOf } = deps;

  /** Signs the user in: a new session (ending the one the browser had), and the viewer. */
  async function startSession(user: UserRow, previousToken?: string): Promise<StartedSession> {
    const now = clock.now();
    const sessionToken = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
    const previous = sessionHashOf(previousToken);
    if (previous) await accounts.deleteSession(previous);
    await accounts.deleteExpiredSessions(now.toISOString());
    await sessions.deleteIdle(new Date(now.getTime() - SESSION_IDLE_TTL_MS).toISOString());
    await accounts.insertSession({
      id_hash: hashSessionToken(sessionToken),
      user_id: user.id,
      created_at: now.toISOString(),
      expires_at: expiresAt.toISOString(),
      last_seen_at: now.toISOString(),
    });
    return { viewer: await viewerOf(user), sessionToken, expiresAt };
  }

  return {
    startSession,

    async signIn(input: SignInInput): Promise<SignInResult> {
      await requireCaptcha(captcha, input.captchaToken, 'sign_in');
      const email = normalizeEmail(input.email);
      const now = clock.now();
      const begun = await guard.beginTry(email, now, input.deviceToken);
      if (!begun.ok) return { ok: false, failure: begun.failure };

      const user = await accounts.findUserByEmail(email);
      // An unknown email costs the same scrypt work as a wrong password.
      const valid = user ? await verifyPassword(input.password, user.password_hash) : await burnPasswordCheck(input.password);
      if (!user || !valid) return { ok: false, failure: await begun.attempt.failed() };
      await begun.attempt.succeeded();
      if (user.restricted === 1) return { ok: false, failure: { code: 'user_restricted', userRestricted: true } };
      const device = guard.rememberDevice ? await guard.rememberDevice(user.id, input.deviceToken, now) : null;
      return { ok: true, device, ...(await startSession(user, input.previousToken)) };
    },

    /**
     * The viewer of a session cookie value, or null when it is missing, malformed, unknown,
     * expired, idle too long (the session is then ended), or its account has been restricted since.
     * A use records the session's last use when that is older than SESSION_TOUCH_INTERVAL_MS.
     */
    async viewerForToken(token: string | undefined): Promise<Viewer | null> {
      const hash = sessionHashOf(token);
      if (!hash) return null;
      const now = clock.now();
      const session = await accounts.findLiveSession(hash, now.toISOString());
      if (!session) return null;
      const idleMs = now.getTime() - Date.parse(session.last_seen_at ?? session.created_at);
      if (idleMs >= SESSION_IDLE_TTL_MS) {
        await accounts.deleteSession(hash);
        return null;
      }
      if (idleMs >= SESSION_TOUCH_INTERVAL_MS) await sessions.touch(hash, now.toISOString());
      const user = await accounts.findUserById(session.user_id);
      return user && user.restricted !== 1 ? viewerOf(user) : null;
    },

    /** Reloads a viewer after their row changed. */
    async reload(viewer: Viewer): Promise<Viewer> {
      const user = await accounts.findUserById(viewer.user.id);
      return user ? viewerOf(user) : viewer;
    },

    async signOut(token: string | undefined): Promise<void> {
      const hash = sessionHashOf(token);
      if (hash) await accounts.deleteSession(hash);
    },

    /** Ends every session of the user but the one of `keepToken` (when it is theirs). */
    async endOtherSessions(userId: string, keepToken: string | undefined): Promise<void> {
      await accounts.deleteSessionsOfUser(userId, sessionHashOf(keepToken));
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
