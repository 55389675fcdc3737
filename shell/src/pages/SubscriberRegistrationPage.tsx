/**
 * /subscriber-registration?emailAddress={base64 email} (PAY-02, PAY-04): a subscriber without a
 * web account, sent here by registration, sets a password. The subscriber first gives the account
 * number of their subscription: the lookup answers only for the email and that number together;
 * 404 means no active subscription for them.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'shared-contracts/router';
import { api, ApiError, bus, DEVICE_TYPE, MESSAGES, pushDataLayer, userStore, type SubscriberLookup } from 'shared-contracts';
import {
  CaptchaError,
  captchaAction,
  captchaFailureOf,
  captchaToken,
  isValidEmail,
  prefetchCaptcha,
  validateRegistrationPassword,
  validateRequired,
  FormMessage,
  TextField,
  useField,
} from 'shared-contracts/forms';

/** NOT IN SPEC: the link's email cannot be read. */
export const BAD_SUBSCRIBER_LINK = 'This registration link is not valid. Please check the link in your email.';

/**
 * Decodes the base64 email of the link (standard or URL-safe alphabet, padding optional; a '+'
 * read back as a space by the query parser is restored). Null unless it is a valid email.
 */
export function decodeEmailParam(raw: string | null): string | null {
  if (!raw) return null;
  const b64 = raw.trim().replace(/ /g, '+').replace(/-/g, '+').replace(/_/g, '/');
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(b64)) return null;
  try {
    const binary = atob(b64.padEnd(Math.ceil(b64.length / 4) * 4, '='));
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    const email = new TextDecoder('utf-8', { fatal: true }).decode(bytes).trim();
    return isValidEmail(email) ? email : null;
  } catch {
    return null;
  }
}

/** NOT IN SPEC: the label and help of the account number asked before the lookup. */
export const ACCOUNT_NUMBER_LABEL = 'Account number';
export const ACCOUNT_NUMBER_HELP = 'Your account number is on your subscription confirmation and on the mailing label of your magazine.';

type Lookup =
  { state: 'asking' } | { state: 'loading' } | { state: 'found'; subscriber: SubscriberLookup; accountNumber: string } | { state: 'error'; message: string };

export function SubscriberRegistrationPage() {
  const [params] = useSearchParams();
  const email = decodeEmailParam(params.get('emailAddress'));
  const [lookup, setLookup] = useState<Lookup>({ state: 'asking' });

  return (
    <main id="main" className="page account-page">
      {/* NOT IN SPEC: the heading. */}
      <h1>Subscriber registration</h1>
      {email === null ? (
        <FormMessage kind="error">{BAD_SUBSCRIBER_LINK}</FormMessage>
      ) : lookup.state === 'found' ? (
        <SubscriberPasswordForm subscriber={lookup.subscriber} email={email} accountNumber={lookup.accountNumber} />
      ) : (
        <AccountNumberForm email={email} lookup={lookup} onLookup={setLookup} />
      )}
    </main>
  );
}

/** Asks for the account number and looks the subscription up with it and the link's email. */
function AccountNumberForm({ email, lookup, onLookup }: { email: string; lookup: Lookup; onLookup: (next: Lookup) => void }) {
  const accountNumber = useField(validateRequired);
  const inputRef = useRef<HTMLInputElement>(null);
  const busy = lookup.state === 'loading';

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    if (!accountNumber.validate()) {
      inputRef.current?.focus();
      return;
    }
    const number = accountNumber.value.trim();
    onLookup({ state: 'loading' });
    try {
      const subscriber = await api.subscriberSearch({ emailAddress: email, accountNumber: number });
      onLookup({ state: 'found', subscriber, accountNumber: number });
    } catch (err) {
      onLookup({
        state: 'error',
        message: err instanceof ApiError && err.status === 404 ? MESSAGES.subscriberLookup.noActiveSubscriptions : MESSAGES.generic,
      });
    }
  }

  return (
    <form noValidate onSubmit={onSubmit}>
      <TextField
        label={ACCOUNT_NUMBER_LABEL}
        name="accountNumber"
        autoComplete="off"
        field={accountNumber}
        inputRef={inputRef}
        description={ACCOUNT_NUMBER_HELP}
      />
      {lookup.state === 'error' && <FormMessage kind="error">{lookup.message}</FormMessage>}
      {busy && <p role="status">Loading…</p>}
      {/* NOT IN SPEC: the button's wording. */}
      <button type="submit" className="button-primary" disabled={busy}>
        Continue
      </button>
    </form>
  );
}

function SubscriberPasswordForm({ subscriber, email, accountNumber }: { subscriber: SubscriberLookup; email: string; accountNumber: string }) {
  const navigate = useNavigate();
  const password = useField(validateRegistrationPassword);
  const passwordRef = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [captchaError, setCaptchaError] = useState<string | null>(null);
  const busy = useRef(false);
  const name = `${subscriber.firstName} ${subscriber.lastName}`.trim();
  useEffect(prefetchCaptcha, []);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (busy.current) return;
    if (!password.validate()) {
      passwordRef.current?.focus();
      return;
    }
    busy.current = true;
    setError(null);
    setCaptchaError(null);
    try {
      // The sync-subscriber registration's captcha action (PAY-09): it joins a print subscription to a new web account.
      const reCaptchaToken = await captchaToken(captchaAction('register', 'sync_sub'));
      const user = await api.subscribe({
        emailAddress: email,
        accountNumber,
        password: password.value,
        reCaptchaToken,
        deviceType: DEVICE_TYPE,
      });
      pushDataLayer({ event: 'sign_up', method: 'register-page', optIn: user.optIn });
      userStore.getState().setUser(user);
      navigate('/');
    } catch (err) {
      const captcha = captchaFailureOf(err);
      if (captcha !== null) setCaptchaError(captcha);
      else setError(err instanceof ApiError && err.body && 'message' in err.body && err.body.message ? err.body.message : MESSAGES.generic);
    } finally {
      busy.current = false;
    }
  }

  // NOT IN SPEC: the greeting and the already-registered wording.
  if (subscriber.userAccountExists) {
    return (
      <>
        <p>
          Welcome, {name}. You already have an account for {subscriber.emailAddress}.
        </p>
        <button type="button" className="button-primary" onClick={() => bus.emit('auth:open', { screen: 'signin' })}>
          Sign in
        </button>
      </>
    );
  }
  return (
    <>
      <p>
        Welcome, {name}. Choose a password for {subscriber.emailAddress} to read with your subscription.
      </p>
      <form noValidate onSubmit={onSubmit}>
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          field={password}
          inputRef={passwordRef}
          description={MESSAGES.password.registrationHint}
          revealable
        />
        {error && <FormMessage kind="error">{error}</FormMessage>}
        {captchaError && <CaptchaError message={captchaError} />}
        <button type="submit" className="button-primary" disabled={!password.valid}>
          Create account
        </button>
      </form>
    </>
  );
}
