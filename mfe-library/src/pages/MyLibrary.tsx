/**
 * My Library for a signed-in member: the folder list with its editing states, the selected folder
 * (from /my-library/library/{folder-slug}, else All Folders) and the content tabs: Saved (All
 * Folders or the folder's items), the Read, Shared, Watched and Ordered histories, and the followed
 * Topics. One library flyout at a time; after a flyout's onDone the lists and the folder counts load
 * again and its message is said in the polite status region.
 *
 * Markers: data-library-tab="{tab}" on the tab panel, data-library-announcer on the status region
 * (the rest: FolderList, ItemList, ItemCard, TopicsPanel).
 *
 * The pieces: useFolders (the folder list), useFolderEditing (new, rename, delete), useAnnouncer,
 * FolderHeader and LibraryPanel (what a tab shows).
 */
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'shared-contracts/router';
import { Button, invalidate, lazyComponent, type Folder } from 'shared-contracts';
import type { LibraryFlyoutProps, LibraryFlyoutRequest } from '../components/flyouts/contract';
import { FoldersLoading } from '../components/common/PageLoading';
import { Announcer, useAnnouncer } from '../components/library/Announcer';
import { FolderHeader } from '../components/library/FolderHeader';
import { FolderList } from '../components/library/FolderList';
import type { OpenFlyout } from '../components/library/ItemList';
import { LibraryPanel } from '../components/library/LibraryPanel';
import { LIST_KEY_PREFIX } from '../components/library/usePagedList';
import { Tabs } from '../components/library/Tabs';
import { LIBRARY_TABS, TAB_QUERY, libraryTabOf, type LibraryTab } from '../components/library/libraryTabs';
import { LIBRARY_TEXT } from '../text';
import { preloadFolderEditing, useFolderEditing } from '../components/library/useFolderEditing';
import { useFolders } from '../components/library/useFolders';

/**
 * The flyouts are the chunk ./ItemActions loads on first use; both name the same chunk, so an
 * article still fetches its flyouts as one file. Every flyout opens on a click, so the chunk is off
 * the page's first view (decision 038): a pointer or the focus entering the library fetches it, and
 * a flyout opened before it has arrived shows once it has.
 */
const LibraryFlyout = lazyComponent<LibraryFlyoutProps>(() =>
  import(/* webpackChunkName: "library-flyouts" */ '../components/flyouts/LibraryFlyout').then((m) => m.LibraryFlyout),
);

/**
 * The focus of the selected folder's heading after a create, rename, delete or discard: `focusOf(slug)`
 * asks for it (undefined: All Folders), and it moves once that folder's heading shows.
 */
function useHeadingFocus(folderSlug: string | undefined) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const target = useRef<{ slug: string | undefined } | null>(null);
  useEffect(() => {
    if (!target.current || target.current.slug !== folderSlug || !headingRef.current) return;
    target.current = null;
    headingRef.current.focus();
  });
  return { headingRef, focusOf: (slug: string | undefined) => (target.current = { slug }) };
}

/**
 * The selected tab is part of the address (`?tab=read`; Saved has none), so Back and Forward move
 * between tabs and a reload or a link shows the same one. A folder link has no `tab`: it
 * selects the Saved tab of that folder.
 */
function useLibraryTab() {
  const [params, setParams] = useSearchParams();
  const tab = libraryTabOf(params.get(TAB_QUERY));
  const select = (id: LibraryTab) => {
    if (id === tab) return;
    const next = new URLSearchParams(params);
    if (id === 'saved') next.delete(TAB_QUERY);
    else next.set(TAB_QUERY, id);
    setParams(next, { preventScrollReset: true });
  };
  return [tab, select] as const;
}

function LibraryLayout({
  folderSlug,
  list,
  update,
  reloadFolders,
}: {
  folderSlug: string | undefined;
  list: Folder[];
  update(change: (list: Folder[]) => Folder[]): void;
  reloadFolders(): void;
}) {
  const [tab, selectTab] = useLibraryTab();
  const [flyout, setFlyout] = useState<{ request: LibraryFlyoutRequest; opener: HTMLElement | null } | null>(null);
  const { message, announce } = useAnnouncer();
  const { headingRef, focusOf } = useHeadingFocus(folderSlug);
  const current = folderSlug === undefined ? undefined : list.find((f) => f.slug === folderSlug);
  const editing = useFolderEditing({ list, current, update, announce, focusHeadingOf: focusOf });
  const openFlyout: OpenFlyout = (request, opener) => setFlyout({ request, opener });

  const flyoutDone = ({ message: text }: { message: string }) => {
    // Removed items take their buttons with them: focus goes to the list's heading, not the page.
    const kind = flyout?.request.kind;
    if (kind === 'discard' || kind === 'bulk-discard') focusOf(folderSlug);
    setFlyout(null);
    if (text) announce(text);
    // The lists on screen load again; the other tabs' load when shown.
    invalidate(LIST_KEY_PREFIX);
    reloadFolders();
  };

  return (
    <div className="library-layout" onPointerOver={preloadFlyouts} onFocus={preloadFlyouts}>
      <Announcer message={message} />
      <FolderList folders={list} selectedSlug={folderSlug} editing={editing.mode} onNew={editing.startNew} editor={editing.editor} />
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
            <FolderHeader
              current={current}
              editable={editing.editable}
              mode={editing.mode}
              headingRef={headingRef}
              onRename={editing.startRename}
              onDelete={editing.startDelete}
              onOpen={openFlyout}
              editor={editing.folderEditor}
            />
            <Tabs
              label={LIBRARY_TEXT.tabsLabel}
              tabs={LIBRARY_TABS.map((id) => ({ id, label: LIBRARY_TEXT.tabs[id] }))}
              selected={tab}
              onSelect={selectTab}
              className="library-tabs"
              panelProps={{ 'data-library-tab': tab }}
            >
              <LibraryPanel tab={tab} current={current} justCreated={editing.justCreated} onOpen={openFlyout} announce={announce} />
            </Tabs>
          </>
        )}
      </section>
      {flyout && <LibraryFlyout request={flyout.request} returnFocusTo={flyout.opener} onClose={() => setFlyout(null)} onDone={flyoutDone} />}
    </div>
  );
}

/** Starts fetching the flyouts' and the folder forms' code (once: lazyComponent keeps the promise). */
function preloadFlyouts(): void {
  LibraryFlyout.preload().catch(() => {
    // Shown when a flyout is opened, if it still cannot load.
  });
  preloadFolderEditing();
}

export function MyLibrary({ folderSlug }: { folderSlug: string | undefined }) {
  const folders = useFolders();
  if (folders.status === 'loading') return <FoldersLoading />;
  if (folders.status === 'error') {
    return (
      <>
        <p role="alert">{LIBRARY_TEXT.foldersError}</p>
        <Button variant="ghost" onClick={folders.reload}>
          {LIBRARY_TEXT.tryAgain}
        </Button>
      </>
    );
  }
  return <LibraryLayout folderSlug={folderSlug} list={folders.data} update={folders.mutate} reloadFolders={folders.reload} />;
}
