/**
 * The sign-in lockout, kept in the database: SIGN_IN_MAX_TRIES tries, and the try that uses the
 * last one locks its bucket for ACCOUNT_LOCKOUT_SECONDS. A try is reserved before the password is
 * checked (repositories/sign-in-counters.ts), so parallel requests cannot check more passwords than
 * the limit; a correct password clears the bucket's count. Resetting the password does not unlock.
 *
 * Buckets ("smart lockout"): every successful sign-in binds the browser to the account with a
 * random device token (its cookie holds the token, the database only its SHA-256, bound to that one
 * user). A try from a browser recognised by the account counts against that browser alone; any
 * other try (no token, a made-up one, or one bound to another account) counts in the account's
 * unknown-browser bucket, kept by normalized email whether or not the account exists, so an unknown
 * email answers exactly like a known one. A stranger who locks the unknown bucket does not lock out
 * the owner's recognised browsers. The device token is replaced at every successful sign-in.
 *
 * The two locks answer apart (PAY-08 "Code 401 adds 'or reset your password.'"): a recognised
 * browser's lock answers code '401', since a completed password reset lifts it (unlockDevices: the
 * reader proved they read the account's mail); the unknown-browser lock answers 'account_locked'
 * and no reset lifts it (forgot-password answers 423 meanwhile).
 */
import { createHash, randomBytes } from 'node:crypto';
import { ACCOUNT_LOCKOUT_SECONDS, SIGN_IN_MAX_TRIES } from '../server-rules';
import type { ReservedTry, SignInCounterRepository } from '../repositories/sign-in-counters';
import type { SignInAttempt, SignInFailure, SignInGuard } from './auth';

/** How long a browser stays recognised after its last successful sign-in (the cookie's lifetime). */
export const KNOWN_DEVICE_TTL_MS = 365 * 24 * 60 * 60 * 1000;
const DEVICE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** A new device token: 32 random bytes, base64url. */
export function newKnownDeviceToken(): string {
  return randomBytes(32).toString('base64url');
}

const hashDeviceToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The stored hash of a well-formed device token, else undefined. */
export function knownDeviceHashOf(token: string | undefined): string | undefined {
  return token && DEVICE_TOKEN_PATTERN.test(token) ? hashDeviceToken(token) : undefined;
}

export interface SignInLockout extends SignInGuard {
  /** Seconds until the email's unknown-browser bucket unlocks at `now`, or 0 when it is not locked. */
  lockedFor(email: string, now: Date): Promise<number>;
  /** Forgets the unknown-browser tries of an email (a new account starts clean). */
  clear(email: string): Promise<void>;
  /** Lifts the locks and counts of the user's recognised browsers (after a completed password reset). */
  unlockDevices(userId: string): Promise<void>;
}

export function createSignInLockout(deps: { counters: SignInCounterRepository; maxTries?: number; lockoutSeconds?: number }): SignInLockout {
  const { counters } = deps;
  const maxTries = deps.maxTries ?? SIGN_IN_MAX_TRIES;
  const lockoutMs = (deps.lockoutSeconds ?? ACCOUNT_LOCKOUT_SECONDS) * 1000;

  /** Whole seconds from now until `untilIso`, counted up so a lock never shows 0 while it holds. */
  const secondsUntil = (untilIso: string, now: Date) => Math.max(0, Math.ceil((Date.parse(untilIso) - now.getTime()) / 1000));
  const locked = (seconds: number): SignInFailure => ({ code: 'account_locked', lockoutSeconds: seconds });
  const deviceLocked = (seconds: number): SignInFailure => ({ code: '401', lockoutSeconds: seconds });

  async function lockedFor(email: string, now: Date): Promise<number> {
    const row = await counters.find(email);
    return row?.locked_until ? secondsUntil(row.locked_until, now) : 0;
  }

  function attemptOf(reserved: ReservedTry, now: Date, clear: () => Promise<void>, lock: (seconds: number) => SignInFailure): SignInAttempt {
    return {
      async failed() {
        if (reserved.lockedUntil !== null) return lock(secondsUntil(reserved.lockedUntil, now));
        return { code: 'invalid_credentials', triesLeft: Math.max(0, maxTries - reserved.failures) };
      },
      succeeded: clear,
    };
  }

  type Begun = Awaited<ReturnType<SignInGuard['beginTry']>>;

  /** A try on the bucket of a browser the account recognises, or undefined when it does not. */
  async function beginDeviceTry(email: string, now: Date, deviceToken: string | undefined): Promise<Begun | undefined> {
    const hash = knownDeviceHashOf(deviceToken);
    if (!hash) return undefined;
    const device = await counters.findDevice(hash, email);
    if (!device) return undefined;
    const nowIso = now.toISOString();
    const reserved = await counters.reserveDeviceTry(hash, device.user_id, nowIso, new Date(now.getTime() + lockoutMs).toISOString(), maxTries);
    if (reserved) {
      return { ok: true, attempt: attemptOf(reserved, now, () => counters.bindDevice(hash, device.user_id, nowIso), deviceLocked) };
    }
    const current = await counters.findDevice(hash, email);
    const seconds = current?.locked_until ? secondsUntil(current.locked_until, now) : 0;
    return seconds > 0 ? { ok: false, failure: deviceLocked(seconds) } : undefined;
  }

  return {
    lockedFor,
    clear: (email) => counters.clear(email),
    unlockDevices: (userId) => counters.unlockDevices(userId),

    async beginTry(email, now, deviceToken) {
      const onDevice = await beginDeviceTry(email, now, deviceToken);
      if (onDevice) return onDevice;
      const reserved = await counters.reserveTry(email, now.toISOString(), new Date(now.getTime() + lockoutMs).toISOString(), maxTries);
      if (!reserved) return { ok: false, failure: locked(await lockedFor(email, now)) };
      return { ok: true, attempt: attemptOf(reserved, now, () => counters.clear(email), locked) };
    },

    async rememberDevice(userId, previousToken, now) {
      const nowIso = now.toISOString();
      const token = newKnownDeviceToken();
      const previous = knownDeviceHashOf(previousToken);
      if (previous) await counters.forgetDevice(previous, userId);
      await counters.deleteStaleDevices(userId, new Date(now.getTime() - KNOWN_DEVICE_TTL_MS).toISOString());
      await counters.bindDevice(hashDeviceToken(token), userId, nowIso);
      return { token, expiresAt: new Date(now.getTime() + KNOWN_DEVICE_TTL_MS) };
    },
  };
}
