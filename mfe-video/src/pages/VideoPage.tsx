/**
 * The video page /video/{id}/{name}[?playlist=]: the player (or the poster behind the wall), the
 * extras (title, description, 'For more, read', date, Save/Share and Embed), the end screen and the
 * playlist block (PAY-02, PAY-05).
 *
 * The player region carries data-video-state: 'loading' until the access decision is known, then
 * 'paywalled', 'player' or 'ended' (the end screen is showing).
 */
import * as React from 'react';
import { useEffect, useRef, useState } from 'react';
import { SiteLink, useLocation, useNavigate } from 'shared-contracts/router';
import { Button, formatLongDate, isNotFound, lazyComponent, Tag, UI_TEXT, useLoad } from 'shared-contracts';
import { VIDEO_ASPECT_RATIO_PERCENT, DEFAULT_PLAYLIST_ID, nextInPlaylist, playlistFromSearch, VIDEO_TEXT, videoPath } from 'shared-contracts/video';
import type { Playlist, Video, PlaylistList } from 'shared-contracts/video';
import { loadPlaylist, loadPlaylists } from '../api/playlists';
import { loadVideo } from '../api/videos';
import type { EmbedDialogProps } from '../components/EmbedDialog';
import type { EndScreenProps } from '../components/EndScreen';
import { ItemActionsSlot } from '../components/ItemActionsSlot';
import { Poster, VideoWall } from '../components/Paywall';
import { PLAYER_SIZES, PlayerStage } from '../components/player/PlayerStage';
import type { VideoPlayer } from '../components/player/types';
import { PlaylistBlock } from '../components/playlist/PlaylistBlock';
import { useLogFailure, useVideoAccess, useWatchedRecorder } from '../components/useVideoPlayback';
import { HUB_TITLE, LOADING, NOT_FOUND_TEXT } from '../text';

export type VideoState = 'loading' | 'paywalled' | 'player' | 'ended';

// The end screen and the embed dialog show only after a play or a click: their code (and the end
// screen's styles) is off the page's first view (decision 038). The end screen's is
// fetched when the video starts playing, the dialog's when a pointer or the focus reaches its
// button (or by the click itself: the dialog shows once its code has arrived).
const EndScreen = lazyComponent<EndScreenProps>(() => import(/* webpackChunkName: "video-end-screen" */ '../components/EndScreen').then((m) => m.EndScreen));
const EmbedDialog = lazyComponent<EmbedDialogProps>(() =>
  import(/* webpackChunkName: "video-embed-dialog" */ '../components/EmbedDialog').then((m) => m.EmbedDialog),
);
const preloadEndScreen = () => EndScreen.preload().catch(() => undefined);
const preloadEmbedDialog = () => EmbedDialog.preload().catch(() => undefined);

/** The router state of a page reached from the end screen. */
export interface VideoLocationState {
  autoplay?: boolean;
}

function autoplayOf(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as VideoLocationState).autoplay === true;
}

export function VideoNotFound() {
  return (
    <>
      <h1>{VIDEO_TEXT.notFound}</h1>
      <p>{NOT_FOUND_TEXT}</p>
    </>
  );
}

export function VideoPage({ id }: { id: string }) {
  const location = useLocation();
  const navigate = useNavigate();
  const load = useLoad<Video>(`video:${id}`, () => loadVideo(id));
  useLogFailure(load, `video ${id}`);

  const playlistParam = playlistFromSearch(location.search);
  const playlistId = playlistParam ?? DEFAULT_PLAYLIST_ID;
  const playlist = useLoad<Playlist>(`playlist:${playlistId}`, () => loadPlaylist(playlistId));
  useLogFailure(playlist, `playlist ${playlistId}`);
  const playlists = useLoad<PlaylistList>('playlists', () => loadPlaylists());
  useLogFailure(playlists, 'the playlists');

  const video = load.status === 'ready' ? load.data : null;
  const here = location.pathname + location.search;

  // The address follows the video: its canonical path; a playlist that cannot be loaded sends the
  // page back to the bare path (PAY-02).
  useEffect(() => {
    if (!video) return;
    if (playlist.status === 'error') {
      if (here !== videoPath(video)) navigate(videoPath(video), { replace: true, state: location.state });
      return;
    }
    const canonical = `/video/${video.id}/${video.slug}`;
    if (location.pathname !== canonical) navigate(videoPath(video, playlistParam), { replace: true, state: location.state });
  }, [video, playlist.status, here, location.pathname, location.state, playlistParam, navigate]);

  if (load.status === 'loading') return <p role="status">{LOADING}</p>;
  if (load.status === 'error') return isNotFound(load.error) ? <VideoNotFound /> : <p role="alert">{VIDEO_TEXT.loadError}</p>;

  const ready = load.data;
  const shown = playlist.status === 'ready' ? playlist.data : null;
  return (
    <VideoContent
      key={ready.id}
      video={ready}
      playlist={shown}
      playlists={playlists.status === 'ready' ? playlists.data.playlists : null}
      autoplay={autoplayOf(location.state)}
      replayHref={here}
    />
  );
}

interface VideoContentProps {
  video: Video;
  playlist: Playlist | null;
  playlists: PlaylistList['playlists'] | null;
  autoplay: boolean;
  replayHref: string;
}

function VideoContent({ video, playlist, playlists, autoplay, replayHref }: VideoContentProps) {
  const navigate = useNavigate();
  const access = useVideoAccess(video.id);
  const recordWatched = useWatchedRecorder(video.id);
  const player = useRef<VideoPlayer | null>(null);
  const [ended, setEnded] = useState(false);
  const [embedOpen, setEmbedOpen] = useState(false);
  const embedButton = useRef<HTMLButtonElement>(null);

  const next = playlist ? nextInPlaylist(playlist, video.id) : null;
  const paywalled = access.status === 'ready' && access.paywalled;
  const state: VideoState = access.status === 'loading' ? 'loading' : paywalled ? 'paywalled' : ended && next ? 'ended' : 'player';
  const published = formatLongDate(video.custom_fields.pubdate);

  return (
    <article className="video-page">
      <div className="video-stage" data-video-state={state}>
        <div className="video-player" style={{ position: 'relative', width: '100%', paddingTop: `${VIDEO_ASPECT_RATIO_PERCENT}%` }}>
          {access.status === 'ready' &&
            (paywalled ? (
              <Poster video={video} sizes={PLAYER_SIZES} />
            ) : (
              <PlayerStage
                video={video}
                autoplay={autoplay}
                ended={state === 'ended'}
                playerRef={player}
                onPlay={() => {
                  void preloadEndScreen();
                  setEnded(false);
                  recordWatched();
                }}
                onEnded={() => setEnded(true)}
              />
            ))}
          {state === 'ended' && next && playlist && (
            <EndScreen
              current={video}
              next={next}
              replayHref={replayHref}
              nextHref={videoPath(next, playlist.id)}
              onReplay={() => {
                setEnded(false);
                player.current?.restart().catch((error: unknown) => console.info('video: replay refused', video.id, error));
              }}
              onTimeUp={() => navigate(videoPath(next, playlist.id), { state: { autoplay: true } satisfies VideoLocationState })}
            />
          )}
        </div>
        {paywalled && access.status === 'ready' && <VideoWall wall={access.wall} />}
      </div>
      <div className="video-extras">
        <Tag as="p">{HUB_TITLE}</Tag>
        <h1>{video.name}</h1>
        <p className="video-description">{video.description}</p>
        {video.link && (
          <p className="video-more">
            {UI_TEXT.forMoreRead} <SiteLink href={video.link.url}>{video.link.text}</SiteLink>
          </p>
        )}
        {published && (
          <p className="video-date ds-card__meta">
            <time dateTime={video.custom_fields.pubdate}>{published}</time>
          </p>
        )}
        <div className="video-actions">
          <ItemActionsSlot video={video} />
          {!video.subscriberOnly && (
            <Button
              variant="ghost"
              ref={embedButton}
              className="video-embed-button"
              aria-haspopup="dialog"
              onPointerEnter={preloadEmbedDialog}
              onFocus={preloadEmbedDialog}
              onClick={() => setEmbedOpen(true)}
            >
              {VIDEO_TEXT.embed}
            </Button>
          )}
        </div>
      </div>
      {embedOpen && <EmbedDialog video={video} onClose={() => setEmbedOpen(false)} returnFocusTo={embedButton.current} />}
      {playlist && (
        <PlaylistBlock
          key={playlist.id}
          playlist={playlist}
          playlists={playlists}
          currentId={video.id}
          linkPlaylistId={playlist.id}
          onChoose={(chosen) => navigate(videoPath(video, chosen))}
        />
      )}
    </article>
  );
}
