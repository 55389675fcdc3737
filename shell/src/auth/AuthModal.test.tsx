import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bus, userStore } from 'shared-contracts';
import { sampleUser } from 'shared-contracts/src/testing';
import { AuthModal } from './AuthModal';
import { mockApi, resetAuthTestState } from './testing';

const user = sampleUser({ username: 'reader@example.com', emailAddress: 'reader@example.com' });
const INVALID = 'You have entered an invalid email and password combination. Please try again.';

let nav: ReturnType<typeof resetAuthTestState>;
beforeEach(() => {
  nav = resetAuthTestState();
});
afterEach(() => jest.restoreAllMocks());

function openOn(screenName: 'signin' | 'registration' | 'forgot-password' = 'signin', reason?: string) {
  render(<AuthModal />);
  act(() => bus.emit('auth:open', { screen: screenName, reason }));
  return screen.getByRole('dialog');
}

async function fillSignIn(email = 'reader@example.com', password = 'Reader#2025pass') {
  await userEvent.type(screen.getByLabelText('Email'), email);
  await userEvent.type(screen.getByLabelText('Password'), password);
}

async function signInAnswered(status: number, body: unknown) {
  const api = mockApi({ 'POST /authenticate': { status, body } });
  openOn('signin');
  await fillSignIn();
  await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
  return api;
}

describe('the dialog', () => {
  it('opens on auth:open named by its heading, focuses the email field, closes on Escape and gives focus back', async () => {
    mockApi();
    render(
      <>
        <button type="button" onClick={() => bus.emit('auth:open', { screen: 'signin' })}>
          Sign in
        </button>
        <AuthModal />
      </>,
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const dialog = screen.getByRole('dialog', { name: 'Sign In' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(within(dialog).getByRole('heading', { name: 'Sign In' })).toBeVisible();
    expect(screen.getByLabelText('Email')).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in' })).toHaveFocus();
    expect(nav.reload).not.toHaveBeenCalled();
  });

  it('keeps Tab and Shift+Tab inside the dialog', async () => {
    mockApi();
    const dialog = openOn('signin');
    for (let i = 0; i < 10; i++) {
      await userEvent.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
    for (let i = 0; i < 10; i++) {
      await userEvent.tab({ shift: true });
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
  });

  it('has a Close button on every screen', async () => {
    mockApi();
    for (const s of ['signin', 'registration', 'forgot-password'] as const) {
      const { unmount } = render(<AuthModal />);
      act(() => bus.emit('auth:open', { screen: s }));
      await userEvent.click(screen.getByRole('button', { name: 'Close' }));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      unmount();
    }
  });

  it('moves between sign-in, registration and forgot-password with the spec links', async () => {
    mockApi();
    openOn('signin');
    expect(screen.getByText(/Don't have an account\?/)).toHaveTextContent("Don't have an account? Create one.");
    await userEvent.click(screen.getByRole('button', { name: 'Create one.' }));
    expect(screen.getByRole('dialog', { name: 'Create an account' })).toBeVisible();
    expect(screen.getByLabelText('First name')).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in.' }));
    expect(screen.getByRole('dialog', { name: 'Sign In' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Forgot your password?' }));
    expect(screen.getByRole('dialog', { name: 'Reset your password' })).toBeVisible();
    expect(screen.getByLabelText('Email')).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Go back' }));
    expect(screen.getByRole('dialog', { name: 'Sign In' })).toBeVisible();
  });

  it.each([
    ['checkout', 'On to checkout'],
    ['gift', 'On to recipient'],
    [undefined, null],
  ])('reason %s words the submit buttons', async (reason, label) => {
    mockApi();
    openOn('signin', reason);
    expect(screen.getByRole('button', { name: label ?? 'Sign In' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create one.' }));
    expect(screen.getByRole('button', { name: label ?? 'Create account' })).toBeInTheDocument();
  });
});

describe('#signin', () => {
  it('opens the sign-in screen when the page loads with #signin, and clears the fragment on close', async () => {
    mockApi();
    window.history.replaceState(null, '', '/topics#signin');
    render(<AuthModal />);
    expect(screen.getByRole('dialog', { name: 'Sign In' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(window.location.hash).toBe('');
    expect(window.location.pathname).toBe('/topics');
  });

  it('opens when the fragment changes to #signin', () => {
    mockApi();
    render(<AuthModal />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    act(() => {
      window.location.hash = 'signin';
      window.dispatchEvent(new HashChangeEvent('hashchange'));
    });
    expect(screen.getByRole('dialog', { name: 'Sign In' })).toBeVisible();
  });
});

describe('sign-in validation', () => {
  it('keeps Sign In disabled until both fields are filled', async () => {
    const api = mockApi();
    openOn('signin');
    const submit = screen.getByRole('button', { name: 'Sign In' });
    expect(submit).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Email'), 'reader@example.com');
    expect(submit).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Password'), 'x');
    expect(submit).toBeEnabled();
    expect(api.sent('POST /authenticate')).toHaveLength(0);
  });

  it('shows the required message on blur, tied to the field, and clears it on change once shown', async () => {
    mockApi();
    openOn('signin');
    const email = screen.getByLabelText('Email');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await userEvent.tab(); // leave the empty email
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('This field is required.');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('This field is required.');
    await userEvent.type(email, 'a');
    expect(email).not.toHaveAttribute('aria-invalid');
    expect(email).toHaveAccessibleDescription('');
    // An email with a space fails the no-space pattern, with the required message (PAY-05).
    await userEvent.type(email, ' b');
    expect(email).not.toHaveAttribute('aria-invalid'); // no error yet: on change only once one shows
    await userEvent.tab();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('This field is required.');
  });

  it('does not validate on change before the field has shown an error', async () => {
    mockApi();
    openOn('signin');
    const password = screen.getByLabelText('Password');
    await userEvent.type(password, 'x');
    await userEvent.clear(password);
    expect(password).toHaveFocus();
    expect(password).not.toHaveAttribute('aria-invalid');
    expect(password).toHaveAccessibleDescription('');
  });

  it('shows and hides the password with a pressed toggle', async () => {
    mockApi();
    openOn('signin');
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    const hide = screen.getByRole('button', { name: 'Hide password' });
    expect(hide).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(hide);
    expect(password).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Show password' })).toHaveAttribute('aria-pressed', 'false');
  });
});

describe('sign-in errors', () => {
  it('wrong email or password: the spec message, email marked, password focused, a failure metric', async () => {
    await signInAnswered(401, { code: 'invalid_credentials' });
    expect(await screen.findByRole('alert')).toHaveTextContent(INVALID);
    expect(screen.getByRole('alert').textContent).toBe(INVALID);
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(INVALID);
    expect(screen.getByLabelText('Password')).toHaveFocus();
    expect(window.dataLayer).toEqual([{ event: 'login_failure', reason: 'invalid_credentials' }]);
    expect(screen.getByRole('dialog', { name: 'Sign In' })).toBeVisible();
  });

  it.each([
    [4, `${INVALID} You have 4 tries left.`],
    [1, `${INVALID} You have 1 try left.`],
  ])('tries_left %i', async (n, text) => {
    await signInAnswered(401, { code: 'invalid_credentials', tries_left: n });
    expect((await screen.findByRole('alert')).textContent).toBe(text);
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
  });

  it.each([
    [86400, '24 hours'],
    [3600, '1 hour'],
    [3599, '59 minutes'],
    [60, '1 minute'],
    [59, '59 seconds'],
  ])('lockout_duration %i s shows %s', async (seconds, time) => {
    await signInAnswered(401, { code: 'account_locked', lockout_duration: seconds });
    expect((await screen.findByRole('alert')).textContent).toBe(
      `Your account is blocked, please wait ${time} to unlock and try again. For immediate assistance, please contact Customer Service.`,
    );
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Password')).not.toHaveFocus();
    expect(window.dataLayer).toEqual([{ event: 'login_failure', reason: 'account_locked' }]);
  });

  it('lockout with code 401 adds the reset prompt', async () => {
    await signInAnswered(401, { code: '401', lockout_duration: 120 });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Your account is blocked, please wait 2 minutes to unlock and try again. For immediate assistance, please contact Customer Service or reset your password.',
    );
  });

  it('restricted user', async () => {
    await signInAnswered(401, { code: 'user_restricted', user_restricted: true });
    expect((await screen.findByRole('alert')).textContent).toBe(
      "We're having trouble verifying your account. Please contact our Customer Service team for assistance.",
    );
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(window.dataLayer).toEqual([{ event: 'login_failure', reason: 'user_restricted' }]);
  });

  it('a 401 without the login fields keeps the server text, still marking the email', async () => {
    await signInAnswered(401, { message: 'Please sign in again.' });
    expect((await screen.findByRole('alert')).textContent).toBe('Please sign in again.');
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
  });

  it('429 shows the server message', async () => {
    await signInAnswered(429, { message: 'Too many sign-in attempts. Please try again in 15 minutes.' });
    expect((await screen.findByRole('alert')).textContent).toBe('Too many sign-in attempts. Please try again in 15 minutes.');
    expect(window.dataLayer).toEqual([{ event: 'login_failure', reason: 'error' }]);
  });

  it('a server failure shows the generic message', async () => {
    await signInAnswered(500, { message: 'boom' });
    expect((await screen.findByRole('alert')).textContent).toBe('We are sorry. We are unable to process your request at this time.');
  });

  it('editing a field clears the server message', async () => {
    await signInAnswered(401, { code: 'invalid_credentials' });
    await screen.findByRole('alert');
    await userEvent.type(screen.getByLabelText('Password'), 'x');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Email')).not.toHaveAttribute('aria-invalid');
  });
});

describe('sign-in success', () => {
  it('stores the user, records the login, closes and reloads the page', async () => {
    const api = mockApi({ 'POST /authenticate': { body: user } });
    const seen: unknown[] = [];
    const off = bus.on('user:changed', (p) => seen.push(p.user));
    openOn('signin');
    await fillSignIn();
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(nav.reload).toHaveBeenCalledTimes(1);
    expect(userStore.getState().status).toBe('registered');
    expect(seen).toHaveLength(1);
    expect(window.dataLayer).toEqual([{ event: 'login', method: 'modal' }]);
    expect(api.sent('POST /authenticate')).toEqual([
      { deviceType: 'WEB_SITE', username: 'reader@example.com', password: 'Reader#2025pass', reCaptchaToken: 'local-captcha' },
    ]);
    const [, init] = api.fetch.mock.calls.find(([u]) => String(u) === '/authenticate') ?? [];
    expect(new Headers(init?.headers).get('X-Requested-With')).toBe('magazine-site');
    off();
  });

  it('asks for the captcha status once, and assumes it is on when that fails', async () => {
    const api = mockApi({
      'GET /api/recaptcha/enabled': { status: 500, body: { message: 'down' } },
      'POST /authenticate': { status: 401, body: { code: 'invalid_credentials' } },
    });
    openOn('signin');
    await fillSignIn();
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await screen.findByRole('alert');
    await userEvent.type(screen.getByLabelText('Password'), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await screen.findByRole('alert');
    expect(api.sent('POST /authenticate').map((b) => (b as { reCaptchaToken?: string }).reCaptchaToken)).toEqual(['local-captcha', 'local-captcha']);
    expect(api.sent('GET /api/recaptcha/enabled')).toHaveLength(1);
  });

  it('sends no captcha token when the captcha is off', async () => {
    const api = mockApi({
      'GET /api/recaptcha/enabled': { body: { enabled: false, provider: 'local' } },
      'POST /authenticate': { body: user },
    });
    openOn('signin');
    await fillSignIn();
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(nav.reload).toHaveBeenCalled());
    expect(api.sent('POST /authenticate')[0]).not.toHaveProperty('reCaptchaToken');
  });
});

describe('why sign-in is asked, and the intent of the request (contracts.md, auth:open)', () => {
  it('says why under the heading, and describes the dialog with it; registration says it its way', async () => {
    mockApi();
    const dialog = openOn('signin', 'follow');
    expect(within(dialog).getByText('Sign in to follow this topic.')).toBeVisible();
    expect(dialog).toHaveAccessibleDescription('Sign in to follow this topic.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create one.' }));
    expect(screen.getByRole('dialog', { name: 'Create an account' })).toHaveAccessibleDescription('Create an account to follow this topic.');
  });

  it.each([
    ['save', 'Sign in to save this to My Library.'],
    ['newsletter', 'Sign in to subscribe to newsletters.'],
  ])('reason %s: %s', (reason, line) => {
    mockApi();
    expect(openOn('signin', reason)).toHaveAccessibleDescription(line);
  });

  it('shows no line without a reason, nor for the paywall (which has its own words)', () => {
    mockApi();
    const { unmount } = render(<AuthModal />);
    act(() => bus.emit('auth:open', { screen: 'signin' }));
    expect(screen.getByRole('dialog')).not.toHaveAttribute('aria-describedby');
    unmount();
    expect(openOn('signin', 'paywall')).not.toHaveAttribute('aria-describedby');
  });

  it('after a sign-in, calls the intent with the user (the user already in the store) and does not reload', async () => {
    mockApi({ 'POST /authenticate': { body: user } });
    render(<AuthModal />);
    const statusAtIntent: string[] = [];
    const intent = jest.fn(() => statusAtIntent.push(userStore.getState().status));
    act(() => bus.emit('auth:open', { screen: 'signin', reason: 'follow', intent }));
    await fillSignIn();
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(intent).toHaveBeenCalledTimes(1);
    expect(intent).toHaveBeenCalledWith(expect.objectContaining({ id: user.id }));
    expect(statusAtIntent).toEqual(['registered']);
    expect(nav.reload).not.toHaveBeenCalled();
  });

  it('keeps the intent across screens (sign-in, registration, back to sign-in)', async () => {
    mockApi({ 'POST /authenticate': { body: user } });
    render(<AuthModal />);
    const intent = jest.fn();
    act(() => bus.emit('auth:open', { screen: 'signin', reason: 'save', intent }));
    await userEvent.click(screen.getByRole('button', { name: 'Create one.' }));
    await userEvent.click(screen.getByRole('button', { name: 'Sign in.' }));
    await fillSignIn();
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(intent).toHaveBeenCalledTimes(1));
    expect(nav.reload).not.toHaveBeenCalled();
  });

  it('drops the intent when the reader closes the modal without signing in: nothing happens, even after a later sign-in', async () => {
    mockApi({ 'POST /authenticate': { body: user } });
    render(<AuthModal />);
    const intent = jest.fn();
    act(() => bus.emit('auth:open', { screen: 'signin', reason: 'follow', intent }));
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // Later, the header's Sign in: a request without an intent, which reloads as the spec says.
    act(() => bus.emit('auth:open', { screen: 'signin' }));
    expect(screen.getByRole('dialog')).not.toHaveAttribute('aria-describedby');
    await fillSignIn();
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(intent).not.toHaveBeenCalled();
    expect(nav.reload).toHaveBeenCalledTimes(1);
  });

  it('an intent that throws is logged; the modal still closes', async () => {
    mockApi({ 'POST /authenticate': { body: user } });
    const error = jest.spyOn(console, 'error').mockImplementation(() => {});
    render(<AuthModal />);
    act(() =>
      bus.emit('auth:open', {
        screen: 'signin',
        reason: 'save',
        intent: () => {
          throw new Error('boom');
        },
      }),
    );
    await fillSignIn();
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(error).toHaveBeenCalledWith('[auth] the intent of the sign-in request failed', expect.any(Error));
  });
});
