import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { bus } from 'shared-contracts';
import { sampleUser } from 'shared-contracts/src/testing';
import { AuthFramePage, frameAction } from '../pages/AuthFramePage';
import { mockApi, resetAuthTestState } from './testing';

let nav: ReturnType<typeof resetAuthTestState>;
let parent: { postMessage: jest.Mock };
beforeEach(() => {
  nav = resetAuthTestState();
  parent = { postMessage: jest.fn() };
  Object.defineProperty(window, 'parent', { value: parent, configurable: true });
});
afterEach(() => {
  Object.defineProperty(window, 'parent', { value: window, configurable: true });
  jest.restoreAllMocks();
});

function renderFrame(action: string) {
  return render(
    <MemoryRouter initialEntries={[`/auth/frame?action=${action}`]}>
      <AuthFramePage />
    </MemoryRouter>,
  );
}

describe('auth modal in a frame', () => {
  it.each([
    ['signin', 'Sign In'],
    ['registration', 'Create an account'],
    ['forgot-password', 'Reset your password'],
    ['anything-else', 'Sign In'],
  ])('action=%s opens on %s', async (action, title) => {
    mockApi();
    renderFrame(action);
    expect(screen.getByRole('dialog', { name: title })).toBeVisible();
    if (action === 'registration') await screen.findByRole('checkbox');
  });

  it('Close posts OnClose to the parent, at the site origin only', async () => {
    mockApi();
    renderFrame('signin');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(parent.postMessage).toHaveBeenCalledTimes(1);
    expect(parent.postMessage).toHaveBeenCalledWith({ type: 'OnClose' }, window.location.origin);
    expect(parent.postMessage).not.toHaveBeenCalledWith(expect.anything(), '*');
  });

  it('Escape posts OnClose too', async () => {
    mockApi();
    renderFrame('registration');
    await screen.findByRole('checkbox');
    await userEvent.keyboard('{Escape}');
    expect(parent.postMessage).toHaveBeenCalledWith({ type: 'OnClose' }, 'http://localhost');
  });

  it("'Go back' posts OnGoBack and shows sign-in", async () => {
    mockApi();
    renderFrame('forgot-password');
    await userEvent.click(screen.getByRole('button', { name: 'Go back' }));
    expect(parent.postMessage).toHaveBeenCalledWith({ type: 'OnGoBack' }, 'http://localhost');
    expect(screen.getByRole('dialog', { name: 'Sign In' })).toBeVisible();
  });

  it('a sign-in in the frame records a frame login and tells the parent instead of reloading the frame', async () => {
    mockApi({ 'POST /authenticate': { body: sampleUser() } });
    renderFrame('signin');
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'Reader#2025pass');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(window.dataLayer).toEqual([{ event: 'login', method: 'frame' }]);
    expect(parent.postMessage).toHaveBeenCalledWith({ type: 'OnClose' }, 'http://localhost');
    expect(nav.reload).not.toHaveBeenCalled();
  });

  it('posts nothing when the page is not in a frame', async () => {
    Object.defineProperty(window, 'parent', { value: window, configurable: true });
    const post = jest.spyOn(window, 'postMessage');
    mockApi();
    renderFrame('forgot-password');
    await userEvent.click(screen.getByRole('button', { name: 'Go back' }));
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(post).not.toHaveBeenCalled();
  });

  it('accepts no incoming messages and ignores the bus', () => {
    mockApi();
    renderFrame('signin');
    act(() => {
      window.dispatchEvent(new MessageEvent('message', { data: { type: 'OnGoBack' }, origin: window.location.origin }));
      window.dispatchEvent(new MessageEvent('message', { data: { screen: 'registration' }, origin: window.location.origin }));
      bus.emit('auth:open', { screen: 'registration' });
    });
    expect(screen.getByRole('dialog', { name: 'Sign In' })).toBeVisible();
    expect(parent.postMessage).not.toHaveBeenCalled();
  });

  it('frameAction accepts only the spec actions', () => {
    expect(frameAction('registration')).toBe('registration');
    expect(frameAction('forgot-password')).toBe('forgot-password');
    expect(frameAction('profile_settings')).toBe('signin');
    expect(frameAction(null)).toBe('signin');
  });
});
