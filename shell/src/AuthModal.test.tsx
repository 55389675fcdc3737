import { render, screen, act, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bus, userStore } from 'shared-contracts';
import { AuthModal } from './AuthModal';
import { mockFetch, sampleUser } from 'shared-contracts/src/testing';

const answer = (status: number, body: unknown) => mockFetch(() => ({ status, body }));

const user = sampleUser({ username: 'reader@example.com', emailAddress: 'reader@example.com' });

describe('AuthModal', () => {
  it('opens on auth:open, focuses the email field and closes on Escape', async () => {
    render(<AuthModal />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    act(() => bus.emit('auth:open', { screen: 'signin' }));
    expect(screen.getByRole('dialog', { name: 'Sign In' })).toBeVisible();
    expect(screen.getByLabelText('Email')).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps Tab inside the dialog', async () => {
    render(<AuthModal />);
    act(() => bus.emit('auth:open', { screen: 'signin' }));
    for (let i = 0; i < 8; i++) {
      await userEvent.tab();
      expect(screen.getByRole('dialog').contains(document.activeElement)).toBe(true);
    }
  });

  it('requires the email before asking the server', async () => {
    const fetch = answer(200, user);
    render(<AuthModal />);
    act(() => bus.emit('auth:open', { screen: 'signin' }));
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(screen.getByRole('alert')).toHaveTextContent('This field is required.');
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('shows the spec message on a wrong password and focuses the password', async () => {
    answer(401, { code: 'invalid_credentials' });
    render(<AuthModal />);
    act(() => bus.emit('auth:open', { screen: 'signin' }));
    await userEvent.type(screen.getByLabelText('Email'), 'reader@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'nope');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('You have entered an invalid email and password combination. Please try again.')).toBeVisible();
    expect(screen.getByLabelText('Password')).toHaveFocus();
  });

  it('stores the user, announces user:changed and closes on success', async () => {
    const fetch = answer(200, user);
    const seen: unknown[] = [];
    const off = bus.on('user:changed', (p) => seen.push(p.user));
    render(<AuthModal />);
    act(() => bus.emit('auth:open', { screen: 'signin' }));
    await userEvent.type(screen.getByLabelText('Email'), 'reader@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'Reader#2025pass');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(userStore.getState().status).toBe('registered');
    expect(seen).toHaveLength(1);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/authenticate');
    expect(new Headers(init.headers).get('X-Requested-With')).toBe('magazine-site');
    off();
  });
});
