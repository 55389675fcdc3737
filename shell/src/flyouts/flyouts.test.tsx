import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES, bus, userStore, type EventMap } from 'shared-contracts';
import { mockFetch, sampleUser } from 'shared-contracts/src/testing';
import { FlyoutHost } from './FlyoutHost';
import { ForgotPasswordFlyout as ForgotPasswordForm } from './ForgotPasswordFlyout';
import { flyouts } from './flyouts';
import { showNotification, showTitleAndBody } from './notices';

const STRONG = 'Better#2026pass';

function answer(status: number, body: unknown = { message: 'ok' }) {
  return mockFetch(() => ({ status, body }));
}

/** The request body the page sent to `path`. */
function sent(fetch: jest.Mock, path: string): unknown {
  const call = fetch.mock.calls.find(([url]) => String(url) === path) as [string, RequestInit] | undefined;
  return call ? JSON.parse(String(call[1].body)) : undefined;
}

/** A page with an opener button and the host; opens `kind` from the opener. */
function openFlyout(kind: 'change-password' | 'forgot-password') {
  const utils = render(
    <>
      <button type="button">Opener</button>
      <p>Elsewhere on the page</p>
      <FlyoutHost />
    </>,
  );
  const opener = screen.getByRole('button', { name: 'Opener' });
  opener.focus();
  act(() => flyouts.open(kind, opener));
  return { ...utils, opener };
}

const dialog = (name: string) => screen.getByRole('dialog', { name });

beforeEach(() => {
  act(() => userStore.getState().setUser(sampleUser()));
});
afterEach(() => {
  act(() => flyouts.close());
  jest.useRealTimers();
});

describe('flyout host', () => {
  it('is a non-modal dialog with a close button; closing returns focus to the opener', async () => {
    const { opener } = openFlyout('change-password');
    const flyout = dialog('Change password');
    expect(flyout).not.toHaveAttribute('aria-modal', 'true');
    await userEvent.click(within(flyout).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('closes on Escape', async () => {
    const { opener } = openFlyout('change-password');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('closes on a click outside it, not on one inside it', async () => {
    openFlyout('change-password');
    await userEvent.click(within(dialog('Change password')).getByLabelText('New password'));
    expect(dialog('Change password')).toBeInTheDocument();
    await userEvent.click(screen.getByText('Elsewhere on the page'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes when destroyed, and when the host goes away', () => {
    const { unmount } = openFlyout('forgot-password');
    act(() => flyouts.destroy());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    act(() => flyouts.open('forgot-password'));
    expect(dialog('Forgot password')).toBeInTheDocument();
    unmount();
    expect(flyouts.get()).toBeNull();
  });

  it('asks a guest to sign in instead of opening a flyout that needs it', () => {
    act(() => userStore.getState().setUser(null));
    const opened: EventMap['auth:open'][] = [];
    const off = bus.on('auth:open', (p) => opened.push(p));
    openFlyout('change-password');
    off();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opened).toEqual([{ screen: 'signin' }]);
  });

  it('opens forgot-password for a guest (it needs no sign-in)', () => {
    act(() => userStore.getState().setUser(null));
    openFlyout('forgot-password');
    expect(dialog('Forgot password')).toBeInTheDocument();
  });
});

describe('change-password flyout', () => {
  it('requires the current and the new password, with errors on the fields', async () => {
    const fetch = answer(200);
    openFlyout('change-password');
    const flyout = dialog('Change password');
    expect(within(flyout).getByLabelText('Current password')).toHaveFocus();
    await userEvent.click(within(flyout).getByRole('button', { name: 'Change password' }));
    const current = within(flyout).getByLabelText('Current password');
    const next = within(flyout).getByLabelText('New password');
    expect(current).toHaveAttribute('aria-invalid', 'true');
    expect(current).toHaveAccessibleDescription('Current Password is required');
    expect(next).toHaveAttribute('aria-invalid', 'true');
    expect(next).toHaveAccessibleDescription('New Password is required');
    expect(within(flyout).getByLabelText('Confirm password')).not.toHaveAttribute('aria-invalid');
    expect(current).toHaveFocus();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('asks for a matching confirmation', async () => {
    answer(200);
    openFlyout('change-password');
    const flyout = dialog('Change password');
    await userEvent.type(within(flyout).getByLabelText('Current password'), 'Reader#2025pass');
    await userEvent.type(within(flyout).getByLabelText('New password'), STRONG);
    await userEvent.type(within(flyout).getByLabelText('Confirm password'), 'Better#2026pasS');
    await userEvent.click(within(flyout).getByRole('button', { name: 'Change password' }));
    expect(within(flyout).getByLabelText('Confirm password')).toHaveAccessibleDescription('New Password and Confirm Password do not match');
    expect(within(flyout).getByLabelText('Confirm password')).toHaveFocus();
  });

  it('refuses a new password that does not follow the site pattern', async () => {
    answer(200);
    openFlyout('change-password');
    const flyout = dialog('Change password');
    await userEvent.type(within(flyout).getByLabelText('Current password'), 'Reader#2025pass');
    await userEvent.type(within(flyout).getByLabelText('New password'), 'weakpassword');
    await userEvent.type(within(flyout).getByLabelText('Confirm password'), 'weakpassword');
    await userEvent.click(within(flyout).getByRole('button', { name: 'Change password' }));
    expect(within(flyout).getByLabelText('New password')).toHaveAccessibleDescription(MESSAGES.password.sitePattern);
  });

  async function submitValid() {
    const flyout = dialog('Change password');
    await userEvent.type(within(flyout).getByLabelText('Current password'), 'Reader#2025pass');
    await userEvent.type(within(flyout).getByLabelText('New password'), STRONG);
    await userEvent.type(within(flyout).getByLabelText('Confirm password'), STRONG);
    await userEvent.click(within(flyout).getByRole('button', { name: 'Change password' }));
    return flyout;
  }

  it("shows 'Current Password is invalid' when the server refuses the current password (400)", async () => {
    answer(400, { message: 'Bad request' });
    openFlyout('change-password');
    const flyout = await submitValid();
    const current = within(flyout).getByLabelText('Current password');
    expect(await within(flyout).findByText('Current Password is invalid')).toBeVisible();
    expect(current).toHaveAttribute('aria-invalid', 'true');
    expect(current).toHaveAccessibleDescription('Current Password is invalid');
  });

  it("shows the server's rule on the new password when the server refuses it (400 on password)", async () => {
    answer(400, { message: MESSAGES.password.sitePattern, errors: [{ field: 'password', errorMessage: MESSAGES.password.sitePattern }] });
    openFlyout('change-password');
    const flyout = await submitValid();
    const next = within(flyout).getByLabelText('New password');
    await waitFor(() => expect(next).toHaveAccessibleDescription(MESSAGES.password.sitePattern));
    expect(within(flyout).getByLabelText('Current password')).not.toHaveAttribute('aria-invalid');
  });

  it('announces the generic failure on other errors', async () => {
    answer(500, { message: 'Boom' });
    openFlyout('change-password');
    const flyout = await submitValid();
    expect(await within(flyout).findByRole('alert')).toHaveTextContent(MESSAGES.generic);
  });

  it("sends the passwords, confirms 'Password successfully changed.' for 2 s, then closes", async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const fetch = answer(200, { message: 'Password changed' });
    openFlyout('change-password');
    const flyout = dialog('Change password');
    await user.type(within(flyout).getByLabelText('Current password'), 'Reader#2025pass');
    await user.type(within(flyout).getByLabelText('New password'), STRONG);
    await user.type(within(flyout).getByLabelText('Confirm password'), STRONG);
    await user.click(within(flyout).getByRole('button', { name: 'Change password' }));
    expect(await within(flyout).findByRole('status')).toHaveTextContent(/^Password successfully changed\.$/);
    expect(sent(fetch, '/service/user/password')).toEqual({ current: 'Reader#2025pass', password: STRONG });
    expect(within(flyout).queryByLabelText('Current password')).not.toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1999));
    expect(screen.getByText('Password successfully changed.')).toBeVisible();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("'Forgot your password?' opens the forgot-password flyout", async () => {
    openFlyout('change-password');
    await userEvent.click(within(dialog('Change password')).getByRole('button', { name: 'Forgot your password?' }));
    expect(screen.queryByRole('dialog', { name: 'Change password' })).not.toBeInTheDocument();
    expect(within(dialog('Forgot password')).getByLabelText('Email')).toHaveFocus();
  });
});

describe('forgot-password flyout', () => {
  it.each([
    ['', 'This field is required.'],
    ['not-an-email', 'Email address is not valid.'],
  ])('checks the email %j before asking the server', async (email, message) => {
    const fetch = answer(200);
    openFlyout('forgot-password');
    const flyout = dialog('Forgot password');
    if (email) await userEvent.type(within(flyout).getByLabelText('Email'), email);
    await userEvent.click(within(flyout).getByRole('button', { name: 'Send link' }));
    expect(within(flyout).getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(within(flyout).getByLabelText('Email')).toHaveAccessibleDescription(message);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('requires the captcha token', async () => {
    const fetch = answer(200);
    render(<ForgotPasswordForm captchaToken="" />);
    await userEvent.type(screen.getByLabelText('Email'), 'reader@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send link' }));
    expect(screen.getByRole('alert')).toHaveTextContent(/^reCAPTCHA is required\.$/);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('sends the email with the captcha token, confirms for 7 s, then closes', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const fetch = answer(200, { message: 'sent' });
    openFlyout('forgot-password');
    const flyout = dialog('Forgot password');
    await user.type(within(flyout).getByLabelText('Email'), ' reader@example.com ');
    await user.click(within(flyout).getByRole('button', { name: 'Send link' }));
    await waitFor(() =>
      expect(within(flyout).getByRole('status')).toHaveTextContent(
        /^If your email is registered with us, you will receive an email with a link to reset your password\.$/,
      ),
    );
    expect(sent(fetch, '/api/user/forgotpassword')).toEqual({
      deviceType: 'WEB_SITE',
      emailAddress: 'reader@example.com',
      reCaptchaToken: 'local-captcha',
    });
    act(() => jest.advanceTimersByTime(6999));
    expect(dialog('Forgot password')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it.each([
    [403, "We're having trouble verifying your account. Please contact our Customer Service team for assistance."],
    [423, 'You cannot unlock your account by resetting the password. Please wait 24 hours to unlock and try again.'],
    [500, 'We are sorry. We are unable to process your request at this time.'],
  ])('shows the site message for %i and stays open', async (status, message) => {
    answer(status, { message: 'refused' });
    openFlyout('forgot-password');
    const flyout = dialog('Forgot password');
    await userEvent.type(within(flyout).getByLabelText('Email'), 'reader@example.com');
    await userEvent.click(within(flyout).getByRole('button', { name: 'Send link' }));
    expect(await within(flyout).findByText(message)).toBeVisible();
    expect(within(flyout).getByRole('alert')).toHaveTextContent(message);
    expect(within(flyout).getByRole('button', { name: 'Send link' })).toBeEnabled();
  });
});

describe('notification flyout', () => {
  it('shows a message to anyone (no sign-in) for 2 s, then closes and gives focus back', () => {
    jest.useFakeTimers();
    act(() => userStore.getState().setUser(null));
    render(
      <>
        <button type="button">Opener</button>
        <FlyoutHost />
      </>,
    );
    const opener = screen.getByRole('button', { name: 'Opener' });
    act(() => showNotification('Your changes are saved.', opener));
    const flyout = dialog('Notification');
    expect(flyout).toHaveAttribute('data-flyout', 'notification');
    expect(flyout).toHaveAttribute('data-flyout-state', 'confirmation');
    expect(within(flyout).getByRole('status')).toHaveTextContent(/^Your changes are saved\.$/);
    act(() => jest.advanceTimersByTime(1999));
    expect(dialog('Notification')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('closes at once on its close button', async () => {
    render(<FlyoutHost />);
    act(() => showNotification('Done.'));
    await userEvent.click(within(dialog('Notification')).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('title-and-body flyout', () => {
  const NOTICE = { title: 'About folders', body: ['Folders keep your saves in order.', 'Rename or delete them at any time.'] };

  it('shows its title and paragraphs and stays until closed (Escape)', async () => {
    render(<FlyoutHost />);
    act(() => showTitleAndBody(NOTICE));
    const flyout = dialog('About folders');
    expect(flyout).toHaveAttribute('data-flyout', 'title-and-body');
    expect(flyout).toHaveAttribute('data-flyout-state', 'open');
    expect(within(flyout).getByRole('heading', { name: 'About folders' })).toBeVisible();
    expect(within(flyout).getByText('Folders keep your saves in order.')).toBeVisible();
    expect(within(flyout).getByText('Rename or delete them at any time.')).toBeVisible();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks a guest to sign in instead (it is not one of the flyouts without sign-in)', () => {
    act(() => userStore.getState().setUser(null));
    const opened: EventMap['auth:open'][] = [];
    const off = bus.on('auth:open', (p) => opened.push(p));
    render(<FlyoutHost />);
    act(() => showTitleAndBody(NOTICE));
    off();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opened).toEqual([{ screen: 'signin' }]);
  });
});
