import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bus } from 'shared-contracts';
import { AuthModal } from './AuthModal';
import { mockApi, resetAuthTestState, type Answer } from './testing';

const SUCCESS = 'If your email is registered with us, you will receive an email with a link to reset your password.';

let nav: ReturnType<typeof resetAuthTestState>;
beforeEach(() => {
  nav = resetAuthTestState();
});
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

async function sendLink(answer: Answer, user = userEvent.setup()) {
  const api = mockApi({ 'POST /api/user/forgotpassword': answer });
  render(<AuthModal />);
  act(() => bus.emit('auth:open', { screen: 'forgot-password' }));
  await user.type(screen.getByLabelText('Email'), 'reader@example.com');
  await user.click(screen.getByRole('button', { name: 'Send link' }));
  return api;
}

describe('forgot password', () => {
  it('has Email, Send link, Go back and a Get Help link opening in a new tab', () => {
    mockApi();
    render(<AuthModal />);
    act(() => bus.emit('auth:open', { screen: 'forgot-password' }));
    expect(screen.getByRole('dialog', { name: 'Reset your password' })).toBeVisible();
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Send link' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Go back' })).toBeVisible();
    const help = screen.getByRole('link', { name: 'Get Help' });
    expect(help).toHaveAttribute('href', '/subscriber-help');
    expect(help).toHaveAttribute('target', '_blank');
    expect(help).toHaveAttribute('rel', expect.stringContaining('noopener'));
  });

  it('checks the email on blur', async () => {
    mockApi();
    render(<AuthModal />);
    act(() => bus.emit('auth:open', { screen: 'forgot-password' }));
    await userEvent.type(screen.getByLabelText('Email'), 'reader@');
    await userEvent.tab();
    expect(screen.getByRole('alert')).toHaveTextContent('Email address is not valid.');
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'Send link' })).toBeDisabled();
  });

  it('acknowledges, offers On to sign in and closes by itself after 5 s', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const api = await sendLink({ body: { message: 'sent' } }, user);
    expect(await screen.findByRole('status')).toHaveTextContent(SUCCESS);
    expect(screen.getByRole('button', { name: 'On to sign in' })).toHaveFocus();
    expect(api.sent('POST /api/user/forgotpassword')).toEqual([
      { deviceType: 'WEB_SITE', emailAddress: 'reader@example.com', reCaptchaToken: 'local-captcha' },
    ]);
    act(() => jest.advanceTimersByTime(4999));
    expect(screen.getByRole('dialog', { name: 'Reset your password' })).toBeVisible();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(nav.reload).not.toHaveBeenCalled();
  });

  it('On to sign in goes to the sign-in screen and cancels the auto-close', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    await sendLink({ body: { message: 'sent' } }, user);
    await user.click(await screen.findByRole('button', { name: 'On to sign in' }));
    expect(screen.getByRole('dialog', { name: 'Sign In' })).toBeVisible();
    act(() => jest.advanceTimersByTime(10_000));
    expect(screen.getByRole('dialog', { name: 'Sign In' })).toBeVisible();
  });

  it.each([
    [403, "We're having trouble verifying your account. Please contact our Customer Service team for assistance."],
    [
      423,
      'You cannot unlock your account by resetting the password. Please wait 24 hours to unlock and try again. For immediate assistance, please contact Customer Service.',
    ],
  ])('%i shows its message and keeps the form', async (status, message) => {
    await sendLink({ status, body: { message: 'refused' } });
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send link' })).toBeVisible();
  });
});
