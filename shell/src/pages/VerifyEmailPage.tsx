/**
 * /verify-email?token= : the page the mailed confirmation link opens. It posts the token once,
 * shows the server's answer (confirmed, or why the link does not work: expired, already used, not
 * valid), then reloads the signed-in user so the prompt to confirm goes away and a subscription
 * linked by the confirmation shows at once.
 */
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'shared-contracts/router';
import { api, ApiError, MESSAGES, userStore } from 'shared-contracts';
import { FormMessage } from 'shared-contracts/forms';
import { verifyEmail } from '../auth/email-verification-api';

/** NOT IN SPEC: shown when the page is opened without a token. */
export const MISSING_VERIFY_TOKEN = 'This confirmation link is not valid. Please ask for a new one.';

type Outcome = { kind: 'pending' } | { kind: 'status' | 'error'; message: string };

/** Reads the full profile (not the cached Last-Modified check: a change within the same second counts too). */
async function reloadUser(): Promise<void> {
  try {
    const answer = await api.profile();
    if (answer) userStore.getState().setUser(answer.user, answer.lastModified);
  } catch {
    // The confirmation stands; the next page load shows the new state.
  }
}

/** Posts the token and returns what to show; never rejects. */
async function follow(token: string): Promise<Outcome> {
  try {
    const answer = await verifyEmail({ token });
    await reloadUser();
    return { kind: 'status', message: answer.message };
  } catch (err) {
    const message = err instanceof ApiError && err.body && 'message' in err.body && err.body.message ? err.body.message : MESSAGES.generic;
    return { kind: 'error', message };
  }
}

export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [outcome, setOutcome] = useState<Outcome>(token ? { kind: 'pending' } : { kind: 'error', message: MISSING_VERIFY_TOKEN });
  // One request per token, even when an effect runs twice: a link works once.
  const request = useRef<{ token: string; answer: Promise<Outcome> } | null>(null);

  useEffect(() => {
    if (!token) return;
    if (request.current?.token !== token) request.current = { token, answer: follow(token) };
    let live = true;
    void request.current.answer.then((answer) => {
      if (live) setOutcome(answer);
    });
    return () => {
      live = false;
    };
  }, [token]);

  return (
    <main id="main" className="page account-page">
      <h1>Confirm your email address</h1>
      {outcome.kind === 'pending' ? <p role="status">Confirming your email address…</p> : <FormMessage kind={outcome.kind}>{outcome.message}</FormMessage>}
    </main>
  );
}
