/**
 * Forgot-password screen (paywall §2, §4, §8): email, 'Send link'; then the acknowledgement with
 * 'On to sign in', closing by itself after 5 s. 403 and 423 have their own messages.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { api, ApiError, MESSAGES, UI_TEXT } from 'shared-contracts';
import { FORGOT_PASSWORD_AUTO_CLOSE_MS } from 'shared-contracts/forms';
import { captchaAction, forgotPasswordMessage, validateEmail } from 'shared-contracts/forms';
import {
  captchaToken,
  CaptchaUnavailableError,
  FormMessage,
  prefetchCaptcha,
  TextField,
  useField,
} from 'shared-contracts/forms';

export interface ForgotPasswordFormProps {
  reason?: string;
  onGoBack(): void;
  onSignIn(): void;
  /** Called FORGOT_PASSWORD_AUTO_CLOSE_MS after the acknowledgement shows. */
  onAutoClose(): void;
}

export function ForgotPasswordForm({ reason, onGoBack, onSignIn, onAutoClose }: ForgotPasswordFormProps) {
  const email = useField((v) => validateEmail(v, 'modal'));
  const emailRef = useRef<HTMLInputElement>(null);
  const onToSignIn = useRef<HTMLButtonElement>(null);
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const busy = useRef(false);
  const autoClose = useRef(onAutoClose);
  autoClose.current = onAutoClose;
  const variant = reason === 'paywall' ? 'paywall' : 'modal';

  useEffect(prefetchCaptcha, []);

  useEffect(() => {
    if (!sent) return;
    onToSignIn.current?.focus();
    const timer = setTimeout(() => autoClose.current(), FORGOT_PASSWORD_AUTO_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [sent]);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (busy.current) return;
    if (!email.validate()) {
      emailRef.current?.focus();
      return;
    }
    busy.current = true;
    setError(null);
    try {
      const reCaptchaToken = await captchaToken(captchaAction('forgot_pass', variant));
      await api.forgotPassword({ emailAddress: email.value.trim(), reCaptchaToken });
      setSent(true);
    } catch (err) {
      if (err instanceof CaptchaUnavailableError) setError(MESSAGES.captcha.unavailable);
      else setError(forgotPasswordMessage(err instanceof ApiError ? err.status : 0));
    } finally {
      busy.current = false;
    }
  }

  const help = (
    <a href="/subscriber-help" target="_blank" rel="noopener">
      {UI_TEXT.getHelp}
    </a>
  );

  if (sent) {
    return (
      <>
        <FormMessage kind="status">{MESSAGES.forgotPassword.success}</FormMessage>
        <button ref={onToSignIn} type="button" className="button-primary" onClick={onSignIn}>
          {UI_TEXT.onToSignIn}
        </button>
        <p>{help}</p>
      </>
    );
  }

  return (
    <form noValidate onSubmit={onSubmit}>
      <TextField label="Email" name="emailAddress" type="email" autoComplete="email" field={email} inputRef={emailRef} />
      {error && <FormMessage kind="error">{error}</FormMessage>}
      <button type="submit" className="button-primary" disabled={!email.valid}>
        {UI_TEXT.sendLink}
      </button>
      <p className="form-links">
        <button type="button" className="button-link" onClick={onGoBack}>
          {UI_TEXT.goBack}
        </button>
        {help}
      </p>
    </form>
  );
}
