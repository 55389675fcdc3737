import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from 'shared-contracts';
import { libraryApi, libraryItem, savedItems, signIn } from '../testing/fixtures';
import { renderLibrary } from '../testing/render';

jest.mock('../components/flyouts/LibraryFlyout', () => require('../testing/flyoutStub'));

const announcer = () => document.querySelector('[data-library-announcer]')!;
const bar = () => screen.queryByRole('group', { name: 'Bulk actions' });
const check = (title: string) => screen.getByRole('checkbox', { name: `Select ${title}` });
const flyout = () => screen.getByRole('dialog');
const nav = () => screen.getByRole('navigation', { name: 'Folders' });

beforeEach(() => signIn());

describe('bulk actions', () => {
  it("shows the bar once an item is selected, with 'N selected'", async () => {
    libraryApi();
    renderLibrary('/my-library');
    await screen.findByRole('link', { name: 'Article a1' });
    expect(bar()).not.toBeInTheDocument();
    await userEvent.click(check('Article a1'));
    expect(bar()).toHaveTextContent('1 selected');
    expect(bar()).toHaveAttribute('data-selected-count', '1');
    await userEvent.click(check('Article a3'));
    expect(bar()).toHaveTextContent('2 selected');
    expect(within(bar()!).getByRole('button', { name: 'Move to folders' })).toBeInTheDocument();
    expect(within(bar()!).getByRole('button', { name: 'Remove' })).toBeInTheDocument();
    await userEvent.click(check('Article a1'));
    await userEvent.click(check('Article a3'));
    expect(bar()).not.toBeInTheDocument();
  });

  it("'Select all' selects every selectable item and clears them again", async () => {
    libraryApi();
    renderLibrary('/my-library');
    await screen.findByRole('link', { name: 'Article a1' });
    const all = screen.getByRole('checkbox', { name: 'Select all' });
    await userEvent.click(check('Article a2'));
    expect(all).not.toBeChecked();
    expect((all as HTMLInputElement).indeterminate).toBe(true);
    await userEvent.click(all);
    expect(all).toBeChecked();
    expect(bar()).toHaveTextContent('3 selected');
    expect(['Article a1', 'Article a2', 'Article a3'].every((t) => (check(t) as HTMLInputElement).checked)).toBe(true);
    await userEvent.click(all);
    expect(bar()).not.toBeInTheDocument();
    expect((all as HTMLInputElement).indeterminate).toBe(false);
  });

  it('a list without selectable items has no Select all', async () => {
    libraryApi({ history: { read: [libraryItem({ id: 'r1' }, { activity: 'read', selectable: false })] } });
    renderLibrary('/my-library');
    await userEvent.click(await screen.findByRole('tab', { name: 'Read' }));
    await screen.findByRole('link', { name: 'Article r1' });
    expect(screen.queryByRole('checkbox', { name: 'Select all' })).not.toBeInTheDocument();
  });

  it('Remove opens the bulk-discard flyout; after onDone the list and the counts load again and the message is said', async () => {
    const api = libraryApi();
    renderLibrary('/my-library');
    await screen.findByRole('link', { name: 'Article a1' });
    await userEvent.click(check('Article a1'));
    await userEvent.click(check('Article a2'));
    await userEvent.click(within(bar()!).getByRole('button', { name: 'Remove' }));
    expect(flyout()).toHaveAttribute('data-library-flyout', 'bulk-discard');
    expect(flyout()).toHaveAttribute('data-flyout-target', 'a1,a2');

    // What the server holds once the flyout removed them.
    api.data.saves = api.data.saves.filter((i) => i.id === 'a3');
    api.data.folders = api.data.folders.map((f) => (f.id === 'f-lib' ? { ...f, itemCount: 1 } : f));
    await userEvent.click(screen.getByRole('button', { name: 'Flyout done' }));

    expect(announcer()).toHaveTextContent('2 items removed from My Library');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Article a1' })).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'Article a3' })).toBeInTheDocument();
    expect(await within(nav()).findByRole('link', { name: 'My Library (1 item)' })).toBeInTheDocument();
    expect(bar()).not.toBeInTheDocument();
    // The removed items' buttons are gone: focus is on the list's heading, not lost to the page.
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'All Folders' })).toHaveFocus());
    expect(api.count('GET /service/user/saves')).toBe(2);
    expect(api.count('GET /service/user/lists')).toBe(2);
  });

  it("Move to folders opens the bulk-organize flyout and says 'N items added to folders'", async () => {
    const api = libraryApi();
    renderLibrary('/my-library');
    await screen.findByRole('link', { name: 'Article a1' });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all' }));
    await userEvent.click(within(bar()!).getByRole('button', { name: 'Move to folders' }));
    expect(flyout()).toHaveAttribute('data-library-flyout', 'bulk-organize');
    expect(flyout()).toHaveAttribute('data-flyout-target', 'a1,a2,a3');
    await userEvent.click(screen.getByRole('button', { name: 'Flyout done' }));
    expect(announcer()).toHaveTextContent('3 items added to folders');
    await waitFor(() => expect(api.count('GET /service/user/saves')).toBe(2));
    // The selection ends with the change.
    await waitFor(() => expect(bar()).not.toBeInTheDocument());
  });

  it('closing a flyout without a change reloads nothing', async () => {
    const api = libraryApi();
    renderLibrary('/my-library');
    await screen.findByRole('link', { name: 'Article a1' });
    await userEvent.click(check('Article a1'));
    await userEvent.click(within(bar()!).getByRole('button', { name: 'Remove' }));
    await userEvent.click(screen.getByRole('button', { name: 'Flyout close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(bar()).toHaveTextContent('1 selected');
    expect(api.count('GET /service/user/saves')).toBe(1);
    expect(announcer()).toHaveTextContent('');
  });
});

describe('card flyouts', () => {
  it.each([
    ['Move', 'organize', MESSAGES.library.foldersUpdated],
    ['Discard', 'discard', MESSAGES.library.removed],
    ['Share', 'share', 'Shared via email'],
  ])('%s opens the %s flyout for the item; its message is said after onDone', async (button, kind, message) => {
    const api = libraryApi({ saves: savedItems(2) });
    renderLibrary('/my-library');
    await userEvent.click(await screen.findByRole('button', { name: `${button} Article a2` }));
    expect(flyout()).toHaveAttribute('data-library-flyout', kind);
    expect(flyout()).toHaveAttribute('data-flyout-target', 'a2');
    expect(flyout()).toHaveAttribute('data-return-focus', `${button} Article a2`);
    await userEvent.click(screen.getByRole('button', { name: 'Flyout done' }));
    expect(announcer()).toHaveTextContent(message);
    await waitFor(() => expect(api.count('GET /service/user/saves')).toBe(2));
  });

  it('Save on a read item opens the save flyout and reloads the history after onDone', async () => {
    const api = libraryApi({ history: { read: [libraryItem({ id: 'r1' }, { activity: 'read', selectable: false })] } });
    renderLibrary('/my-library');
    await userEvent.click(await screen.findByRole('tab', { name: 'Read' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Save Article r1' }));
    expect(flyout()).toHaveAttribute('data-library-flyout', 'save');
    await userEvent.click(screen.getByRole('button', { name: 'Flyout done' }));
    expect(announcer()).toHaveTextContent('Saved!');
    await waitFor(() => expect(api.count('GET /service/user/history/read')).toBe(2));
    expect(api.count('GET /service/user/lists')).toBe(2);
  });

  it('Share folder opens the share-list flyout for the selected folder', async () => {
    libraryApi();
    renderLibrary('/my-library/library/strategy-reads');
    await userEvent.click(await screen.findByRole('button', { name: 'Share folder' }));
    expect(flyout()).toHaveAttribute('data-library-flyout', 'share-list');
    expect(flyout()).toHaveAttribute('data-flyout-target', 'strategy-reads');
  });
});
