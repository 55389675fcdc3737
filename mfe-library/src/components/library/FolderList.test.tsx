import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES, type Folder } from 'shared-contracts';
import { LIBRARY_EMPTY_TEXT, LIBRARY_MESSAGES } from 'shared-contracts/library';
import { gifts, libraryApi, myLibrary, savedItems, signIn, strategy } from '../../testing/fixtures';
import { renderLibrary } from '../../testing/render';

jest.mock('../flyouts/LibraryFlyout', () => require('../../testing/flyoutStub'));

const nav = () => screen.getByRole('navigation', { name: 'Folders' });
const folderItem = (slug: string) => nav().querySelector<HTMLElement>(`li[data-folder-slug="${slug}"]`)!;
const where = () => screen.getByTestId('where').textContent;
const announcer = () => document.querySelector('[data-library-announcer]')!;
const nameField = () => screen.getByLabelText('Folder name');

beforeEach(() => signIn());

describe('the folder list', () => {
  it('lists All Folders first and then every folder with its item count; All Folders is selected at /my-library', async () => {
    const api = libraryApi();
    renderLibrary('/my-library');
    expect(screen.getByRole('heading', { level: 1, name: 'My Library' })).toBeInTheDocument();
    await screen.findByRole('navigation', { name: 'Folders' });
    const links = within(nav()).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(['All Folders', 'My Library (3 items)', 'Strategy reads (2 items)', 'Holiday gifts (1 item)']);
    expect(links.map((l) => l.getAttribute('href'))).toEqual([
      '/my-library',
      '/my-library/library/my-library',
      '/my-library/library/strategy-reads',
      '/my-library/library/holiday-gifts',
    ]);
    expect(within(nav()).getByRole('link', { name: 'All Folders' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('heading', { level: 2, name: 'All Folders' })).toBeInTheDocument();
    expect(nav()).toHaveAttribute('data-folder-editing', 'none');
    // All Folders shows every saved item.
    expect(await screen.findByRole('link', { name: 'Article a1' })).toBeInTheDocument();
    expect(api.count('GET /service/user/saves')).toBe(1);
  });

  it('marks read-only folders, but not My Library, which every save fills; the gift icon only for gift-named slugs', async () => {
    const giftsFolder: Folder = { id: 'f-gifts-ro', name: 'Gifts', description: '', slug: 'gifts', readOnly: true, itemCount: 2 };
    libraryApi({ folders: [myLibrary, strategy, gifts, giftsFolder] });
    renderLibrary('/my-library');
    await screen.findByRole('navigation', { name: 'Folders' });
    expect(folderItem('my-library')).toHaveAttribute('data-read-only', 'true');
    expect(within(folderItem('my-library')).queryByText('Read-only')).not.toBeInTheDocument();
    expect(within(folderItem('gifts')).getByText('Read-only')).toBeInTheDocument();
    expect(within(folderItem('my-library')).queryByRole('img', { name: 'Gift' })).not.toBeInTheDocument();
    expect(within(folderItem('holiday-gifts')).getByRole('img', { name: 'Gift' })).toBeInTheDocument();
    expect(folderItem('holiday-gifts')).toHaveAttribute('data-gift', 'true');
    expect(within(folderItem('strategy-reads')).queryByRole('img', { name: 'Gift' })).not.toBeInTheDocument();
    expect(within(folderItem('strategy-reads')).queryByText('Read-only')).not.toBeInTheDocument();
  });

  it('selects the folder of the path and shows its items', async () => {
    const api = libraryApi({ folderItems: { 'f-strategy': savedItems(2, 's') } });
    renderLibrary('/my-library/library/strategy-reads');
    await screen.findByRole('navigation', { name: 'Folders' });
    expect(within(nav()).getByRole('link', { name: /Strategy reads/ })).toHaveAttribute('aria-current', 'page');
    expect(within(nav()).getByRole('link', { name: 'All Folders' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('heading', { level: 2, name: 'Strategy reads' })).toBeInTheDocument();
    expect(screen.getByText('Long reads on strategy.')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Article s1' })).toBeInTheDocument();
    expect(api.urls('GET /service/user/list/f-strategy')[0]?.search).toBe('?page=0&size=10');
    expect(api.count('GET /service/user/saves')).toBe(0);
  });

  it('a folder link changes the address and shows that folder without loading the folders again', async () => {
    const api = libraryApi({ folderItems: { 'f-strategy': savedItems(1, 's') } });
    renderLibrary('/my-library');
    await screen.findByRole('link', { name: 'Article a1' });
    await userEvent.click(within(nav()).getByRole('link', { name: /Strategy reads/ }));
    expect(where()).toBe('/my-library/library/strategy-reads');
    expect(screen.getByRole('heading', { level: 2, name: 'Strategy reads' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Article s1' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Article a1' })).not.toBeInTheDocument();
    await userEvent.click(within(nav()).getByRole('link', { name: 'All Folders' }));
    expect(where()).toBe('/my-library');
    expect(await screen.findByRole('link', { name: 'Article a1' })).toBeInTheDocument();
    expect(api.count('GET /service/user/lists')).toBe(1);
  });

  it('says Folder not found for a slug the reader does not have', async () => {
    libraryApi();
    renderLibrary('/my-library/library/no-such-folder');
    expect(await screen.findByRole('heading', { level: 2, name: 'Folder not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to All Folders' })).toHaveAttribute('href', '/my-library');
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
  });

  it('shows the library empty state for an empty All Folders and the content one for an empty folder', async () => {
    libraryApi({ saves: [], folderItems: { 'f-strategy': [] } });
    renderLibrary('/my-library');
    const empty = await screen.findByText(LIBRARY_EMPTY_TEXT.library);
    expect(empty.closest('[data-empty-state]')).toHaveAttribute('data-empty-state', 'library');
    await userEvent.click(within(nav()).getByRole('link', { name: /Strategy reads/ }));
    const content = await screen.findByText(LIBRARY_EMPTY_TEXT.content);
    expect(content.closest('[data-empty-state]')).toHaveAttribute('data-empty-state', 'content');
  });
});

describe('folder editing: new', () => {
  it("'New folder' opens the form (state new) with the name focused and Save disabled", async () => {
    libraryApi();
    renderLibrary('/my-library');
    await userEvent.click(await screen.findByRole('button', { name: 'New folder' }));
    expect(nav()).toHaveAttribute('data-folder-editing', 'new');
    const form = screen.getByRole('form', { name: 'New folder' });
    expect(nameField()).toHaveFocus();
    expect(within(form).getByLabelText('Description (optional)')).toHaveValue('');
    expect(within(form).getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(nameField()).not.toHaveAttribute('aria-invalid');
  });

  it('applies the name rules as the reader types: duplicates ignoring case and spaces, the pattern, blank', async () => {
    libraryApi();
    renderLibrary('/my-library');
    await userEvent.click(await screen.findByRole('button', { name: 'New folder' }));
    const save = screen.getByRole('button', { name: 'Save' });

    const expectError = (text: string) => {
      expect(nameField()).toHaveAttribute('aria-invalid', 'true');
      const id = nameField().getAttribute('aria-describedby')!;
      expect(document.getElementById(id)).toHaveTextContent(text);
      expect(screen.getByRole('alert')).toHaveTextContent(text);
      expect(save).toBeDisabled();
    };

    await userEvent.type(nameField(), 'STRATEGY READS');
    expectError('A folder with this title already exists.');
    expect(MESSAGES.folder.duplicate).toBe('A folder with this title already exists.');

    await userEvent.clear(nameField());
    await userEvent.type(nameField(), 'Strategyreads');
    expectError(MESSAGES.folder.duplicate);

    await userEvent.clear(nameField());
    expectError(MESSAGES.required);

    await userEvent.type(nameField(), 'Q&A');
    expectError(MESSAGES.folder.invalidName);

    await userEvent.clear(nameField());
    await userEvent.type(nameField(), 'A'.repeat(31));
    expectError(MESSAGES.folder.invalidName);

    await userEvent.clear(nameField());
    await userEvent.type(nameField(), 'Board prep 2025');
    expect(nameField()).not.toHaveAttribute('aria-invalid');
    expect(nameField()).not.toHaveAttribute('aria-describedby');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(save).toBeEnabled();
  });

  it('creates the folder, selects it and shows the newFolderCreated empty state', async () => {
    const created: Folder = { id: 'f-new', name: 'Board prep', description: 'For the board', slug: 'board-prep', readOnly: false, itemCount: 0 };
    const api = libraryApi({ folderItems: { 'f-new': [] } }, { 'POST /service/user/lists': { status: 201, body: created } });
    renderLibrary('/my-library');
    await userEvent.click(await screen.findByRole('button', { name: 'New folder' }));
    await userEvent.type(nameField(), 'Board prep');
    await userEvent.type(screen.getByLabelText('Description (optional)'), 'For the board');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('heading', { level: 2, name: 'Board prep' })).toHaveFocus();
    expect(api.sent('POST /service/user/lists')).toEqual([{ name: 'Board prep', description: 'For the board' }]);
    expect(where()).toBe('/my-library/library/board-prep');
    expect(within(nav()).getByRole('link', { name: 'Board prep (0 items)' })).toHaveAttribute('aria-current', 'page');
    expect(nav()).toHaveAttribute('data-folder-editing', 'none');
    expect(screen.queryByRole('form', { name: 'New folder' })).not.toBeInTheDocument();
    const empty = await screen.findByText(LIBRARY_EMPTY_TEXT.newFolderCreated);
    expect(empty.closest('[data-empty-state]')).toHaveAttribute('data-empty-state', 'newFolderCreated');
    expect(announcer()).toHaveTextContent('Folder Board prep created.');
  });

  it("shows the server's message on a 409 and keeps the form", async () => {
    libraryApi({}, { 'POST /service/user/lists': { status: 409, body: { message: 'Folder Board prep already exists' } } });
    renderLibrary('/my-library');
    await userEvent.click(await screen.findByRole('button', { name: 'New folder' }));
    await userEvent.type(nameField(), 'Board prep');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Folder Board prep already exists');
    expect(nav()).toHaveAttribute('data-folder-editing', 'new');
    expect(nameField()).toHaveValue('Board prep');
    expect(where()).toBe('/my-library');
  });

  it.each([
    [
      'the first error text',
      { status: 400, body: { message: 'Validation failed', errors: [{ field: 'name', errorMessage: 'Name is not allowed.' }] } },
      'Name is not allowed.',
    ],
    ['the response message', { status: 500, body: { message: 'Folders are read-only right now.' } }, 'Folders are read-only right now.'],
    ['the save error without an answer', { status: 502, body: null }, MESSAGES.folder.saveError],
  ])('shows %s when creating fails otherwise', async (_, answer, text) => {
    libraryApi({}, { 'POST /service/user/lists': answer });
    renderLibrary('/my-library');
    await userEvent.click(await screen.findByRole('button', { name: 'New folder' }));
    await userEvent.type(nameField(), 'Board prep');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('Cancel (and Escape) closes the form and gives the focus back to New folder', async () => {
    const api = libraryApi();
    renderLibrary('/my-library');
    const button = await screen.findByRole('button', { name: 'New folder' });
    await userEvent.click(button);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(nav()).toHaveAttribute('data-folder-editing', 'none');
    expect(button).toHaveFocus();
    await userEvent.click(button);
    await userEvent.keyboard('{Escape}');
    expect(nav()).toHaveAttribute('data-folder-editing', 'none');
    expect(api.count('POST /service/user/lists')).toBe(0);
  });
});

describe('folder editing: rename and delete', () => {
  it('read-only folders offer neither Rename nor Delete; every folder can be shared', async () => {
    libraryApi();
    renderLibrary('/my-library/library/my-library');
    expect(await screen.findByRole('heading', { level: 2, name: 'My Library' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Rename' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Share folder' }));
    const flyout = screen.getByRole('dialog', { name: 'Flyout share-list' });
    expect(flyout).toHaveAttribute('data-flyout-target', myLibrary.slug);
  });

  it('All Folders offers no folder actions', async () => {
    libraryApi();
    renderLibrary('/my-library');
    await screen.findByRole('heading', { level: 2, name: 'All Folders' });
    expect(screen.queryByRole('button', { name: 'Rename' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Share folder' })).not.toBeInTheDocument();
  });

  it('Rename (state active) edits name and description; its own name is allowed, another folder name is not', async () => {
    const renamed: Folder = { ...strategy, name: 'Strategy classics', slug: 'strategy-classics', description: 'The best.' };
    const api = libraryApi({}, { 'PUT /service/user/lists/f-strategy': { body: renamed } });
    renderLibrary('/my-library/library/strategy-reads');
    await userEvent.click(await screen.findByRole('button', { name: 'Rename' }));
    expect(nav()).toHaveAttribute('data-folder-editing', 'active');
    const form = screen.getByRole('form', { name: 'Rename folder' });
    expect(nameField()).toHaveValue('Strategy reads');
    expect(within(form).getByLabelText('Description (optional)')).toHaveValue('Long reads on strategy.');
    expect(within(form).getByRole('button', { name: 'Save' })).toBeEnabled();

    await userEvent.clear(nameField());
    await userEvent.type(nameField(), 'holiday Gifts');
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.folder.duplicate);
    expect(within(form).getByRole('button', { name: 'Save' })).toBeDisabled();

    await userEvent.clear(nameField());
    await userEvent.type(nameField(), 'STRATEGY READS');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await userEvent.clear(nameField());
    await userEvent.type(nameField(), 'Strategy classics');
    const description = within(form).getByLabelText('Description (optional)');
    await userEvent.clear(description);
    await userEvent.type(description, 'The best.');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('heading', { level: 2, name: 'Strategy classics' })).toBeInTheDocument();
    expect(api.sent('PUT /service/user/lists/f-strategy')).toEqual([{ name: 'Strategy classics', description: 'The best.' }]);
    expect(where()).toBe('/my-library/library/strategy-classics');
    expect(within(nav()).getByRole('link', { name: 'Strategy classics (2 items)' })).toHaveAttribute('aria-current', 'page');
    expect(nav()).toHaveAttribute('data-folder-editing', 'none');
    expect(announcer()).toHaveTextContent('Folder Strategy classics updated.');
  });

  it('shows the first error text (or the message) when renaming fails', async () => {
    libraryApi(
      {},
      {
        'PUT /service/user/lists/f-strategy': {
          status: 400,
          body: { message: 'Bad request', errors: [{ field: 'name', errorMessage: 'That name is reserved.' }] },
        },
      },
    );
    renderLibrary('/my-library/library/strategy-reads');
    await userEvent.click(await screen.findByRole('button', { name: 'Rename' }));
    await userEvent.type(nameField(), ' two');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That name is reserved.');
    expect(nav()).toHaveAttribute('data-folder-editing', 'active');
  });

  it('Delete asks first (state active-delete); Cancel keeps the folder', async () => {
    const api = libraryApi();
    renderLibrary('/my-library/library/strategy-reads');
    const del = await screen.findByRole('button', { name: 'Delete' });
    await userEvent.click(del);
    expect(nav()).toHaveAttribute('data-folder-editing', 'active-delete');
    const confirm = screen.getByRole('group', { name: LIBRARY_MESSAGES.deleteFolderConfirm });
    expect(within(confirm).getByRole('button', { name: 'Delete folder' })).toBeInTheDocument();
    expect(within(confirm).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(nav()).toHaveAttribute('data-folder-editing', 'none');
    expect(del).toHaveFocus();
    expect(api.count('DELETE /service/user/lists/f-strategy')).toBe(0);
  });

  it('opens the rename form and the delete confirmation under the buttons that opened them, scrolled into view', async () => {
    libraryApi();
    const scrolled: Element[] = [];
    const original = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    try {
      renderLibrary('/my-library/library/strategy-reads');
      const header = (await screen.findByRole('heading', { level: 2, name: 'Strategy reads' })).closest('header')!;
      await userEvent.click(within(header).getByRole('button', { name: 'Rename' }));
      const form = within(header).getByLabelText('Folder name');
      expect(form).toHaveFocus();
      expect(nav()).not.toContainElement(form);
      expect(scrolled).toHaveLength(1);
      expect(scrolled[0]).toContainElement(form);

      await userEvent.click(within(header).getByRole('button', { name: 'Delete' }));
      const confirm = within(header).getByRole('group', { name: LIBRARY_MESSAGES.deleteFolderConfirm });
      expect(within(confirm).getByRole('button', { name: 'Cancel' })).toHaveFocus();
      expect(nav()).not.toContainElement(confirm);
      expect(scrolled).toHaveLength(2);
      expect(scrolled[1]).toContainElement(confirm);
      await userEvent.keyboard('{Escape}');
      expect(within(header).getByRole('button', { name: 'Delete' })).toHaveFocus();

      // The new-folder form stays under 'New folder', in the folder list.
      await userEvent.click(within(nav()).getByRole('button', { name: 'New folder' }));
      expect(nav()).toContainElement(nameField());
    } finally {
      Element.prototype.scrollIntoView = original;
    }
  });

  it("'Delete folder' deletes it and goes back to All Folders", async () => {
    const api = libraryApi({}, { 'DELETE /service/user/lists/f-strategy': { body: { ok: true } } });
    renderLibrary('/my-library/library/strategy-reads');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete folder' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'All Folders' })).toHaveFocus();
    expect(api.count('DELETE /service/user/lists/f-strategy')).toBe(1);
    expect(where()).toBe('/my-library');
    expect(within(nav()).queryByRole('link', { name: /Strategy reads/ })).not.toBeInTheDocument();
    expect(nav()).toHaveAttribute('data-folder-editing', 'none');
    expect(announcer()).toHaveTextContent('Folder Strategy reads deleted.');
  });

  it('shows why a delete failed and stays in the confirmation', async () => {
    libraryApi({}, { 'DELETE /service/user/lists/f-strategy': { status: 403, body: { message: LIBRARY_MESSAGES.readOnlyFolder } } });
    renderLibrary('/my-library/library/strategy-reads');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete folder' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(LIBRARY_MESSAGES.readOnlyFolder);
    expect(nav()).toHaveAttribute('data-folder-editing', 'active-delete');
  });

  it('selecting another folder ends a rename', async () => {
    libraryApi();
    renderLibrary('/my-library/library/strategy-reads');
    await userEvent.click(await screen.findByRole('button', { name: 'Rename' }));
    await userEvent.click(within(nav()).getByRole('link', { name: /Holiday gifts/ }));
    await waitFor(() => expect(nav()).toHaveAttribute('data-folder-editing', 'none'));
    expect(screen.queryByRole('form', { name: 'Rename folder' })).not.toBeInTheDocument();
    expect(gifts.readOnly).toBe(false);
    expect(screen.getByRole('button', { name: 'Rename' })).toBeInTheDocument();
  });
});
