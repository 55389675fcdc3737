/**
 * The visual library remote (/visual-library, PAY-02): the page (pages/VisualLibraryPage) at its
 * one address, 'Page not found' under it, and the audience rules of PAY-04 (components/audience).
 *
 * Files: pages/ (the page), components/ (feed/: Feed, Entry, WallBlock, rows; collections/:
 * CollectionCard; nav/: SubjectTabs, LeftNav with its carousel, the leftNav geometry rule;
 * audience.ts, query.ts), api/ (the requests), text.ts (the copy), styles.tsx.
 */
import * as React from 'react';
import { Link, matchPath, useLocation } from 'shared-contracts/router';
import { instanceMarkers, userStore } from 'shared-contracts';
import { useSubscriberRedirect } from './components/audience';
import { LIBRARY_PATH } from './components/query';
import { VisualLibraryPage } from './pages/VisualLibraryPage';
import { VisualLibraryStyles } from './styles';
import { GO_TO_LIBRARY, NOT_FOUND, NOT_FOUND_TEXT } from './text';

export default function VisualLibraryApp() {
  const { pathname } = useLocation();
  useSubscriberRedirect();
  const known = matchPath({ path: LIBRARY_PATH, end: true }, pathname) !== null;
  return (
    <div data-remote-root="visualLibrary" {...instanceMarkers(React.createElement, userStore)}>
      <VisualLibraryStyles />
      <main className="visual-library">
        {known ? (
          <VisualLibraryPage />
        ) : (
          <>
            <h1>{NOT_FOUND}</h1>
            <p>
              {NOT_FOUND_TEXT} <Link to={LIBRARY_PATH}>{GO_TO_LIBRARY}</Link>.
            </p>
          </>
        )}
      </main>
    </div>
  );
}
