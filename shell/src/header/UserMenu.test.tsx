import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { bus, userStore, type EventMap, type User } from 'shared-contracts';
import { COUNTRY_CACHE_KEY } from 'shared-contracts/geo';
import { mockApiRoutes, mockFetch, sampleUser } from 'shared-contracts/src/testing';
import { Header } from './Header';
import { flyouts } from '../flyouts/flyouts';
import { browser } from './browser';

jest.mock('../RemoteSlot', () => ({
  RemoteSlot: () => null,
  SlotFallback: () => null,
}));

const TIERS = {
  good: { roleCode: 'ROLE_HBRG_GOOD', label: 'Good', caption: 'Digital' },
  best: { roleCode: 'ROLE_HBRG_BEST', label: 'Best', caption: 'Premium' },
  executive: { roleCode: 'ROLE_HBRG_EXECUTIVE', label: 'Executive', caption: null },
  allAccess: { roleCode: 'ROLE_HBRG_ALLACCESS', label: 'All Access', caption: null },
};

function subscriber(tier: (typeof TIERS)[keyof typeof TIERS], over: Partial<User> = {}): User {
  return sampleUser({ status: 'subscriber', state: 'subscribers', tiers: [{ roleCode: tier.roleCode }], tier, ...over });
}

/** The API answers the geolocation lookup with this country. */
function geolocation(country: string | null) {
  return mockFetch((path) => (path === '/api/geolocation' ? { body: { country } } : { status: 404, body: { message: 'Not found' } }));
}

/** The country was looked up earlier in the visit (no request). */
function knownCountry(country: string | null) {
  sessionStorage.setItem(COUNTRY_CACHE_KEY, country ?? '');
  return geolocation(country);
}

function renderHeader(user: User | null, path = '/topics?page=2') {
  act(() => userStore.getState().setUser(user));
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Header />
    </MemoryRouter>,
  );
}

const menuButton = (name = 'Ada') => screen.getByRole('button', { name: `Account menu for ${name}` });
const menu = () => screen.getByRole('list', { name: 'Account' });

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  window.dataLayer = [];
});
afterEach(() => {
  act(() => flyouts.close());
  jest.restoreAllMocks();
});

describe('header for a guest', () => {
  it('offers Sign in (the auth modal) and Register', async () => {
    const fetch = geolocation('US');
    renderHeader(null);
    const opened: EventMap['auth:open'][] = [];
    const off = bus.on('auth:open', (p) => opened.push(p));
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    off();
    expect(opened).toEqual([{ screen: 'signin' }]);
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
    expect(screen.queryByRole('button', { name: /Account menu/ })).not.toBeInTheDocument();
    // No geolocation for a guest; the header's cart link reads the cart (decision 021).
    expect(fetch.mock.calls.map(([url]) => String(url)).filter((url) => !url.includes('shopping-cart'))).toEqual([]);
  });

  it('shows the cart link with the count, read from the server once', async () => {
    sessionStorage.clear();
    const fetch = geolocation('US');
    renderHeader(null);
    expect(await screen.findByRole('link', { name: /^Cart, \d+ items?$/ })).toHaveAttribute('href', '/shopping-cart');
    await waitFor(() => expect(fetch.mock.calls.map(([url]) => String(url))).toContain('/api/commerce/shopping-cart'));
  });
});

describe('user menu', () => {
  it("names the button after the reader's first name and shows it, without a caption for a registered reader", async () => {
    knownCountry(null);
    renderHeader(sampleUser({ firstName: 'Ada' }));
    // The menu's code is its own chunk (decision 021): the button appears once it has arrived.
    const button = await screen.findByRole('button', { name: 'Account menu for Ada' });
    expect(button).toHaveTextContent(/^Ada$/);
    expect(button).not.toHaveAccessibleDescription();
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('button', { name: 'Sign in' })).not.toBeInTheDocument();
  });

  it.each([
    ['Good', TIERS.good, 'Digital'],
    ['Best', TIERS.best, 'Premium'],
  ])('shows the %s tier caption for a subscriber', (_label, tier, caption) => {
    knownCountry(null);
    renderHeader(subscriber(tier));
    // Beside the button, not inside it: the button's name keeps its visible text (axe label-content-name-mismatch).
    expect(menuButton()).toHaveTextContent(/^Ada$/);
    expect(screen.getByText(caption)).toBeVisible();
    expect(menuButton()).toHaveAccessibleDescription(caption);
  });

  it.each([
    ['Executive', TIERS.executive],
    ['All Access', TIERS.allAccess],
  ])('shows no caption for the %s tier', (_label, tier) => {
    knownCountry(null);
    renderHeader(subscriber(tier));
    expect(menuButton()).toHaveTextContent(/^Ada$/);
    expect(menuButton()).not.toHaveAccessibleDescription();
  });

  it("runs only the button until the reader reaches for it: the list's code and the country come with a pointer on the button", async () => {
    const fetch = geolocation('US');
    renderHeader(sampleUser());
    await screen.findByRole('button', { name: 'Account menu for Ada' });
    // The list is not in the page, hidden or not, and nothing was asked for it.
    expect(document.querySelector('.user-menu-list')).toBeNull();
    expect(menuButton()).not.toHaveAttribute('aria-controls');
    expect(fetch.mock.calls.map(([url]) => String(url))).not.toContain('/api/geolocation');
    await userEvent.hover(menuButton());
    await userEvent.click(menuButton());
    expect(menuButton()).toHaveAttribute('aria-controls', menu().id);
    expect(await within(menu()).findByRole('link', { name: 'Case selections' })).toBeVisible();
    expect(fetch.mock.calls.filter(([url]) => String(url) === '/api/geolocation')).toHaveLength(1);
  });

  it('opens a menu with My Library, My Account, Change password and Sign out; Escape closes it and focus returns', async () => {
    knownCountry(null);
    renderHeader(sampleUser());
    expect(screen.queryByRole('list', { name: 'Account' })).not.toBeInTheDocument();
    await userEvent.click(menuButton());
    expect(menuButton()).toHaveAttribute('aria-expanded', 'true');
    expect(within(menu()).getByRole('link', { name: 'My Library' })).toHaveAttribute('href', '/my-library');
    // The account page (PLAT-15), between Following and Change password.
    expect(within(menu()).getByRole('link', { name: 'My Account' })).toHaveAttribute('href', '/my-account');
    expect(within(menu()).getAllByRole('listitem')[2]).toHaveTextContent(/^My Account$/);
    expect(within(menu()).getByRole('button', { name: 'Change password' })).toBeVisible();
    expect(within(menu()).getByRole('link', { name: 'Sign out' })).toBeVisible();
    within(menu()).getByRole('link', { name: 'My Library' }).focus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('list', { name: 'Account' })).not.toBeInTheDocument();
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
    expect(menuButton()).toHaveFocus();
  });

  it('opens from the keyboard with the arrow keys and moves through its items: arrows wrap, Home and End', async () => {
    knownCountry(null);
    const user = userEvent.setup();
    renderHeader(sampleUser());
    act(() => menuButton().focus());
    await user.keyboard('{ArrowDown}');
    expect(menuButton()).toHaveAttribute('aria-expanded', 'true');
    const items = [...within(menu()).getAllByRole('link'), ...within(menu()).getAllByRole('button')];
    const library = within(menu()).getByRole('link', { name: 'My Library' });
    const account = within(menu()).getByRole('link', { name: 'My Account' });
    const following = within(menu()).getByRole('link', { name: /^Following/ });
    const password = within(menu()).getByRole('button', { name: 'Change password' });
    const signOut = within(menu()).getByRole('link', { name: 'Sign out' });
    expect(items).toHaveLength(5);
    expect(library).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(following).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(account).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(password).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(signOut).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(library).toHaveFocus(); // wraps
    await user.keyboard('{ArrowUp}');
    expect(signOut).toHaveFocus();
    await user.keyboard('{Home}');
    expect(library).toHaveFocus();
    await user.keyboard('{End}');
    expect(signOut).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('list', { name: 'Account' })).not.toBeInTheDocument();
    expect(menuButton()).toHaveFocus();
    // ArrowUp opens it at its last item.
    await user.keyboard('{ArrowUp}');
    expect(within(menu()).getByRole('link', { name: 'Sign out' })).toHaveFocus();
  });

  it('Enter opens it with focus on the button; ArrowDown then goes in; Tab out of it closes it', async () => {
    knownCountry(null);
    const user = userEvent.setup();
    renderHeader(sampleUser());
    act(() => menuButton().focus());
    await user.keyboard('{Enter}');
    expect(menuButton()).toHaveAttribute('aria-expanded', 'true');
    expect(menuButton()).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(within(menu()).getByRole('link', { name: 'My Library' })).toHaveFocus();
    await user.keyboard('{End}');
    await user.tab();
    expect(screen.queryByRole('list', { name: 'Account' })).not.toBeInTheDocument();
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes on a click outside it', async () => {
    knownCountry(null);
    renderHeader(sampleUser());
    await userEvent.click(menuButton());
    await userEvent.click(screen.getByRole('link', { name: 'Topics' }));
    expect(screen.queryByRole('list', { name: 'Account' })).not.toBeInTheDocument();
  });

  it('shows the learning link only to eligible readers', async () => {
    knownCountry(null);
    const { unmount } = renderHeader(sampleUser({ hmmEligible: true }));
    await userEvent.click(menuButton());
    expect(within(menu()).getByRole('link', { name: 'Learning' })).toHaveAttribute('href', '/store/toolkits');
    unmount();

    renderHeader(sampleUser({ hmmEligible: false }));
    await userEvent.click(menuButton());
    expect(within(menu()).queryByRole('link', { name: 'Learning' })).not.toBeInTheDocument();
  });

  it.each(['US', 'CA'])('shows the case-selection link to a reader in %s', async (country) => {
    geolocation(country);
    renderHeader(sampleUser());
    await userEvent.click(menuButton());
    expect(await within(menu()).findByRole('link', { name: 'Case selections' })).toHaveAttribute('href', '/case-selections');
  });

  it('hides the case-selection link elsewhere, and looks the country up once per visit', async () => {
    const fetch = geolocation('DE');
    const { unmount } = renderHeader(sampleUser());
    await screen.findByRole('button', { name: 'Account menu for Ada' });
    await userEvent.click(menuButton());
    await waitFor(() => expect(sessionStorage.getItem(COUNTRY_CACHE_KEY)).toBe('DE'));
    expect(within(menu()).queryByRole('link', { name: 'Case selections' })).not.toBeInTheDocument();
    unmount();

    renderHeader(sampleUser());
    await userEvent.click(menuButton());
    expect(within(menu()).queryByRole('link', { name: 'Case selections' })).not.toBeInTheDocument();
    expect(fetch.mock.calls.filter(([url]) => String(url) === '/api/geolocation')).toHaveLength(1);
  });

  it('uses the cached country without asking again', async () => {
    sessionStorage.setItem(COUNTRY_CACHE_KEY, 'CA');
    const fetch = geolocation('DE');
    renderHeader(sampleUser());
    await userEvent.click(menuButton());
    expect(within(menu()).getByRole('link', { name: 'Case selections' })).toBeVisible();
    // Opening the menu asks for the unread-following count, never for the country.
    expect(fetch.mock.calls.filter(([url]) => String(url) === '/api/geolocation')).toHaveLength(0);
  });

  it('signs out: clears the caches, pushes logout to the data layer and goes to /logout with the return path', async () => {
    knownCountry(null);
    const assign = jest.spyOn(browser, 'assign').mockImplementation(() => {});
    renderHeader(sampleUser(), '/topics?page=2');
    act(() => userStore.getState().setCartCount(3));
    localStorage.setItem('tmr:cart', '{}');
    await userEvent.click(menuButton());
    const signOut = within(menu()).getByRole('link', { name: 'Sign out' });
    expect(signOut).toHaveAttribute('href', '/logout?returnPath=%2Ftopics%3Fpage%3D2');
    await userEvent.click(signOut);
    expect(assign).toHaveBeenCalledWith('/logout?returnPath=%2Ftopics%3Fpage%3D2');
    expect(window.dataLayer).toEqual([{ event: 'logout' }]);
    expect(localStorage.getItem('tmr:user')).toBeNull();
    expect(localStorage.getItem('tmr:cart')).toBeNull();
    expect(userStore.getState()).toMatchObject({ status: 'guest', user: null, cartCount: 0 });
  });

  it('Change password opens the change-password flyout; closing it returns focus to the menu button', async () => {
    knownCountry(null);
    renderHeader(sampleUser());
    await userEvent.click(menuButton());
    await userEvent.click(within(menu()).getByRole('button', { name: 'Change password' }));
    const dialog = screen.getByRole('dialog', { name: 'Change password' });
    expect(screen.queryByRole('list', { name: 'Account' })).not.toBeInTheDocument();
    // The form's code loads when the flyout first opens; then its first field takes focus.
    expect(await within(dialog).findByLabelText('Current password')).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(menuButton()).toHaveFocus();
  });
});

describe('following link', () => {
  const FOLLOWING = 'GET /service/user/topics';

  it('asks for the unread-following count when the menu first opens and shows it as (N)', async () => {
    sessionStorage.setItem(COUNTRY_CACHE_KEY, '');
    const api = mockApiRoutes({ [FOLLOWING]: { body: { topics: [], unreadCount: 4 } } });
    renderHeader(sampleUser());
    expect(api.urls(FOLLOWING)).toHaveLength(0);
    await userEvent.click(menuButton());
    const link = await within(menu()).findByRole('link', { name: 'Following, 4 unread' });
    expect(link).toHaveAttribute('href', '/topics');
    expect(link).toHaveTextContent(/^Following \(4\)$/);
    // Closing and opening again does not ask again.
    await userEvent.click(menuButton());
    await userEvent.click(menuButton());
    expect(api.urls(FOLLOWING)).toHaveLength(1);
  });

  it("follows 'following:changed' events without asking the server", async () => {
    sessionStorage.setItem(COUNTRY_CACHE_KEY, '');
    const api = mockApiRoutes({ [FOLLOWING]: { body: { topics: [], unreadCount: 0 } } });
    renderHeader(sampleUser());
    act(() => bus.emit('following:changed', { slugs: ['strategy'], unreadCount: 7 }));
    await userEvent.click(menuButton());
    expect(within(menu()).getByRole('link', { name: 'Following, 7 unread' })).toHaveTextContent('Following (7)');
    act(() => bus.emit('following:changed', { slugs: [], unreadCount: 2 }));
    expect(within(menu()).getByRole('link', { name: 'Following, 2 unread' })).toBeInTheDocument();
    expect(api.urls(FOLLOWING)).toHaveLength(0);
  });

  it('a guest has no following link and nothing is asked', () => {
    const api = mockApiRoutes({ [FOLLOWING]: { body: { topics: [], unreadCount: 1 } } });
    renderHeader(null);
    expect(screen.queryByRole('link', { name: /Following/ })).not.toBeInTheDocument();
    expect(api.urls(FOLLOWING)).toHaveLength(0);
  });
});
