/**
 * Save and Share for one item (an article, a video, a chart), exposed as `library/ItemActions`.
 * The shell mounts it in the article page's toolbar; the video and visual-library remotes may too.
 *
 * - Save: guests are asked to sign in (SITE-06) by the save flyout, which needs a member: it emits
 *   `auth:open` { screen: 'signin', reason: 'save', intent } and closes. Once the reader has signed in
 *   or registered through that request, the intent finishes the click: the save flyout (or organize,
 *   if the item is saved already) opens as soon as that is known (contracts.md). The same holds for a
 *   member whose session ended under an open flyout. (The guest's click goes through the flyout so
 *   that this widget, on every article's first view, carries no sign-in code of its own.)
 *   For members, whether the item is in My Library comes from GET /service/user/saves/{id}/lists
 *   (a 404 or no folders: not saved). Not saved: 'Save' opens the save flyout. Saved: the button
 *   reads 'Saved' (aria-pressed) and opens the organize flyout.
 * - Share opens the share flyout for everyone (SITE-06: share needs no sign-in).
 * - readOnly hides both (SITE-06: read-only content hides Save and Share).
 * - A polite status line repeats the last confirmation ('Saved!', 'Shared via email', ...).
 *
 * Root: data-remote-root="library", data-widget="item-actions", data-saved="true|false", and the
 * part's instance markers (data-react-instance, data-store-instance).
 */
import * as React from 'react';
import { useEffect, useRef, useState } from 'react';
import { bus, Button, instanceMarkers, lazyComponent, MESSAGES, useLoad, userStore } from 'shared-contracts';
import { loadSaved } from './api/items';
import { useReader } from './components/common/reader';
import type { FlyoutItem, LibraryFlyoutProps } from './components/flyouts/contract';

/**
 * The flyouts are fetched on first use (or when the pointer or focus reaches a button), so an
 * article page pays for two buttons, not for every flyout of the library.
 */
const LibraryFlyout = lazyComponent<LibraryFlyoutProps>(() =>
  import(/* webpackChunkName: "library-flyouts" */ './components/flyouts/LibraryFlyout').then((m) => m.LibraryFlyout),
);
const preloadFlyouts = () => {
  LibraryFlyout.preload().catch(() => {
    // Shown when a flyout is opened, if it still cannot load.
  });
};

export type { FlyoutItem } from './components/flyouts/contract';

export interface ItemActionsProps {
  item: FlyoutItem;
  /** Read-only content: no Save, no Share (SITE-06). */
  readOnly?: boolean;
  /** false hides Share (subscriber-only videos hide share, PAY-02, PAY-06). Default true. */
  share?: boolean;
  /** Lists of items (video tiles): the buttons are named 'Save {title}' and 'Share {title}'. */
  nameWithTitle?: boolean;
}

/**
 * The buttons' texts (SITE-08 gives 'Saved!' for the confirmation; the button words are ours). The
 * only copy of the remote outside text.ts: this widget is on every article's first view, and
 * text.ts, shared with the other chunks, would add all of its words there (about 1.3 KB gzip).
 */
export const ITEM_ACTIONS_TEXT = {
  save: 'Save',
  saved: 'Saved',
  share: 'Share',
  group: 'Save and share',
} as const;

type OpenFlyout = { kind: 'save' | 'organize' | 'share'; trigger: HTMLElement | null } | null;

/** Whether the member's item is in My Library: null until known (and for no member: nothing to ask). */
function useSaved(itemId: string, memberId: string | null) {
  const saved = useLoad<boolean | null>(`saved:${itemId}:${memberId ?? ''}`, () => (memberId === null ? Promise.resolve(null) : loadSaved(itemId)));
  const { mutate } = saved;

  // A save elsewhere on the page (another ItemActions, the library) shows here too.
  useEffect(
    () =>
      bus.on('library:saved', ({ id }) => {
        if (id === itemId) mutate(true);
      }),
    [itemId, mutate],
  );
  return [saved.status === 'ready' ? saved.data : null, mutate] as const;
}

export function ItemActions({ item, readOnly = false, share = true, nameWithTitle = false }: ItemActionsProps) {
  const reader = useReader();
  const memberId = reader.kind === 'member' ? reader.id : null;
  // Read-only content offers no Save: nothing to ask.
  const [saved, setSaved] = useSaved(item.id, readOnly ? null : memberId);
  const [flyout, setFlyout] = useState<OpenFlyout>(null);
  const [announcement, setAnnouncement] = useState('');
  /** A Save asked for before sign-in: finished once the member's saved state is known. */
  const [asked, setAsked] = useState(false);
  const saveButton = useRef<HTMLButtonElement>(null);
  const shareButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (asked && saved !== null) {
      setAsked(false);
      onSave();
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- onSave reads this render's reader and state
  }, [asked, saved]);
  const ask = () => setAsked(true);

  function onSave() {
    if (reader.kind === 'member' && saved === null) return;
    const kind = saved ? 'organize' : 'save';
    setFlyout((open) => (open?.kind === kind ? null : { kind, trigger: saveButton.current }));
  }

  function onShare() {
    setFlyout((open) => (open?.kind === 'share' ? null : { kind: 'share', trigger: shareButton.current }));
  }

  function onDone({ message }: { message: string }) {
    if (flyout?.kind === 'save' || flyout?.kind === 'organize') setSaved(true);
    if (message === MESSAGES.library.removed) setSaved(false);
    setAnnouncement(message);
    setFlyout(null);
  }

  const isSaved = saved === true;
  const saveWaiting = reader.kind === 'unknown' || (reader.kind === 'member' && saved === null);

  return (
    <div
      className="item-actions"
      data-remote-root="library"
      data-widget="item-actions"
      data-saved={String(isSaved)}
      {...instanceMarkers(React.createElement, userStore)}
    >
      {!readOnly && (
        <div role="group" aria-label={ITEM_ACTIONS_TEXT.group} className="ds-button-row">
          <Button
            variant="ghost"
            ref={saveButton}
            aria-label={nameWithTitle ? `${isSaved ? ITEM_ACTIONS_TEXT.saved : ITEM_ACTIONS_TEXT.save} ${item.title}` : undefined}
            aria-pressed={isSaved}
            aria-busy={saveWaiting}
            aria-expanded={flyout?.kind === 'save' || flyout?.kind === 'organize'}
            disabled={saveWaiting}
            onPointerEnter={preloadFlyouts}
            onFocus={preloadFlyouts}
            onClick={onSave}
          >
            {isSaved ? ITEM_ACTIONS_TEXT.saved : ITEM_ACTIONS_TEXT.save}
          </Button>
          {share && (
            <Button
              variant="ghost"
              ref={shareButton}
              aria-label={nameWithTitle ? `${ITEM_ACTIONS_TEXT.share} ${item.title}` : undefined}
              aria-expanded={flyout?.kind === 'share'}
              onPointerEnter={preloadFlyouts}
              onFocus={preloadFlyouts}
              onClick={onShare}
            >
              {ITEM_ACTIONS_TEXT.share}
            </Button>
          )}
        </div>
      )}
      {!readOnly && flyout && (
        <LibraryFlyout
          key={flyout.kind}
          request={{ kind: flyout.kind, item }}
          returnFocusTo={flyout.trigger}
          onClose={() => setFlyout(null)}
          onSignedIn={ask}
          onDone={onDone}
          fallback={<p role="status">Loading…</p>}
        />
      )}
      <p role="status" className="item-actions-status">
        {announcement}
      </p>
    </div>
  );
}

export default ItemActions;
