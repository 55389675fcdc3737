import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sampleUser } from 'shared-contracts/src/testing';
import { userStore } from 'shared-contracts';
import { PaywallPanel } from './PaywallPanel';
import { CONTENT_KEY, content, gateSection, message, mockApi, renderGate, resetPaywallTestState, type Answer } from '../testing';

const HINT = 'Passwords must have at least 10 characters, one number, one upper and lower case letter, and one special character.';
const CONFLICT = 'That username is unavailable. Sign in or choose another email address. Forgot your password? Reset it here.';
const GENERIC = 'We are sorry. We are unable to process your request at this time.';
const RESTRICTED = "We're having trouble verifying your account. Please contact our Customer Service team for assistance.";
const INVALID = 'You have entered an invalid email and password combination. Please try again.';
const LOCKED_423 =
  'You cannot unlock your account by resetting the password. Please wait 24 hours to unlock and try again. For immediate assistance, please contact Customer Service.';
const SENT = 'If your email is registered with us, you will receive an email with a link to reset your password.';

let nav: ReturnType<typeof resetPaywallTestState>;
beforeEach(() => {
  nav = resetPaywallTestState();
  window.history.replaceState(null, '', '/2025/03/why-strategy-fails-in-the-middle?utm=x');
});
afterEach(() => jest.restoreAllMocks());

function panel() {
  return screen.getByRole('region', { name: /Create a free account|Sign In|Forgot your password\?/ });
}

async function fillRegistration(email = 'ines@example.com') {
  await userEvent.type(screen.getByLabelText('First name'), 'Ines');
  await userEvent.type(screen.getByLabelText('Last name'), 'Moreau');
  await userEvent.type(screen.getByLabelText('Email'), email);
  await userEvent.type(screen.getByLabelText('Password'), 'Strong#Pass2026');
}

async function registerAnswered(answer: Answer, more: Record<string, Answer> = {}) {
  const api = mockApi({ 'POST /api/user/register': answer, ...more });
  render(<PaywallPanel />);
  await screen.findByRole('checkbox');
  await fillRegistration();
  await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
  return api;
}

async function toSignIn() {
  render(<PaywallPanel />);
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  expect(screen.getByRole('heading', { name: 'Sign In' })).toHaveFocus();
}

async function signInAnswered(answer: Answer, password = 'wrong-password') {
  const api = mockApi({ 'POST /authenticate': answer });
  await toSignIn();
  await userEvent.type(screen.getByLabelText('Email'), 'reader@example.com');
  await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
  return api;
}

describe('paywall panel: registration (default screen)', () => {
  it('is the registration wall of the gate: region, fields, links, phones and mail', async () => {
    mockApi({ [CONTENT_KEY]: { body: content({ message: message('enable-anonymus-paywall'), content: [], reason: 'walled' }) } });
    const { container } = renderGate();
    await waitFor(() => expect(gateSection(container)).toHaveAttribute('data-gate-state', 'registration-wall'));
    const region = await screen.findByRole('region', { name: 'Create a free account to keep reading' });
    for (const label of ['First name', 'Last name', 'Email', 'Password']) expect(within(region).getByLabelText(label)).toBeVisible();
    expect(within(region).getByLabelText('Password')).toHaveAccessibleDescription(HINT);
    expect(within(region).getByRole('button', { name: 'Show password' })).toBeVisible();
    expect(within(region).getByRole('button', { name: 'Sign in' })).toBeVisible();
    expect(within(region).getByRole('link', { name: 'Subscribe now' })).toHaveAttribute('href', '/subscriptions?ab=paywall-registration');
    const service = within(region).getByRole('group', { name: 'Customer Service' });
    expect(service).toHaveTextContent('US/Canada: +1 800 555 0199');
    expect(service).toHaveTextContent('International: +44 20 7946 0958');
    expect(within(service).getByRole('link', { name: '+1 800 555 0199' })).toHaveAttribute('href', 'tel:+18005550199');
    expect(within(service).getByRole('link', { name: '+44 20 7946 0958' })).toHaveAttribute('href', 'tel:+442079460958');
    expect(within(service).getByRole('link', { name: 'customerservice@example.com' })).toHaveAttribute('href', 'mailto:customerservice@example.com');
    // Opt-in by country: US is domestic, checked.
    expect(await within(region).findByRole('checkbox', { name: 'By registering, you agree to receive occasional emails...' })).toBeChecked();
    expect(window.dataLayer).toEqual([{ event: 'paywall_wall_shown', wall: 'registration-wall', context: 'article' }]);
  });

  it('offers the other opt-in, unchecked with a privacy link, outside US/Canada', async () => {
    mockApi({ 'GET /api/geolocation': { body: { country: 'DE' } } });
    render(<PaywallPanel />);
    expect(await screen.findByRole('checkbox', { name: 'Sign me up for ... email. You may unsubscribe at any time.' })).not.toBeChecked();
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy');
  });

  it('validates on blur with the paywall messages and keeps Create account disabled until valid', async () => {
    mockApi();
    render(<PaywallPanel />);
    const submit = screen.getByRole('button', { name: 'Create account' });
    expect(submit).toBeDisabled();
    await userEvent.click(screen.getByLabelText('First name'));
    await userEvent.tab();
    expect(screen.getByLabelText('First name')).toHaveAccessibleDescription('This field is required.');
    expect(screen.getByLabelText('First name')).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(screen.getByLabelText('Email'), 'not-an-email');
    await userEvent.tab();
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('This email address is not valid.');
    // On change once an error shows.
    await userEvent.clear(screen.getByLabelText('Email'));
    await userEvent.type(screen.getByLabelText('Email'), 'ines@example.com');
    expect(screen.getByLabelText('Email')).not.toHaveAttribute('aria-invalid');
    await userEvent.type(screen.getByLabelText('First name'), 'Ines');
    await userEvent.type(screen.getByLabelText('Last name'), 'Moreau');
    await userEvent.type(screen.getByLabelText('Password'), 'Strong#Pass2026');
    expect(submit).toBeEnabled();
  });

  it('toggles the password between hidden and visible', async () => {
    mockApi();
    render(<PaywallPanel />);
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Hide password' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('creates the account, reports it, and goes on to profile settings (no reload yet)', async () => {
    const created = sampleUser({ firstName: 'Ines' });
    const api = await registerAnswered({ status: 201, body: { outcome: 'created', user: created } });
    expect(await screen.findByRole('heading', { name: 'Tell us about yourself' })).toHaveFocus();
    expect(document.querySelector('[data-panel-screen]')).toHaveAttribute('data-panel-screen', 'profile-settings');
    expect(nav.assign).not.toHaveBeenCalled();
    const [sent] = api.sent('POST /api/user/register') as Record<string, unknown>[];
    expect(sent).toMatchObject({
      firstName: 'Ines',
      lastName: 'Moreau',
      emailAddress: 'ines@example.com',
      password: 'Strong#Pass2026',
      optIn: true,
      reCaptchaToken: 'local-captcha',
      deviceType: 'WEB_SITE',
    });
    expect(window.dataLayer).toEqual([
      { event: 'sign_up', method: 'paywall', optIn: true },
      { event: 'paywall_wall_converted', wall: 'registration-wall', action: 'registration' },
    ]);
    expect(userStore.getState().user?.firstName).toBe('Ines');
    expect(nav.reload).not.toHaveBeenCalled();
  });

  it('profile settings: Save sends the chosen settings, then reloads with registration=success', async () => {
    const created = sampleUser({ firstName: 'Ines' });
    const api = await registerAnswered(
      { status: 201, body: { outcome: 'created', user: created } },
      { 'POST /service/user/profile': { body: { ...created, industry: 'Education', companySize: '5 to 99' } } },
    );
    await screen.findByRole('heading', { name: 'Tell us about yourself' });
    expect(screen.getByLabelText('Job title')).toHaveValue('');
    await userEvent.selectOptions(screen.getByLabelText('Industry'), 'Education');
    await userEvent.selectOptions(screen.getByLabelText('Company size'), '5 to 99');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(nav.assign).toHaveBeenCalledWith('http://localhost/2025/03/why-strategy-fails-in-the-middle?utm=x&registration=success'));
    expect(api.sent('POST /service/user/profile')).toEqual([
      {
        attributes: [
          { name: 'industry', value: 'Education' },
          { name: 'companySize', value: '5 to 99' },
        ],
      },
    ]);
    expect(nav.reload).not.toHaveBeenCalled();
  });

  it("profile settings: 'Maybe later' reloads with registration=success and sends nothing", async () => {
    const api = await registerAnswered({ status: 201, body: { outcome: 'created', user: sampleUser({ firstName: 'Ines' }) } });
    await screen.findByRole('heading', { name: 'Tell us about yourself' });
    await userEvent.click(screen.getByRole('button', { name: 'Maybe later' }));
    expect(nav.assign).toHaveBeenCalledWith('http://localhost/2025/03/why-strategy-fails-in-the-middle?utm=x&registration=success');
    expect(api.sent('POST /service/user/profile')).toEqual([]);
  });

  it('profile settings: a failed save shows the generic message and stays', async () => {
    await registerAnswered(
      { status: 201, body: { outcome: 'created', user: sampleUser({ firstName: 'Ines' }) } },
      { 'POST /service/user/profile': { status: 500, body: { message: 'boom' } } },
    );
    await screen.findByRole('heading', { name: 'Tell us about yourself' });
    await userEvent.selectOptions(screen.getByLabelText('Industry'), 'Education');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(GENERIC)).toBeInTheDocument();
    expect(nav.assign).not.toHaveBeenCalled();
  });

  it("sends a subscriber's email to the subscriber registration page", async () => {
    await registerAnswered({ body: { outcome: 'subscriber', location: '/subscriber-registration?emailAddress=aW5lc0BleGFtcGxlLmNvbQ==' } });
    await waitFor(() => expect(nav.assign).toHaveBeenCalledWith('/subscriber-registration?emailAddress=aW5lc0BleGFtcGxlLmNvbQ=='));
  });

  it('409: the paywall message on the email, and Reset it here. opens forgot password', async () => {
    await registerAnswered({ status: 409, body: { message: 'taken' } });
    const email = screen.getByLabelText('Email');
    await waitFor(() => expect(email).toHaveAccessibleDescription(CONFLICT));
    expect(email).toHaveFocus();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Reset it here.' }));
    expect(screen.getByRole('heading', { name: 'Forgot your password?' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Send link' })).toBeVisible();
  });

  it('403: goes to /restricted-user', async () => {
    await registerAnswered({ status: 403, body: { message: 'restricted' } });
    await waitFor(() => expect(nav.assign).toHaveBeenCalledWith('/restricted-user'));
    expect(window.dataLayer).toEqual([]);
  });

  it('400 with a password error: the server message on the password', async () => {
    await registerAnswered({ status: 400, body: { message: 'Bad', errors: [{ field: 'password', errorMessage: 'Password is too common.' }] } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Password is too common.');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(`${HINT} Password is too common.`);
    expect(screen.getByLabelText('Password')).toHaveFocus();
    // Leaving the field keeps the server's message; editing it runs the rule again.
    await userEvent.tab();
    expect(screen.getByRole('alert')).toHaveTextContent('Password is too common.');
    await userEvent.type(screen.getByLabelText('Password'), '!');
    expect(screen.queryByText('Password is too common.')).not.toBeInTheDocument();
  });

  it('other errors: the generic banner', async () => {
    await registerAnswered({ status: 500, body: { message: 'boom' } });
    expect(await screen.findByRole('alert')).toHaveTextContent(GENERIC);
    expect(nav.assign).not.toHaveBeenCalled();
  });
});

describe('paywall panel: moving between screens', () => {
  it('scrolls a panel whose top went out of view back over 1000 ms, not in one jump', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    mockApi();
    const scrollTo = jest.spyOn(window, 'scrollTo').mockImplementation(() => {});
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 1500 });
    try {
      render(<PaywallPanel />);
      jest.spyOn(panel(), 'getBoundingClientRect').mockReturnValue({ top: -600 } as DOMRect);
      await user.click(screen.getByRole('button', { name: 'Sign in' }));
      expect(screen.getByRole('heading', { name: 'Sign In' })).toHaveFocus();
      act(() => jest.advanceTimersByTime(500));
      const midway = scrollTo.mock.calls.at(-1)![1] as number;
      expect(midway).toBeLessThan(1500);
      expect(midway).toBeGreaterThan(820);
      act(() => jest.advanceTimersByTime(520));
      expect(scrollTo).toHaveBeenLastCalledWith(0, 1500 - 600 - 80);
    } finally {
      Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 });
      jest.useRealTimers();
    }
  });

  it('does not scroll when the panel is in view', async () => {
    mockApi();
    const scrollTo = jest.spyOn(window, 'scrollTo').mockImplementation(() => {});
    render(<PaywallPanel />);
    jest.spyOn(panel(), 'getBoundingClientRect').mockReturnValue({ top: 100 } as DOMRect);
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(scrollTo).not.toHaveBeenCalled();
  });
});

describe('paywall panel: sign in', () => {
  it("shows 'Sign In', the links, and Create one. goes back to registration", async () => {
    mockApi();
    await toSignIn();
    const region = panel();
    expect(region).toHaveAccessibleName('Sign In');
    expect(within(region).getByLabelText('Email')).toBeVisible();
    expect(within(region).getByLabelText('Password')).toBeVisible();
    expect(within(region).getByRole('button', { name: 'Sign In' })).toBeDisabled();
    expect(within(region).getByRole('button', { name: 'Forgot your password?' })).toBeVisible();
    expect(region).toHaveTextContent("Don't have an account? Create one.");
    const help = within(region).getByRole('link', { name: 'Get Help' });
    expect(help).toHaveAttribute('href', '/subscriber-help');
    expect(help).toHaveAttribute('target', '_blank');
    expect(help).toHaveAttribute('rel', 'noopener');
    await userEvent.click(within(region).getByRole('button', { name: 'Create one.' }));
    expect(screen.getByRole('heading', { name: 'Create a free account to keep reading' })).toHaveFocus();
  });

  it('signs in and reloads', async () => {
    const api = await signInAnswered({ body: sampleUser() }, 'Reader#2025pass');
    await waitFor(() => expect(nav.reload).toHaveBeenCalledTimes(1));
    expect(api.sent('POST /authenticate')).toEqual([
      { deviceType: 'WEB_SITE', username: 'reader@example.com', password: 'Reader#2025pass', reCaptchaToken: 'local-captcha' },
    ]);
    expect(window.dataLayer).toEqual([
      { event: 'login', method: 'paywall' },
      { event: 'paywall_wall_converted', wall: 'registration-wall', action: 'signin' },
    ]);
  });

  it.each([
    [{ code: 'invalid_credentials', tries_left: 3, message: 'x' }, `${INVALID} You have 3 tries left.`],
    [{ code: 'invalid_credentials', tries_left: 1, message: 'x' }, `${INVALID} You have 1 try left.`],
    [
      { code: 'account_locked', lockout_duration: 7200, message: 'x' },
      'Your account is blocked, please wait 2 hours to unlock and try again. For immediate assistance, please contact Customer Service.',
    ],
    [{ code: 'user_restricted', user_restricted: true, message: 'x' }, RESTRICTED],
    [{ code: 'invalid_credentials', message: 'x' }, INVALID],
  ])('401 %j shows the spec message and marks the email', async (body, text) => {
    await signInAnswered({ status: 401, body });
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(text);
    if (text === INVALID) expect(screen.getByLabelText('Password')).toHaveFocus();
    expect(nav.reload).not.toHaveBeenCalled();
  });

  it('other failures show the generic message', async () => {
    await signInAnswered({ status: 500, body: { message: 'boom' } });
    expect(await screen.findByRole('alert')).toHaveTextContent(GENERIC);
  });
});

describe('paywall panel: forgot password', () => {
  async function toForgot(answer: Answer) {
    const api = mockApi({ 'POST /api/user/forgotpassword': answer });
    await toSignIn();
    await userEvent.click(screen.getByRole('button', { name: 'Forgot your password?' }));
    expect(screen.getByRole('heading', { name: 'Forgot your password?' })).toHaveFocus();
    return api;
  }

  it('sends the link, confirms, and returns to sign in', async () => {
    const api = await toForgot({ body: { message: 'ok' } });
    const send = screen.getByRole('button', { name: 'Send link' });
    expect(send).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Email'), 'reader@example.com');
    await userEvent.click(send);
    expect(await screen.findByRole('status')).toHaveTextContent(SENT);
    expect(api.sent('POST /api/user/forgotpassword')).toEqual([
      { deviceType: 'WEB_SITE', emailAddress: 'reader@example.com', reCaptchaToken: 'local-captcha' },
    ]);
    const onward = screen.getByRole('button', { name: 'On to sign in' });
    expect(onward).toHaveFocus();
    await userEvent.click(onward);
    expect(screen.getByRole('heading', { name: 'Sign In' })).toHaveFocus();
  });

  it('validates the email', async () => {
    await toForgot({ body: { message: 'ok' } });
    await userEvent.type(screen.getByLabelText('Email'), 'nope');
    await userEvent.tab();
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Email address is not valid.');
  });

  it.each([
    [403, RESTRICTED],
    [423, LOCKED_423],
    [500, GENERIC],
  ])('%i shows its message', async (status, text) => {
    await toForgot({ status, body: { message: 'x' } });
    await userEvent.type(screen.getByLabelText('Email'), 'reader@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.queryByRole('button', { name: 'On to sign in' })).not.toBeInTheDocument();
  });

  it('Go back returns to sign in', async () => {
    await toForgot({ body: { message: 'ok' } });
    await userEvent.click(screen.getByRole('button', { name: 'Go back' }));
    expect(screen.getByRole('heading', { name: 'Sign In' })).toHaveFocus();
  });
});
