import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bus, userStore } from 'shared-contracts';
import { COMPANY_SIZES, INDUSTRIES, JOB_TITLES, registrationId } from 'shared-contracts/forms';
import { sampleUser } from 'shared-contracts/src/testing';
import { AuthModal } from './AuthModal';
import { FLAGGED, mockApi, resetAuthTestState, type Answer } from './testing';

const HINT = 'Passwords must have at least 10 characters, one number, one upper and lower case letter, and one special character.';
const DOMESTIC = 'By registering, you agree to receive occasional emails...';
const OTHER = 'Sign me up for ... email. You may unsubscribe at any time.';
const created = sampleUser({ firstName: 'Tomas', emailAddress: 'tomas@example.com', username: 'tomas@example.com' });

let nav: ReturnType<typeof resetAuthTestState>;
beforeEach(() => {
  nav = resetAuthTestState();
});
afterEach(() => {
  jest.restoreAllMocks();
  document.body.removeAttribute('data-test-gate');
});

function openRegistration(reason?: string) {
  render(<AuthModal />);
  act(() => bus.emit('auth:open', { screen: 'registration', reason }));
  return screen.getByRole('dialog', { name: 'Create an account' });
}

async function fillRegistration(email = 'tomas@example.com') {
  await userEvent.type(screen.getByLabelText('First name'), 'Tomas');
  await userEvent.type(screen.getByLabelText('Last name'), 'Berg');
  await userEvent.type(screen.getByLabelText('Email'), email);
  await userEvent.type(screen.getByLabelText('Password'), 'Strong#Pass2026');
}

async function registerAnswered(answer: Answer, reason?: string) {
  const api = mockApi({ 'POST /api/user/register': answer });
  openRegistration(reason);
  await fillRegistration();
  await userEvent.click(screen.getByRole('button', { name: reason === 'checkout' ? 'On to checkout' : 'Create account' }));
  return api;
}

describe('registration form', () => {
  it('labels every field and describes the password with the hint', async () => {
    mockApi();
    openRegistration();
    for (const label of ['First name', 'Last name', 'Email', 'Password']) expect(screen.getByLabelText(label)).toBeVisible();
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(HINT);
    expect(screen.getByLabelText('First name')).toHaveFocus();
    expect(await screen.findByRole('checkbox')).toBeInTheDocument();
  });

  it.each([
    ['US', DOMESTIC, true, false],
    ['CA', DOMESTIC, true, false],
    ['DE', OTHER, false, true],
    [null, OTHER, false, true],
  ])('opt-in for country %s', async (country, text, checked, privacyLink) => {
    mockApi({ 'GET /api/geolocation': { body: { country } } });
    openRegistration();
    const box = await screen.findByRole('checkbox', { name: text });
    if (checked) expect(box).toBeChecked();
    else expect(box).not.toBeChecked();
    const link = screen.queryByRole('link', { name: 'Privacy Policy' });
    if (privacyLink) expect(link).toHaveAttribute('href', '/privacy-policy');
    else expect(link).not.toBeInTheDocument();
  });

  it('validates on blur with the spec messages and keeps Create account disabled until valid', async () => {
    mockApi();
    openRegistration();
    const submit = screen.getByRole('button', { name: 'Create account' });
    expect(submit).toBeDisabled();
    await userEvent.tab(); // first name left empty
    expect(screen.getByLabelText('First name')).toHaveAccessibleDescription('This field is required.');
    await userEvent.type(screen.getByLabelText('First name'), '12');
    expect(screen.getByLabelText('First name')).toHaveAccessibleDescription('Please enter a valid first name.');
    await userEvent.clear(screen.getByLabelText('First name'));
    await userEvent.type(screen.getByLabelText('First name'), 'Tomas');
    expect(screen.getByLabelText('First name')).not.toHaveAttribute('aria-invalid');

    await userEvent.type(screen.getByLabelText('Last name'), '@');
    await userEvent.tab();
    expect(screen.getByLabelText('Last name')).toHaveAccessibleDescription('Please enter a valid last name.');
    await userEvent.type(screen.getByLabelText('Email'), 'not-an-email');
    await userEvent.tab();
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Email address is not valid.');
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');

    await userEvent.type(screen.getByLabelText('Password'), 'short');
    await userEvent.tab();
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('aria-invalid', 'true');
    // The hint becomes the error (shown once, in an alert).
    expect(within(screen.getByRole('dialog')).getAllByText(HINT)).toHaveLength(1);
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContain(HINT);
    expect(submit).toBeDisabled();
  });

  it('sends the form with the captcha token, the opt-in and a random id', async () => {
    const api = await registerAnswered({ status: 201, body: { outcome: 'created', user: created }, headers: FLAGGED });
    await screen.findByRole('dialog', { name: 'Tell us about yourself' });
    const [body] = api.sent('POST /api/user/register') as Record<string, unknown>[];
    expect(body).toMatchObject({
      firstName: 'Tomas',
      lastName: 'Berg',
      emailAddress: 'tomas@example.com',
      password: 'Strong#Pass2026',
      optIn: true,
      deviceType: 'WEB_SITE',
      reCaptchaToken: 'local-captcha',
    });
    expect(body?.id).toEqual(expect.any(Number));
    expect(body?.id as number).toBeGreaterThanOrEqual(100);
    expect(body?.id as number).toBeLessThanOrEqual(999999);
  });

  it('random ids stay within 100..999999', () => {
    expect(registrationId(() => 0)).toBe(100);
    expect(registrationId(() => 0.9999999999)).toBe(999999);
  });
});

describe('registration outcomes', () => {
  it('created: stores the reader, records sign_up, shows the banner and moves to profile settings without a reload', async () => {
    const seen: unknown[] = [];
    const off = bus.on('user:changed', (p) => seen.push(p.user));
    await registerAnswered({ status: 201, body: { outcome: 'created', user: created }, headers: FLAGGED });
    const dialog = await screen.findByRole('dialog', { name: 'Tell us about yourself' });
    expect(screen.getByRole('status')).toHaveTextContent('Your account has been created, tomas@example.com');
    expect(dialog).not.toContainElement(screen.getByRole('status'));
    expect(userStore.getState().user?.firstName).toBe('Tomas');
    expect(seen).toHaveLength(1);
    expect(window.dataLayer).toEqual([{ event: 'sign_up', method: 'modal', optIn: true }]);
    expect(nav.reload).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Industry')).toHaveFocus();
    off();
  });

  it('a subscriber email goes to the subscriber registration page', async () => {
    const location = '/subscriber-registration?emailAddress=dG9tYXNAZXhhbXBsZS5jb20=';
    await registerAnswered({ status: 200, body: { outcome: 'subscriber', location } });
    await waitFor(() => expect(nav.assign).toHaveBeenCalledWith(location));
    expect(userStore.getState().user).toBeNull();
  });

  it.each([
    [409, {}, 'Email', 'That username is unavailable. Sign in or choose another email address.'],
    [422, {}, 'Email', 'That username is unavailable. Sign in or choose another email address.'],
    [403, {}, 'Email', "We're having trouble verifying your account. Please contact our Customer Service team for assistance."],
    [400, { message: 'Invalid', errors: [{ field: 'emailAddress', errorMessage: 'bad' }] }, 'Email', 'Email address is not valid.'],
    [400, { message: 'Invalid', errors: [{ field: 'password', errorMessage: 'Password is too common' }] }, 'Password', 'Password is too common'],
    [500, { message: 'Oops', errors: [{ field: 'lastName', errorMessage: 'last name is too long' }] }, 'Last name', 'Last name is too long.'],
    [500, { message: 'Something failed' }, 'Password', 'Something failed'],
  ])('%i puts its message on the right field', async (status, body, label, message) => {
    await registerAnswered({ status, body });
    await waitFor(() => expect(screen.getByLabelText(label)).toHaveAccessibleDescription(expect.stringContaining(message)));
    expect(screen.getByLabelText(label)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(label)).toHaveFocus();
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('dialog', { name: 'Create an account' })).toBeVisible();
  });

  it('from the paywall with the success flag: closes without a reload', async () => {
    await registerAnswered({ status: 201, body: { outcome: 'created', user: created }, headers: FLAGGED }, 'paywall');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(nav.reload).not.toHaveBeenCalled();
    expect(nav.assign).not.toHaveBeenCalled();
  });

  it('from the paywall without the flag: reloads with registration=success', async () => {
    window.history.replaceState(null, '', '/2025/03/why-plans-fail?x=1');
    await registerAnswered({ status: 201, body: { outcome: 'created', user: created } }, 'paywall');
    await waitFor(() => expect(nav.assign).toHaveBeenCalledWith('http://localhost/2025/03/why-plans-fail?x=1&registration=success'));
  });
});

describe('profile settings', () => {
  async function reachProfile(extra: Record<string, Answer> = {}) {
    const api = mockApi({ 'POST /api/user/register': { status: 201, body: { outcome: 'created', user: created } }, ...extra });
    openRegistration();
    await fillRegistration();
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await screen.findByRole('dialog', { name: 'Tell us about yourself' });
    return api;
  }

  it('offers the spec lists with a blank choice', async () => {
    await reachProfile();
    for (const [label, list] of [
      ['Industry', INDUSTRIES],
      ['Job title', JOB_TITLES],
      ['Company size', COMPANY_SIZES],
    ] as const) {
      const options = within(screen.getByLabelText(label))
        .getAllByRole('option')
        .map((o) => o.textContent);
      expect(options).toEqual(['', ...list]);
      expect(screen.getByLabelText(label)).toHaveValue('');
    }
  });

  it('Save sends the choices, then closes and reloads', async () => {
    const api = await reachProfile({ 'POST /service/user/profile': { body: { ...created, industry: 'Media' } } });
    await userEvent.selectOptions(screen.getByLabelText('Industry'), 'Media');
    await userEvent.selectOptions(screen.getByLabelText('Job title'), 'Manager/Senior Manager');
    await userEvent.selectOptions(screen.getByLabelText('Company size'), '100 to 499');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.sent('POST /service/user/profile')).toEqual([
      {
        attributes: [
          { name: 'industry', value: 'Media' },
          { name: 'jobTitle', value: 'Manager/Senior Manager' },
          { name: 'companySize', value: '100 to 499' },
        ],
      },
    ]);
    expect(nav.reload).toHaveBeenCalledTimes(1);
  });

  it('a failed save says so and stays open', async () => {
    await reachProfile({ 'POST /service/user/profile': { status: 500, body: { message: 'down' } } });
    await userEvent.selectOptions(screen.getByLabelText('Industry'), 'Media');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('We are sorry. We are unable to process your request at this time.');
    expect(nav.reload).not.toHaveBeenCalled();
  });

  it.each([['Maybe later'], ['Close']])('%s closes and reloads', async (name) => {
    const api = await reachProfile();
    await userEvent.click(screen.getByRole('button', { name }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(nav.reload).toHaveBeenCalledTimes(1);
    expect(api.sent('POST /service/user/profile')).toHaveLength(0);
  });

  it('Escape on profile settings also reloads', async () => {
    await reachProfile();
    await userEvent.keyboard('{Escape}');
    expect(nav.reload).toHaveBeenCalledTimes(1);
  });
});

describe('confirmation banner', () => {
  function scrollTo(y: number) {
    Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
    fireEvent.scroll(window);
  }
  afterEach(() => scrollTo(0));

  async function showBanner() {
    await registerAnswered({ status: 201, body: { outcome: 'created', user: created } });
    await screen.findByText('Your account has been created, tomas@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Maybe later' }));
    await nextFrame();
    nav.reload.mockClear();
  }
  const nextFrame = () => act(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));

  it("measures from where the page settled: the page's own jump as the dialog closes does not dismiss it", async () => {
    await registerAnswered({ status: 201, body: { outcome: 'created', user: created } });
    await screen.findByText('Your account has been created, tomas@example.com');
    // Closed and jumped in one task, as in a browser: the jump to the new heading comes before the next frame.
    fireEvent.click(screen.getByRole('button', { name: 'Maybe later' }));
    scrollTo(600);
    await nextFrame();
    expect(screen.getByRole('status')).toHaveTextContent('Your account has been created, tomas@example.com');
    scrollTo(850);
    expect(screen.getByRole('status')).toBeInTheDocument();
    scrollTo(851);
    expect(screen.queryByText('Your account has been created, tomas@example.com')).not.toBeInTheDocument();
  });

  it('stays up to 250 px of scrolling and goes beyond', async () => {
    await showBanner();
    scrollTo(250);
    expect(screen.getByRole('status')).toHaveTextContent('Your account has been created, tomas@example.com');
    scrollTo(251);
    expect(screen.queryByText('Your account has been created, tomas@example.com')).not.toBeInTheDocument();
    expect(nav.reload).not.toHaveBeenCalled();
  });

  it('on a paywalled page, dismissing reloads', async () => {
    const gate = document.createElement('section');
    gate.setAttribute('data-gate-state', 'registration-wall');
    document.body.append(gate);
    await showBanner();
    scrollTo(300);
    expect(screen.queryByText('Your account has been created, tomas@example.com')).not.toBeInTheDocument();
    expect(nav.reload).toHaveBeenCalledTimes(1);
    gate.remove();
  });

  it('on a full-content page, dismissing does not reload', async () => {
    const gate = document.createElement('section');
    gate.setAttribute('data-gate-state', 'full-content');
    document.body.append(gate);
    await showBanner();
    scrollTo(300);
    expect(nav.reload).not.toHaveBeenCalled();
    gate.remove();
  });
});

describe('a registration asked for by an intent (contracts.md, auth:open)', () => {
  it('calls the intent as soon as the account exists, goes on to profile settings, and closes it without a reload', async () => {
    mockApi({ 'POST /api/user/register': { status: 201, body: { outcome: 'created', user: created } } });
    render(<AuthModal />);
    const intent = jest.fn();
    act(() => bus.emit('auth:open', { screen: 'registration', reason: 'follow', intent }));
    expect(screen.getByRole('dialog', { name: 'Create an account' })).toHaveAccessibleDescription('Create an account to follow this topic.');
    await fillRegistration();
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await screen.findByRole('dialog', { name: 'Tell us about yourself' });
    expect(intent).toHaveBeenCalledTimes(1);
    expect(intent).toHaveBeenCalledWith(expect.objectContaining({ firstName: 'Tomas' }));
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(nav.reload).not.toHaveBeenCalled();
  });
});
