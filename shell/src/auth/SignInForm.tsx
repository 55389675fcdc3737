/**
 * Sign-in screen of the auth modal (paywall §2, §5, §8). Every 401 message marks the email field
 * invalid; the plain "invalid combination" case also moves focus to the password.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import {
  api,
  ApiError,
  DEVICE_TYPE,
  MESSAGES,
  pushDataLayer,
  UI_TEXT,
  type DataLayerEvent,
  type User,
} from 'shared-contracts';
import {
  captchaAction,
  signInErrorMessage,
  validateSignInEmail,
  validateSignInPassword,
  type SignInFailure,
} from 'shared-contracts/forms';
import {
  captchaToken,
  CaptchaUnavailableError,
  FormMessage,
  prefetchCaptcha,
  submitLabel,
  TextField,
  useField,
} from 'shared-contracts/forms';

type FailureReason = Extract<DataLayerEvent, { event: 'login_failure' }>['reason'];

export interface SignInFormProps {
  reason?: string;
  method: 'modal' | 'frame';
  onSignedIn(user: User): void;
  onForgotPassword(): void;
  onCreateAccount(): void;
}

interface ServerError {
  text: string;
  /** Marks the email field (every sign-in rejection does, paywall §8). */
  email: boolean;
}

function failureReason(body: SignInFailure): FailureReason {
  if (body.user_restricted) return 'user_restricted';
  if (typeof body.lockout_duration === 'number' && body.lockout_duration > 0) return 'account_locked';
  return 'invalid_credentials';
}

export function SignInForm({ reason, method, onSignedIn, onForgotPassword, onCreateAccount }: SignInFormProps) {
  const email = useField(validateSignInEmail);
  const password = useField(validateSignInPassword);
  const passwordRef = useRef<HTMLInputElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const serverErrorId = useId();
  const [serverError, setServerError] = useState<ServerError | null>(null);
  const [pending, setPending] = useState(false);
  const busy = useRef(false);
  const variant = reason === 'paywall' ? 'paywall' : 'modal';

  useEffect(prefetchCaptcha, []);

  function fail(text: string, why: FailureReason, markEmail: boolean) {
    setServerError({ text, email: markEmail });
    pushDataLayer({ event: 'login_failure', reason: why });
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (busy.current) return;
    const emailOk = email.validate();
    const passwordOk = password.validate();
    if (!emailOk || !passwordOk) {
      (emailOk ? passwordRef : emailRef).current?.focus();
      return;
    }
    busy.current = true;
    setPending(true);
    setServerError(null);
    try {
      const reCaptchaToken = await captchaToken(captchaAction('sign_in', variant));
      const user = await api.signIn({ username: email.value.trim(), password: password.value, reCaptchaToken, deviceType: DEVICE_TYPE });
      pushDataLayer({ event: 'login', method });
      onSignedIn(user);
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) {
        const body = (err.body ?? {}) as SignInFailure & { message?: string };
        // The spec's rule works on the login fields (code, tries_left, lockout_duration,
        // user_restricted). An answer that reached us without them keeps the server's own text.
        const text = body.code === undefined && body.message ? body.message : signInErrorMessage(body);
        fail(text, failureReason(body), true);
        if (text === MESSAGES.signIn.invalidCombination) passwordRef.current?.focus();
      } else if (err instanceof ApiError && err.status === 429) {
        fail(err.body && 'message' in err.body && err.body.message ? err.body.message : MESSAGES.generic, 'error', false);
      } else if (err instanceof CaptchaUnavailableError) {
        fail(MESSAGES.captcha.unavailable, 'error', false);
      } else {
        fail(MESSAGES.generic, 'error', false);
      }
    } finally {
      busy.current = false;
      setPending(false);
    }
  }

  // A server message belongs to the attempt it answered: editing either field clears it.
  const edit = (field: typeof email) => ({
    ...field,
    change(value: string) {
      setServerError(null);
      field.change(value);
    },
  });

  return (
    <>
      <form noValidate onSubmit={onSubmit} aria-busy={pending || undefined}>
        <TextField
          label="Email"
          name="username"
          type="email"
          autoComplete="username"
          field={edit(email)}
          inputRef={emailRef}
          externalErrorId={serverError?.email ? serverErrorId : null}
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          field={edit(password)}
          inputRef={passwordRef}
          revealable
        />
        {serverError && (
          <FormMessage id={serverErrorId} kind="error">
            {serverError.text}
          </FormMessage>
        )}
        <p>
          <button type="button" className="button-link" onClick={onForgotPassword}>
            {UI_TEXT.forgotPassword}
          </button>
        </p>
        <button type="submit" className="button-primary" disabled={!(email.valid && password.valid)}>
          {submitLabel(reason, UI_TEXT.signIn)}
        </button>
      </form>
      <p>
        Don&apos;t have an account?{' '}
        <button type="button" className="button-link" onClick={onCreateAccount}>
          {UI_TEXT.createOne}
        </button>
      </p>
    </>
  );
}
