/**
 * The signed-in reader's menu in the header (SITE-02, SITE-06; PAY-04, PAY-06). A disclosure: the
 * button "Account menu for {firstName}" shows the first name and, for subscribers, the tier
 * caption (none for Executive and All Access); it opens a list with My Library, Following (the
 * followed topics, with the unread-following count: asked when the menu first opens unless a
 * 'following:changed' event brought it, and kept current by those events), My Account (the
 * account page /my-account, issue 22), Change password,
 * Learning (eligible users), Case selections (US/Canada users) and Sign out. Escape or a click
 * outside closes the list and focus returns to the button; focus leaving the menu closes it.
 *
 * Keyboard (issue 26, as the APG's disclosure navigation menu): ArrowDown or ArrowUp on the button
 * opens the list at its first or last item; in the list ArrowDown and ArrowUp move (wrapping), Home
 * and End go to the first and last item. The items stay links and a button (a reader's Back,
 * new-tab and link lists keep working), not role="menu".
 *
 * Sign out (PAY-04 Logout): clears the user and cart caches, pushes the data-layer 'logout'
 * event and goes to /logout?returnPath={path and query}, which ends the session on the server.
 */
import { useEffect, useId, useLayoutEffect, useRef, useState, type FocusEvent, type KeyboardEvent as KeyEvent, type MouseEvent } from 'react';
import { Link, useLocation } from 'shared-contracts/router';
import { api, bus, pushDataLayer, userStore, type User } from 'shared-contracts';
import { useDomestic } from 'shared-contracts/geo';
import { flyouts } from '../flyouts/flyouts';
import { HelpBoxSlot } from '../helpboxes/HelpBoxSlot';
import { isListKey, itemAfterKey, type ListKey } from './arrowKeys';
import { browser } from './browser';

export function logoutUrl(path: string): string {
  return `/logout?returnPath=${encodeURIComponent(path)}`;
}

export function UserMenu({ user }: { user: User }) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const location = useLocation();
  const domestic = useDomestic(true);
  const id = useId();
  const listId = `${id}-menu`;
  const captionId = `${id}-caption`;
  const caption = user.status === 'subscriber' ? (user.tier?.caption ?? null) : null;
  const here = location.pathname + location.search;

  // A navigation closes the menu.
  useEffect(() => setOpen(false), [location.key]);

  // The unread-following count: asked when the menu first opens, then kept by the bus's events.
  const [unread, setUnread] = useState<number | null>(null);
  const askedFollowing = useRef(false);
  useEffect(
    () =>
      bus.on('following:changed', ({ unreadCount }) => {
        askedFollowing.current = true; // the event carries the server's count: no need to ask
        setUnread(unreadCount);
      }),
    [],
  );
  useEffect(() => {
    if (!open || askedFollowing.current) return;
    askedFollowing.current = true;
    api.following().then(
      (f) => setUnread(f.unreadCount),
      () => {
        askedFollowing.current = false; // ask again next time the menu opens
      },
    );
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    const onPointer = (event: globalThis.MouseEvent) => {
      if (rootRef.current && event.target instanceof Node && !rootRef.current.contains(event.target)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', onPointer);
    };
  }, [open]);

  // Opened from the keyboard: the item to focus once the list shows.
  const focusOnOpen = useRef<ListKey | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const items = () => [...(listRef.current?.querySelectorAll<HTMLElement>('a[href], button') ?? [])];
  useLayoutEffect(() => {
    const key = focusOnOpen.current;
    focusOnOpen.current = null;
    if (open && key) itemAfterKey(items(), null, key)?.focus();
  }, [open]);

  function onButtonKey(event: KeyEvent<HTMLButtonElement>) {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    if (open) itemAfterKey(items(), null, event.key)?.focus();
    else {
      focusOnOpen.current = event.key === 'ArrowDown' ? 'Home' : 'End';
      setOpen(true);
    }
  }

  function onListKey(event: KeyEvent<HTMLUListElement>) {
    if (!isListKey(event.key)) return;
    event.preventDefault();
    itemAfterKey(items(), event.target as HTMLElement, event.key)?.focus();
  }

  function onBlur(event: FocusEvent<HTMLDivElement>) {
    const to = event.relatedTarget;
    if (to instanceof Node && !event.currentTarget.contains(to)) setOpen(false);
  }

  function changePassword() {
    setOpen(false);
    flyouts.open('change-password', buttonRef.current);
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
    <div className="user-menu" ref={rootRef} onBlur={onBlur}>
      <HelpBoxSlot audience="member" />
      <button
        ref={buttonRef}
        type="button"
        className="user-menu-button"
        aria-label={`Account menu for ${user.firstName}`}
        aria-describedby={caption ? captionId : undefined}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={onButtonKey}
      >
        <span className="user-name">{user.firstName}</span>
      </button>
      {/* The tier caption sits beside the button, not in it: the button's name must hold its visible text (WCAG 2.5.3). */}
      {caption && (
        <span id={captionId} className="user-tier">
          {caption}
        </span>
      )}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- the arrow keys between the menu's links */}
      <ul ref={listRef} id={listId} className="user-menu-list" aria-label="Account" hidden={!open} onKeyDown={onListKey}>
        <li>
          <Link to="/my-library" onClick={() => setOpen(false)}>
            My Library
          </Link>
        </li>
        <li>
          <Link to="/topics" onClick={() => setOpen(false)} aria-label={unread === null ? 'Following' : `Following, ${unread} unread`}>
            Following
            {unread !== null && <span className="unread-count">{` (${unread})`}</span>}
          </Link>
        </li>
        <li>
          <Link to="/my-account" onClick={() => setOpen(false)}>
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
            <Link to="/store/toolkits" onClick={() => setOpen(false)}>
              Learning
            </Link>
          </li>
        )}
        {domestic && (
          <li>
            {/* The spec names the case-selection link but not its target: the Case Selections collection (SITE-06.2). */}
            <Link to="/case-selections" onClick={() => setOpen(false)}>
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
    </div>
  );
}
