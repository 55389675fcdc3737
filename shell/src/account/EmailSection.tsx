/**
 * Email change (PLAT-15; decision 026): the new address and the current password. The server
 * checks the password (400 'Current Password is required' / 'Current Password is invalid'; a wrong
 * one counts against the sign-in limit) and does not switch the address: it mails a link to the new
 * one and a notice to the current one; the address changes when the link is followed (/verify-email).
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import { api, ApiError, MESSAGES, type User } from 'shared-contracts';
import { TextField, validateEmail, valueField } from 'shared-contracts/forms';
import { Outcome, type FormOutcome } from './Outcome';
import { ACCOUNT_TEXT } from './text';

const T = ACCOUNT_TEXT.email;
type Field = 'emailAddress' | 'currentPassword';

/** The server's answer as field errors, or the form's message. */
function errorsOf(error: unknown): { fields: Partial<Record<Field, string>>; form?: string } {
  if (!(error instanceof ApiError)) return { fields: {}, form: MESSAGES.generic };
  if (error.status === 409) return { fields: { emailAddress: MESSAGES.registration.usernameUnavailable } };
  const body = error.body && 'message' in error.body ? error.body : null;
  if (error.status === 400 && body?.errors?.length) {
    const fields: Partial<Record<Field, string>> = {};
    for (const e of body.errors) if (e.field === 'emailAddress' || e.field === 'currentPassword') fields[e.field] = e.errorMessage;
    if (Object.keys(fields).length > 0) return { fields };
  }
  // Too many tries (429) and the like say what happened in their message.
  return { fields: {}, form: error.status === 429 && body ? body.message : MESSAGES.generic };
}

export function EmailSection({ user }: { user: User }) {
  const [values, setValues] = useState({ emailAddress: '', currentPassword: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [outcome, setOutcome] = useState<FormOutcome>(null);
  const [busy, setBusy] = useState(false);
  const sending = useRef(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const headingId = useId();

  const change = (field: Field) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  function show(next: Partial<Record<Field, string>>) {
    setErrors(next);
    (next.emailAddress ? emailRef : passwordRef).current?.focus();
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (sending.current) return;
    setOutcome(null);
    const email = values.emailAddress.trim();
    const found: Partial<Record<Field, string>> = {};
    const emailError = validateEmail(email, 'modal') ?? (email.toLowerCase() === user.emailAddress.toLowerCase() ? T.same : null);
    if (emailError) found.emailAddress = emailError;
    if (values.currentPassword === '') found.currentPassword = MESSAGES.changePassword.currentRequired;
    if (Object.keys(found).length > 0) {
      show(found);
      return;
    }
    sending.current = true;
    setBusy(true);
    try {
      await api.updateProfile({ emailAddress: email, currentPassword: values.currentPassword });
      setValues({ emailAddress: '', currentPassword: '' });
      setOutcome({ kind: 'status', text: T.sent(email, user.emailAddress) });
    } catch (error) {
      const { fields, form } = errorsOf(error);
      if (Object.keys(fields).length > 0) show(fields);
      if (form) setOutcome({ kind: 'error', text: form });
    } finally {
      sending.current = false;
      setBusy(false);
    }
  }

  return (
    <section className="account-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{T.heading}</h2>
      <p>{T.current(user.emailAddress)}</p>
      {!user.emailVerified && <p className="account-note">{T.unconfirmed}</p>}
      <form noValidate onSubmit={onSubmit} aria-labelledby={headingId}>
        <TextField
          label={T.newLabel}
          type="email"
          name="emailAddress"
          autoComplete="email"
          field={valueField({ value: values.emailAddress, error: errors.emailAddress, onChange: change('emailAddress') })}
          inputRef={emailRef}
        />
        <TextField
          label={T.passwordLabel}
          type="password"
          name="currentPassword"
          autoComplete="current-password"
          field={valueField({ value: values.currentPassword, error: errors.currentPassword, onChange: change('currentPassword') })}
          inputRef={passwordRef}
        />
        <div className="form-actions">
          <button type="submit" className="button-primary" disabled={busy}>
            {T.submit}
          </button>
        </div>
        <Outcome outcome={outcome} />
      </form>
    </section>
  );
}
