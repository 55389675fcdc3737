/**
 * The list of the signed-in reader's menu (UserMenu), loaded when the reader first reaches for the
 * menu: My Library, Following (with the unread-following count the menu keeps), My Account (the
 * account page /my-account, PLAT-15), Change password, Learning (eligible users), Case selections
 * (US/Canada users) and Sign out. The arrow keys, Home and End move between its items.
 *
 * Sign out (PAY-04 Logout): clears the user and cart caches, pushes the data-layer 'logout'
 * event and goes to /logout?returnPath={path and query}, which ends the session on the server.
 */
import { useLayoutEffect, useRef, type KeyboardEvent as KeyEvent, type MouseEvent, type RefObject } from 'react';
import { Link, useLocation } from 'shared-contracts/router';
import { pushDataLayer, userStore, type User } from 'shared-contracts';
import { useDomestic } from 'shared-contracts/geo';
import { flyouts } from '../flyouts/flyouts';
import { isListKey, itemAfterKey, type ListKey } from './arrowKeys';
import { browser } from './browser';

export function logoutUrl(path: string): string {
  return `/logout?returnPath=${encodeURIComponent(path)}`;
}

export interface UserMenuListProps {
  id: string;
  user: User;
  open: boolean;
  /** Opened from the keyboard: the item to focus once the list shows. */
  focusOnOpen: { key: ListKey } | null;
  /** The unread-following count, null until known. */
  unread: number | null;
  /** The menu's button: the change-password flyout gives the focus back to it. */
  button: RefObject<HTMLButtonElement | null>;
  onClose: () => void;
}

export function UserMenuList({ id, user, open, focusOnOpen, unread, button, onClose }: UserMenuListProps) {
  const location = useLocation();
  const domestic = useDomestic(true);
  const here = location.pathname + location.search;
  const listRef = useRef<HTMLUListElement>(null);
  const items = () => [...(listRef.current?.querySelectorAll<HTMLElement>('a[href], button') ?? [])];

  // Runs when the list first shows too (its code may arrive after the key that opened it).
  useLayoutEffect(() => {
    if (open && focusOnOpen) itemAfterKey(items(), null, focusOnOpen.key)?.focus();
  }, [open, focusOnOpen]);

  function onListKey(event: KeyEvent<HTMLUListElement>) {
    if (!isListKey(event.key)) return;
    event.preventDefault();
    itemAfterKey(items(), event.target as HTMLElement, event.key)?.focus();
  }

  function changePassword() {
    onClose();
    flyouts.open('change-password', button.current);
  }

  function signOut(event: MouseEvent<HTMLAnchorElement>) {
    // Navigate explicitly: clearing the store re-renders the header, and a link removed from the
    // page during its own click would not navigate.
    event.preventDefault();
    userStore.getState().clearCaches();
    pushDataLayer({ event: 'logout' });
    browser.assign(logoutUrl(here));
  }

  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- the arrow keys between the menu's links
    <ul ref={listRef} id={id} className="user-menu-list" aria-label="Account" hidden={!open} onKeyDown={onListKey}>
      <li>
        <Link to="/my-library" onClick={onClose}>
          My Library
        </Link>
      </li>
      <li>
        <Link to="/topics" onClick={onClose} aria-label={unread === null ? 'Following' : `Following, ${unread} unread`}>
          Following
          {unread !== null && <span className="unread-count">{` (${unread})`}</span>}
        </Link>
      </li>
      <li>
        <Link to="/my-account" onClick={onClose}>
          My Account
        </Link>
      </li>
      <li>
        <button type="button" className="button-link" onClick={changePassword}>
          Change password
        </button>
      </li>
      {user.hmmEligible && (
        <li>
          {/* The spec names the learning link but not its target; the store's toolkits are the site's learning material. */}
          <Link to="/store/toolkits" onClick={onClose}>
            Learning
          </Link>
        </li>
      )}
      {domestic && (
        <li>
          {/* The spec names the case-selection link but not its target: the Case Selections collection (SITE-06.2). */}
          <Link to="/case-selections" onClick={onClose}>
            Case selections
          </Link>
        </li>
      )}
      <li>
        <a href={logoutUrl(here)} onClick={signOut}>
          Sign out
        </a>
      </li>
    </ul>
  );
}
