/**
 * The account forms' kit: one hook per flow (sign in, registration, forgot password) holding the
 * fields, the submit and the server-answer handling, and the field blocks that render them. The
 * shell's auth modal, its pages and the paywall panel all build on it; they differ only by the
 * options below (captcha variant, message variant, analytics method, paywall conversion) and by
 * what they put around the blocks.
 *
 * Shared rules: validation on blur, on change once a field shows an error, and on submit; a submit
 * with invalid fields focuses the first of them; a second submit while one is pending does nothing;
 * a captcha failure (no token, a refused or an unavailable captcha) shows the captcha error element
 * (CaptchaError, `data-captcha-error`); other failures show the generic message.
 */
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode, type RefObject } from 'react';
import { api, ApiError, DEVICE_TYPE, MESSAGES, pushDataLayer, registrationOptIn, UI_TEXT, userStore, type DataLayerEvent, type User } from 'shared-contracts';
import { GenericFailure } from 'shared-contracts/notices';
import { captchaToken, CaptchaUnavailableError } from './captcha';
import { FORGOT_PASSWORD_AUTO_CLOSE_MS } from './account-screens';
import { captchaAction } from './captcha-actions';
import { registrationId } from './requests';
import { forgotPasswordMessage, registrationErrorOutcome, signInErrorMessage, type ServerErrorBody, type SignInFailure } from './server-errors';
import { validateEmail, validateFirstName, validateLastName, validateRegistrationPassword, validateSignInEmail, validateSignInPassword } from './validators';
import { FormMessage, TextField, useField, type FieldState } from './forms';

/* ------------------------------------------------------------------ failures every form shows alike */

/** Where 'Customer Service' in a message leads (the site's customer service help, SITE-01). */
export const CUSTOMER_SERVICE_HREF = '/subscriber-help#contact-customer-service';

/**
 * The captcha's message when a failure is the captcha's (SITE-08 "A captcha failure shows a
 * captcha error element"): no token could be had (the provider's script failed), the server
 * refused the token (400 on reCaptchaToken: 'reCAPTCHA is required.') or could not check it (503).
 * Null for any other failure.
 */
export function captchaFailureOf(err: unknown): string | null {
  if (err instanceof CaptchaUnavailableError) return MESSAGES.captcha.unavailable;
  if (!(err instanceof ApiError)) return null;
  const body = (err.body ?? {}) as ServerErrorBody;
  if (err.status === 503 && body.message === MESSAGES.captcha.unavailable) return MESSAGES.captcha.unavailable;
  if (err.status !== 400) return null;
  const refused = body.errors?.find((e) => e.field === 'reCaptchaToken');
  return refused ? refused.errorMessage || MESSAGES.captcha.required : null;
}

/**
 * The captcha error element: the captcha's own message, apart from the form's other messages.
 * `inline` when it sits in a live region of its own (a span, not announced twice).
 */
export function CaptchaError({ message, inline }: { message: string; inline?: boolean }) {
  return inline ? (
    <span className="captcha-error" data-captcha-error="">
      {message}
    </span>
  ) : (
    <p className="form-error captcha-error" role="alert" data-captcha-error="">
      {message}
    </p>
  );
}

const SERVICE = 'Customer Service';
const INLINE = { display: 'inline' } as const;
const NOWRAP = { display: 'inline', whiteSpace: 'nowrap' } as const;
const RESET = 'reset your password';

/**
 * A lockout message (PAY-08; SITE-08 "with a service link") with 'Customer Service' as the link to
 * customer service and, in the code 401 case, 'reset your password' as the control that opens the
 * forgot-password screen. The words are the message's own: only the two phrases become controls.
 */
export function LockoutMessage({ text, onResetPassword }: { text: string; onResetPassword?(): void }) {
  const at = text.indexOf(SERVICE);
  if (at < 0) return <>{text}</>;
  const rest = text.slice(at + SERVICE.length);
  const resetAt = onResetPassword ? rest.indexOf(RESET) : -1;
  return (
    <>
      {text.slice(0, at)}
      {/* Inline, as the words around them: the message is one sentence, also as the email field's description. */}
      <a href={CUSTOMER_SERVICE_HREF} style={INLINE}>
        {SERVICE}
      </a>
      {resetAt < 0 ? (
        rest
      ) : (
        <>
          {rest.slice(0, resetAt)}
          {/* The full stop stays on the control's line. */}
          <span style={NOWRAP}>
            <button type="button" className="button-link" style={INLINE} onClick={onResetPassword}>
              {RESET}
            </button>
            {rest.slice(resetAt + RESET.length)}
          </span>
        </>
      )}
    </>
  );
}

/** Which captcha action a form asks for: the modal's or the paywall's. */
export type AuthVariant = 'modal' | 'paywall';
type LoginMethod = Extract<DataLayerEvent, { event: 'login' }>['method'];
type FailureReason = Extract<DataLayerEvent, { event: 'login_failure' }>['reason'];

/** The variant of a form opened for a reason: the paywall's when the paywall opened it. */
export function authVariant(reason: string | undefined): AuthVariant {
  return reason === 'paywall' ? 'paywall' : 'modal';
}

/** Wraps a field so that editing it first runs `onEdit` (a server message belongs to the attempt it answered). */
function onEdit(field: FieldState, edit: () => void): FieldState {
  return {
    ...field,
    change(value: string) {
      edit();
      field.change(value);
    },
  };
}

/**
 * One submit at a time: the checks run first (they focus what is wrong); `pending` while the
 * request runs, and a second submit meanwhile does nothing.
 */
function useSubmission() {
  const [pending, setPending] = useState(false);
  const busy = useRef(false);
  async function submit(e: FormEvent, checks: () => boolean, request: () => Promise<void>) {
    e.preventDefault();
    if (busy.current || !checks()) return;
    busy.current = true;
    setPending(true);
    try {
      await request();
    } finally {
      busy.current = false;
      setPending(false);
    }
  }
  return { pending, submit };
}

/* ------------------------------------------------------------------ sign in */

export interface SignInOptions {
  variant: AuthVariant;
  method: LoginMethod;
  /** Set when the form converts a paywall wall: the conversion is pushed after the login event. */
  wall?: 'registration-wall';
  onSignedIn(user: User): void;
}

export interface SignInFormState {
  email: FieldState;
  password: FieldState;
  emailRef: RefObject<HTMLInputElement | null>;
  passwordRef: RefObject<HTMLInputElement | null>;
  /**
   * The server's answer; `email` marks the email field invalid (every 401 does); `lockout` when it
   * is a lockout (its Customer Service link); `captcha` when the captcha failed (the captcha error element).
   */
  serverError: { text: string; email: boolean; lockout?: boolean; captcha?: boolean } | null;
  serverErrorId: string;
  pending: boolean;
  valid: boolean;
  onSubmit(event: FormEvent): Promise<void>;
}

function failureReason(body: SignInFailure): FailureReason {
  if (body.user_restricted) return 'user_restricted';
  if (typeof body.lockout_duration === 'number' && body.lockout_duration > 0) return 'account_locked';
  return 'invalid_credentials';
}

/**
 * Sign in: every 401 message marks the email field invalid; the plain 'invalid combination' case
 * also moves focus to the password. A 401 without the login fields keeps the server's own text;
 * a 429 shows the server's message.
 */
export function useSignInForm({ variant, method, wall, onSignedIn }: SignInOptions): SignInFormState {
  const email = useField(validateSignInEmail);
  const password = useField(validateSignInPassword);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const serverErrorId = useId();
  const [serverError, setServerError] = useState<SignInFormState['serverError']>(null);
  const { pending, submit } = useSubmission();

  function fail(text: string, reason: FailureReason, markEmail: boolean, kind: { lockout?: boolean; captcha?: boolean } = {}) {
    setServerError({ text, email: markEmail, ...kind });
    pushDataLayer({ event: 'login_failure', reason });
  }

  function checks() {
    const emailOk = email.validate();
    const passwordOk = password.validate();
    if (!emailOk || !passwordOk) (emailOk ? passwordRef : emailRef).current?.focus();
    return emailOk && passwordOk;
  }

  const onSubmit = (e: FormEvent) =>
    submit(e, checks, async () => {
      setServerError(null);
      try {
        const reCaptchaToken = await captchaToken(captchaAction('sign_in', variant));
        const user = await api.signIn({ username: email.value.trim(), password: password.value, reCaptchaToken, deviceType: DEVICE_TYPE });
        pushDataLayer({ event: 'login', method });
        if (wall) pushDataLayer({ event: 'paywall_wall_converted', wall, action: 'signin' });
        onSignedIn(user);
      } catch (err) {
        if (err instanceof ApiError && err.status === 401) {
          const body = (err.body ?? {}) as SignInFailure & { message?: string };
          const text = body.code === undefined && body.message ? body.message : signInErrorMessage(body);
          const reason = failureReason(body);
          fail(text, reason, true, { lockout: reason === 'account_locked' });
          if (text === MESSAGES.signIn.invalidCombination) passwordRef.current?.focus();
        } else if (err instanceof ApiError && err.status === 429) {
          fail(err.body && 'message' in err.body && err.body.message ? err.body.message : MESSAGES.generic, 'error', false);
        } else if (captchaFailureOf(err) !== null) {
          fail(captchaFailureOf(err) ?? '', 'error', false, { captcha: true });
        } else {
          fail(MESSAGES.generic, 'error', false);
        }
      }
    });

  const clear = () => setServerError(null);
  return {
    email: onEdit(email, clear),
    password: onEdit(password, clear),
    emailRef,
    passwordRef,
    serverError,
    serverErrorId,
    pending,
    valid: email.valid && password.valid,
    onSubmit,
  };
}

/** The sign-in form and the 'Don't have an account? Create one' line under it. */
export function SignInFields({
  form,
  submitText,
  onForgotPassword,
  onCreateAccount,
}: {
  form: SignInFormState;
  submitText: string;
  onForgotPassword(): void;
  onCreateAccount(): void;
}) {
  const { serverError, serverErrorId } = form;
  return (
    <>
      <form noValidate onSubmit={form.onSubmit} aria-busy={form.pending || undefined}>
        <TextField
          label="Email"
          name="username"
          type="email"
          autoComplete="username"
          field={form.email}
          inputRef={form.emailRef}
          externalErrorId={serverError?.email ? serverErrorId : null}
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          field={form.password}
          inputRef={form.passwordRef}
          revealable
        />
        {serverError?.captcha ? (
          <CaptchaError message={serverError.text} />
        ) : (
          serverError && (
            <FormMessage id={serverErrorId} kind="error">
              {serverError.lockout ? <LockoutMessage text={serverError.text} onResetPassword={onForgotPassword} /> : serverError.text}
            </FormMessage>
          )
        )}
        <p>
          <button type="button" className="button-link" onClick={onForgotPassword}>
            {UI_TEXT.forgotPassword}
          </button>
        </p>
        <button type="submit" className="button-primary" disabled={!form.valid}>
          {submitText}
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

/* ------------------------------------------------------------------ registration */

/** The last words of the paywall's 409 message: a control that opens the forgot-password screen. */
export const RESET_IT_HERE = 'Reset it here.';

const REGISTRATION_FIELDS = ['firstName', 'lastName', 'email', 'password'] as const;
type RegistrationField = (typeof REGISTRATION_FIELDS)[number];

export interface RegistrationOptions {
  /** The captcha action's variant. */
  variant: AuthVariant;
  /** The email message and the server-error outcomes: the modal's or the paywall's. */
  messages: AuthVariant;
  method: Extract<DataLayerEvent, { event: 'sign_up' }>['method'];
  /** Set when the form converts a paywall wall: the conversion is pushed after the sign-up event. */
  wall?: 'registration-wall';
  /** The visitor's country lookup, which picks the opt-in copy (shown once ready). */
  visitor: { ready: boolean; country: string | null };
  /**
   * A server error stays on its field until the field is edited: leaving the field (say, to click
   * 'Reset it here.') does not re-run the rule over it.
   */
  serverErrorsStay?: boolean;
  /** Page navigations (the subscriber registration page, a redirect outcome). */
  assign(url: string): void;
  /** The account exists and the user is stored; `flagged` is the success header. */
  onCreated(user: User, details: { email: string; flagged: boolean }): void;
}

export interface RegistrationFormState {
  fields: Record<RegistrationField, FieldState>;
  refs: Record<RegistrationField, RefObject<HTMLInputElement | null>>;
  /** The paywall's email error ends with 'Reset it here.' (shown as a control, the text without it). */
  conflict: boolean;
  optIn: { ready: boolean; text: string; checked: boolean; privacyLink: boolean; set(checked: boolean): void };
  formError: string | null;
  /** The captcha's message when the captcha failed (shown as the captcha error element). */
  captchaError: string | null;
  pending: boolean;
  valid: boolean;
  onSubmit(event: FormEvent): Promise<void>;
}

function registrationFieldOf(serverField: string): RegistrationField {
  if (serverField === 'firstName' || serverField === 'lastName') return serverField;
  return serverField === 'emailAddress' || serverField === 'email' ? 'email' : 'password';
}

/**
 * Registration: a subscriber's email sends the browser to the subscriber registration page; a
 * created account is stored in the user store and handed to onCreated; server errors land on
 * their field (focused), other answers in the form message.
 */
export function useRegistrationForm(options: RegistrationOptions): RegistrationFormState {
  const { variant, messages, method, wall, visitor, serverErrorsStay } = options;
  const raw: Record<RegistrationField, FieldState> = {
    firstName: useField(validateFirstName),
    lastName: useField(validateLastName),
    email: useField((v) => validateEmail(v, messages)),
    password: useField(validateRegistrationPassword),
  };
  const refs = {
    firstName: useRef<HTMLInputElement>(null),
    lastName: useRef<HTMLInputElement>(null),
    email: useRef<HTMLInputElement>(null),
    password: useRef<HTMLInputElement>(null),
  };
  const optInCopy = registrationOptIn(visitor.country);
  const [optIn, setOptIn] = useState<boolean | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [captchaError, setCaptchaError] = useState<string | null>(null);
  const [serverField, setServerField] = useState<RegistrationField | null>(null);
  const { pending, submit } = useSubmission();
  const checked = optIn ?? optInCopy.defaultChecked;

  function showOn(field: string, message: string) {
    const name = registrationFieldOf(field);
    raw[name].setError(message);
    if (serverErrorsStay) setServerField(name);
    refs[name].current?.focus();
  }

  function checks() {
    // Every field shows its rule's result; the first invalid one takes focus.
    const invalid = REGISTRATION_FIELDS.filter((name) => !raw[name].validate());
    if (invalid[0]) refs[invalid[0]].current?.focus();
    return invalid.length === 0;
  }

  const onSubmit = (e: FormEvent) =>
    submit(e, checks, async () => {
      setFormError(null);
      setCaptchaError(null);
      setServerField(null);
      const emailAddress = raw.email.value.trim();
      try {
        const reCaptchaToken = await captchaToken(captchaAction('register', variant));
        const { result, flagged } = await api.register({
          firstName: raw.firstName.value.trim(),
          lastName: raw.lastName.value.trim(),
          emailAddress,
          password: raw.password.value,
          optIn: checked,
          reCaptchaToken,
          id: registrationId(),
        });
        if (result.outcome === 'subscriber') {
          // A subscriber's email without a web account: the subscriber registration page.
          options.assign(result.location);
          return;
        }
        pushDataLayer({ event: 'sign_up', method, optIn: checked });
        if (wall) pushDataLayer({ event: 'paywall_wall_converted', wall, action: 'registration' });
        userStore.getState().setUser(result.user);
        options.onCreated(result.user, { email: emailAddress, flagged });
      } catch (err) {
        const captcha = captchaFailureOf(err);
        if (captcha !== null) {
          setCaptchaError(captcha);
        } else if (err instanceof ApiError) {
          const outcome = registrationErrorOutcome(err.status, err.body as ServerErrorBody | null, messages);
          if (outcome.kind === 'field') showOn(outcome.field, outcome.message);
          else if (outcome.kind === 'redirect') options.assign(outcome.to);
          else setFormError(outcome.message);
        } else {
          setFormError(MESSAGES.generic);
        }
      }
    });

  /** The field as the form shows it: with a server error kept, blur keeps it and an edit clears the mark. */
  function shown(name: RegistrationField): FieldState {
    const f = raw[name];
    if (serverField !== name) return f;
    return { ...onEdit(f, () => setServerField(null)), blur() {} };
  }

  const emailError = raw.email.error;
  const conflict = messages === 'paywall' && emailError !== null && emailError.endsWith(` ${RESET_IT_HERE}`);
  const email = shown('email');
  return {
    fields: {
      firstName: shown('firstName'),
      lastName: shown('lastName'),
      email: conflict ? { ...email, error: (emailError ?? '').slice(0, -(RESET_IT_HERE.length + 1)) } : email,
      password: shown('password'),
    },
    refs,
    conflict,
    optIn: {
      ready: visitor.ready,
      text: optInCopy.text,
      checked,
      privacyLink: optInCopy.text === MESSAGES.registration.optInOther,
      set: setOptIn,
    },
    formError,
    captchaError,
    pending,
    valid: REGISTRATION_FIELDS.every((name) => raw[name].valid),
    onSubmit,
  };
}

/**
 * The registration form: names, email, password (with its hint and the reveal toggle), the opt-in
 * once the country is known, the form message (before the form or above the submit) and the submit.
 */
export function RegistrationFields({
  form,
  submitText,
  messagePlacement,
  onResetPassword,
}: {
  form: RegistrationFormState;
  submitText: string;
  messagePlacement: 'before-form' | 'above-submit';
  /** Shows 'Reset it here.' at the end of a 409 email error, opening the forgot-password flow. */
  onResetPassword?(): void;
}) {
  const { fields, refs, optIn } = form;
  const message = form.formError && <FormMessage kind="error">{form.formError}</FormMessage>;
  return (
    <>
      {messagePlacement === 'before-form' && message}
      <form noValidate onSubmit={form.onSubmit} aria-busy={form.pending || undefined}>
        <TextField label="First name" name="firstName" autoComplete="given-name" field={fields.firstName} inputRef={refs.firstName} />
        <TextField label="Last name" name="lastName" autoComplete="family-name" field={fields.lastName} inputRef={refs.lastName} />
        <TextField
          label="Email"
          name="emailAddress"
          type="email"
          autoComplete="email"
          field={fields.email}
          inputRef={refs.email}
          errorAction={
            form.conflict && onResetPassword ? (
              <button type="button" className="button-link" onClick={onResetPassword}>
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
          field={fields.password}
          inputRef={refs.password}
          description={MESSAGES.password.registrationHint}
          revealable
        />
        {optIn.ready && (
          <div className="opt-in">
            <label>
              <input type="checkbox" name="optIn" checked={optIn.checked} onChange={(e) => optIn.set(e.target.checked)} /> {optIn.text}
            </label>
            {optIn.privacyLink && (
              // NOT IN SPEC: the link's wording; the spec only says the copy comes with a privacy policy link.
              <a href="/privacy-policy" target="_blank" rel="noopener">
                Privacy Policy
              </a>
            )}
          </div>
        )}
        {messagePlacement === 'above-submit' && message}
        {form.captchaError && <CaptchaError message={form.captchaError} />}
        <button type="submit" className="button-primary" disabled={!form.valid}>
          {submitText}
        </button>
      </form>
    </>
  );
}

/* ------------------------------------------------------------------ forgot password */

export interface ForgotPasswordOptions {
  variant: AuthVariant;
  /** Called FORGOT_PASSWORD_AUTO_CLOSE_MS after the acknowledgement shows. */
  onAutoClose?(): void;
}

export interface ForgotPasswordFormState {
  email: FieldState;
  emailRef: RefObject<HTMLInputElement | null>;
  /** 'On to sign in', focused when the acknowledgement shows. */
  onToSignInRef: RefObject<HTMLButtonElement | null>;
  sent: boolean;
  /** The failure's message; the generic one shows with the customer-service lines (GenericFailure). */
  error: string | null;
  /** The captcha's message when the captcha failed (shown as the captcha error element). */
  captchaError: string | null;
  pending: boolean;
  onSubmit(event: FormEvent): Promise<void>;
}

/** Forgot password: email, 'Send link'; then the acknowledgement. 403 and 423 have their own messages. */
export function useForgotPasswordForm({ variant, onAutoClose }: ForgotPasswordOptions): ForgotPasswordFormState {
  const email = useField((v) => validateEmail(v, 'modal'));
  const emailRef = useRef<HTMLInputElement>(null);
  const onToSignInRef = useRef<HTMLButtonElement>(null);
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [captchaError, setCaptchaError] = useState<string | null>(null);
  const { pending, submit } = useSubmission();
  const autoClose = useRef(onAutoClose);
  autoClose.current = onAutoClose;

  useEffect(() => {
    if (!sent) return;
    onToSignInRef.current?.focus();
    if (!autoClose.current) return;
    const timer = setTimeout(() => autoClose.current?.(), FORGOT_PASSWORD_AUTO_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [sent]);

  function checks() {
    const ok = email.validate();
    if (!ok) emailRef.current?.focus();
    return ok;
  }

  const onSubmit = (e: FormEvent) =>
    submit(e, checks, async () => {
      setError(null);
      setCaptchaError(null);
      try {
        const reCaptchaToken = await captchaToken(captchaAction('forgot_pass', variant));
        await api.forgotPassword({ emailAddress: email.value.trim(), reCaptchaToken });
        setSent(true);
      } catch (err) {
        const captcha = captchaFailureOf(err);
        if (captcha !== null) setCaptchaError(captcha);
        else setError(forgotPasswordMessage(err instanceof ApiError ? err.status : 0));
      }
    });

  return { email, emailRef, onToSignInRef, sent, error, captchaError, pending, onSubmit };
}

/** The acknowledgement of a sent link and the 'On to sign in' button (focused). */
export function ForgotPasswordSent({ form, onSignIn }: { form: ForgotPasswordFormState; onSignIn(): void }) {
  return (
    <>
      <FormMessage kind="status">{MESSAGES.forgotPassword.success}</FormMessage>
      <button ref={form.onToSignInRef} type="button" className="button-primary" onClick={onSignIn}>
        {UI_TEXT.onToSignIn}
      </button>
    </>
  );
}

/** The forgot-password form's email, its error and 'Send link'; `children` ends the form. */
export function ForgotPasswordFields({
  form,
  busyMark,
  children,
}: {
  form: ForgotPasswordFormState;
  /** Marks the form aria-busy while the request is pending. */
  busyMark?: boolean;
  children?: ReactNode;
}) {
  return (
    <form noValidate onSubmit={form.onSubmit} aria-busy={(busyMark && form.pending) || undefined}>
      <TextField label="Email" name="emailAddress" type="email" autoComplete="email" field={form.email} inputRef={form.emailRef} />
      {form.error === MESSAGES.generic ? (
        <GenericFailure />
      ) : (
        form.error && (
          <FormMessage kind="error">
            <LockoutMessage text={form.error} />
          </FormMessage>
        )
      )}
      {form.captchaError && <CaptchaError message={form.captchaError} />}
      <button type="submit" className="button-primary" disabled={!form.email.valid}>
        {UI_TEXT.sendLink}
      </button>
      {children}
    </form>
  );
}
