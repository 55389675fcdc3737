import { screen, within } from '@testing-library/react';
import { CUSTOMER_SERVICE_EMAIL, MESSAGES } from 'shared-contracts';
import { LIBRARY_EMPTY_TEXT, type SharedList } from 'shared-contracts/library';
import { mockApiRoutes } from 'shared-contracts/src/testing';
import { libraryItem, setStatus, signIn, strategy } from '../testing/fixtures';
import { renderLibrary } from '../testing/render';

jest.mock('../components/flyouts/LibraryFlyout', () => require('../testing/flyoutStub'));

const shared: SharedList = {
  folder: strategy,
  ownerFirstName: 'Ada',
  items: [
    libraryItem({ id: 'a1', title: 'Why Strategy Fails', productLink: '/product/why-strategy-fails/1' }),
    libraryItem({ id: 'a2', title: 'Plans that Work', contentType: 'Book', listPrice: 2500 }, { selectable: false }),
  ],
};

const root = () => document.querySelector('[data-shared-folder]');

describe('a shared folder page', () => {
  it("shows the folder's name, description, 'Shared by' the owner and its items, to a guest", async () => {
    setStatus('guest');
    const api = mockApiRoutes({ 'GET /api/shared-list/tok123': { body: shared } });
    renderLibrary('/my-library/shared/tok123');
    expect(await screen.findByRole('heading', { level: 1, name: 'Strategy reads' })).toBeInTheDocument();
    expect(root()).toHaveAttribute('data-shared-folder', 'ready');
    expect(screen.getByText('Long reads on strategy.')).toBeInTheDocument();
    expect(screen.getByText('Shared by Ada')).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Strategy reads' });
    expect(within(list).getByRole('link', { name: 'Why Strategy Fails' })).toBeInTheDocument();
    expect(within(list).getByRole('link', { name: 'Plans that Work' })).toBeInTheDocument();
    expect(api.fetch).toHaveBeenCalledTimes(1);
  });

  it('shows the items read-only: no Save, Move, Share, Buy Copies, Discard or checkbox', async () => {
    signIn();
    mockApiRoutes({ 'GET /api/shared-list/tok123': { body: shared } });
    renderLibrary('/my-library/shared/tok123');
    await screen.findByRole('heading', { level: 1, name: 'Strategy reads' });
    expect(screen.queryAllByRole('button')).toEqual([]);
    expect(screen.queryAllByRole('checkbox')).toEqual([]);
    expect(screen.queryByRole('link', { name: /Buy Copies/ })).not.toBeInTheDocument();
    for (const li of document.querySelectorAll('li[data-item-id]')) expect(li).toHaveAttribute('data-read-only', 'true');
    // The price block is not an action: it stays.
    expect(document.querySelector('[data-item-id="a2"] [data-price-block]')).toHaveTextContent('$25.00');
  });

  it('an empty shared folder shows the content empty state', async () => {
    setStatus('guest');
    mockApiRoutes({ 'GET /api/shared-list/tok123': { body: { ...shared, items: [] } } });
    renderLibrary('/my-library/shared/tok123');
    const empty = await screen.findByText(LIBRARY_EMPTY_TEXT.content);
    expect(empty.closest('[data-empty-state]')).toHaveAttribute('data-empty-state', 'content');
  });

  it('a 404 says the link is not valid', async () => {
    setStatus('guest');
    mockApiRoutes({});
    renderLibrary('/my-library/shared/unknown');
    expect(await screen.findByRole('alert')).toHaveTextContent(/^This shared folder link is not valid\.$/);
    expect(root()).toHaveAttribute('data-shared-folder', 'invalid');
    expect(screen.getByRole('heading', { level: 1, name: 'Shared folder' })).toBeInTheDocument();
  });

  it('another failure shows the generic failure', async () => {
    setStatus('guest');
    mockApiRoutes({ 'GET /api/shared-list/tok123': { status: 500, body: { message: 'boom' } } });
    renderLibrary('/my-library/shared/tok123');
    expect(await screen.findByText(MESSAGES.generic)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: CUSTOMER_SERVICE_EMAIL })).toBeInTheDocument();
    expect(root()).toHaveAttribute('data-shared-folder', 'error');
  });
});
