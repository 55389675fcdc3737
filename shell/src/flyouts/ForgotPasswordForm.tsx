/**
 * Forgot-password flyout, site version (site spec §2, §5, §8): a valid email and a captcha token
 * are required ('reCAPTCHA is required.' without one). 200 destroys the flyout with 'If your email
 * is registered with us, ...' (shown 7 s); 403, 423 and other failures show their site message.
 *
 * The captcha check is local in this project (ARCHITECTURE.md: third parties have a local
 * implementation), so the token is the local verifier's.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ApiError, DEVICE_TYPE, api, forgotPasswordFormSchema, forgotPasswordMessage } from 'shared-contracts';
import { Field } from './Field';
import { flyouts } from './flyouts';

/** Token of the local captcha verifier. */
export const LOCAL_CAPTCHA_TOKEN = 'local-captcha';

export function ForgotPasswordForm({ captchaToken = LOCAL_CAPTCHA_TOKEN }: { captchaToken?: string }) {
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | undefined>();
  const [formError, setFormError] = useState('');
  const [busy, setBusy] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    emailRef.current?.focus();
  }, []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setFormError('');
    const parsed = forgotPasswordFormSchema.safeParse({ emailAddress: email, reCaptchaToken: captchaToken, deviceType: DEVICE_TYPE });
    if (!parsed.success) {
      const issue = (field: string) => parsed.error.issues.find((i) => i.path[0] === field)?.message;
      const emailIssue = issue('emailAddress');
      setEmailError(emailIssue);
      setFormError(issue('reCaptchaToken') ?? '');
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
      setFormError(forgotPasswordMessage(error instanceof ApiError ? error.status : 0, 'site'));
    }
  }

  return (
    <form noValidate onSubmit={submit} className="flyout-form">
      <Field
        label="Email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(v) => {
          setEmail(v);
          setEmailError(undefined);
        }}
        error={emailError}
        inputRef={emailRef}
      />
      <p role="alert" className="form-error">
        {formError}
      </p>
      <button type="submit" className="button-primary" disabled={busy}>
        Send link
      </button>
    </form>
  );
}
