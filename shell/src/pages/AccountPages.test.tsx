import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { bus, userStore } from 'shared-contracts';
import { sampleUser } from 'shared-contracts/src/testing';
import { App } from '../App';
import { mockApi, resetAuthTestState } from '../auth/testing';
import { RegisterPage } from './RegisterPage';
import { MISSING_RESET_TOKEN, ResetPasswordPage } from './ResetPasswordPage';
import { RestrictedUserPage } from './RestrictedUserPage';
import { ACCOUNT_NUMBER_LABEL, BAD_SUBSCRIBER_LINK, SubscriberRegistrationPage, decodeEmailParam } from './SubscriberRegistrationPage';

jest.mock('../RemoteSlot', () => ({ RemoteSlot: () => null, SlotFallback: () => null }));

const HINT = 'Passwords must have at least 10 characters, one number, one upper and lower case letter, and one special character.';

let nav: ReturnType<typeof resetAuthTestState>;
beforeEach(() => {
  nav = resetAuthTestState();
});
afterEach(() => jest.restoreAllMocks());

function at(path: string, page: React.ReactNode, routePath: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path={routePath} element={page} />
        <Route path="/" element={<p>Home page</p>} />
        <Route path="/registration-complete" element={<p>Next steps page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

const b64 = (s: string) => btoa(s);

describe('routes', () => {
  it.each([
    ['/register', 'Create an account'],
    ['/subscriber-registration', 'Subscriber registration'],
    ['/restricted-user', 'Account verification'],
    ['/reset-password?token=t', 'Reset your password'],
  ])('%s is a shell page with its heading in main#main', async (path, heading) => {
    mockApi();
    render(
      <MemoryRouter initialEntries={[path]}>
        <App />
      </MemoryRouter>,
    );
    // Each account page is its own chunk: it arrives after a loading state.
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeVisible();
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main');
  });

  it('/auth/frame shows only the modal: no header, no footer', async () => {
    mockApi();
    render(
      <MemoryRouter initialEntries={['/auth/frame?action=forgot-password']}>
        <App />
      </MemoryRouter>,
    );
    expect(await screen.findByRole('dialog', { name: 'Reset your password' })).toBeVisible();
    expect(screen.queryByRole('main')).not.toBeInTheDocument();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
  });
});

describe('/register', () => {
  it('registers, shows the banner and profile settings in place, then goes to its next steps on Save', async () => {
    const user = sampleUser({ firstName: 'Nadia', emailAddress: 'nadia@example.com' });
    const api = mockApi({
      'POST /api/user/register': { status: 201, body: { outcome: 'created', user } },
      'POST /service/user/profile': { body: { ...user, industry: 'Media' } },
    });
    at('/register', <RegisterPage />, '/register');
    const main = screen.getByRole('main');
    expect(screen.getByRole('heading', { level: 1, name: 'Create an account' })).toBeVisible();
    await userEvent.type(screen.getByLabelText('First name'), 'Nadia');
    await userEvent.type(screen.getByLabelText('Last name'), 'Okafor');
    await userEvent.type(screen.getByLabelText('Email'), 'nadia@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'Strong#Pass2026');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Your account has been created, nadia@example.com');
    expect(screen.getByRole('heading', { level: 1, name: 'Tell us about yourself' })).toHaveFocus();
    expect(main).toContainElement(screen.getByLabelText('Industry'));
    expect(window.dataLayer).toEqual([{ event: 'sign_up', method: 'register-page', optIn: true }]);
    expect(userStore.getState().user?.firstName).toBe('Nadia');
    await userEvent.selectOptions(screen.getByLabelText('Industry'), 'Media');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Next steps page')).toBeVisible();
    expect(api.sent('POST /service/user/profile')).toEqual([{ attributes: [{ name: 'industry', value: 'Media' }] }]);
    expect(nav.reload).not.toHaveBeenCalled();
  });

  it("'Sign in.' opens the sign-in modal", async () => {
    mockApi();
    const seen: unknown[] = [];
    const off = bus.on('auth:open', (p) => seen.push(p));
    at('/register', <RegisterPage />, '/register');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in.' }));
    expect(seen).toEqual([{ screen: 'signin' }]);
    off();
    await screen.findByRole('checkbox');
  });
});

describe('/subscriber-registration', () => {
  const lookup = {
    active: true,
    subscriptions: [],
    firstName: 'Sam',
    lastName: 'Subscriber',
    emailAddress: 'sam@example.com',
    new: true,
    userAccountExists: false,
  };

  /** Gives the account number and asks for the lookup. */
  async function lookUp(accountNumber: string) {
    await userEvent.type(await screen.findByLabelText(ACCOUNT_NUMBER_LABEL), accountNumber);
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
  }

  it('decodes the email safely', () => {
    expect(decodeEmailParam(b64('sam@example.com'))).toBe('sam@example.com');
    expect(decodeEmailParam(b64('sam@example.com').replace(/=+$/, ''))).toBe('sam@example.com');
    // '+' read back as a space by the query parser, and the URL-safe alphabet
    const plus = b64('a~~@example.com');
    expect(plus).toContain('+');
    expect(decodeEmailParam(plus.replace(/\+/g, ' '))).toBe('a~~@example.com');
    expect(decodeEmailParam(plus.replace(/\+/g, '-'))).toBe('a~~@example.com');
    for (const bad of [null, '', '%%%', b64('not an email'), 'w4Ax', '////']) expect(decodeEmailParam(bad)).toBeNull();
  });

  it('a bad link says so without asking the server', () => {
    const api = mockApi();
    at('/subscriber-registration?emailAddress=%%%', <SubscriberRegistrationPage />, '/subscriber-registration');
    expect(screen.getByRole('alert')).toHaveTextContent(BAD_SUBSCRIBER_LINK);
    expect(api.sent('POST /api/user/subscriber/search')).toHaveLength(0);
  });

  it('asks for the account number first and looks nothing up without it', async () => {
    const api = mockApi({ 'POST /api/user/subscriber/search': { body: lookup } });
    at(`/subscriber-registration?emailAddress=${b64('sam@example.com')}`, <SubscriberRegistrationPage />, '/subscriber-registration');
    const number = screen.getByLabelText(ACCOUNT_NUMBER_LABEL);
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(number).toHaveAccessibleDescription(expect.stringContaining('This field is required.'));
    expect(number).toHaveFocus();
    expect(api.sent('POST /api/user/subscriber/search')).toHaveLength(0);
  });

  it('looks the subscriber up with email and account number, greets them and creates the account with a password', async () => {
    const user = sampleUser({ firstName: 'Sam', status: 'subscriber' });
    const api = mockApi({
      'POST /api/user/subscriber/search': { body: lookup },
      'POST /api/user/subscribe': { body: user },
    });
    at(`/subscriber-registration?emailAddress=${encodeURIComponent(b64('sam@example.com'))}`, <SubscriberRegistrationPage />, '/subscriber-registration');
    await lookUp(' 800000201 ');
    expect(await screen.findByText(/Welcome, Sam Subscriber\./)).toBeVisible();
    expect(api.sent('POST /api/user/subscriber/search')).toEqual([{ emailAddress: 'sam@example.com', accountNumber: '800000201' }]);
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAccessibleDescription(HINT);
    expect(screen.getByRole('button', { name: 'Create account' })).toBeDisabled();
    await userEvent.type(password, 'Strong#Pass2026');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Home page')).toBeVisible();
    expect(api.sent('POST /api/user/subscribe')).toEqual([
      { emailAddress: 'sam@example.com', accountNumber: '800000201', password: 'Strong#Pass2026', reCaptchaToken: 'local-captcha', deviceType: 'WEB_SITE' },
    ]);
    expect(userStore.getState().status).toBe('subscriber');
  });

  it('404: No Active Subscriptions Found', async () => {
    mockApi({ 'POST /api/user/subscriber/search': { status: 404, body: { message: 'No Active Subscriptions Found' } } });
    at(`/subscriber-registration?emailAddress=${b64('sam@example.com')}`, <SubscriberRegistrationPage />, '/subscriber-registration');
    await lookUp('123');
    expect((await screen.findByRole('alert')).textContent).toBe('No Active Subscriptions Found');
    // The number can be corrected and tried again.
    expect(screen.getByLabelText(ACCOUNT_NUMBER_LABEL)).toHaveValue('123');
  });

  it('an existing account is asked to sign in', async () => {
    mockApi({ 'POST /api/user/subscriber/search': { body: { ...lookup, userAccountExists: true } } });
    const seen: unknown[] = [];
    const off = bus.on('auth:open', (p) => seen.push(p));
    at(`/subscriber-registration?emailAddress=${b64('sam@example.com')}`, <SubscriberRegistrationPage />, '/subscriber-registration');
    await lookUp('800000201');
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(seen).toEqual([{ screen: 'signin' }]);
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    off();
  });
});

describe('/restricted-user', () => {
  it('shows the restricted message and the customer service link', () => {
    at('/restricted-user', <RestrictedUserPage />, '/restricted-user');
    expect(screen.getByText("We're having trouble verifying your account. Please contact our Customer Service team for assistance.")).toBeVisible();
    expect(screen.getByRole('link', { name: 'Contact Customer Service' })).toHaveAttribute('href', '/subscriber-help#contact-customer-service');
  });
});

describe('/reset-password', () => {
  async function fill(password: string, confirm: string) {
    await userEvent.type(screen.getByLabelText('New password'), password);
    await userEvent.type(screen.getByLabelText('Confirm password'), confirm);
    await userEvent.tab();
  }

  it('checks the rules and the match before sending', async () => {
    const api = mockApi();
    at('/reset-password?token=abc', <ResetPasswordPage />, '/reset-password');
    const submit = screen.getByRole('button', { name: 'Reset password' });
    await fill('weak', 'weaker');
    expect(screen.getByLabelText('New password')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(HINT);
    expect(screen.getByLabelText('Confirm password')).toHaveAccessibleDescription('New Password and Confirm Password do not match');
    expect(submit).toBeDisabled();
    await userEvent.clear(screen.getByLabelText('New password'));
    await userEvent.type(screen.getByLabelText('New password'), 'Renewed#Pass2026');
    await userEvent.clear(screen.getByLabelText('Confirm password'));
    await userEvent.type(screen.getByLabelText('Confirm password'), 'Renewed#Pass2026');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(submit).toBeEnabled();
    expect(api.sent('POST /service/user/reset-password')).toHaveLength(0);
  });

  it('success shows the server message and a Sign in button opening the modal', async () => {
    const api = mockApi({ 'POST /service/user/reset-password': { body: { message: 'Your password has been reset.' } } });
    const seen: unknown[] = [];
    const off = bus.on('auth:open', (p) => seen.push(p));
    at('/reset-password?token=abc', <ResetPasswordPage />, '/reset-password');
    await fill('Renewed#Pass2026', 'Renewed#Pass2026');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Your password has been reset.');
    expect(api.sent('POST /service/user/reset-password')).toEqual([{ token: 'abc', password: 'Renewed#Pass2026' }]);
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(seen).toEqual([{ screen: 'signin' }]);
    off();
  });

  it('an error shows the server message', async () => {
    mockApi({ 'POST /service/user/reset-password': { status: 400, body: { message: 'This reset link has expired or was already used.' } } });
    at('/reset-password?token=used', <ResetPasswordPage />, '/reset-password');
    await fill('Renewed#Pass2026', 'Renewed#Pass2026');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This reset link has expired or was already used.');
  });

  it('without a token it says the link is not valid', () => {
    at('/reset-password', <ResetPasswordPage />, '/reset-password');
    expect(screen.getByRole('alert')).toHaveTextContent(MISSING_RESET_TOKEN);
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });
});
