import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bus } from 'shared-contracts';
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
});
