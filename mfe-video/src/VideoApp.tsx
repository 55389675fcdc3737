/**
 * The video remote's pages: /video (the hub, pages/VideoHubPage), /video/{id}/{name} (pages/VideoPage)
 * and /video/embed/{id}/{name} (pages/EmbedPage).
 * The id is numeric; an id that is not is answered 'Video not found' without asking the API.
 */
import * as React from 'react';
import { matchPath, useLocation } from 'shared-contracts/router';
import { instanceMarkers, userStore } from 'shared-contracts';
import { EmbedPage } from './pages/EmbedPage';
import { VideoHubPage } from './pages/VideoHubPage';
import { VideoNotFound, VideoPage } from './pages/VideoPage';
import { VideoStyles } from './styles';

type VideoRoute = { id: string; embed: boolean } | null;

const PATTERNS: ReadonlyArray<{ path: string; embed: boolean }> = [
  { path: '/video/embed/:id/:name', embed: true },
  { path: '/video/embed/:id', embed: true },
  { path: '/video/:id/:name', embed: false },
  { path: '/video/:id', embed: false },
];

export function videoRoute(pathname: string): VideoRoute {
  for (const { path, embed } of PATTERNS) {
    const match = matchPath({ path, end: true }, pathname);
    if (match?.params.id !== undefined) return { id: match.params.id, embed };
  }
  return null;
}

export default function VideoApp() {
  const { pathname } = useLocation();
  const hub = pathname === '/video' || pathname === '/video/';
  const route = videoRoute(pathname);
  const valid = route !== null && /^\d+$/.test(route.id);
  return (
    <div data-remote-root="video" {...instanceMarkers(React.createElement, userStore)}>
      <VideoStyles />
      <main className="video">
        {hub ? (
          <VideoHubPage />
        ) : !valid ? (
          <VideoNotFound />
        ) : route.embed ? (
          <EmbedPage key={route.id} id={route.id} />
        ) : (
          <VideoPage key={route.id} id={route.id} />
        )}
      </main>
    </div>
  );
}
