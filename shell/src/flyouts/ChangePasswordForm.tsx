/**
 * Change-password flyout: current, new and confirm password. Errors:
 * 'Current Password is required', 'New Password is required', the site password pattern message,
 * 'New Password and Confirm Password do not match'; the server's 400 means 'Current Password is
 * invalid'. Success destroys the flyout with 'Password successfully changed.' (shown 2 s).
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ApiError, MESSAGES, api } from 'shared-contracts';
import { validateChangePassword, type ChangePasswordErrors, type ChangePasswordValues } from 'shared-contracts/forms';
import { TextField, valueField } from 'shared-contracts/forms';
import { flyouts } from './flyouts';

const FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;
const LABELS: Record<(typeof FIELDS)[number], { label: string; autoComplete: string }> = {
  currentPassword: { label: 'Current password', autoComplete: 'current-password' },
  newPassword: { label: 'New password', autoComplete: 'new-password' },
  confirmPassword: { label: 'Confirm password', autoComplete: 'new-password' },
};

export function ChangePasswordForm() {
  const [values, setValues] = useState<ChangePasswordValues>({ currentPassword: '', newPassword: '', confirmPassword: '' });
  const [errors, setErrors] = useState<ChangePasswordErrors>({});
  const [formError, setFormError] = useState('');
  const [busy, setBusy] = useState(false);
  const refs = {
    currentPassword: useRef<HTMLInputElement>(null),
    newPassword: useRef<HTMLInputElement>(null),
    confirmPassword: useRef<HTMLInputElement>(null),
  };

  const first = refs.currentPassword;
  useEffect(() => {
    first.current?.focus();
  }, [first]);

  const change = (field: keyof ChangePasswordValues) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  function showErrors(next: ChangePasswordErrors) {
    setErrors(next);
    const first = FIELDS.find((f) => next[f]);
    if (first) refs[first].current?.focus();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setFormError('');
    const found = validateChangePassword(values);
    if (Object.keys(found).length > 0) {
      showErrors(found);
      return;
    }
    setBusy(true);
    try {
      await api.changePassword({ current: values.currentPassword, password: values.newPassword });
      flyouts.destroy(MESSAGES.changePassword.success);
    } catch (error) {
      setBusy(false);
      if (error instanceof ApiError && error.status === 400) {
        // The server names the field: 'current' (wrong or missing) or 'password' (the new one).
        const body = error.body && 'errors' in error.body ? error.body : null;
        const onNew = body?.errors?.find((e) => e.field === 'password');
        showErrors(onNew ? { newPassword: onNew.errorMessage } : { currentPassword: MESSAGES.changePassword.currentInvalid });
      } else setFormError(MESSAGES.generic);
    }
  }

  return (
    <form noValidate onSubmit={submit} className="flyout-form">
      {FIELDS.map((name) => (
        <TextField
          key={name}
          label={LABELS[name].label}
          type="password"
          autoComplete={LABELS[name].autoComplete}
          field={valueField({ value: values[name], error: errors[name], onChange: change(name) })}
          inputRef={refs[name]}
          errorDisplay="live"
        />
      ))}
      <p role="alert" className="form-error">
        {formError}
      </p>
      <button type="submit" className="button-primary" disabled={busy}>
        Change password
      </button>
      <p>
        <button type="button" className="button-link" onClick={() => flyouts.open('forgot-password')}>
          Forgot your password?
        </button>
      </p>
    </form>
  );
}
