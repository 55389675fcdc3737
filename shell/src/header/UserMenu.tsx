/**
 * The signed-in reader's menu in the header (SITE-02, SITE-06; PAY-04, PAY-06). A disclosure: the
 * button "Account menu for {firstName}" shows the first name and, for subscribers, the tier
 * caption (none for Executive and All Access); it opens the list (UserMenuList) with My Library,
 * Following (with the unread-following count), My Account, Change password, Learning, Case
 * selections and Sign out. Escape or a click outside closes the list and focus returns to the
 * button; focus leaving the menu closes it.
 *
 * Keyboard (as the APG's disclosure navigation menu): ArrowDown or ArrowUp on the button
 * opens the list at its first or last item; in the list ArrowDown and ArrowUp move (wrapping), Home
 * and End go to the first and last item. The items stay links and a button, not role="menu".
 *
 * What a signed-in page's first view runs is this button only (decision 021): the list's code
 * (with the country lookup and the flyouts' state) loads when a pointer reaches the button, it
 * takes focus or it is pressed, and the member's help boxes (HelpBoxSlot) at the reader's first
 * scroll, press or key on the page. The unread-following count is kept here, so a
 * 'following:changed' event sent before the list arrived is not lost: it is asked when the menu
 * first opens unless such an event brought it.
 */
import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent as KeyEvent } from 'react';
import { useLocation } from 'shared-contracts/router';
import { api, bus, lazyComponent, type User } from 'shared-contracts';
import type { ListKey } from './arrowKeys';
import type { UserMenuListProps } from './UserMenuList';
import { useReaderMoved } from '../helpboxes/readerMoved';

const UserMenuList = lazyComponent<UserMenuListProps>(() => import(/* webpackChunkName: "user-menu-list" */ './UserMenuList').then((m) => m.UserMenuList));
/**
 * The member's help-box slot, loaded at the reader's first move. A tip is optional: code that cannot
 * be fetched shows nothing (not lazyComponent's 'could not be loaded', which would sit in the header).
 */
function MemberHelpBox() {
  const [Slot, setSlot] = useState<typeof import('../helpboxes/HelpBoxSlot').HelpBoxSlot | null>(null);
  useEffect(() => {
    let live = true;
    import(/* webpackChunkName: "member-help" */ '../helpboxes/HelpBoxSlot').then(
      (m) => live && setSlot(() => m.HelpBoxSlot),
      () => {
        // No tip this time.
      },
    );
    return () => {
      live = false;
    };
  }, []);
  return Slot ? <Slot audience="member" moved /> : null;
}

function preloadList(): void {
  UserMenuList.preload().catch(() => {
    // The list says so when it is opened, if it still cannot load.
  });
}

export function UserMenu({ user }: { user: User }) {
  const [open, setOpen] = useState(false);
  // Whether the list's code is wanted: from the first pointer, focus or press on the button.
  const [wanted, setWanted] = useState(false);
  // Opened from the keyboard: the item the list focuses once it shows (a new object each time).
  const [focusOnOpen, setFocusOnOpen] = useState<{ key: ListKey } | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const location = useLocation();
  const moved = useReaderMoved(true);
  const id = useId();
  const listId = `${id}-menu`;
  const captionId = `${id}-caption`;
  const caption = user.status === 'subscriber' ? (user.tier?.caption ?? null) : null;

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

  function want() {
    preloadList();
    setWanted(true);
  }

  function onButtonKey(event: KeyEvent<HTMLButtonElement>) {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    want();
    setFocusOnOpen({ key: event.key === 'ArrowDown' ? 'Home' : 'End' });
    setOpen(true);
  }

  function onBlur(event: FocusEvent<HTMLDivElement>) {
    const to = event.relatedTarget;
    if (to instanceof Node && !event.currentTarget.contains(to)) setOpen(false);
  }

  function close() {
    setOpen(false);
  }

  return (
    <div className="user-menu" ref={rootRef} onBlur={onBlur}>
      {moved && <MemberHelpBox />}
      <button
        ref={buttonRef}
        type="button"
        className="user-menu-button"
        aria-label={`Account menu for ${user.firstName}`}
        aria-describedby={caption ? captionId : undefined}
        aria-expanded={open}
        aria-controls={wanted ? listId : undefined}
        onPointerEnter={preloadList}
        onFocus={preloadList}
        onClick={() => {
          want();
          setFocusOnOpen(null); // a press opens the list with the focus kept on the button
          setOpen((o) => !o);
        }}
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
      {wanted && (
        <UserMenuList id={listId} user={user} open={open} focusOnOpen={focusOnOpen} unread={unread} button={buttonRef} onClose={close} fallback={null} />
      )}
    </div>
  );
}
