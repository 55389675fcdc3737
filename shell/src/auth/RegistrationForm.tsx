/**
 * Registration form (paywall §2, §3, §5, §8), used by the auth modal and the /register page.
 * A subscriber's email sends the browser to the subscriber registration page; a created account
 * is stored in the user store and handed to onCreated. Server errors land on their field.
 */
import { useEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import {
  api,
  ApiError,
  MESSAGES,
  pushDataLayer,
  registrationOptIn,
  UI_TEXT,
  userStore,
  type User,
} from 'shared-contracts';
import {
  captchaAction,
  registrationId,
  registrationErrorOutcome,
  validateEmail,
  validateFirstName,
  validateLastName,
  validateRegistrationPassword,
  type ServerErrorBody,
} from 'shared-contracts/forms';
import { useVisitorCountry } from 'shared-contracts/commerce';
import {
  captchaToken,
  CaptchaUnavailableError,
  FormMessage,
  prefetchCaptcha,
  submitLabel,
  TextField,
  useField,
  type FieldState,
} from 'shared-contracts/forms';
import { nav } from './navigation';

export interface RegistrationFormProps {
  reason?: string;
  method: 'modal' | 'register-page' | 'frame';
  /** The account exists and the user is stored; `flagged` is the success header (paywall §4). */
  onCreated(user: User, details: { email: string; flagged: boolean }): void;
  /** The 'Sign in.' link; omitted where there is nowhere to switch to. */
  onSignIn?(): void;
}

export function RegistrationForm({ reason, method, onCreated, onSignIn }: RegistrationFormProps) {
  const firstName = useField(validateFirstName);
  const lastName = useField(validateLastName);
  const email = useField((v) => validateEmail(v, 'modal'));
  const password = useField(validateRegistrationPassword);
  const refs = {
    firstName: useRef<HTMLInputElement>(null),
    lastName: useRef<HTMLInputElement>(null),
    email: useRef<HTMLInputElement>(null),
    password: useRef<HTMLInputElement>(null),
  };
  const { ready, country } = useVisitorCountry();
  const optInCopy = registrationOptIn(country);
  const [optIn, setOptIn] = useState<boolean | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const busy = useRef(false);
  const variant = reason === 'paywall' ? 'paywall' : 'modal';
  const checked = optIn ?? optInCopy.defaultChecked;

  useEffect(prefetchCaptcha, []);

  const fields: [FieldState, RefObject<HTMLInputElement | null>][] = [
    [firstName, refs.firstName],
    [lastName, refs.lastName],
    [email, refs.email],
    [password, refs.password],
  ];

  function showOn(field: string, message: string) {
    const target =
      field === 'firstName'
        ? fields[0]
        : field === 'lastName'
          ? fields[1]
          : field === 'emailAddress' || field === 'email'
            ? fields[2]
            : fields[3];
    if (!target) return;
    target[0].setError(message);
    target[1].current?.focus();
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (busy.current) return;
    const firstInvalid = fields.map(([f, ref]) => (f.validate() ? null : ref)).find((r) => r !== null);
    if (firstInvalid) {
      firstInvalid.current?.focus();
      return;
    }
    busy.current = true;
    setPending(true);
    setFormError(null);
    const emailAddress = email.value.trim();
    try {
      const reCaptchaToken = await captchaToken(captchaAction('register', variant));
      const { result, flagged } = await api.register({
        firstName: firstName.value.trim(),
        lastName: lastName.value.trim(),
        emailAddress,
        password: password.value,
        optIn: checked,
        reCaptchaToken,
        id: registrationId(),
      });
      if (result.outcome === 'subscriber') {
        nav.assign(result.location);
        return;
      }
      pushDataLayer({ event: 'sign_up', method, optIn: checked });
      userStore.getState().setUser(result.user);
      onCreated(result.user, { email: emailAddress, flagged });
    } catch (err) {
      if (err instanceof ApiError) {
        const outcome = registrationErrorOutcome(err.status, err.body as ServerErrorBody | null, 'modal');
        if (outcome.kind === 'field') showOn(outcome.field, outcome.message);
        else if (outcome.kind === 'redirect') nav.assign(outcome.to);
        else setFormError(outcome.message);
      } else if (err instanceof CaptchaUnavailableError) {
        setFormError(MESSAGES.captcha.unavailable);
      } else {
        setFormError(MESSAGES.generic);
      }
    } finally {
      busy.current = false;
      setPending(false);
    }
  }

  const valid = fields.every(([f]) => f.valid);
  return (
    <>
      <form noValidate onSubmit={onSubmit} aria-busy={pending || undefined}>
        <TextField label="First name" name="firstName" autoComplete="given-name" field={firstName} inputRef={refs.firstName} />
        <TextField label="Last name" name="lastName" autoComplete="family-name" field={lastName} inputRef={refs.lastName} />
        <TextField label="Email" name="emailAddress" type="email" autoComplete="email" field={email} inputRef={refs.email} />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          field={password}
          inputRef={refs.password}
          description={MESSAGES.password.registrationHint}
          revealable
        />
        {ready && (
          <div className="opt-in">
            <label>
              <input type="checkbox" name="optIn" checked={checked} onChange={(e) => setOptIn(e.target.checked)} />{' '}
              {optInCopy.text}
            </label>
            {optInCopy.text === MESSAGES.registration.optInOther && (
              // NOT IN SPEC: the link's wording; the spec only says the copy comes with a privacy policy link.
              <a href="/privacy-policy" target="_blank" rel="noopener">
                Privacy Policy
              </a>
            )}
          </div>
        )}
        {formError && <FormMessage kind="error">{formError}</FormMessage>}
        <button type="submit" className="button-primary" disabled={!valid}>
          {submitLabel(reason, 'Create account')}
        </button>
      </form>
      {onSignIn && (
        <p>
          {/* NOT IN SPEC: the words before the spec's 'Sign in.' link. */}
          Already have an account?{' '}
          <button type="button" className="button-link" onClick={onSignIn}>
            {UI_TEXT.signInLink}
          </button>
        </p>
      )}
    </>
  );
}
