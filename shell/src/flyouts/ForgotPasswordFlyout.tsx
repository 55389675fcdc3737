/**
 * Forgot-password flyout of the header, the site variant (the auth modal's and the paywall's form
 * is the kit's `useForgotPasswordForm`): the email field takes focus; a valid email and a captcha
 * token are required ('reCAPTCHA is required.' without one); an edit clears the field's error.
 * 200 destroys the flyout with 'If your email is registered with us, ...' (shown 7 s); 403 and 423
 * show their site message; other failures the generic text with the 24/7 customer-service phones
 * and mail (SITE-08); a captcha failure (no token, refused, unavailable) the captcha error element.
 *
 * The token comes from the same captcha client as the auth forms (`shared-contracts/forms`): the
 * local verifier's fixed token offline, a real reCAPTCHA token when one is configured.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { api, ApiError, DEVICE_TYPE, MESSAGES } from 'shared-contracts';
import {
  CaptchaError,
  captchaAction,
  captchaFailureOf,
  forgotPasswordFormSchema,
  forgotPasswordMessage,
  captchaToken as fetchCaptchaToken,
  TextField,
  valueField,
} from 'shared-contracts/forms';
import { GenericFailure } from 'shared-contracts/notices';
import { flyouts } from './flyouts';

/** `captchaToken` replaces the captcha client's token (tests of a missing token). */
export function ForgotPasswordFlyout({ captchaToken }: { captchaToken?: string }) {
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | undefined>();
  const [formError, setFormError] = useState('');
  const [captchaError, setCaptchaError] = useState('');
  const [busy, setBusy] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    emailRef.current?.focus();
  }, []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setFormError('');
    setCaptchaError('');
    const emailIssue = forgotPasswordFormSchema.shape.emailAddress.safeParse(email);
    if (!emailIssue.success) {
      setEmailError(emailIssue.error.issues[0]?.message);
      emailRef.current?.focus();
      return;
    }
    let token: string | undefined;
    try {
      token = captchaToken ?? (await fetchCaptchaToken(captchaAction('forgot_pass', 'modal')));
    } catch {
      setCaptchaError(MESSAGES.captcha.unavailable);
      return;
    }
    const parsed = forgotPasswordFormSchema.safeParse({ emailAddress: email, reCaptchaToken: token ?? '', deviceType: DEVICE_TYPE });
    if (!parsed.success) {
      const issue = (field: string) => parsed.error.issues.find((i) => i.path[0] === field)?.message;
      const emailIssue = issue('emailAddress');
      setEmailError(emailIssue);
      setCaptchaError(issue('reCaptchaToken') ?? '');
      if (emailIssue) emailRef.current?.focus();
      return;
    }
    setEmailError(undefined);
    setBusy(true);
    try {
      await api.forgotPassword({ emailAddress: parsed.data.emailAddress, reCaptchaToken: parsed.data.reCaptchaToken });
      flyouts.destroy(forgotPasswordMessage(200, 'site'));
    } catch (error) {
      setBusy(false);
      const captcha = captchaFailureOf(error);
      if (captcha !== null) setCaptchaError(captcha);
      else setFormError(forgotPasswordMessage(error instanceof ApiError ? error.status : 0, 'site'));
    }
  }

  return (
    <form noValidate onSubmit={submit} className="flyout-form">
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        field={valueField({
          value: email,
          error: emailError,
          onChange(v) {
            setEmail(v);
            setEmailError(undefined);
          },
        })}
        inputRef={emailRef}
        errorDisplay="live"
      />
      {formError === MESSAGES.generic ? (
        <GenericFailure />
      ) : (
        // One live region for the form's messages: the site message, or the captcha error element.
        <p role="alert" className="form-error">
          {formError}
          {captchaError && <CaptchaError message={captchaError} inline />}
        </p>
      )}
      <button type="submit" className="button-primary" disabled={busy}>
        Send link
      </button>
    </form>
  );
}
