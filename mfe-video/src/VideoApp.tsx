/**
 * The video remote's pages: /video/{id}/{name} and /video/embed/{id}/{name}. The id is numeric; an
 * id that is not is answered 'Video not found' without asking the API.
 */
import * as React from 'react';
import { Link, matchPath, useLocation } from 'react-router-dom';
import { UI_TEXT, api, formatLongDate, instanceMarkers, userStore, type Video, isNotFound, useLoad } from 'shared-contracts';

/** Aspect ratio of the page player (paywall spec §9: 56.25%, i.e. 16:9). */
const ASPECT_RATIO_PADDING = '56.25%';
/** Size of the embedded player (paywall spec §2, §9). */
const EMBED_SIZE = { width: 480, height: 270 } as const;

type VideoRoute = { id: string; embed: boolean } | null;

const PATTERNS: ReadonlyArray<{ path: string; embed: boolean }> = [
  { path: '/video/embed/:id/:name', embed: true },
  { path: '/video/embed/:id', embed: true },
  { path: '/video/:id/:name', embed: false },
  { path: '/video/:id', embed: false },
];

function videoRoute(pathname: string): VideoRoute {
  for (const { path, embed } of PATTERNS) {
    const match = matchPath({ path, end: true }, pathname);
    if (match?.params.id !== undefined) return { id: match.params.id, embed };
  }
  return null;
}

/** A link that stays in the single-page app for a path of this site and is a plain link otherwise. */
function SiteLink({ href, children }: { href: string; children: React.ReactNode }) {
  return href.startsWith('/') && !href.startsWith('//') ? <Link to={href}>{children}</Link> : <a href={href}>{children}</a>;
}

function VideoNotFound() {
  return (
    <>
      <h1>Video not found</h1>
      <p>We could not find that video.</p>
    </>
  );
}

function Player({ video, embed }: { video: Video; embed: boolean }) {
  const player = (
    <video
      controls
      preload="metadata"
      poster={video.poster}
      src={video.src}
      aria-label={video.name}
      style={
        embed
          ? { display: 'block', width: '100%', height: '100%' }
          : { position: 'absolute', top: 0, left: 0, width: '100%', height: '100%' }
      }
    />
  );
  return embed ? (
    <div className="video-player video-player-embed" style={{ width: EMBED_SIZE.width, height: EMBED_SIZE.height }}>
      {player}
    </div>
  ) : (
    <div className="video-player" style={{ position: 'relative', width: '100%', paddingTop: ASPECT_RATIO_PADDING }}>
      {player}
    </div>
  );
}

function VideoPage({ id, embed }: { id: string; embed: boolean }) {
  const load = useLoad<Video>(`video:${id}`, () => api.video(id));
  if (load.status === 'loading') return <p role="status">Loading video…</p>;
  if (load.status === 'error') {
    return isNotFound(load.error) ? <VideoNotFound /> : <p role="alert">We could not load this video. Please try again.</p>;
  }
  const video = load.data;
  const published = formatLongDate(video.custom_fields.pubdate);
  return (
    <article className={embed ? 'video-page video-embed' : 'video-page'}>
      <h1>{video.name}</h1>
      <Player video={video} embed={embed} />
      <p className="video-description">{video.description}</p>
      {video.link && (
        <p className="video-more">
          {UI_TEXT.forMoreRead} <SiteLink href={video.link.url}>{video.link.text}</SiteLink>
        </p>
      )}
      {published && (
        <p className="video-date">
          <time dateTime={video.custom_fields.pubdate}>{published}</time>
        </p>
      )}
    </article>
  );
}

export default function VideoApp() {
  const { pathname } = useLocation();
  const route = videoRoute(pathname);
  const valid = route !== null && /^\d+$/.test(route.id);
  return (
    <div data-remote-root="video" {...instanceMarkers(React.createElement, userStore)}>
      <main className="video">{valid ? <VideoPage key={route.id} id={route.id} embed={route.embed} /> : <VideoNotFound />}</main>
    </div>
  );
}
