import * as React from 'react';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { MESSAGES, bus, instanceMarkers, userStore, type EventMap, type Folder, type User } from 'shared-contracts';
import LibraryApp from './LibraryApp';
import { mockFetch, sampleUser as user } from 'shared-contracts/src/testing';
import { libraryItem, pageOf } from './testing/fixtures';

jest.mock('./components/flyouts/LibraryFlyout', () => require('./testing/flyoutStub'));

const PROMPT = 'To access this feature, please SIGN IN or REGISTER';

const adaFolders: Folder[] = [
  { id: 'f1', name: 'My Library', description: '', slug: 'my-library', readOnly: true, itemCount: 4 },
  { id: 'f2', name: 'Strategy reads', description: 'Long reads on strategy.', slug: 'strategy-reads', readOnly: false, itemCount: 1 },
];
const bobFolders: Folder[] = [{ id: 'f9', name: 'Negotiation', description: '', slug: 'negotiation', readOnly: false, itemCount: 2 }];

const FOLDERS = '/service/user/lists';

/**
 * /service/user/lists answers the folders of whoever is signed in in the store (401 for a guest);
 * every list is empty.
 */
function libraryApi() {
  return mockFetch((url) => {
    const id = userStore.getState().user?.id;
    if (!id) return { status: 401, body: { message: 'Unauthorized' } };
    if (url.startsWith('/service/user/saves?') || url.startsWith('/service/user/list/')) return { body: pageOf([], 0, 10) };
    if (url !== FOLDERS) return { status: 404, body: { message: 'Not found' } };
    if (id === 'u1') return { body: adaFolders };
    if (id === 'u2') return { body: bobFolders };
    return { status: 401, body: { message: 'Unauthorized' } };
  });
}

/** How many times the folders were asked for. */
function folderLoads(fetch: jest.Mock) {
  return fetch.mock.calls.filter(([input]) => String(input) === FOLDERS).length;
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/register" element={<h1>Register</h1>} />
        <Route path="*" element={<LibraryApp />} />
      </Routes>
    </MemoryRouter>,
  );
}

function setStatus(status: 'unknown' | 'guest') {
  userStore.setState({ status, user: null, quota: null });
}

function signIn(u: User) {
  act(() => userStore.getState().setUser(u));
}

/** The paragraph whose whole text content is the prompt. */
function prompt() {
  return screen.getByText((_, el) => el?.tagName === 'P' && el.textContent === PROMPT);
}

beforeEach(() => {
  setStatus('unknown');
});

describe('LibraryApp', () => {
  it('marks its root with the remote name and the React and store instance ids', () => {
    libraryApi();
    const { container } = renderAt('/my-library');
    const root = container.firstElementChild;
    const expected = instanceMarkers(React.createElement, userStore);
    expect(root).toHaveAttribute('data-remote-root', 'library');
    expect(root).toHaveAttribute('data-react-instance', expected['data-react-instance']);
    expect(root).toHaveAttribute('data-store-instance', expected['data-store-instance']);
  });

  it('shows Loading… while it is not yet known who the reader is', () => {
    const fetch = libraryApi();
    renderAt('/my-library');
    expect(screen.getByRole('status')).toHaveTextContent(/^Loading…$/);
    expect(screen.queryByText(PROMPT)).not.toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('asks a guest to sign in or register, with the exact prompt', () => {
    setStatus('guest');
    const fetch = libraryApi();
    renderAt('/my-library');
    expect(PROMPT).toBe(MESSAGES.signIn.prompt);
    expect(prompt()).toBeInTheDocument();
    expect(within(prompt()).getByRole('button', { name: 'SIGN IN' })).toBeInTheDocument();
    expect(within(prompt()).getByRole('link', { name: 'REGISTER' })).toHaveAttribute('href', '/register');
    expect(screen.queryByRole('navigation', { name: 'Folders' })).not.toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("puts a guest's prompt in an inviting panel that says what My Library is for", () => {
    setStatus('guest');
    libraryApi();
    renderAt('/my-library');
    const panel = screen.getByRole('region', { name: 'Keep what you read' });
    expect(panel).toHaveClass('ds-card', 'ds-card--boxed');
    expect(within(panel).getByText(/^Save articles, videos and charts/)).toBeInTheDocument();
    expect(panel).toContainElement(prompt());
  });

  it('SIGN IN asks the shell to open the sign-in screen', async () => {
    setStatus('guest');
    libraryApi();
    const opened: EventMap['auth:open'][] = [];
    const off = bus.on('auth:open', (p) => opened.push(p));
    renderAt('/my-library');
    await userEvent.click(screen.getByRole('button', { name: 'SIGN IN' }));
    off();
    expect(opened).toEqual([{ screen: 'signin' }]);
  });

  it('REGISTER goes to /register', async () => {
    setStatus('guest');
    libraryApi();
    renderAt('/my-library');
    await userEvent.click(screen.getByRole('link', { name: 'REGISTER' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Register' })).toBeInTheDocument();
  });

  it("shows a signed-in reader's folders, All Folders first and selected, with item counts", async () => {
    signIn(user());
    const fetch = libraryApi();
    renderAt('/my-library');
    expect(screen.getByRole('heading', { level: 1, name: 'My Library' })).toBeInTheDocument();
    const nav = await screen.findByRole('navigation', { name: 'Folders' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(['All Folders', 'My Library (4 items)', 'Strategy reads (1 item)']);
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['/my-library', '/my-library/library/my-library', '/my-library/library/strategy-reads']);
    expect(within(nav).getByRole('link', { name: 'All Folders' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: /Strategy reads/ })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('heading', { level: 2, name: 'All Folders' })).toBeInTheDocument();
    expect(screen.queryByText(PROMPT)).not.toBeInTheDocument();
    expect(folderLoads(fetch)).toBe(1);
  });

  it('marks the folder of the path as the current one', async () => {
    signIn(user());
    libraryApi();
    renderAt('/my-library/library/strategy-reads');
    const nav = await screen.findByRole('navigation', { name: 'Folders' });
    expect(within(nav).getByRole('link', { name: /Strategy reads/ })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'All Folders' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('heading', { level: 2, name: 'Strategy reads' })).toBeInTheDocument();
    expect(screen.getByText('Long reads on strategy.')).toBeInTheDocument();
  });

  it('follows a folder link without loading the folders again', async () => {
    signIn(user());
    const fetch = libraryApi();
    renderAt('/my-library');
    const nav = await screen.findByRole('navigation', { name: 'Folders' });
    await userEvent.click(within(nav).getByRole('link', { name: /Strategy reads/ }));
    expect(screen.getByRole('heading', { level: 2, name: 'Strategy reads' })).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Folders' })).getByRole('link', { name: /Strategy reads/ })).toHaveAttribute('aria-current', 'page');
    expect(folderLoads(fetch)).toBe(1);
  });

  it('says Folder not found for a slug the reader does not have', async () => {
    signIn(user());
    libraryApi();
    renderAt('/my-library/library/no-such-folder');
    expect(await screen.findByRole('heading', { level: 2, name: 'Folder not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to All Folders' })).toHaveAttribute('href', '/my-library');
  });

  it('loads the folders when a guest signs in while the page stays mounted', async () => {
    setStatus('guest');
    const fetch = libraryApi();
    renderAt('/my-library');
    expect(prompt()).toBeInTheDocument();

    signIn(user());

    expect(await screen.findByRole('link', { name: /Strategy reads/ })).toHaveAttribute('href', '/my-library/library/strategy-reads');
    expect(screen.getByRole('heading', { level: 1, name: 'My Library' })).toBeInTheDocument();
    expect(screen.queryByText(PROMPT)).not.toBeInTheDocument();
    expect(folderLoads(fetch)).toBe(1);
  });

  it('loads the folders when the first answer about the reader arrives after the page is shown', async () => {
    libraryApi();
    renderAt('/my-library');
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    signIn(user());
    expect(await screen.findByRole('link', { name: /Strategy reads/ })).toBeInTheDocument();
  });

  it('loads the new folders when another user signs in, and shows the prompt after sign-out', async () => {
    signIn(user());
    const fetch = libraryApi();
    renderAt('/my-library');
    expect(await screen.findByRole('link', { name: /Strategy reads/ })).toBeInTheDocument();

    signIn(user({ id: 'u2', guid: 'g2', emailAddress: 'bob@example.com', username: 'bob@example.com' }));
    expect(await screen.findByRole('link', { name: /Negotiation/ })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Strategy reads/ })).not.toBeInTheDocument();
    expect(folderLoads(fetch)).toBe(2);

    act(() => userStore.getState().setUser(null));
    expect(prompt()).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Folders' })).not.toBeInTheDocument();
  });

  it("reads the folders again on the shell's user:changed event, through the bus alone", async () => {
    signIn(user());
    let folders = adaFolders;
    const fetch = mockFetch((path) => (path === FOLDERS ? { body: folders } : { body: pageOf([], 0, 10) }));
    renderAt('/my-library');
    await screen.findByRole('link', { name: /Strategy reads/ });
    expect(screen.queryByRole('link', { name: /Board prep/ })).not.toBeInTheDocument();

    // A folder made elsewhere (another tab); the store's user is unchanged, only the event arrives.
    folders = [...adaFolders, { id: 'f3', name: 'Board prep', description: '', slug: 'board-prep', readOnly: false, itemCount: 0 }];
    act(() => bus.emit('user:changed', { user: userStore.getState().user }));
    expect(await screen.findByRole('link', { name: /Board prep/ })).toBeInTheDocument();
    expect(folderLoads(fetch)).toBe(2);
  });

  it('shows an error message when the folders cannot be loaded', async () => {
    signIn(user());
    mockFetch(() => ({ status: 500, body: { message: 'boom' } }));
    renderAt('/my-library');
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load your folders. Please try again.');
  });

  it('Try again loads the folders again after a failure', async () => {
    signIn(user());
    let fail = true;
    mockFetch((path) => {
      if (path === FOLDERS) return fail ? { status: 500, body: { message: 'boom' } } : { body: adaFolders };
      return { body: pageOf([], 0, 10) };
    });
    renderAt('/my-library');
    await screen.findByRole('alert');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: /Strategy reads/ })).toBeInTheDocument();
  });

  describe('/my-library/shared/{token}', () => {
    const shared = {
      folder: { id: 'f2', name: 'Strategy reads', description: 'Long reads on strategy.', slug: 'strategy-reads', readOnly: false, itemCount: 1 },
      ownerFirstName: 'Ada',
      items: [libraryItem({ id: 'a1', title: 'Why Strategy Fails in the Middle' })],
    };

    it('shows a shared folder to a guest, without the sign-in prompt', async () => {
      setStatus('guest');
      const fetch = mockFetch((path) => (path === '/api/shared-list/tok123' ? { body: shared } : { status: 404, body: { message: 'Not found' } }));
      renderAt('/my-library/shared/tok123');
      expect(await screen.findByRole('heading', { level: 1, name: 'Strategy reads' })).toBeInTheDocument();
      expect(screen.getByText('Shared by Ada')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Why Strategy Fails in the Middle' })).toBeInTheDocument();
      expect(screen.queryByText(PROMPT)).not.toBeInTheDocument();
      expect(fetch.mock.calls.map(([input]) => String(input))).toEqual(['/api/shared-list/tok123']);
    });

    it('says the link is not valid on a 404', async () => {
      signIn(user());
      mockFetch(() => ({ status: 404, body: { message: 'Not found' } }));
      renderAt('/my-library/shared/nope');
      expect(await screen.findByRole('alert')).toHaveTextContent('This shared folder link is not valid.');
    });
  });

  describe('/email-newsletters', () => {
    /** The newsletter list for everyone, the subscriptions of whoever is signed in (401 for a guest). */
    function newslettersApi() {
      return mockFetch((url) => {
        if (url === '/api/newsletters') {
          return {
            body: [{ id: 'nl-1', kind: 'newsletter', name: 'The Daily Brief', description: 'One idea a day.', frequency: 'Daily', subscriberOnly: false }],
          };
        }
        if (url === '/service/user/newsletters') {
          return userStore.getState().user ? { body: { newsletters: [], marketingCampaigns: [] } } : { status: 401, body: { message: 'Unauthorized' } };
        }
        return { status: 404, body: { message: 'Not found' } };
      });
    }

    it('asks a guest to sign in or register, above the newsletters', async () => {
      setStatus('guest');
      newslettersApi();
      renderAt('/email-newsletters');
      expect(await screen.findByRole('heading', { level: 1, name: 'Email Newsletters' })).toBeInTheDocument();
      expect(prompt()).toBeInTheDocument();
      expect(await screen.findByRole('heading', { level: 3, name: 'The Daily Brief' })).toBeInTheDocument();
    });

    it('shows Loading… until the reader is known', async () => {
      newslettersApi();
      renderAt('/email-newsletters');
      expect(screen.getByRole('status')).toHaveTextContent('Loading…');
      await screen.findByRole('heading', { level: 3, name: 'The Daily Brief' });
      expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    });

    it('tells a signed-in reader where newsletters are sent, following sign-in', async () => {
      setStatus('guest');
      newslettersApi();
      renderAt('/email-newsletters');
      signIn(user());
      expect(screen.getByText('Newsletters are sent to ada@example.com.')).toBeInTheDocument();
      expect(screen.queryByText(PROMPT)).not.toBeInTheDocument();
      expect(await screen.findByRole('button', { name: 'Subscribe to The Daily Brief' })).toBeEnabled();
    });
  });

  it('shows Page not found for an unknown path below /my-library', () => {
    setStatus('guest');
    libraryApi();
    renderAt('/my-library/nothing/here');
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
  });
});
