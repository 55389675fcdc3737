import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from 'shared-contracts';
import { LIBRARY_EMPTY_TEXT } from 'shared-contracts/library';
import { libraryApi, libraryItem, orderedItem, savedItems, signIn } from '../testing/fixtures';
import { renderLibrary, testNavigate } from '../testing/render';

jest.mock('../components/flyouts/LibraryFlyout', () => require('../testing/flyoutStub'));

const tabs = () => screen.getByRole('tablist', { name: 'Library content' });
const tab = (name: string) => within(tabs()).getByRole('tab', { name });

beforeEach(() => signIn());

describe('the content tabs', () => {
  it('offers Saved, Read, Shared, Watched, Ordered and Topics, Saved selected', async () => {
    libraryApi();
    renderLibrary('/my-library');
    await screen.findByRole('tablist', { name: 'Library content' });
    const all = within(tabs()).getAllByRole('tab');
    expect(all.map((t) => t.textContent)).toEqual(['Saved', 'Read', 'Shared', 'Watched', 'Ordered', 'Topics']);
    expect(tab('Saved')).toHaveAttribute('aria-selected', 'true');
    expect(all.filter((t) => t.getAttribute('tabindex') === '0')).toEqual([tab('Saved')]);
    expect(screen.getByRole('tabpanel', { name: 'Saved' })).toHaveAttribute('data-library-tab', 'saved');
  });

  it('moves between tabs with the arrow keys, Home and End', async () => {
    libraryApi();
    renderLibrary('/my-library');
    await screen.findByRole('tablist', { name: 'Library content' });
    tab('Saved').focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(tab('Read')).toHaveFocus();
    expect(tab('Read')).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{End}');
    expect(tab('Topics')).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    expect(tab('Saved')).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(tab('Topics')).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{Home}');
    expect(tab('Saved')).toHaveAttribute('aria-selected', 'true');
  });

  it.each([
    ['Read', 'read', 'Read March 04, 2025'],
    ['Shared', 'shared', 'Shared March 04, 2025'],
    ['Watched', 'watched', 'Watched March 04, 2025'],
  ] as const)('%s loads its history from page 0 and dates each item with the verb', async (name, activity, dated) => {
    const api = libraryApi({
      history: {
        [activity]: [libraryItem({ id: 'h1', title: 'A history item' }, { activity, selectable: false, provider: activity === 'shared' ? 'email' : null })],
      },
    });
    renderLibrary('/my-library');
    await userEvent.click(await screen.findByRole('tab', { name }));
    const item = (await screen.findByRole('link', { name: 'A history item' })).closest('li')!;
    expect(item).toHaveAttribute('data-activity', activity);
    expect(within(item).getByText(dated)).toBeInTheDocument();
    expect(api.urls(`GET /service/user/history/${activity}`).map((u) => u.search)).toEqual(['?page=0&size=10']);
    expect(screen.getByRole('tabpanel', { name })).toHaveAttribute('data-library-tab', activity);
  });

  it('Ordered shows the order entries', async () => {
    libraryApi({ history: { ordered: [orderedItem('o1', 'Order of March 4')] } });
    renderLibrary('/my-library');
    await userEvent.click(await screen.findByRole('tab', { name: 'Ordered' }));
    const item = (await screen.findByRole('link', { name: 'Order of March 4' })).closest('li')!;
    expect(await within(item).findByText('Purchased')).toBeInTheDocument();
    expect(within(item).getByText('Ordered March 04, 2025')).toBeInTheDocument();
    expect(within(item).getByRole('link', { name: 'View order' })).toHaveAttribute('href', '/order/o1');
  });

  it.each([
    ['Read', 'read'],
    ['Shared', 'shared'],
    ['Watched', 'watched'],
    ['Ordered', 'ordered'],
  ] as const)('%s shows its own empty state', async (name, type) => {
    libraryApi();
    renderLibrary('/my-library');
    await userEvent.click(await screen.findByRole('tab', { name }));
    const empty = await screen.findByText(LIBRARY_EMPTY_TEXT[type]);
    expect(empty.closest('[data-empty-state]')).toHaveAttribute('data-empty-state', type);
  });

  it("loads 10 a page and offers 'Load more' until the last page", async () => {
    const api = libraryApi({ saves: savedItems(23) });
    renderLibrary('/my-library');
    await screen.findByRole('link', { name: 'Article a1' });
    const list = () => screen.getByRole('list', { name: 'All Folders' });
    expect(list().querySelectorAll(':scope > li')).toHaveLength(10);

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: 'Article a20' })).toBeInTheDocument();
    expect(list().querySelectorAll(':scope > li')).toHaveLength(20);

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: 'Article a23' })).toBeInTheDocument();
    expect(list().querySelectorAll(':scope > li')).toHaveLength(23);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(api.urls('GET /service/user/saves').map((u) => u.search)).toEqual(['?page=0&size=10', '?page=1&size=10', '?page=2&size=10']);
  });

  it('puts the tab in the address (?tab=), so Back and Forward move between tabs and Saved has none', async () => {
    libraryApi();
    renderLibrary('/my-library');
    const search = () => screen.getByTestId('where-search').textContent;
    await userEvent.click(await screen.findByRole('tab', { name: 'Read' }));
    expect(search()).toBe('?tab=read');
    await userEvent.click(tab('Ordered'));
    expect(search()).toBe('?tab=ordered');
    expect(screen.getByRole('tabpanel', { name: 'Ordered' })).toHaveAttribute('data-library-tab', 'ordered');

    act(() => testNavigate(-1));
    expect(search()).toBe('?tab=read');
    expect(tab('Read')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Read' })).toHaveAttribute('data-library-tab', 'read');
    act(() => testNavigate(-1));
    expect(search()).toBe('');
    expect(tab('Saved')).toHaveAttribute('aria-selected', 'true');
    act(() => testNavigate(1));
    expect(tab('Read')).toHaveAttribute('aria-selected', 'true');
    await userEvent.click(tab('Saved'));
    expect(search()).toBe('');
  });

  it.each([
    ['/my-library?tab=topics', 'Topics'],
    ['/my-library/library/strategy-reads?tab=shared', 'Shared'],
    ['/my-library?tab=nonsense', 'Saved'],
  ])('opens %s on the %s tab (a link or a reload shows the same tab)', async (path, name) => {
    libraryApi();
    renderLibrary(path);
    await screen.findByRole('tablist', { name: 'Library content' });
    expect(tab(name)).toHaveAttribute('aria-selected', 'true');
  });

  it('a folder link brings back the Saved tab of that folder', async () => {
    libraryApi({ folderItems: { 'f-strategy': savedItems(1, 's') } });
    renderLibrary('/my-library');
    await userEvent.click(await screen.findByRole('tab', { name: 'Read' }));
    await userEvent.click(screen.getByRole('link', { name: /Strategy reads/ }));
    expect(await screen.findByRole('link', { name: 'Article s1' })).toBeInTheDocument();
    expect(tab('Saved')).toHaveAttribute('aria-selected', 'true');
  });

  it('says a list could not be loaded and tries again', async () => {
    let fail = true;
    const items = savedItems(1);
    libraryApi(
      {},
      {
        'GET /service/user/saves': () =>
          fail
            ? { status: 500, body: { message: 'boom' } }
            : {
                body: {
                  entry: items,
                  page: { number: 0, size: 10, totalPages: 1, totalElements: 1, last: true },
                  type: 'saves',
                  isPaywallEnabled: false,
                  maintenanceStatus: false,
                },
              },
      },
    );
    renderLibrary('/my-library');
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load this list. Please try again.');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Article a1' })).toBeInTheDocument();
  });

  it('shows the maintenance notice when the server reports maintenance', async () => {
    libraryApi(
      {},
      {
        'GET /service/user/history/ordered': {
          body: {
            entry: [],
            page: { number: 0, size: 10, totalPages: 0, totalElements: 0, last: true },
            type: 'ordered',
            isPaywallEnabled: false,
            maintenanceStatus: true,
          },
        },
      },
    );
    renderLibrary('/my-library');
    await userEvent.click(await screen.findByRole('tab', { name: 'Ordered' }));
    expect(await screen.findByText(MESSAGES.maintenance)).toBeInTheDocument();
    expect(document.querySelector('[data-list-state]')).toHaveAttribute('data-list-state', 'maintenance');
  });
});
