/**
 * The library remote's pages: /my-library, /my-library/library/{folderSlug},
 * /my-library/shared/{token} and /email-newsletters (the shell sends /my-library/* here).
 * Who the reader is comes from the shared user store; when the shell signs someone in (or out)
 * while a page is shown, the store changes and the page follows without a reload.
 */
import * as React from 'react';
import { Link, matchPath, useLocation } from 'shared-contracts/router';
import { instanceMarkers, userStore } from 'shared-contracts';
import { useReader } from './components/common/reader';
import { SignInPrompt } from './components/common/SignInPrompt';
import { MyLibrary } from './pages/MyLibrary';
import { SharedFolderPage } from './pages/SharedFolderPage';
import { LIBRARY_TEXT } from './text';
import { NewslettersPage } from './pages/NewslettersPage';

function Loading() {
  return <p role="status">{LIBRARY_TEXT.loading}</p>;
}

/** My Library: guests get the sign-in prompt; a member's page is keyed on the id, so another user starts afresh. */
function MyLibraryPage({ folderSlug }: { folderSlug: string | undefined }) {
  const reader = useReader();
  return (
    <>
      <h1>{LIBRARY_TEXT.heading}</h1>
      {reader.kind === 'unknown' && <Loading />}
      {reader.kind === 'guest' && <SignInPrompt />}
      {reader.kind === 'member' && <MyLibrary key={reader.id} folderSlug={folderSlug} />}
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
  const shared = matchPath({ path: '/my-library/shared/:token', end: true }, pathname);
  if (shared?.params.token) return <SharedFolderPage token={shared.params.token} />;
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
