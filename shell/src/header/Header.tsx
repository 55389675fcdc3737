/**
 * The site header (SITE-02, SITE-04): logo, search, the cart link, sign-in or the user menu, and the main
 * navigation. It is sticky: it hides while the reader scrolls down and comes back on scroll up,
 * and its logo is big near the top and small further down (useStickyHeader). Its state shows as
 * data-header="shown|hidden" and data-logo="big|small". Search opens the search overlay, whose
 * code loads on first use (a pointer or focus on the button starts the fetch).
 *
 * Layout (chrome.css): on a tablet or desktop a masthead (the wordmark, the actions on
 * the right, a thin rule, the navigation row); on a phone (below 768 px) a compact bar whose
 * 'Menu' button (aria-expanded, the one state CSS reads) shows the navigation as a panel; the
 * server renders it closed. While it is open Tab cycles between the button and the panel's links,
 * Escape closes it and gives the focus back to the button, and following a link (any navigation)
 * or a press on the backdrop closes it. Without JavaScript the footer's section links lead to the same
 * pages.
 */
import { useEffect, useRef, useState, type FocusEvent } from 'react';
import { Link, NavLink, useLocation } from 'shared-contracts/router';
import { bus, lazyComponent, useUserStore, type User } from 'shared-contracts';
import { useFlyout } from '../flyouts/state';
import { CartLink } from './CartLink';
import type { SearchOverlayProps } from './SearchOverlay';
import { useStickyHeader } from './useStickyHeader';
import { withSheet } from '../sheets';
import { preloadAuthModal } from '../AuthModalHost';

const SearchOverlay = withSheet<SearchOverlayProps>(
  () => import(/* webpackChunkName: "search-overlay" */ './SearchOverlay').then((m) => m.SearchOverlay),
  'search-overlay',
);

// The signed-in reader's menu and the flyouts load only where they show (decision 021): a guest's
// first view (the byte budget's page) runs neither. A cached signed-in user starts the menu's chunk
// at page start (bootstrap.tsx), so it arrives with the rest of the first view; that chunk is the
// menu's button only, its list loads when the reader reaches for it (UserMenu.tsx).
const UserMenu = withSheet<{ user: User }>(() => import(/* webpackChunkName: "user-menu" */ './UserMenu').then((m) => m.UserMenu), 'user-menu');
const FlyoutHost = lazyComponent<object>(() => import(/* webpackChunkName: "flyout-host" */ '../flyouts/FlyoutHost').then((m) => m.FlyoutHost));

/** Starts fetching the user menu's code (a signed-in reader's page start). */
export function preloadUserMenu(): void {
  UserMenu.preload().catch(() => {
    // The menu shows its message when it renders, if it still cannot load.
  });
}

/** The user menu's box while its code arrives: the reader's name, not yet a button that works. */
function userMenuLoading(user: User) {
  return (
    <div className="user-menu">
      <span className="user-menu-button" aria-hidden="true">
        <span className="user-name">{user.firstName}</span>
      </span>
    </div>
  );
}

function preloadSearch(): void {
  SearchOverlay.preload().catch(() => {
    // Shown in the overlay when it is opened, if it still cannot load.
  });
}

/** What the overlay shows while its code arrives (a few ms once preloaded). */
const searchLoading = (
  <div className="search-backdrop">
    <div className="search-overlay" role="dialog" aria-modal="true" aria-label="Search">
      <p role="status">Loading search…</p>
    </div>
  </div>
);

/** The site's sections: the header's navigation and the footer's. */
export const SECTIONS = [
  ['/the-latest', 'Latest'],
  ['/magazine', 'Magazine'],
  ['/topics', 'Topics'],
  ['/video', 'Video'],
  ['/visual-library', 'Visual Library'],
  ['/store', 'Store'],
  ['/my-library', 'My Library'],
] as const;

export function Header() {
  const status = useUserStore((s) => s.status);
  const user = useUserStore((s) => s.user);
  const [searchOpen, setSearchOpen] = useState(false);
  const [focusWithin, setFocusWithin] = useState(false);
  const [menu, setMenu] = useState(false);
  const searchButton = useRef<HTMLButtonElement>(null);
  const menuButton = useRef<HTMLButtonElement>(null);
  const nav = useRef<HTMLElement>(null);
  const { logo, header } = useStickyHeader(searchOpen || focusWithin || menu);
  const flyoutOpen = useFlyout() !== null;
  const { key } = useLocation();

  // Any navigation closes the phone's menu.
  useEffect(() => setMenu(false), [key]);

  useEffect(() => {
    if (!menu) return;
    const onKey = (e: KeyboardEvent) => {
      const button = menuButton.current!;
      // The window grew past the phone's width: the navigation is a row again, nothing to trap.
      if (getComputedStyle(button).display === 'none') return setMenu(false);
      if (e.key === 'Escape') {
        setMenu(false);
        button.focus();
      } else if (e.key === 'Tab') {
        const items: HTMLElement[] = [button, ...nav.current!.querySelectorAll('a')];
        const n = items.length;
        const at = items.indexOf(document.activeElement as HTMLElement);
        e.preventDefault();
        items[at < 0 ? (e.shiftKey ? n - 1 : 0) : (at + (e.shiftKey ? n - 1 : 1)) % n]!.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menu]);

  function closeSearch(restoreFocus: boolean) {
    setSearchOpen(false);
    if (restoreFocus) searchButton.current?.focus();
  }

  function onBlur(event: FocusEvent<HTMLElement>) {
    if (!(event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget))) setFocusWithin(false);
  }

  return (
    <>
      <header className="site-header" data-logo={logo} data-header={header} onFocus={() => setFocusWithin(true)} onBlur={onBlur}>
        <div className="header-bar">
          <button
            ref={menuButton}
            type="button"
            className="menu-button icon"
            aria-label="Menu"
            aria-expanded={menu}
            aria-controls="main-nav"
            onClick={() => setMenu(!menu)}
          />
          <Link to="/" className="logo" data-site-logo="" aria-label="The Management Review, home">
            The Management Review
          </Link>
          <button
            ref={searchButton}
            type="button"
            className="header-link button-link search-button icon"
            aria-haspopup="dialog"
            aria-expanded={searchOpen}
            onPointerEnter={preloadSearch}
            onFocus={preloadSearch}
            onClick={() => setSearchOpen(true)}
          >
            Search
          </button>
          <div className="header-actions">
            <CartLink />
            {user && (status === 'registered' || status === 'subscriber') ? (
              <UserMenu user={user} fallback={userMenuLoading(user)} />
            ) : (
              <>
                <button
                  type="button"
                  className="header-link button-link"
                  disabled={status === 'unknown'}
                  onPointerEnter={preloadAuthModal}
                  onFocus={preloadAuthModal}
                  onClick={() => bus.emit('auth:open', { screen: 'signin' })}
                >
                  Sign in
                </button>
                <Link to="/register" className="header-link">
                  Register
                </Link>
              </>
            )}
          </div>
        </div>
        <nav ref={nav} id="main-nav" aria-label="Main">
          <ul className="main-nav">
            {SECTIONS.map(([to, label]) => (
              <li key={to}>
                <NavLink to={to}>{label}</NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      {/* The phone menu's backdrop: a press on the page beside the panel closes it. */}
      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions -- Escape is the keyboard's way */}
      {menu && <div className="menu-backdrop" onClick={() => setMenu(false)} />}
      {searchOpen && <SearchOverlay onClose={closeSearch} fallback={searchLoading} />}
      {/* The shell's flyouts (change password, forgot password): non-modal, beside the header; their
          host mounts while one is open. */}
      {flyoutOpen && <FlyoutHost />}
    </>
  );
}
