/**
 * My Library for a signed-in member (site §2, §4, §6, §8): the folder list with its editing states,
 * the selected folder (from /my-library/library/{folder-slug}, else All Folders) and the content
 * tabs: Saved (All Folders or the folder's items), the Read, Shared, Watched and Ordered
 * histories, and the followed Topics. One library flyout at a time; after a flyout's onDone the
 * lists and the folder counts load again and its message is said in the polite status region.
 *
 * Markers: data-library-tab="{tab}" on the tab panel, data-library-announcer on the status region
 * (the rest: FolderList, ItemList, ItemCard, TopicsPanel).
 */
import { startTransition, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'shared-contracts/router';
import { api, bus, itemCountText, type Folder } from 'shared-contracts';
import { LIBRARY_MESSAGES, type LibraryActivity, type LibraryItem } from 'shared-contracts/library';
import type { LibraryFlyoutRequest } from '../flyouts/contract';
import { LibraryFlyout } from '../flyouts/LibraryFlyout';
import { cardOfLibraryItem } from './cardModel';
import type { LibraryEmptyType } from './EmptyState';
import { folderErrorText } from './folderErrors';
import { FolderForm, type FolderFormValues } from './FolderForm';
import { FolderList, folderPath, type FolderEditing } from './FolderList';
import { ItemList, type OpenFlyout } from './ItemList';
import { Tabs } from './Tabs';
import { TopicsPanel } from './TopicsPanel';
import { LIBRARY_PAGE_SIZE, LIBRARY_TABS, LIBRARY_TEXT, type LibraryTab } from './text';

/* ------------------------------------------------------------------ folders */

type FoldersState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; list: Folder[] };

/**
 * Counts the shell's `user:changed` events: every sign-in, sign-out or refresh of the user is a
 * reason to read the folders again, even when the user id stayed the same.
 */
function useUserChanges(): number {
  const [changes, setChanges] = useState(0);
  useEffect(() => bus.on('user:changed', () => setChanges((n) => n + 1)), []);
  return changes;
}

/**
 * The reader's folders. Keyed on the user id by the parent, so another user loads afresh. A reload
 * keeps the folders on screen until the answer comes; a failed reload keeps them too.
 */
function useFolders() {
  const changes = useUserChanges();
  const [reloads, setReloads] = useState(0);
  const [state, setState] = useState<FoldersState>({ status: 'loading' });
  useEffect(() => {
    let active = true;
    api.folders().then(
      (list) => {
        if (active) setState({ status: 'ready', list });
      },
      () => {
        if (active) setState((s) => (s.status === 'ready' ? s : { status: 'error' }));
      },
    );
    return () => {
      active = false;
    };
  }, [changes, reloads]);
  return {
    state,
    reload: () => setReloads((n) => n + 1),
    retry: () => {
      setState({ status: 'loading' });
      setReloads((n) => n + 1);
    },
    update: (change: (list: Folder[]) => Folder[]) => setState((s) => (s.status === 'ready' ? { status: 'ready', list: change(s.list) } : s)),
  };
}

/* ------------------------------------------------------------------ editing */

type Editing = { mode: 'none' } | { mode: 'new' } | { mode: 'active' | 'active-delete'; folderId: string };

function DeleteConfirm({ onConfirm, onCancel }: { onConfirm(): Promise<unknown>; onCancel(): void }) {
  const textId = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const mounted = useRef(true);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    mounted.current = true;
    cancelRef.current?.focus();
    return () => {
      mounted.current = false;
    };
  }, []);
  const confirm = () => {
    setBusy(true);
    setError(null);
    onConfirm().then(
      () => {
        if (mounted.current) setBusy(false);
      },
      (e: unknown) => {
        if (!mounted.current) return;
        setBusy(false);
        setError(folderErrorText(e));
      },
    );
  };
  return (
    <div
      role="group"
      aria-labelledby={textId}
      className="confirm"
      data-confirm="delete-folder"
      onKeyDown={(e) => {
        if (e.key === 'Escape' && !busy) {
          e.preventDefault();
          onCancel();
        }
      }}
    >
      <p id={textId}>{LIBRARY_MESSAGES.deleteFolderConfirm}</p>
      <button type="button" onClick={confirm} disabled={busy} aria-busy={busy ? 'true' : undefined}>
        {LIBRARY_TEXT.deleteFolder}
      </button>
      <button ref={cancelRef} type="button" onClick={onCancel} disabled={busy}>
        {LIBRARY_TEXT.cancel}
      </button>
      {error && (
        <p role="alert" className="form-error">
          {error}
        </p>
      )}
    </div>
  );
}

/* ------------------------------------------------------------------ page */

const HISTORY_TABS: readonly LibraryActivity[] = ['read', 'shared', 'watched', 'ordered'];

function isHistory(tab: LibraryTab): tab is Exclude<LibraryActivity, 'saved'> {
  return (HISTORY_TABS as readonly string[]).includes(tab);
}

/** The polite status region: a new message replaces the node, so the same words are said again. */
function Announcer({ message }: { message: { text: string; n: number } | null }) {
  return (
    <div role="status" aria-live="polite" className="visually-hidden-status" data-library-announcer="">
      {message && <span key={message.n}>{message.text}</span>}
    </div>
  );
}

export function MyLibrary({ folderSlug }: { folderSlug: string | undefined }) {
  const navigate = useNavigate();
  const folders = useFolders();
  const [editing, setEditing] = useState<Editing>({ mode: 'none' });
  /** The folder made in this visit: while empty it shows the newFolderCreated empty state. */
  const [justCreated, setJustCreated] = useState<string | null>(null);
  const [tabOf, setTabOf] = useState<{ tab: LibraryTab; slug: string | undefined }>({ tab: 'saved', slug: folderSlug });
  const [flyout, setFlyout] = useState<{ request: LibraryFlyoutRequest; opener: HTMLElement | null } | null>(null);
  const [message, setMessage] = useState<{ text: string; n: number } | null>(null);
  const [reloads, setReloads] = useState(0);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const editOpener = useRef<HTMLElement | null>(null);
  /** After a create, rename or delete: the folder (undefined: All Folders) whose heading gets the focus once shown. */
  const focusHeading = useRef<{ slug: string | undefined } | null>(null);

  /** A folder link selects the Saved tab of that folder. */
  const tab: LibraryTab = tabOf.slug === folderSlug ? tabOf.tab : 'saved';

  useEffect(() => {
    const target = focusHeading.current;
    if (!target || target.slug !== folderSlug || !headingRef.current) return;
    focusHeading.current = null;
    headingRef.current.focus();
  });

  const announce = (text: string) => setMessage((m) => ({ text, n: (m?.n ?? 0) + 1 }));
  const openFlyout: OpenFlyout = (request, opener) => setFlyout({ request, opener });

  if (folders.state.status === 'loading') return <p role="status">{LIBRARY_TEXT.loadingFolders}</p>;
  if (folders.state.status === 'error') {
    return (
      <>
        <p role="alert">{LIBRARY_TEXT.foldersError}</p>
        <button type="button" onClick={folders.retry}>
          {LIBRARY_TEXT.tryAgain}
        </button>
      </>
    );
  }

  const list = folders.state.list;
  const names = list.map((f) => f.name);
  const current = folderSlug === undefined ? undefined : list.find((f) => f.slug === folderSlug);
  const editable = current && !current.readOnly ? current : undefined;
  /** Rename and delete belong to the selected folder: another selection ends them. */
  const mode: FolderEditing =
    editing.mode === 'none' || editing.mode === 'new' ? editing.mode : editable && editable.id === editing.folderId ? editing.mode : 'none';

  const endEditing = () => {
    setEditing({ mode: 'none' });
    editOpener.current?.focus();
  };
  const startEditing = (next: Editing, opener: HTMLElement) => {
    editOpener.current = opener;
    setEditing(next);
  };

  /*
   * The router moves in a transition: the folder list, the editing state and the address change in
   * the same one, so no render shows the new list under the old address ('Folder not found').
   */
  const create = (values: FolderFormValues) =>
    api.createFolder(values).then((folder) =>
      startTransition(() => {
        folders.update((l) => [...l.filter((f) => f.id !== folder.id), folder]);
        setJustCreated(folder.id);
        setEditing({ mode: 'none' });
        focusHeading.current = { slug: folder.slug };
        announce(LIBRARY_TEXT.announce.created(folder.name));
        navigate(folderPath(folder.slug));
      }),
    );

  const rename = (folder: Folder) => (values: FolderFormValues) =>
    api.updateFolder(folder.id, values).then((updated) =>
      startTransition(() => {
        folders.update((l) => l.map((f) => (f.id === updated.id ? updated : f)));
        setEditing({ mode: 'none' });
        focusHeading.current = { slug: updated.slug };
        announce(LIBRARY_TEXT.announce.updated(updated.name));
        if (updated.slug !== folder.slug) navigate(folderPath(updated.slug), { replace: true });
      }),
    );

  const remove = (folder: Folder) => () =>
    api.deleteFolder(folder.id).then(() =>
      startTransition(() => {
        folders.update((l) => l.filter((f) => f.id !== folder.id));
        setEditing({ mode: 'none' });
        focusHeading.current = { slug: undefined };
        announce(LIBRARY_TEXT.announce.deleted(folder.name));
        navigate('/my-library');
      }),
    );

  let editor: ReactNode = null;
  if (mode === 'new') {
    editor = <FolderForm key="new" mode="new" existingNames={names} onSubmit={create} onCancel={endEditing} />;
  } else if (mode === 'active' && editable) {
    editor = (
      <FolderForm
        key={`edit:${editable.id}`}
        mode="edit"
        initial={{ name: editable.name, description: editable.description }}
        existingNames={names}
        currentName={editable.name}
        onSubmit={rename(editable)}
        onCancel={endEditing}
      />
    );
  } else if (mode === 'active-delete' && editable) {
    editor = <DeleteConfirm key={`delete:${editable.id}`} onConfirm={remove(editable)} onCancel={endEditing} />;
  }

  const savedEmpty: LibraryEmptyType = current ? (current.id === justCreated ? 'newFolderCreated' : 'content') : 'library';
  let panel: ReactNode;
  if (tab === 'saved') {
    panel = (
      <ItemList<LibraryItem>
        listKey={`saved:${current?.id ?? 'all'}`}
        label={current ? current.name : LIBRARY_TEXT.allFolders}
        load={(page) => (current ? api.folderItems(current.id, page, LIBRARY_PAGE_SIZE) : api.saves(page, LIBRARY_PAGE_SIZE))}
        toCard={(item) => cardOfLibraryItem(item)}
        emptyType={savedEmpty}
        reloadToken={reloads}
        onOpen={openFlyout}
      />
    );
  } else if (isHistory(tab)) {
    panel = (
      <ItemList<LibraryItem>
        listKey={`history:${tab}`}
        label={LIBRARY_TEXT.tabs[tab]}
        load={(page) => api.history(tab, page, LIBRARY_PAGE_SIZE)}
        toCard={(item) => cardOfLibraryItem(item)}
        emptyType={tab}
        reloadToken={reloads}
        onOpen={openFlyout}
      />
    );
  } else {
    panel = <TopicsPanel onOpen={openFlyout} announce={announce} />;
  }

  const flyoutDone = ({ message: text }: { message: string }) => {
    // Removed items take their buttons with them: focus goes to the list's heading, not the page.
    const kind = flyout?.request.kind;
    if (kind === 'discard' || kind === 'bulk-discard') focusHeading.current = { slug: folderSlug };
    setFlyout(null);
    if (text) announce(text);
    setReloads((n) => n + 1);
    folders.reload();
  };

  return (
    <div className="library-layout">
      <Announcer message={message} />
      <FolderList
        folders={list}
        selectedSlug={folderSlug}
        editing={mode}
        onNew={(opener) => startEditing({ mode: 'new' }, opener)}
        editor={editor}
      />
      <section className="folder-content" aria-labelledby="library-folder-heading">
        {folderSlug !== undefined && !current ? (
          <>
            <h2 id="library-folder-heading" ref={headingRef} tabIndex={-1}>
              {LIBRARY_TEXT.folderNotFound}
            </h2>
            <p>
              {LIBRARY_TEXT.folderNotFoundText} <Link to="/my-library">{LIBRARY_TEXT.goToAllFolders}</Link>.
            </p>
          </>
        ) : (
          <>
            <header className="folder-header">
              <h2 id="library-folder-heading" ref={headingRef} tabIndex={-1}>
                {current ? current.name : LIBRARY_TEXT.allFolders}
              </h2>
              {current?.description && <p className="folder-description">{current.description}</p>}
              {current && <p className="folder-item-count">{itemCountText(current.itemCount)}</p>}
              {current && (
                <div className="folder-actions">
                  {editable && (
                    <>
                      <button
                        type="button"
                        aria-expanded={mode === 'active'}
                        onClick={(e) => startEditing({ mode: 'active', folderId: editable.id }, e.currentTarget)}
                      >
                        {LIBRARY_TEXT.rename}
                      </button>
                      <button
                        type="button"
                        aria-expanded={mode === 'active-delete'}
                        onClick={(e) => startEditing({ mode: 'active-delete', folderId: editable.id }, e.currentTarget)}
                      >
                        {LIBRARY_TEXT.delete}
                      </button>
                    </>
                  )}
                  <button type="button" onClick={(e) => openFlyout({ kind: 'share-list', folder: current }, e.currentTarget)}>
                    {LIBRARY_TEXT.shareFolder}
                  </button>
                </div>
              )}
            </header>
            <Tabs
              label={LIBRARY_TEXT.tabsLabel}
              tabs={LIBRARY_TABS.map((id) => ({ id, label: LIBRARY_TEXT.tabs[id] }))}
              selected={tab}
              onSelect={(id) => setTabOf({ tab: id, slug: folderSlug })}
              className="library-tabs"
              panelProps={{ 'data-library-tab': tab }}
            >
              {panel}
            </Tabs>
          </>
        )}
      </section>
      {flyout && (
        <LibraryFlyout
          request={flyout.request}
          returnFocusTo={flyout.opener}
          onClose={() => setFlyout(null)}
          onDone={flyoutDone}
        />
      )}
    </div>
  );
}
