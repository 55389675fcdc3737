/**
 * The paywall panel of the registration wall (paywall §2 "Paywall panel"): three screens,
 * registration (the default), sign in and forgot password. Registration reloads the page with
 * registration=success (paywall §4) so the reload shows the content it earned; sign-in reloads.
 * Validation follows paywall §5 through the shared TextField/useField; errors follow paywall §8
 * (the paywall variants of registrationErrorOutcome).
 */
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode, type RefObject } from 'react';
import {
  CustomerServicePhones,
  api,
  ApiError,
  DEVICE_TYPE,
  MESSAGES,
  pushDataLayer,
  registrationOptIn,
  UI_TEXT,
  userStore,
} from 'shared-contracts';
import type { PAYWALL_PANEL_SCREENS } from 'shared-contracts/forms';
import {
  captchaAction,
  forgotPasswordMessage,
  registrationId,
  registrationErrorOutcome,
  signInErrorMessage,
  validateEmail,
  validateFirstName,
  validateLastName,
  validateRegistrationPassword,
  validateSignInEmail,
  validateSignInPassword,
  type ServerErrorBody,
  type SignInFailure,
} from 'shared-contracts/forms';
import { useVisitorCountry } from 'shared-contracts/commerce';
import {
  captchaToken,
  CaptchaUnavailableError,
  FormMessage,
  prefetchCaptcha,
  TextField,
  useField,
  type FieldState,
} from 'shared-contracts/forms';
import { CUSTOMER_SERVICE_EMAIL } from './contact';
import { AB_TAGS, subscribeHref } from './gate';
import { nav, registrationSuccessUrl } from './navigation';

export type PanelScreen = (typeof PAYWALL_PANEL_SCREENS)[number];

/** The last words of the paywall's 409 message, a control that opens the forgot-password screen. */
const RESET_IT_HERE = 'Reset it here.';

export function PaywallPanel() {
  const [screen, setScreen] = useState<PanelScreen>('registration');
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  const headingId = useId();

  useEffect(prefetchCaptcha, []);
  // A screen change moves focus to the new screen's heading (not on first show: the reader is reading).
  useEffect(() => {
    if (moved.current) headingRef.current?.focus();
  }, [screen]);
  const go = (next: PanelScreen) => {
    moved.current = true;
    setScreen(next);
  };

  return (
    <section className="paywall-panel" aria-labelledby={headingId} data-panel-screen={screen}>
      {screen === 'registration' && (
        <RegistrationScreen heading={<Heading id={headingId} ref={headingRef} text={REGISTRATION_HEADING} />} onSignIn={() => go('sign-in')} onForgot={() => go('forgot-password')} />
      )}
      {screen === 'sign-in' && (
        <SignInScreen
          heading={<Heading id={headingId} ref={headingRef} text={UI_TEXT.signIn} />}
          onForgot={() => go('forgot-password')}
          onCreate={() => go('registration')}
        />
      )}
      {screen === 'forgot-password' && (
        <ForgotScreen heading={<Heading id={headingId} ref={headingRef} text={UI_TEXT.forgotPassword} />} onSignIn={() => go('sign-in')} />
      )}
    </section>
  );
}

/** NOT IN SPEC: the registration screen's heading. */
export const REGISTRATION_HEADING = 'Create a free account to keep reading';

function Heading({ id, ref, text }: { id: string; ref: RefObject<HTMLHeadingElement | null>; text: string }) {
  return (
    <h2 id={id} ref={ref} tabIndex={-1}>
      {text}
    </h2>
  );
}

/* ------------------------------------------------------------------ registration */

function RegistrationScreen({ heading, onSignIn, onForgot }: { heading: ReactNode; onSignIn(): void; onForgot(): void }) {
  const firstName = useField(validateFirstName);
  const lastName = useField(validateLastName);
  const email = useField((v) => validateEmail(v, 'paywall'));
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
  const [banner, setBanner] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const busy = useRef(false);
  const checked = optIn ?? optInCopy.defaultChecked;

  const fields: [FieldState, RefObject<HTMLInputElement | null>][] = [
    [firstName, refs.firstName],
    [lastName, refs.lastName],
    [email, refs.email],
    [password, refs.password],
  ];

  // A server answer's error stays until the field is edited: leaving the field (say, to click
  // 'Reset it here.') does not re-run the rule over it.
  const [serverField, setServerField] = useState<number | null>(null);

  function showOn(field: string, message: string) {
    const index = field === 'firstName' ? 0 : field === 'lastName' ? 1 : field === 'emailAddress' || field === 'email' ? 2 : 3;
    const target = fields[index];
    if (!target) return;
    target[0].setError(message);
    setServerField(index);
    target[1].current?.focus();
  }

  /** The field as the form shows it: with a server error, blur keeps it and an edit clears the mark. */
  function shown(index: number): FieldState {
    const f = fields[index]![0];
    if (serverField !== index) return f;
    return {
      ...f,
      blur() {},
      change(value: string) {
        setServerField(null);
        f.change(value);
      },
    };
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
    setBanner(null);
    setServerField(null);
    try {
      const reCaptchaToken = await captchaToken(captchaAction('register', 'paywall'));
      const { result } = await api.register({
        firstName: firstName.value.trim(),
        lastName: lastName.value.trim(),
        emailAddress: email.value.trim(),
        password: password.value,
        optIn: checked,
        reCaptchaToken,
        id: registrationId(),
      });
      if (result.outcome === 'subscriber') {
        // A subscriber's email without a web account: the subscriber registration page (paywall §4).
        nav.assign(result.location);
        return;
      }
      pushDataLayer({ event: 'sign_up', method: 'paywall', optIn: checked });
      pushDataLayer({ event: 'paywall_wall_converted', wall: 'registration-wall', action: 'registration' });
      userStore.getState().setUser(result.user);
      nav.assign(registrationSuccessUrl(nav.href()));
    } catch (err) {
      if (err instanceof ApiError) {
        const outcome = registrationErrorOutcome(err.status, err.body as ServerErrorBody | null, 'paywall');
        if (outcome.kind === 'field') showOn(outcome.field, outcome.message);
        else if (outcome.kind === 'redirect') nav.assign(outcome.to);
        else setBanner(outcome.message);
      } else if (err instanceof CaptchaUnavailableError) {
        setBanner(MESSAGES.captcha.unavailable);
      } else {
        setBanner(MESSAGES.generic);
      }
    } finally {
      busy.current = false;
      setPending(false);
    }
  }

  // The 409 message ends with 'Reset it here.', which opens the forgot-password screen.
  const emailShown = shown(2);
  const conflict = email.error !== null && email.error.endsWith(` ${RESET_IT_HERE}`);
  const emailField: FieldState = conflict ? { ...emailShown, error: (email.error ?? '').slice(0, -(RESET_IT_HERE.length + 1)) } : emailShown;
  const valid = fields.every(([f]) => f.valid);

  return (
    <>
      {heading}
      {banner && <FormMessage kind="error">{banner}</FormMessage>}
      <form noValidate onSubmit={onSubmit} aria-busy={pending || undefined}>
        <TextField label="First name" name="firstName" autoComplete="given-name" field={shown(0)} inputRef={refs.firstName} />
        <TextField label="Last name" name="lastName" autoComplete="family-name" field={shown(1)} inputRef={refs.lastName} />
        <TextField
          label="Email"
          name="emailAddress"
          type="email"
          autoComplete="email"
          field={emailField}
          inputRef={refs.email}
          errorAction={
            conflict ? (
              <button type="button" className="button-link" onClick={onForgot}>
                {RESET_IT_HERE}
              </button>
            ) : undefined
          }
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          field={shown(3)}
          inputRef={refs.password}
          description={MESSAGES.password.registrationHint}
          revealable
        />
        {ready && (
          <div className="opt-in">
            <label>
              <input type="checkbox" name="optIn" checked={checked} onChange={(e) => setOptIn(e.target.checked)} /> {optInCopy.text}
            </label>
            {optInCopy.text === MESSAGES.registration.optInOther && (
              // NOT IN SPEC: the link's wording; the spec only says the copy comes with a privacy policy link.
              <a href="/privacy-policy" target="_blank" rel="noopener">
                Privacy Policy
              </a>
            )}
          </div>
        )}
        <button type="submit" className="button-primary" disabled={!valid}>
          Create account
        </button>
      </form>
      <p>
        {/* NOT IN SPEC: the words before the spec's 'Sign in'. */}
        Already have an account?{' '}
        <button type="button" className="button-link" onClick={onSignIn}>
          Sign in
        </button>
      </p>
      <p>
        {/* NOT IN SPEC: the words before the spec's 'Subscribe now'. */}
        Want unlimited access?{' '}
        <a className="button-secondary" href={subscribeHref(AB_TAGS.registrationPanel)}>
          {UI_TEXT.subscribeNow}
        </a>
      </p>
      <CustomerService />
    </>
  );
}

/** Customer-service phone lines and mail link (paywall §2, §9). */
function CustomerService() {
  const id = useId();
  return (
    <div className="customer-service" role="group" aria-labelledby={id}>
      {/* NOT IN SPEC: the heading's words. */}
      <h3 id={id}>Customer Service</h3>
      <CustomerServicePhones />
      <p>
        <a href={`mailto:${CUSTOMER_SERVICE_EMAIL}`}>{CUSTOMER_SERVICE_EMAIL}</a>
      </p>
    </div>
  );
}

/* ------------------------------------------------------------------ sign in */

function SignInScreen({ heading, onForgot, onCreate }: { heading: ReactNode; onForgot(): void; onCreate(): void }) {
  const email = useField(validateSignInEmail);
  const password = useField(validateSignInPassword);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const serverErrorId = useId();
  const [serverError, setServerError] = useState<{ text: string; email: boolean } | null>(null);
  const [pending, setPending] = useState(false);
  const busy = useRef(false);

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
      const reCaptchaToken = await captchaToken(captchaAction('sign_in', 'paywall'));
      await api.signIn({ username: email.value.trim(), password: password.value, reCaptchaToken, deviceType: DEVICE_TYPE });
      pushDataLayer({ event: 'login', method: 'paywall' });
      pushDataLayer({ event: 'paywall_wall_converted', wall: 'registration-wall', action: 'signin' });
      // Sign-in success reloads the page (paywall §4: in the paywall, reload if the paywall is present).
      nav.reload();
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) {
        const body = (err.body ?? {}) as SignInFailure & { message?: string };
        const text = body.code === undefined && body.message ? body.message : signInErrorMessage(body);
        setServerError({ text, email: true });
        pushDataLayer({
          event: 'login_failure',
          reason: body.user_restricted
            ? 'user_restricted'
            : typeof body.lockout_duration === 'number' && body.lockout_duration > 0
              ? 'account_locked'
              : 'invalid_credentials',
        });
        if (text === MESSAGES.signIn.invalidCombination) passwordRef.current?.focus();
      } else {
        const message =
          err instanceof CaptchaUnavailableError
            ? MESSAGES.captcha.unavailable
            : err instanceof ApiError && err.status === 429 && err.body && 'message' in err.body && err.body.message
              ? err.body.message
              : MESSAGES.generic;
        setServerError({ text: message, email: false });
        pushDataLayer({ event: 'login_failure', reason: 'error' });
      }
    } finally {
      busy.current = false;
      setPending(false);
    }
  }

  // A server message belongs to the attempt it answered: editing either field clears it.
  const edit = (field: FieldState): FieldState => ({
    ...field,
    change(value: string) {
      setServerError(null);
      field.change(value);
    },
  });

  return (
    <>
      {heading}
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
          <button type="button" className="button-link" onClick={onForgot}>
            {UI_TEXT.forgotPassword}
          </button>
        </p>
        <button type="submit" className="button-primary" disabled={!(email.valid && password.valid)}>
          {UI_TEXT.signIn}
        </button>
      </form>
      <p>
        Don&apos;t have an account?{' '}
        <button type="button" className="button-link" onClick={onCreate}>
          {UI_TEXT.createOne}
        </button>
      </p>
      <p>
        <a href="/subscriber-help" target="_blank" rel="noopener">
          {UI_TEXT.getHelp}
        </a>
      </p>
    </>
  );
}

/* ------------------------------------------------------------------ forgot password */

function ForgotScreen({ heading, onSignIn }: { heading: ReactNode; onSignIn(): void }) {
  const email = useField((v) => validateEmail(v, 'modal'));
  const emailRef = useRef<HTMLInputElement>(null);
  const onToSignIn = useRef<HTMLButtonElement>(null);
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const busy = useRef(false);

  useEffect(() => {
    if (sent) onToSignIn.current?.focus();
  }, [sent]);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (busy.current) return;
    if (!email.validate()) {
      emailRef.current?.focus();
      return;
    }
    busy.current = true;
    setPending(true);
    setError(null);
    try {
      const reCaptchaToken = await captchaToken(captchaAction('forgot_pass', 'paywall'));
      await api.forgotPassword({ emailAddress: email.value.trim(), reCaptchaToken });
      setSent(true);
    } catch (err) {
      if (err instanceof CaptchaUnavailableError) setError(MESSAGES.captcha.unavailable);
      else setError(forgotPasswordMessage(err instanceof ApiError ? err.status : 0));
    } finally {
      busy.current = false;
      setPending(false);
    }
  }

  if (sent) {
    return (
      <>
        {heading}
        <FormMessage kind="status">{MESSAGES.forgotPassword.success}</FormMessage>
        <button ref={onToSignIn} type="button" className="button-primary" onClick={onSignIn}>
          {UI_TEXT.onToSignIn}
        </button>
      </>
    );
  }

  return (
    <>
      {heading}
      <form noValidate onSubmit={onSubmit} aria-busy={pending || undefined}>
        <TextField label="Email" name="emailAddress" type="email" autoComplete="email" field={email} inputRef={emailRef} />
        {error && <FormMessage kind="error">{error}</FormMessage>}
        <button type="submit" className="button-primary" disabled={!email.valid}>
          {UI_TEXT.sendLink}
        </button>
      </form>
      <p>
        <button type="button" className="button-link" onClick={onSignIn}>
          {UI_TEXT.goBack}
        </button>
      </p>
    </>
  );
}
