/**
 * The error catalogue where a reader sees it (PAY-08; SITE-08) and the real captcha's browser side:
 * the lockout message's Customer Service link and, for code 401, its reset control; the captcha
 * error element; the forgot-password generic failure with the 24/7 lines; and reCAPTCHA v3 tokens
 * from a stand-in `grecaptcha` when the server names the provider 'recaptcha'.
 */
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bus, CUSTOMER_SERVICE_EMAIL, CUSTOMER_SERVICE_PHONES, MESSAGES } from 'shared-contracts';
import { CUSTOMER_SERVICE_HREF } from 'shared-contracts/forms';
import type { Grecaptcha } from 'shared-contracts/src/testing';
import { ForgotPasswordFlyout } from '../flyouts/ForgotPasswordFlyout';
import { AuthModal } from './AuthModal';
import { mockApi, resetAuthTestState, type Answer } from './testing';

const LOCKED_401 =
  'Your account is blocked, please wait 24 hours to unlock and try again. For immediate assistance, please contact Customer Service or reset your password.';
const LOCKED = 'Your account is blocked, please wait 24 hours to unlock and try again. For immediate assistance, please contact Customer Service.';
const CAPTCHA_REFUSED = { message: MESSAGES.captcha.required, errors: [{ field: 'reCaptchaToken', errorMessage: MESSAGES.captcha.required }] };
const RECAPTCHA_STATUS = { enabled: true, provider: 'recaptcha', siteKey: 'site-key-1', scriptUrl: 'https://captcha.example.test/api.js' };

beforeEach(() => {
  resetAuthTestState();
  document.head.querySelectorAll('script').forEach((s) => s.remove());
  delete (window as { grecaptcha?: Grecaptcha }).grecaptcha;
});

function open(screenName: 'signin' | 'registration' | 'forgot-password') {
  render(<AuthModal />);
  act(() => bus.emit('auth:open', { screen: screenName }));
  return screen.getByRole('dialog');
}

async function signIn(routes: Record<string, Answer>) {
  const api = mockApi(routes);
  open('signin');
  await userEvent.type(screen.getByLabelText('Email'), 'reader@example.com');
  await userEvent.type(screen.getByLabelText('Password'), 'Reader#2025pass');
  await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
  return api;
}

async function sendLink(routes: Record<string, Answer>) {
  const api = mockApi(routes);
  open('forgot-password');
  await userEvent.type(screen.getByLabelText('Email'), 'reader@example.com');
  await userEvent.click(screen.getByRole('button', { name: 'Send link' }));
  return api;
}

async function register(routes: Record<string, Answer>) {
  const api = mockApi(routes);
  open('registration');
  await userEvent.type(screen.getByLabelText('First name'), 'Ada');
  await userEvent.type(screen.getByLabelText('Last name'), 'Lovelace');
  await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
  await userEvent.type(screen.getByLabelText('Password'), 'Strong#Pass2026');
  await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
  return api;
}

describe('the lockout message', () => {
  it("links 'Customer Service' to customer service, the words unchanged", async () => {
    await signIn({ 'POST /authenticate': { status: 401, body: { code: 'account_locked', lockout_duration: 86400 } } });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(LOCKED);
    expect(within(alert).getByRole('link', { name: 'Customer Service' })).toHaveAttribute('href', CUSTOMER_SERVICE_HREF);
    expect(within(alert).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(LOCKED);
  });

  it("with code 401 ends with 'or reset your password.', whose words open the forgot-password screen", async () => {
    await signIn({ 'POST /authenticate': { status: 401, body: { code: '401', lockout_duration: 86400 } } });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(LOCKED_401);
    expect(within(alert).getByRole('link', { name: 'Customer Service' })).toHaveAttribute('href', CUSTOMER_SERVICE_HREF);
    await userEvent.click(within(alert).getByRole('button', { name: 'reset your password' }));
    expect(screen.getByRole('dialog', { name: 'Reset your password' })).toBeVisible();
  });

  it('links Customer Service in the forgot-password 423 message too', async () => {
    await sendLink({ 'POST /api/user/forgotpassword': { status: 423, body: { message: 'locked' } } });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(MESSAGES.forgotPassword.locked);
    expect(within(alert).getByRole('link', { name: 'Customer Service' })).toHaveAttribute('href', CUSTOMER_SERVICE_HREF);
  });
});

describe('a captcha failure shows the captcha error element, not the generic text', () => {
  it('sign in: a refused token', async () => {
    await signIn({ 'POST /authenticate': { status: 400, body: CAPTCHA_REFUSED } });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveAttribute('data-captcha-error');
    expect(alert.textContent).toBe('reCAPTCHA is required.');
    expect(screen.queryByText(MESSAGES.generic)).not.toBeInTheDocument();
    expect(window.dataLayer).toEqual([{ event: 'login_failure', reason: 'error' }]);
  });

  it('registration: a refused token is not put on the password field', async () => {
    await register({ 'POST /api/user/register': { status: 400, body: CAPTCHA_REFUSED } });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveAttribute('data-captcha-error');
    expect(alert.textContent).toBe('reCAPTCHA is required.');
    expect(screen.getByLabelText('Password')).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('forgot password: the server cannot check the token (503)', async () => {
    await sendLink({ 'POST /api/user/forgotpassword': { status: 503, body: { message: MESSAGES.captcha.unavailable } } });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveAttribute('data-captcha-error');
    expect(alert.textContent).toBe(MESSAGES.captcha.unavailable);
  });
});

describe('a forgot-password failure', () => {
  it('shows the generic text with the 24/7 customer-service phones and mail', async () => {
    await sendLink({ 'POST /api/user/forgotpassword': { status: 500, body: { message: 'boom' } } });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(MESSAGES.generic)).toBeVisible();
    for (const phone of CUSTOMER_SERVICE_PHONES) {
      expect(within(alert).getByRole('link', { name: phone.display })).toHaveAttribute('href', `tel:${phone.tel}`);
    }
    expect(within(alert).getByRole('link', { name: CUSTOMER_SERVICE_EMAIL })).toHaveAttribute('href', `mailto:${CUSTOMER_SERVICE_EMAIL}`);
    expect(screen.getByRole('button', { name: 'Send link' })).toBeVisible();
  });
});

describe("the header's forgot-password flyout (the site's variant)", () => {
  async function sendFromFlyout(answer: Answer) {
    mockApi({ 'POST /api/user/forgotpassword': answer });
    render(<ForgotPasswordFlyout />);
    await userEvent.type(screen.getByLabelText('Email'), 'reader@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send link' }));
  }

  it('shows the generic text with the 24/7 phones and mail on a failure', async () => {
    await sendFromFlyout({ status: 500, body: { message: 'boom' } });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(MESSAGES.generic)).toBeVisible();
    expect(
      within(alert)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual([...CUSTOMER_SERVICE_PHONES.map((p) => `tel:${p.tel}`), `mailto:${CUSTOMER_SERVICE_EMAIL}`]);
  });

  it('shows the captcha error element when the server refuses the token', async () => {
    await sendFromFlyout({ status: 400, body: CAPTCHA_REFUSED });
    await waitFor(() => expect(document.querySelector('[data-captcha-error]')).toHaveTextContent(/^reCAPTCHA is required\.$/));
    expect(screen.getByRole('alert')).toHaveTextContent(/^reCAPTCHA is required\.$/);
  });
});

describe('the real captcha (provider recaptcha)', () => {
  /** The provider's script the page added; it "loads" with a stand-in grecaptcha. */
  async function loadStandIn(execute: Grecaptcha['execute']) {
    const script = await waitFor(() => {
      const found = document.head.querySelector<HTMLScriptElement>('script[src^="https://captcha.example.test/"]');
      if (!found) throw new Error('no captcha script yet');
      return found;
    });
    const calls: Array<{ siteKey: string; action: string }> = [];
    (window as { grecaptcha?: Grecaptcha }).grecaptcha = {
      ready: (callback) => callback(),
      execute: (siteKey, options) => {
        calls.push({ siteKey, action: options.action });
        return execute(siteKey, options);
      },
    };
    act(() => {
      script.dispatchEvent(new Event('load'));
    });
    return { script, calls };
  }

  it('loads the script with the site key once the form shows, and signs in with a token for sign_in_modal', async () => {
    const api = mockApi({
      'GET /api/recaptcha/enabled': { body: RECAPTCHA_STATUS },
      'POST /authenticate': { status: 401, body: { code: 'invalid_credentials', tries_left: 4 } },
    });
    open('signin');
    const { script, calls } = await loadStandIn(async () => 'token-from-provider');
    expect(script.src).toBe('https://captcha.example.test/api.js?render=site-key-1');
    await userEvent.type(screen.getByLabelText('Email'), 'reader@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await screen.findByRole('alert');
    expect(calls).toEqual([{ siteKey: 'site-key-1', action: 'sign_in_modal' }]);
    expect(api.sent('POST /authenticate')).toEqual([
      { username: 'reader@example.com', password: 'wrong', reCaptchaToken: 'token-from-provider', deviceType: 'WEB_SITE' },
    ]);
    expect(document.head.querySelectorAll('script')).toHaveLength(1);
  });

  it('asks for forgot_pass_modal on the forgot-password screen', async () => {
    const api = mockApi({ 'GET /api/recaptcha/enabled': { body: RECAPTCHA_STATUS }, 'POST /api/user/forgotpassword': { body: { message: 'sent' } } });
    open('forgot-password');
    const { calls } = await loadStandIn(async (_key, { action }) => `t-${action}`);
    await userEvent.type(screen.getByLabelText('Email'), 'reader@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send link' }));
    await screen.findByRole('status');
    expect(calls.map((c) => c.action)).toEqual(['forgot_pass_modal']);
    expect(api.sent('POST /api/user/forgotpassword')).toEqual([
      { emailAddress: 'reader@example.com', reCaptchaToken: 't-forgot_pass_modal', deviceType: 'WEB_SITE' },
    ]);
  });

  it('shows the captcha error element and sends nothing when the provider gives no token', async () => {
    const api = mockApi({ 'GET /api/recaptcha/enabled': { body: RECAPTCHA_STATUS } });
    open('signin');
    await loadStandIn(() => Promise.reject(new Error('blocked')));
    await userEvent.type(screen.getByLabelText('Email'), 'reader@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'Reader#2025pass');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveAttribute('data-captcha-error');
    expect(alert.textContent).toBe(MESSAGES.captcha.unavailable);
    expect(api.sent('POST /authenticate')).toHaveLength(0);
  });

  it('shows the captcha error element when the script cannot load, and loads it again on the next try', async () => {
    const api = mockApi({
      'GET /api/recaptcha/enabled': { body: RECAPTCHA_STATUS },
      'POST /authenticate': { status: 401, body: { code: 'invalid_credentials' } },
    });
    open('signin');
    const failScript = async () => {
      const script = await waitFor(() => {
        const found = document.head.querySelector('script');
        if (!found) throw new Error('no script');
        return found;
      });
      act(() => {
        script.dispatchEvent(new Event('error'));
      });
      await waitFor(() => expect(document.head.querySelector('script')).toBeNull());
    };
    await failScript(); // the load the form started when it showed
    await userEvent.type(screen.getByLabelText('Email'), 'reader@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'Reader#2025pass');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await failScript(); // the submit tries again, and fails again
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveAttribute('data-captcha-error');
    expect(alert.textContent).toBe(MESSAGES.captcha.unavailable);
    expect(api.sent('POST /authenticate')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await loadStandIn(async () => 'token-at-last');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(MESSAGES.signIn.invalidCombination));
    expect(api.sent('POST /authenticate')).toEqual([expect.objectContaining({ reCaptchaToken: 'token-at-last' })]);
  });
});
