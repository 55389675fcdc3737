import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bus } from 'shared-contracts';
import { sampleUser } from 'shared-contracts/src/testing';
import { AuthModalHost } from './AuthModalHost';
import { mockApi, resetAuthTestState } from './auth/testing';

beforeEach(() => {
  resetAuthTestState();
  mockApi();
});
afterEach(() => {
  window.history.replaceState(null, '', '/');
  jest.restoreAllMocks();
});

describe('the lazy auth modal host', () => {
  it('renders nothing until asked, then opens the modal on the requested screen', async () => {
    render(<AuthModalHost />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    act(() => bus.emit('auth:open', { screen: 'registration' }));
    expect(await screen.findByRole('dialog', { name: 'Create an account' })).toBeVisible();
  });

  it('opens on sign-in for #signin, and the loaded modal handles later requests itself', async () => {
    window.history.replaceState(null, '', '/topics#signin');
    render(<AuthModalHost />);
    const dialog = await screen.findByRole('dialog', { name: 'Sign In' });
    await userEvent.click(dialog.querySelector('button[aria-label="Close"]') as HTMLElement);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    act(() => bus.emit('auth:open', { screen: 'forgot-password' }));
    expect(await screen.findByRole('dialog', { name: 'Reset your password' })).toBeVisible();
  });

  it('hands the first request whole to the modal it loads: its reason shows, and its intent runs after the sign-in', async () => {
    const user = sampleUser();
    mockApi({ 'POST /authenticate': { body: user } });
    render(<AuthModalHost />);
    const intent = jest.fn();
    act(() => bus.emit('auth:open', { screen: 'signin', reason: 'follow', intent }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign In' });
    expect(dialog).toHaveAccessibleDescription('Sign in to follow this topic.');
    await userEvent.type(screen.getByLabelText('Email'), 'reader@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'Reader#2025pass');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(intent).toHaveBeenCalledWith(expect.objectContaining({ id: user.id })));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
