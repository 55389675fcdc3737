/**
 * The library remote's pages: /my-library, /my-library/library/{folderSlug},
 * /my-library/shared/{token} and /email-newsletters (the shell sends /my-library/* here).
 * Who the reader is comes from the shared user store; when the shell signs someone in (or out)
 * while a page is shown, the store changes and the page follows without a reload.
 *
 * This module's chunk is what a guest's /my-library paints: the heading and the sign-in prompt.
 * A member's My Library, the shared folder page and the newsletters page are chunks of their own,
 * loaded when shown, behind the loading view each shows while its data loads; so a guest loads
 * none of the folder, item, flyout and newsletter code, nor the forms, library, commerce and
 * discovery entries of shared-contracts that code imports (decision 038).
 */
import * as React from 'react';
import { Link, matchPath, useLocation } from 'shared-contracts/router';
import { Card, instanceMarkers, lazyComponent, userStore } from 'shared-contracts';
import { FoldersLoading, SharedFolderLoading } from './components/common/PageLoading';
import { useReader } from './components/common/reader';
import { SignInPrompt } from './components/common/SignInPrompt';
import { LIBRARY_TEXT } from './text';
import { LibraryStyles } from './styles';

const MyLibrary = lazyComponent<{ folderSlug: string | undefined }>(() => import('./pages/MyLibrary').then((m) => m.MyLibrary));
const SharedFolderPage = lazyComponent<{ token: string }>(() => import('./pages/SharedFolderPage').then((m) => m.SharedFolderPage));
const NewslettersPage = lazyComponent<object>(() => import('./pages/NewslettersPage').then((m) => m.NewslettersPage));

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
      {reader.kind === 'guest' && (
        <Card as="section" boxed className="library-guest" aria-labelledby="library-guest-heading">
          <h2 id="library-guest-heading" className="ds-card__title">
            {LIBRARY_TEXT.guestHeading}
          </h2>
          <p className="ds-card__body">{LIBRARY_TEXT.guestText}</p>
          <SignInPrompt />
        </Card>
      )}
      {reader.kind === 'member' && <MyLibrary key={reader.id} folderSlug={folderSlug} fallback={<FoldersLoading />} />}
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
  if (shared?.params.token) return <SharedFolderPage token={shared.params.token} fallback={<SharedFolderLoading />} />;
  if (matchPath({ path: '/email-newsletters', end: true }, pathname)) return <NewslettersPage fallback={<Loading />} />;
  return <LibraryNotFound />;
}

export default function LibraryApp() {
  const { pathname } = useLocation();
  return (
    <div data-remote-root="library" {...instanceMarkers(React.createElement, userStore)}>
      <LibraryStyles />
      <main className="library">
        <LibraryPage pathname={pathname} />
      </main>
    </div>
  );
}
