/**
 * The per-account sign-in lockout, kept in the database by normalized email (known or not, so an
 * unknown email answers exactly like a known one): SIGN_IN_MAX_TRIES tries, and the try that uses
 * the last one locks the email for ACCOUNT_LOCKOUT_SECONDS. A try is reserved before the password
 * is checked (repositories/sign-in-counters.ts), so parallel requests cannot check more passwords
 * than the limit; a correct password clears the count. Resetting the password does not unlock.
 */
import { ACCOUNT_LOCKOUT_SECONDS, SIGN_IN_MAX_TRIES } from 'shared-contracts';
import type { SignInCounterRepository } from '../repositories/sign-in-counters';
import type { SignInFailure, SignInGuard } from './auth';

export interface SignInLockout extends SignInGuard {
  /** Seconds until the email unlocks at `now`, or 0 when it is not locked. */
  lockedFor(email: string, now: Date): Promise<number>;
  /** Forgets the tries of an email (a new account starts clean). */
  clear(email: string): Promise<void>;
}

export function createSignInLockout(deps: {
  counters: SignInCounterRepository;
  maxTries?: number;
  lockoutSeconds?: number;
}): SignInLockout {
  const { counters } = deps;
  const maxTries = deps.maxTries ?? SIGN_IN_MAX_TRIES;
  const lockoutMs = (deps.lockoutSeconds ?? ACCOUNT_LOCKOUT_SECONDS) * 1000;

  /** Whole seconds from now until `untilIso`, counted up so a lock never shows 0 while it holds. */
  const secondsUntil = (untilIso: string, now: Date) => Math.max(0, Math.ceil((Date.parse(untilIso) - now.getTime()) / 1000));
  const locked = (seconds: number): SignInFailure => ({ code: 'account_locked', lockoutSeconds: seconds });

  async function lockedFor(email: string, now: Date): Promise<number> {
    const row = await counters.find(email);
    return row?.locked_until ? secondsUntil(row.locked_until, now) : 0;
  }

  return {
    lockedFor,
    clear: (email) => counters.clear(email),

    async beginTry(email, now) {
      const reserved = await counters.reserveTry(email, now.toISOString(), new Date(now.getTime() + lockoutMs).toISOString(), maxTries);
      if (!reserved) return { ok: false, failure: locked(await lockedFor(email, now)) };
      return {
        ok: true,
        attempt: {
          async failed() {
            if (reserved.lockedUntil !== null) return locked(secondsUntil(reserved.lockedUntil, now));
            return { code: 'invalid_credentials', triesLeft: Math.max(0, maxTries - reserved.failures) };
          },
          async succeeded() {
            await counters.clear(email);
          },
        },
      };
    },
  };
}
