/**
 * /reset-password?token= : the page the mailed link opens. A new password (registration rules),
 * its confirmation, then the server's answer; on success a 'Sign in' button opens the modal.
 */
import { useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'shared-contracts/router';
import { api, ApiError, bus, MESSAGES } from 'shared-contracts';
import { validateRegistrationPassword, validateRequired, FormMessage, TextField, useField } from 'shared-contracts/forms';

/** NOT IN SPEC: shown when the page is opened without a token. */
export const MISSING_RESET_TOKEN = 'This password reset link is not valid. Please ask for a new one.';

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const password = useField(validateRegistrationPassword);
  const confirm = useField((v) => validateRequired(v) ?? (v === password.value ? null : MESSAGES.changePassword.mismatch));
  const refs = { password: useRef<HTMLInputElement>(null), confirm: useRef<HTMLInputElement>(null) };
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const busy = useRef(false);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (busy.current) return;
    const passwordOk = password.validate();
    const confirmOk = confirm.validate();
    if (!passwordOk || !confirmOk) {
      (passwordOk ? refs.confirm : refs.password).current?.focus();
      return;
    }
    busy.current = true;
    setError(null);
    try {
      const answer = await api.resetPassword({ token, password: password.value });
      setDone(answer.message);
    } catch (err) {
      setError(err instanceof ApiError && err.body && 'message' in err.body && err.body.message ? err.body.message : MESSAGES.generic);
    } finally {
      busy.current = false;
    }
  }

  return (
    <main id="main" className="page account-page">
      <h1>Reset your password</h1>
      {!token ? (
        <FormMessage kind="error">{MISSING_RESET_TOKEN}</FormMessage>
      ) : done !== null ? (
        <>
          <FormMessage kind="status">{done}</FormMessage>
          <button type="button" className="button-primary" onClick={() => bus.emit('auth:open', { screen: 'signin' })}>
            Sign in
          </button>
        </>
      ) : (
        <form noValidate onSubmit={onSubmit}>
          <TextField
            label="New password"
            name="password"
            type="password"
            autoComplete="new-password"
            field={password}
            inputRef={refs.password}
            description={MESSAGES.password.registrationHint}
            revealable
          />
          <TextField
            label="Confirm password"
            name="confirmPassword"
            type="password"
            autoComplete="new-password"
            field={confirm}
            inputRef={refs.confirm}
            revealable
          />
          {error && <FormMessage kind="error">{error}</FormMessage>}
          <button type="submit" className="button-primary" disabled={!(password.valid && confirm.valid)}>
            Reset password
          </button>
        </form>
      )}
    </main>
  );
}
