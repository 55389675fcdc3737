/**
 * A slim prompt under the header for a signed-in reader whose email address is not confirmed yet:
 * where the link went, and a button that mails a new one. The result (sent, already confirmed, or
 * why not) is announced in a status region. Nothing shows to guests or confirmed readers.
 */
import { useState } from 'react';
import { ApiError, MESSAGES, useUserStore } from 'shared-contracts';
import { resendEmailVerification } from '../auth/email-verification-api';

export const RESEND_LINK_LABEL = 'Resend the link';

export function confirmEmailPrompt(email: string): string {
  return `Please confirm your email address. We sent a link to ${email}.`;
}

export function VerifyEmailPrompt() {
  const user = useUserStore((s) => s.user);
  const [result, setResult] = useState('');
  const [busy, setBusy] = useState(false);
  if (!user || user.emailVerified) return null;

  async function resend() {
    setBusy(true);
    setResult('');
    try {
      setResult((await resendEmailVerification()).message);
    } catch (err) {
      setResult(err instanceof ApiError && err.body && 'message' in err.body && err.body.message ? err.body.message : MESSAGES.generic);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="verify-email-prompt" aria-label="Confirm your email address">
      <p>{confirmEmailPrompt(user.emailAddress)}</p>
      <button type="button" className="button-link" onClick={() => void resend()} disabled={busy}>
        {RESEND_LINK_LABEL}
      </button>
      <p role="status">{result}</p>
    </section>
  );
}
