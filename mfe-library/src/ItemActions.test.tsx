import * as React from 'react';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FLYOUT_CONFIRMATION_MS, bus, instanceMarkers, userStore } from 'shared-contracts';
import { mockApiRoutes, sampleUser, type ApiRoute } from 'shared-contracts/src/testing';
import { allFolders, article, listen, setStatus, signIn, stopListening } from './testing/flyouts';
import ItemActionsDefault, { ItemActions } from './ItemActions';

beforeEach(() => {
  localStorage.clear();
  setStatus('unknown');
});
afterEach(() => {
  stopListening();
  jest.useRealTimers();
});

function libraryApi(saved: boolean, routes: Record<string, ApiRoute> = {}) {
  return mockApiRoutes({
    'GET /service/user/saves/a1/lists': saved ? { body: { id: 'a1', listIds: ['f-lib'] } } : { status: 404, body: { message: 'Not found' } },
    'GET /service/user/lists': { body: allFolders },
    'POST /service/user/saves': ({ body }) => ({ body: { id: (body as { id: string }).id, listIds: ['f-lib'] } }),
    ...routes,
  });
}

function root(container: HTMLElement) {
  return container.querySelector('[data-widget="item-actions"]');
}

describe('ItemActions', () => {
  it('is the default export too, as the shell loads it', () => {
    expect(ItemActionsDefault).toBe(ItemActions);
  });

  it('marks its root with the part, the widget, the saved state and the instance ids', () => {
    setStatus('guest');
    mockApiRoutes();
    const { container } = render(<ItemActions item={article} />);
    const el = root(container);
    const expected = instanceMarkers(React.createElement, userStore);
    expect(el).toHaveAttribute('data-remote-root', 'library');
    expect(el).toHaveAttribute('data-saved', 'false');
    expect(el).toHaveAttribute('data-react-instance', expected['data-react-instance']);
    expect(el).toHaveAttribute('data-store-instance', expected['data-store-instance']);
  });

  it('draws Save and Share as design-system ghost buttons in a button row', () => {
    setStatus('guest');
    mockApiRoutes();
    render(<ItemActions item={article} />);
    const group = screen.getByRole('group', { name: 'Save and share' });
    expect(group).toHaveClass('ds-button-row');
    for (const name of ['Save', 'Share']) expect(within(group).getByRole('button', { name })).toHaveClass('ds-button', 'ds-button--ghost');
  });

  it('waits with Save disabled while it is not known who reads; Share works at once', () => {
    const api = mockApiRoutes();
    render(<ItemActions item={article} />);
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Share' })).toBeEnabled();
    expect(api.fetch).not.toHaveBeenCalled();
  });

  it('asks a guest to sign in on Save (SITE-06) and opens no flyout', async () => {
    setStatus('guest');
    const api = mockApiRoutes();
    const opened = listen('auth:open');
    render(<ItemActions item={article} />);
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(save);
    expect(opened).toEqual([{ screen: 'signin', reason: 'save', intent: expect.any(Function) }]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.fetch).not.toHaveBeenCalled();
  });

  it('opens the save flyout once the guest who pressed Save has signed in through the modal (the intent)', async () => {
    setStatus('guest');
    const api = libraryApi(false);
    const opened = listen('auth:open');
    const { container } = render(<ItemActions item={article} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // What the shell's modal does after a sign-in: the user in the store, then the request's intent.
    const user = sampleUser();
    act(() => {
      userStore.getState().setUser(user);
      opened[0]!.intent!(user);
    });
    const dialog = await screen.findByRole('dialog', { name: 'Save to My Library' });
    expect(api.urls('GET /service/user/saves/a1/lists')).toHaveLength(1);
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('button', { name: 'Saved', pressed: true })).toBeInTheDocument();
    expect(root(container)).toHaveAttribute('data-saved', 'true');
  });

  it('opens the organize flyout instead when the member who signed in had saved the item already', async () => {
    setStatus('guest');
    libraryApi(true);
    const opened = listen('auth:open');
    render(<ItemActions item={article} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const user = sampleUser();
    act(() => {
      userStore.getState().setUser(user);
      opened[0]!.intent!(user);
    });
    expect(await screen.findByRole('dialog', { name: 'Organize folders' })).toBeInTheDocument();
  });

  it('opens nothing when the reader signs in some other way (the modal was closed, its intent dropped)', async () => {
    setStatus('guest');
    libraryApi(false);
    listen('auth:open');
    render(<ItemActions item={article} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    signIn();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens the share flyout for a guest (share needs no sign-in)', async () => {
    setStatus('guest');
    mockApiRoutes();
    const opened = listen('auth:open');
    render(<ItemActions item={article} />);
    await userEvent.click(screen.getByRole('button', { name: 'Share' }));
    const dialog = screen.getByRole('dialog', { name: 'Share' });
    expect(within(dialog).getByRole('tablist')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Connect with Facebook' })).toBeInTheDocument();
    expect(opened).toEqual([]);
  });

  it("a member's Save opens the save flyout; once saved it reads 'Saved', pressed, and announces 'Saved!'", async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    signIn();
    const api = libraryApi(false);
    const saved = listen('library:saved');
    const { container } = render(<ItemActions item={article} />);
    const save = await screen.findByRole('button', { name: 'Save' });
    await waitFor(() => expect(save).toBeEnabled());
    expect(save).toHaveAttribute('aria-pressed', 'false');
    expect(api.urls('GET /service/user/saves/a1/lists')).toHaveLength(1);

    await user.click(save);
    const dialog = screen.getByRole('dialog', { name: 'Save to My Library' });
    expect(save).toHaveAttribute('aria-expanded', 'true');
    await user.click(await within(dialog).findByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Saved!')).toBeInTheDocument();
    expect(saved).toEqual([{ id: 'a1', listIds: ['f-lib'] }]);

    act(() => jest.advanceTimersByTime(FLYOUT_CONFIRMATION_MS));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const button = screen.getByRole('button', { name: 'Saved' });
    expect(button).toHaveAttribute('aria-pressed', 'true');
    expect(button).toHaveFocus();
    expect(root(container)).toHaveAttribute('data-saved', 'true');
    expect(container.querySelector('.item-actions-status')).toHaveTextContent('Saved!');
    expect(container.querySelector('.item-actions-status')).toHaveAttribute('role', 'status');
  });

  it("shows 'Saved' for an item already in My Library, and opens the organize flyout", async () => {
    signIn();
    libraryApi(true);
    const { container } = render(<ItemActions item={article} />);
    const button = await screen.findByRole('button', { name: 'Saved', pressed: true });
    expect(root(container)).toHaveAttribute('data-saved', 'true');
    await userEvent.click(button);
    expect(screen.getByRole('dialog', { name: 'Organize folders' })).toBeInTheDocument();
  });

  it('a second click on the same button closes its flyout; the other button switches flyouts', async () => {
    signIn();
    libraryApi(false);
    render(<ItemActions item={article} />);
    const save = await screen.findByRole('button', { name: 'Save' });
    await waitFor(() => expect(save).toBeEnabled());
    await userEvent.click(save);
    expect(screen.getByRole('dialog', { name: 'Save to My Library' })).toBeInTheDocument();
    await userEvent.click(save);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await userEvent.click(save);
    await userEvent.click(screen.getByRole('button', { name: 'Share' }));
    expect(screen.getByRole('dialog', { name: 'Share' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Save to My Library' })).not.toBeInTheDocument();
  });

  it("announces a share: 'Shared via email'", async () => {
    signIn();
    libraryApi(false, { 'POST /service/user/share': { body: { message: 'ok' } } });
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const { container } = render(<ItemActions item={article} />);
    await user.click(screen.getByRole('button', { name: 'Share' }));
    await user.click(screen.getByRole('tab', { name: 'Email' }));
    await user.type(screen.getByRole('textbox', { name: 'To' }), 'ann@example.com');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByText('Shared via email');
    act(() => jest.advanceTimersByTime(FLYOUT_CONFIRMATION_MS));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(container.querySelector('.item-actions-status')).toHaveTextContent('Shared via email');
    expect(screen.getByRole('button', { name: 'Share' })).toHaveFocus();
  });

  it('follows a save made elsewhere on the page', async () => {
    signIn();
    libraryApi(false);
    render(<ItemActions item={article} />);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled());
    act(() => bus.emit('library:saved', { id: 'other', listIds: ['f-lib'] }));
    expect(screen.getByRole('button', { name: 'Save' })).toBeInTheDocument();
    act(() => bus.emit('library:saved', { id: 'a1', listIds: ['f-lib'] }));
    expect(screen.getByRole('button', { name: 'Saved', pressed: true })).toBeInTheDocument();
  });

  it('hides Save and Share for read-only content', () => {
    signIn();
    const api = libraryApi(false);
    const { container } = render(<ItemActions item={article} readOnly />);
    expect(api.fetch).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Share' })).not.toBeInTheDocument();
    expect(root(container)).toHaveAttribute('data-remote-root', 'library');
  });

  it('hides only Share when share is false (subscriber-only videos)', () => {
    setStatus('guest');
    mockApiRoutes();
    render(<ItemActions item={article} share={false} />);
    expect(screen.getByRole('button', { name: 'Save' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Share' })).not.toBeInTheDocument();
  });

  it('names the buttons after the item in lists (video tiles)', () => {
    setStatus('guest');
    mockApiRoutes();
    render(<ItemActions item={article} nameWithTitle />);
    expect(screen.getByRole('button', { name: 'Save Why Strategy Fails in the Middle' })).toHaveTextContent('Save');
    expect(screen.getByRole('button', { name: 'Share Why Strategy Fails in the Middle' })).toHaveTextContent('Share');
  });
});
