/**
 * The library remote's pages: /my-library, /my-library/library/{folderSlug} and /email-newsletters.
 * Who the reader is comes from the shared user store; when the shell signs someone in (or out)
 * while a page is shown, the store changes and the page follows without a reload.
 */
import * as React from 'react';
import { Link, matchPath, useLocation } from 'react-router-dom';
import { api, bus, instanceMarkers, itemCountText, userStore, type Folder, useLoad } from 'shared-contracts';
import { useReader } from './common/reader';
import { SignInPrompt } from './common/SignInPrompt';
import { NewslettersPage } from './newsletters/NewslettersPage';

function Loading() {
  return <p role="status">Loading…</p>;
}

function FolderLink({ to, selected, children }: { to: string; selected: boolean; children: React.ReactNode }) {
  return (
    <Link to={to} aria-current={selected ? 'page' : undefined} className={selected ? 'folder-link selected' : 'folder-link'}>
      {children}
    </Link>
  );
}

/**
 * Counts the shell's `user:changed` events: every sign-in, sign-out or refresh of the user is a
 * reason to read the folders again, even when the user id stayed the same.
 */
function useUserChanges(): number {
  const [changes, setChanges] = React.useState(0);
  React.useEffect(() => bus.on('user:changed', () => setChanges((n) => n + 1)), []);
  return changes;
}

/** The signed-in reader's folders. Keyed on the user id by its parent, so another user loads afresh. */
function Folders({ userId, folderSlug }: { userId: string; folderSlug: string | undefined }) {
  const changes = useUserChanges();
  const folders = useLoad<Folder[]>(`folders:${userId}:${changes}`, () => api.folders());
  if (folders.status === 'loading') return <p role="status">Loading your folders…</p>;
  if (folders.status === 'error') return <p role="alert">We could not load your folders. Please try again.</p>;
  const list = folders.data;
  const current = folderSlug === undefined ? undefined : list.find((f) => f.slug === folderSlug);
  return (
    <div className="library-layout">
      <nav aria-label="Folders" className="folder-list">
        <ul>
          <li>
            <FolderLink to="/my-library" selected={folderSlug === undefined}>
              All Folders
            </FolderLink>
          </li>
          {list.map((f) => (
            <li key={f.id}>
              <FolderLink to={`/my-library/library/${encodeURIComponent(f.slug)}`} selected={f.slug === folderSlug}>
                <span className="folder-name">{f.name}</span> <span className="folder-count">({itemCountText(f.itemCount)})</span>
              </FolderLink>
            </li>
          ))}
        </ul>
      </nav>
      <section className="folder-content" aria-labelledby="library-folder-heading">
        {folderSlug === undefined ? (
          <>
            <h2 id="library-folder-heading">All Folders</h2>
            <p>
              {list.length === 0
                ? 'You have no folders yet.'
                : `${list.length} ${list.length === 1 ? 'folder' : 'folders'}, ${itemCountText(list.reduce((n, f) => n + f.itemCount, 0))}`}
            </p>
          </>
        ) : current ? (
          <>
            <h2 id="library-folder-heading">{current.name}</h2>
            {current.description && <p className="folder-description">{current.description}</p>}
            <p>{itemCountText(current.itemCount)}</p>
          </>
        ) : (
          <>
            <h2 id="library-folder-heading">Folder not found</h2>
            <p>
              We could not find that folder. <Link to="/my-library">Go to All Folders</Link>.
            </p>
          </>
        )}
      </section>
    </div>
  );
}

function MyLibraryPage({ folderSlug }: { folderSlug: string | undefined }) {
  const reader = useReader();
  return (
    <>
      <h1>My Library</h1>
      {reader.kind === 'unknown' && <Loading />}
      {reader.kind === 'guest' && <SignInPrompt />}
      {reader.kind === 'member' && <Folders key={reader.id} userId={reader.id} folderSlug={folderSlug} />}
    </>
  );
}

function LibraryNotFound() {
  return (
    <>
      <h1>Page not found</h1>
      <p>
        We could not find that page. <Link to="/my-library">Go to My Library</Link>.
      </p>
    </>
  );
}

function LibraryPage({ pathname }: { pathname: string }) {
  if (matchPath({ path: '/my-library', end: true }, pathname)) return <MyLibraryPage folderSlug={undefined} />;
  const folder = matchPath({ path: '/my-library/library/:folderSlug', end: true }, pathname);
  if (folder) return <MyLibraryPage folderSlug={folder.params.folderSlug} />;
  if (matchPath({ path: '/email-newsletters', end: true }, pathname)) return <NewslettersPage />;
  return <LibraryNotFound />;
}

export default function LibraryApp() {
  const { pathname } = useLocation();
  return (
    <div data-remote-root="library" {...instanceMarkers(React.createElement, userStore)}>
      <main className="library">
        <LibraryPage pathname={pathname} />
      </main>
    </div>
  );
}
