import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FLYOUT_CONFIRMATION_MS, MESSAGES, type Folder } from 'shared-contracts';
import { itemsRemovedFromLibrary } from 'shared-contracts/library';
import { mockApiRoutes } from 'shared-contracts/src/testing';
import LibraryFlyoutDefault, { LibraryFlyout, flyoutNeedsSignIn } from './LibraryFlyout';
import type { LibraryFlyoutRequest } from './contract';
import { article, listen, openFlyout, removeAdded, setStatus, signIn, stopListening, strategy } from '../../testing/flyouts';
import { LIBRARY_FLYOUT_TITLES, REMOVE_TEXT, SHARE_LIST_TEXT } from './text';

beforeEach(() => {
  localStorage.clear();
  setStatus('unknown');
});
afterEach(() => {
  stopListening();
  removeAdded();
  jest.useRealTimers();
});

const discard: LibraryFlyoutRequest = { kind: 'discard', item: article };

describe('LibraryFlyout frame', () => {
  it('is the default export too', () => {
    expect(LibraryFlyoutDefault).toBe(LibraryFlyout);
  });

  it('is a non-modal dialog named by its title, with focus moved into it', () => {
    signIn();
    mockApiRoutes();
    openFlyout(discard);
    const dialog = screen.getByRole('dialog', { name: LIBRARY_FLYOUT_TITLES.discard });
    expect(dialog).toHaveAttribute('aria-modal', 'false');
    expect(dialog).toHaveAttribute('data-library-flyout', 'discard');
    expect(dialog).toHaveAttribute('data-flyout-state', 'open');
    expect(dialog).toHaveFocus();
  });

  it('closes with the Close button and gives focus back to the opener', async () => {
    signIn();
    mockApiRoutes();
    const { onClose, onDone, opener } = openFlyout(discard);
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onDone).not.toHaveBeenCalled();
    expect(opener).toHaveFocus();
  });

  it('closes with Cancel and gives focus back to the opener', async () => {
    signIn();
    mockApiRoutes();
    const { onClose, opener } = openFlyout(discard);
    await userEvent.click(screen.getByRole('button', { name: REMOVE_TEXT.cancel }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(opener).toHaveFocus();
  });

  it('closes on Escape pressed inside it', async () => {
    signIn();
    mockApiRoutes();
    const { onClose, opener } = openFlyout(discard);
    screen.getByRole('button', { name: REMOVE_TEXT.remove }).focus();
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(opener).toHaveFocus();
  });

  it('closes on a click outside it, but not on a click inside it or on its opener', async () => {
    signIn();
    mockApiRoutes();
    const { onClose, opener, outside } = openFlyout(discard);
    await userEvent.click(screen.getByText(REMOVE_TEXT.question(article.title)));
    await userEvent.click(opener);
    expect(onClose).not.toHaveBeenCalled();
    await userEvent.click(outside);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('calls onClose only once however it is closed', async () => {
    signIn();
    mockApiRoutes();
    const { onClose } = openFlyout(discard);
    await userEvent.keyboard('{Escape}');
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

describe('sign-in check (SITE-06)', () => {
  const gated: LibraryFlyoutRequest[] = [
    { kind: 'save', item: article },
    { kind: 'organize', item: article },
    { kind: 'discard', item: article },
    { kind: 'bulk-discard', ids: ['a1', 'a2'] },
    { kind: 'bulk-organize', ids: ['a1', 'a2'] },
    { kind: 'share-list', folder: strategy },
  ];

  it.each(gated.map((r) => [r.kind, r] as const))('%s: a guest gets the sign-in modal and the flyout closes', (_kind, request) => {
    setStatus('guest');
    const api = mockApiRoutes();
    const opened = listen('auth:open');
    const { onClose, onDone } = openFlyout(request);
    expect(opened).toEqual([{ screen: 'signin', reason: 'save' }]);
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onDone).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.fetch).not.toHaveBeenCalled();
  });

  it('share needs no sign-in: a guest sees the share flyout', () => {
    setStatus('guest');
    mockApiRoutes();
    const opened = listen('auth:open');
    const { onClose } = openFlyout({ kind: 'share', item: article });
    expect(screen.getByRole('dialog', { name: LIBRARY_FLYOUT_TITLES.share })).toBeInTheDocument();
    expect(opened).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();
    expect(flyoutNeedsSignIn('share')).toBe(false);
    expect(flyoutNeedsSignIn('save')).toBe(true);
  });

  it('waits while it is not known who reads, then asks a guest to sign in', () => {
    const api = mockApiRoutes();
    const opened = listen('auth:open');
    const { onClose, opener } = openFlyout({ kind: 'save', item: article });
    expect(screen.getByRole('dialog')).toHaveTextContent('Loading…');
    expect(api.fetch).not.toHaveBeenCalled();
    setStatus('guest');
    expect(opened).toEqual([{ screen: 'signin', reason: 'save' }]);
    expect(onClose).toHaveBeenCalledTimes(1);
    // Focus went back to the opener before the modal opened, so the modal can return there.
    expect(opener).toHaveFocus();
  });

  it('a member whose session ended (401) is asked to sign in again', async () => {
    signIn();
    mockApiRoutes({ 'GET /service/user/lists': { status: 401, body: { message: 'Sign in' } } });
    const opened = listen('auth:open');
    const { onClose } = openFlyout({ kind: 'save', item: article });
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(opened).toEqual([{ screen: 'signin', reason: 'save' }]);
  });
});

describe('discard', () => {
  it("asks, removes, confirms 'Removed from My Library' for 2 s, then is done", async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    signIn();
    const api = mockApiRoutes({ 'DELETE /service/user/saves/a1': { body: { ok: true } } });
    const { onDone, onClose, opener } = openFlyout(discard);
    expect(screen.getByText(`Remove “${article.title}” from My Library?`)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove' }));

    const dialog = screen.getByRole('dialog');
    expect(await within(dialog).findByText(MESSAGES.library.removed)).toHaveAttribute('role', 'status');
    expect(dialog).toHaveAttribute('data-flyout-state', 'confirmation');
    expect(dialog).toHaveFocus();
    expect(api.urls('DELETE /service/user/saves/a1')).toHaveLength(1);
    act(() => jest.advanceTimersByTime(FLYOUT_CONFIRMATION_MS - 1));
    expect(onDone).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(1));
    expect(onDone).toHaveBeenCalledWith({ message: 'Removed from My Library' });
    expect(onClose).not.toHaveBeenCalled();
    expect(opener).toHaveFocus();
  });

  it('closing during the confirmation is done at once, with the message', async () => {
    signIn();
    mockApiRoutes({ 'DELETE /service/user/saves/a1': { body: { ok: true } } });
    const { onDone, onClose } = openFlyout(discard);
    await userEvent.click(screen.getByRole('button', { name: 'Remove' }));
    await screen.findByText(MESSAGES.library.removed);
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onDone).toHaveBeenCalledWith({ message: MESSAGES.library.removed });
    expect(onClose).not.toHaveBeenCalled();
  });

  it('a failure shows the generic failure and keeps the flyout open', async () => {
    signIn();
    mockApiRoutes({ 'DELETE /service/user/saves/a1': { status: 500, body: { message: 'boom' } } });
    const { onDone, onClose } = openFlyout(discard);
    await userEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText(MESSAGES.generic)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove' })).toBeEnabled();
    expect(onDone).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('bulk discard', () => {
  it("asks about N items and confirms '1 item removed from My Library'", async () => {
    signIn();
    const api = mockApiRoutes({ 'DELETE /service/user/saves/bulk': { body: { count: 1 } } });
    openFlyout({ kind: 'bulk-discard', ids: ['a1'] });
    expect(screen.getByText('Remove 1 item from My Library?')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('1 item removed from My Library')).toHaveAttribute('role', 'status');
    expect(api.sent('DELETE /service/user/saves/bulk')).toEqual([{ ids: ['a1'] }]);
  });

  it("counts several: 'Remove 3 items ...' and '3 items removed from My Library'", async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    signIn();
    mockApiRoutes({ 'DELETE /service/user/saves/bulk': { body: { count: 3 } } });
    const { onDone } = openFlyout({ kind: 'bulk-discard', ids: ['a1', 'a2', 'a3'] });
    expect(screen.getByText('Remove 3 items from My Library?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    await screen.findByText(itemsRemovedFromLibrary(3));
    act(() => jest.advanceTimersByTime(FLYOUT_CONFIRMATION_MS));
    expect(onDone).toHaveBeenCalledWith({ message: '3 items removed from My Library' });
  });
});

describe('share list', () => {
  const folder: Folder = strategy;

  it("shows the folder's link read-only and copies it with 'Copy link'", async () => {
    signIn();
    const api = mockApiRoutes({ 'GET /service/user/list/url/f-strategy': { body: { listurl: '/shared-list/tok123' } } });
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    try {
      openFlyout({ kind: 'share-list', folder });
      const link = await screen.findByLabelText(SHARE_LIST_TEXT.link);
      expect(link).toHaveAttribute('readonly');
      expect(link).toHaveValue(`${window.location.origin}/shared-list/tok123`);
      expect(api.urls('GET /service/user/list/url/f-strategy')).toHaveLength(1);
      await userEvent.click(screen.getByRole('button', { name: 'Copy link' }));
      expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/shared-list/tok123`);
      expect(await screen.findByText('Link copied')).toHaveAttribute('role', 'status');
    } finally {
      Reflect.deleteProperty(navigator, 'clipboard');
    }
  });

  it('without a clipboard, selects the link for the reader to copy', async () => {
    signIn();
    mockApiRoutes({ 'GET /service/user/list/url/f-strategy': { body: { listurl: 'https://example.test/shared-list/t' } } });
    openFlyout({ kind: 'share-list', folder });
    const link = await screen.findByLabelText<HTMLInputElement>(SHARE_LIST_TEXT.link);
    expect(link).toHaveValue('https://example.test/shared-list/t');
    await userEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(link).toHaveFocus();
    expect(screen.getByText(SHARE_LIST_TEXT.selectToCopy)).toBeInTheDocument();
  });

  it('a failure shows the generic failure', async () => {
    signIn();
    mockApiRoutes({ 'GET /service/user/list/url/f-strategy': { status: 500, body: { message: 'x' } } });
    openFlyout({ kind: 'share-list', folder });
    expect(await screen.findByText(MESSAGES.generic)).toBeInTheDocument();
  });
});
