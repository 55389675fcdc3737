/**
 * The embed page /video/embed/{id}/{name} (the iframe of the embed code): the player in a 480x270
 * box, or the poster when paywalled. No extras, no playlist; at the end the video just stops.
 */
import { isNotFound, useLoad } from 'shared-contracts';
import { VIDEO_EMBED_SIZE, VIDEO_TEXT } from 'shared-contracts/video';
import type { Video } from 'shared-contracts/video';
import { loadVideo } from '../api/videos';
import { Poster, VideoWall } from '../components/Paywall';
import { PlayerStage } from '../components/player/PlayerStage';
import { useLogFailure, useVideoAccess, useWatchedRecorder } from '../components/useVideoPlayback';
import { LOADING } from '../text';
import { VideoNotFound, type VideoState } from './VideoPage';

/** The embed's player is a 480 px box (VIDEO_EMBED_SIZE). */
const EMBED_SIZES = '480px';

export function EmbedPage({ id }: { id: string }) {
  const load = useLoad<Video>(`video:${id}`, () => loadVideo(id));
  useLogFailure(load, `video ${id}`);
  if (load.status === 'loading') return <p role="status">{LOADING}</p>;
  if (load.status === 'error') return isNotFound(load.error) ? <VideoNotFound /> : <p role="alert">{VIDEO_TEXT.loadError}</p>;
  return <EmbedPlayer key={load.data.id} video={load.data} />;
}

function EmbedPlayer({ video }: { video: Video }) {
  const access = useVideoAccess(video.id);
  const recordWatched = useWatchedRecorder(video.id);
  const paywalled = access.status === 'ready' && access.paywalled;
  const state: VideoState = access.status === 'loading' ? 'loading' : paywalled ? 'paywalled' : 'player';
  return (
    <article className="video-page video-embed">
      <h1 className="video-embed-title">{video.name}</h1>
      <div className="video-stage" data-video-state={state}>
        <div
          className="video-player video-player-embed"
          style={{ position: 'relative', width: VIDEO_EMBED_SIZE.width, height: VIDEO_EMBED_SIZE.height, overflow: 'hidden' }}
        >
          {access.status === 'ready' &&
            (paywalled ? (
              <Poster video={video} sizes={EMBED_SIZES} />
            ) : (
              <PlayerStage video={video} autoplay={false} onPlay={recordWatched} sizes={EMBED_SIZES} />
            ))}
        </div>
        {paywalled && access.status === 'ready' && <VideoWall wall={access.wall} actions={false} />}
      </div>
    </article>
  );
}
