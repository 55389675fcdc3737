import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FLYOUT_CONFIRMATION_MS, MESSAGES, type Folder } from 'shared-contracts';
import { SAVE_FAILED_FOLLOW_UP_MS } from 'shared-contracts/library';
import { mockApiRoutes, type ApiRoute } from 'shared-contracts/src/testing';
import { allFolders, article, listen, openFlyout, removeAdded, setStatus, signIn, stopListening } from '../../testing/flyouts';

beforeEach(() => {
  localStorage.clear();
  setStatus('unknown');
  signIn();
});
afterEach(() => {
  stopListening();
  removeAdded();
  jest.useRealTimers();
});

const created: Folder = { id: 'f-new', name: 'Offsite 2025', description: '', slug: 'offsite-2025', readOnly: false, itemCount: 0 };

function libraryApi(routes: Record<string, ApiRoute> = {}) {
  return mockApiRoutes({
    'GET /service/user/lists': { body: allFolders },
    'POST /service/user/lists': { body: created },
    'POST /service/user/saves': ({ body }) => {
      const { id, listIds = [] } = body as { id: string; listIds?: string[] };
      return { body: { id, listIds: ['f-lib', ...listIds] } };
    },
    ...routes,
  });
}

function checkbox(name: string) {
  return screen.getByRole('checkbox', { name });
}
function newFolderInput() {
  return screen.getByRole('textbox', { name: 'New folder' });
}
function createButton() {
  return screen.getByRole('button', { name: 'Create folder' });
}

describe('save flyout', () => {
  it("offers 'My Library' checked and disabled, the member's own folders, and no other read-only folder", async () => {
    libraryApi();
    openFlyout({ kind: 'save', item: article });
    const dialog = await screen.findByRole('dialog', { name: 'Save to My Library' });
    await within(dialog).findByRole('group', { name: 'Folders' });
    expect(checkbox('My Library')).toBeChecked();
    expect(checkbox('My Library')).toBeDisabled();
    expect(checkbox('Strategy reads')).not.toBeChecked();
    expect(checkbox('Strategy reads')).toBeEnabled();
    expect(checkbox('Team offsite')).not.toBeChecked();
    expect(screen.queryByRole('checkbox', { name: 'Gifts' })).not.toBeInTheDocument();
    expect(within(dialog).getAllByRole('checkbox')).toHaveLength(3);
  });

  it("saves into the chosen folders, confirms 'Saved!' for 2 s, then is done", async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const api = libraryApi();
    const saved = listen('library:saved');
    const { onDone, onClose, opener } = openFlyout({ kind: 'save', item: article });
    await user.click(await screen.findByRole('checkbox', { name: 'Team offsite' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Saved!')).toHaveAttribute('role', 'status');
    expect(api.sent('POST /service/user/saves')).toEqual([{ id: 'a1', listIds: ['f-team'] }]);
    expect(saved).toEqual([{ id: 'a1', listIds: ['f-lib', 'f-team'] }]);
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();

    act(() => jest.advanceTimersByTime(FLYOUT_CONFIRMATION_MS - 1));
    expect(onDone).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(1));
    expect(onDone).toHaveBeenCalledWith({ message: 'Saved!' });
    expect(onClose).not.toHaveBeenCalled();
    expect(opener).toHaveFocus();
  });

  it('saves into My Library alone when no folder is chosen', async () => {
    const api = libraryApi();
    openFlyout({ kind: 'save', item: article });
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    await screen.findByText(MESSAGES.library.saved);
    expect(api.sent('POST /service/user/saves')).toEqual([{ id: 'a1', listIds: [] }]);
  });

  it('keeps Create folder disabled until the name is valid and says why under the field', async () => {
    const api = libraryApi();
    openFlyout({ kind: 'save', item: article });
    const input = await screen.findByRole('textbox', { name: 'New folder' });
    expect(createButton()).toBeDisabled();
    expect(input).not.toHaveAttribute('aria-invalid');

    await userEvent.type(input, 'Q3 plans!');
    expect(createButton()).toBeDisabled();
    const error = screen.getByText(MESSAGES.folder.invalidName);
    expect(error).toHaveAttribute('role', 'alert');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(MESSAGES.folder.invalidName);

    await userEvent.clear(input);
    await userEvent.type(input, 'A name that is much longer than thirty');
    expect(input).toHaveAccessibleDescription(MESSAGES.folder.invalidName);
    expect(createButton()).toBeDisabled();

    await userEvent.clear(input);
    await userEvent.type(input, 'Offsite 2025');
    expect(createButton()).toBeEnabled();
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).not.toHaveAccessibleDescription();
    expect(api.fetch.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0);
  });

  it("says 'A folder with this title already exists.' for a name taken, ignoring case and spaces, read-only ones included", async () => {
    libraryApi();
    openFlyout({ kind: 'save', item: article });
    const input = await screen.findByRole('textbox', { name: 'New folder' });
    await userEvent.type(input, 'strategy   READS');
    expect(input).toHaveAccessibleDescription('A folder with this title already exists.');
    expect(createButton()).toBeDisabled();
    await userEvent.clear(input);
    await userEvent.type(input, 'gifts');
    expect(input).toHaveAccessibleDescription(MESSAGES.folder.duplicate);
    await userEvent.clear(input);
    await userEvent.type(input, 'my library');
    expect(input).toHaveAccessibleDescription(MESSAGES.folder.duplicate);
  });

  it('creates a folder with Create folder: it shows checked and the field empties', async () => {
    const api = libraryApi();
    openFlyout({ kind: 'save', item: article });
    await userEvent.type(await screen.findByRole('textbox', { name: 'New folder' }), 'Offsite 2025');
    await userEvent.click(createButton());
    expect(await screen.findByRole('checkbox', { name: 'Offsite 2025' })).toBeChecked();
    expect(newFolderInput()).toHaveValue('');
    expect(api.sent('POST /service/user/lists')).toEqual([{ name: 'Offsite 2025' }]);

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Saved!');
    expect(api.sent('POST /service/user/saves')).toEqual([{ id: 'a1', listIds: ['f-new'] }]);
  });

  it('Save creates a typed folder first, then saves into it', async () => {
    const api = libraryApi();
    openFlyout({ kind: 'save', item: article });
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Strategy reads' }));
    await userEvent.type(newFolderInput(), 'Offsite 2025');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Saved!');
    expect(api.sent('POST /service/user/lists')).toEqual([{ name: 'Offsite 2025' }]);
    expect(api.sent('POST /service/user/saves')).toEqual([{ id: 'a1', listIds: ['f-strategy', 'f-new'] }]);
  });

  it('Save with an invalid typed name sends nothing and shows the error', async () => {
    const api = libraryApi();
    openFlyout({ kind: 'save', item: article });
    await userEvent.type(await screen.findByRole('textbox', { name: 'New folder' }), 'Team Offsite');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(newFolderInput()).toHaveAccessibleDescription(MESSAGES.folder.duplicate);
    expect(api.sent('POST /service/user/lists')).toEqual([]);
    expect(api.sent('POST /service/user/saves')).toEqual([]);
  });

  it("a 409 on the new folder shows 'Folder {name} already exists' under the field and saves nothing", async () => {
    const api = libraryApi({ 'POST /service/user/lists': { status: 409, body: { message: 'Conflict' } } });
    const { onDone } = openFlyout({ kind: 'save', item: article });
    await userEvent.type(await screen.findByRole('textbox', { name: 'New folder' }), 'Offsite 2025');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const message = await screen.findByText('Folder Offsite 2025 already exists');
    expect(message).toHaveAttribute('role', 'alert');
    expect(newFolderInput()).toHaveAccessibleDescription('Folder Offsite 2025 already exists');
    expect(newFolderInput()).toHaveValue('Offsite 2025');
    expect(api.sent('POST /service/user/saves')).toEqual([]);
    expect(onDone).not.toHaveBeenCalled();
    // Editing the name clears the server's message.
    await userEvent.type(newFolderInput(), 'b');
    expect(screen.queryByText('Folder Offsite 2025 already exists')).not.toBeInTheDocument();
  });

  it("a failed save says so at once, then 'Save operation failed!' after 5 s, and keeps the choices", async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const api = libraryApi({ 'POST /service/user/saves': { status: 500, body: { message: 'boom' } } });
    const { onDone, onClose } = openFlyout({ kind: 'save', item: article });
    await user.click(await screen.findByRole('checkbox', { name: 'Strategy reads' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const alert = await screen.findByText(MESSAGES.folder.saveError);
    expect(alert).toHaveAttribute('role', 'alert');
    expect(alert).toHaveTextContent('There was an error while processing your request, please try again later.');
    act(() => jest.advanceTimersByTime(SAVE_FAILED_FOLLOW_UP_MS - 1));
    expect(screen.queryByText('Save operation failed!')).not.toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.getByText('Save operation failed!')).toHaveAttribute('role', 'alert');

    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(checkbox('Strategy reads')).toBeChecked();
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
    expect(onDone).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();

    // Trying again clears the message and can succeed.
    api.fetch.mockClear();
    libraryApi();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved!')).toBeInTheDocument();
    expect(screen.queryByText('Save operation failed!')).not.toBeInTheDocument();
  });

  it('a failed folder list shows the generic failure', async () => {
    libraryApi({ 'GET /service/user/lists': { status: 500, body: { message: 'x' } } });
    openFlyout({ kind: 'save', item: article });
    expect(await screen.findByText(MESSAGES.generic)).toBeInTheDocument();
  });
});

describe('organize flyout', () => {
  it("checks the item's folders and updates them: 'Folders Updated'", async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const api = libraryApi({
      'GET /service/user/saves/a1/lists': { body: { id: 'a1', listIds: ['f-lib', 'f-team'] } },
      'PUT /service/user/saves/a1/lists': ({ body }) => ({ body: { id: 'a1', listIds: ['f-lib', ...(body as { listIds: string[] }).listIds] } }),
    });
    const saved = listen('library:saved');
    const { onDone } = openFlyout({ kind: 'organize', item: article });
    expect(await screen.findByRole('dialog', { name: 'Organize folders' })).toBeInTheDocument();
    expect(await screen.findByRole('checkbox', { name: 'Team offsite' })).toBeChecked();
    expect(checkbox('My Library')).toBeChecked();
    expect(checkbox('My Library')).toBeDisabled();
    expect(checkbox('Strategy reads')).not.toBeChecked();
    expect(screen.queryByRole('checkbox', { name: 'Gifts' })).not.toBeInTheDocument();

    await user.click(checkbox('Team offsite'));
    await user.click(checkbox('Strategy reads'));
    await user.click(screen.getByRole('button', { name: 'Update' }));

    expect(await screen.findByText('Folders Updated')).toHaveAttribute('role', 'status');
    expect(api.sent('PUT /service/user/saves/a1/lists')).toEqual([{ listIds: ['f-strategy'] }]);
    expect(saved).toEqual([{ id: 'a1', listIds: ['f-lib', 'f-strategy'] }]);
    act(() => jest.advanceTimersByTime(FLYOUT_CONFIRMATION_MS));
    expect(onDone).toHaveBeenCalledWith({ message: MESSAGES.library.foldersUpdated });
  });

  it('a failed update shows the save failure and keeps the choices', async () => {
    libraryApi({
      'GET /service/user/saves/a1/lists': { body: { id: 'a1', listIds: ['f-lib', 'f-team'] } },
      'PUT /service/user/saves/a1/lists': { status: 500, body: { message: 'x' } },
    });
    openFlyout({ kind: 'organize', item: article });
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Strategy reads' }));
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText(MESSAGES.folder.saveError)).toBeInTheDocument();
    expect(checkbox('Strategy reads')).toBeChecked();
    expect(checkbox('Team offsite')).toBeChecked();
  });
});

describe('bulk organize flyout', () => {
  it('offers only the chooseable folders and keeps its submit disabled until one is chosen', async () => {
    libraryApi();
    openFlyout({ kind: 'bulk-organize', ids: ['a1', 'a2', 'a3'] });
    const dialog = await screen.findByRole('dialog', { name: 'Add to folders' });
    await within(dialog).findByRole('checkbox', { name: 'Strategy reads' });
    expect(
      within(dialog)
        .getAllByRole('checkbox')
        .map((c) => c.getAttribute('value')),
    ).toEqual(['f-strategy', 'f-team']);
    expect(screen.queryByRole('checkbox', { name: 'My Library' })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Gifts' })).not.toBeInTheDocument();
    const submit = within(dialog).getByRole('button', { name: 'Add to folders' });
    expect(submit).toBeDisabled();
    await userEvent.click(checkbox('Team offsite'));
    expect(submit).toBeEnabled();
    await userEvent.click(checkbox('Team offsite'));
    expect(submit).toBeDisabled();
  });

  it("adds every item to the chosen folders: '3 items added to folders'", async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const api = libraryApi({ 'POST /service/user/saves/bulk': { body: { count: 3 } } });
    const { onDone } = openFlyout({ kind: 'bulk-organize', ids: ['a1', 'a2', 'a3'] });
    await user.click(await screen.findByRole('checkbox', { name: 'Strategy reads' }));
    await user.click(checkbox('Team offsite'));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Add to folders' }));
    expect(await screen.findByText('3 items added to folders')).toHaveAttribute('role', 'status');
    expect(api.sent('POST /service/user/saves/bulk')).toEqual([{ ids: ['a1', 'a2', 'a3'], listIds: ['f-strategy', 'f-team'] }]);
    act(() => jest.advanceTimersByTime(FLYOUT_CONFIRMATION_MS));
    expect(onDone).toHaveBeenCalledWith({ message: '3 items added to folders' });
  });

  it("says '1 item added to folders' for one", async () => {
    libraryApi({ 'POST /service/user/saves/bulk': { body: { count: 1 } } });
    openFlyout({ kind: 'bulk-organize', ids: ['a1'] });
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Team offsite' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Add to folders' }));
    expect(await screen.findByText('1 item added to folders')).toBeInTheDocument();
  });

  it('a failure shows the save failure, then the follow-up', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    libraryApi({ 'POST /service/user/saves/bulk': { status: 500, body: { message: 'x' } } });
    openFlyout({ kind: 'bulk-organize', ids: ['a1'] });
    await user.click(await screen.findByRole('checkbox', { name: 'Team offsite' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Add to folders' }));
    expect(await screen.findByText(MESSAGES.folder.saveError)).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(SAVE_FAILED_FOLLOW_UP_MS));
    expect(await screen.findByText(MESSAGES.folder.saveFailed)).toBeInTheDocument();
    expect(checkbox('Team offsite')).toBeChecked();
  });
});
