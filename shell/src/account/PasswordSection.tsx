/**
 * Password change on the account page (PLAT-15; SITE-05, SITE-08), with the change-password
 * flyout's rules: current required ('Current Password is required'), new required and of the site's
 * pattern, confirm matching; the server's 400 on `current` is 'Current Password is invalid'.
 * Success says 'Password successfully changed.'; the server ends the reader's other sessions.
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import { api, ApiError, MESSAGES } from 'shared-contracts';
import { TextField, validateChangePassword, valueField, type ChangePasswordErrors, type ChangePasswordValues } from 'shared-contracts/forms';
import { Outcome, type FormOutcome } from './Outcome';
import { ACCOUNT_TEXT } from './text';

const FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;
const LABELS: Record<(typeof FIELDS)[number], { label: string; autoComplete: string }> = {
  currentPassword: { label: 'Current password', autoComplete: 'current-password' },
  newPassword: { label: 'New password', autoComplete: 'new-password' },
  confirmPassword: { label: 'Confirm password', autoComplete: 'new-password' },
};
const EMPTY: ChangePasswordValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function PasswordSection() {
  const [values, setValues] = useState<ChangePasswordValues>(EMPTY);
  const [errors, setErrors] = useState<ChangePasswordErrors>({});
  const [outcome, setOutcome] = useState<FormOutcome>(null);
  const [busy, setBusy] = useState(false);
  const sending = useRef(false);
  const refs = {
    currentPassword: useRef<HTMLInputElement>(null),
    newPassword: useRef<HTMLInputElement>(null),
    confirmPassword: useRef<HTMLInputElement>(null),
  };
  const headingId = useId();

  const change = (field: keyof ChangePasswordValues) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  function show(next: ChangePasswordErrors) {
    setErrors(next);
    const first = FIELDS.find((f) => next[f]);
    if (first) refs[first].current?.focus();
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (sending.current) return;
    setOutcome(null);
    const found = validateChangePassword(values);
    if (Object.keys(found).length > 0) {
      show(found);
      return;
    }
    sending.current = true;
    setBusy(true);
    try {
      await api.changePassword({ current: values.currentPassword, password: values.newPassword });
      setValues(EMPTY);
      setOutcome({ kind: 'status', text: MESSAGES.changePassword.success });
    } catch (error) {
      const body = error instanceof ApiError && error.body && 'message' in error.body ? error.body : null;
      if (error instanceof ApiError && error.status === 400) {
        // The server names the field: 'current' (wrong or missing) or 'password' (the new one).
        const onNew = body?.errors?.find((e) => e.field === 'password');
        show(onNew ? { newPassword: onNew.errorMessage } : { currentPassword: MESSAGES.changePassword.currentInvalid });
      } else setOutcome({ kind: 'error', text: error instanceof ApiError && error.status === 429 && body ? body.message : MESSAGES.generic });
    } finally {
      sending.current = false;
      setBusy(false);
    }
  }

  return (
    <section className="account-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{ACCOUNT_TEXT.password.heading}</h2>
      <p className="account-note">{ACCOUNT_TEXT.password.intro}</p>
      <form noValidate onSubmit={onSubmit} aria-labelledby={headingId}>
        {FIELDS.map((name) => (
          <TextField
            key={name}
            label={LABELS[name].label}
            type="password"
            name={name}
            autoComplete={LABELS[name].autoComplete}
            field={valueField({ value: values[name], error: errors[name], onChange: change(name) })}
            inputRef={refs[name]}
          />
        ))}
        <div className="form-actions">
          <button type="submit" className="button-primary" disabled={busy}>
            {ACCOUNT_TEXT.password.submit}
          </button>
        </div>
        <Outcome outcome={outcome} />
      </form>
    </section>
  );
}
