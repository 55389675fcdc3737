/**
 * The auth modal (sign-in screen). Opened by the header or by any part through the bus
 * ('auth:open'). Focus is trapped inside, Escape closes it, and focus returns where it was.
 * Registration, forgot-password and lockout messages grow here in the accounts issue.
 */
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { ApiError, MESSAGES, api, bus, userStore, type AuthScreen } from 'shared-contracts';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

export function AuthModal() {
  const [open, setOpen] = useState<AuthScreen | null>(null);
  useEffect(() => bus.on('auth:open', ({ screen }) => setOpen(screen)), []);
  if (!open) return null;
  return <SignInDialog onClose={() => setOpen(null)} />;
}

function SignInDialog({ onClose }: { onClose: () => void }) {
  const titleId = useId();
  const errorId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const email = useRef<HTMLInputElement>(null);
  const password = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [emailError, setEmailError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    email.current?.focus();
    return () => previous?.focus?.();
  }, []);

  function onKeyDown(e: KeyboardEvent) {
    if (e.key === 'Escape') {
      e.stopPropagation();
      onClose();
      return;
    }
    if (e.key !== 'Tab' || !dialog.current) return;
    const items = [...dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const username = email.current?.value.trim() ?? '';
    const pass = password.current?.value ?? '';
    if (!username || /\s/.test(username)) {
      setEmailError(MESSAGES.required);
      email.current?.focus();
      return;
    }
    if (!pass) {
      setError(MESSAGES.required);
      password.current?.focus();
      return;
    }
    setEmailError(null);
    setError(null);
    setPending(true);
    try {
      const user = await api.signIn({ username, password: pass, reCaptchaToken: 'local', deviceType: 'WEB_SITE' });
      userStore.getState().setUser(user);
      onClose();
    } catch (err) {
      setPending(false);
      const invalid = err instanceof ApiError && err.status === 401;
      setError(invalid ? MESSAGES.signIn.invalidCombination : MESSAGES.generic);
      password.current?.focus();
    }
  }

  return (
    <div className="modal-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div
        ref={dialog}
        className="modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onKeyDown={onKeyDown}
      >
        <button type="button" className="modal-close" aria-label="Close" onClick={onClose}>
          ×
        </button>
        <h2 id={titleId}>Sign In</h2>
        <form noValidate onSubmit={onSubmit}>
          <label htmlFor="signin-email">Email</label>
          <input
            id="signin-email"
            ref={email}
            type="email"
            name="username"
            autoComplete="username"
            aria-invalid={emailError || error ? true : undefined}
            aria-describedby={emailError || error ? errorId : undefined}
          />
          <label htmlFor="signin-password">Password</label>
          <input id="signin-password" ref={password} type="password" name="password" autoComplete="current-password" />
          <p id={errorId} className="form-error" role="alert">
            {emailError ?? error ?? ''}
          </p>
          <button type="submit" className="button-primary" disabled={pending}>
            Sign In
          </button>
        </form>
        <p>
          Don&apos;t have an account? <a href="/register">Create one.</a>
        </p>
      </div>
    </div>
  );
}
