/**
 * A player for one video with the big 'Play {video name}' button over it until the first play: the
 * whole poster is the button, its caption '▶ Play' sits below the play sign the poster draws and
 * above the poster's own name and time, and the player's own controls show from the first play
 * (the caption used to cover the poster's play sign and the controls its time). With
 * `autoplay` (the page was reached from the end screen) it starts muted at once and shows the
 * button only if the browser refuses.
 */
import { useCallback, useEffect, useRef, useState, type MutableRefObject } from 'react';
import { Picture } from 'shared-contracts';
import type { Video } from 'shared-contracts/video';
import { PLAY, playLabel } from '../../text';
import { Html5Player } from './Html5Player';
import type { PlayerView, VideoPlayer } from './types';

export interface PlayerStageProps {
  video: Pick<Video, 'id' | 'name' | 'src' | 'poster' | 'image'>;
  autoplay: boolean;
  /** Every 'play' of the player. */
  onPlay?(): void;
  /** The video reached its end. */
  onEnded?(): void;
  /** Receives the player (null when gone), e.g. to restart it. */
  playerRef?: MutableRefObject<VideoPlayer | null>;
  /** The end screen covers the player: its own controls hide meanwhile. */
  ended?: boolean;
  /** The implementation; the HTML5 <video> by default. */
  view?: PlayerView;
  /** The poster picture's `sizes` (how wide the player shows). */
  sizes?: string;
}

/** The player's width on the video page: the page's column (76rem less its gutters) or the window. */
export const PLAYER_SIZES = '(min-width: 1216px) 1152px, 100vw';

export function PlayerStage({ video, autoplay, onPlay, onEnded, playerRef, ended = false, view: View = Html5Player, sizes = PLAYER_SIZES }: PlayerStageProps) {
  const [started, setStarted] = useState(autoplay);
  const player = useRef<VideoPlayer | null>(null);
  const posterImg = useRef<HTMLImageElement>(null);
  const handlers = useRef({ onPlay, onEnded });
  handlers.current = { onPlay, onEnded };

  const onReady = useCallback(
    (p: VideoPlayer | null) => {
      player.current = p;
      if (playerRef) playerRef.current = p;
      if (!p) return;
      // The element's poster is the stage's picture as the browser chose it (AVIF or WebP, in its
      // cache since the first view), not a second download of the video's JPEG poster.
      p.load(video.src, posterImg.current?.currentSrc || video.poster);
      p.onPlay(() => {
        setStarted(true);
        handlers.current.onPlay?.();
      });
      p.onEnded(() => handlers.current.onEnded?.());
      p.onError((error) => console.info('video: playback error', video.id, error));
      if (autoplay) {
        p.play().catch((error: unknown) => {
          console.info('video: autoplay refused', video.id, error);
          setStarted(false);
        });
      }
    },
    // The stage is keyed by the video; one setup per mounted player.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );

  useEffect(
    () => () => {
      player.current = null;
    },
    [],
  );

  return (
    <>
      {/* A generated poster shows as the page's first picture until the first play (sized, AVIF or
          WebP, fetched first); the element gets the same file as its poster once mounted. */}
      <View label={video.name} poster={video.image ? undefined : video.poster} muted={autoplay} controls={started && !ended} onReady={onReady} />
      {!started && <Picture ref={posterImg} image={video.image ?? video.poster} alt="" sizes={sizes} priority className="video-poster" />}
      {!started && (
        <button
          type="button"
          className="video-play-button"
          aria-label={playLabel(video.name)}
          onClick={() => {
            setStarted(true);
            player.current?.play().catch((error: unknown) => {
              console.info('video: play refused', video.id, error);
              setStarted(false);
            });
          }}
        >
          <span className="video-play-caption">
            <span aria-hidden="true">▶ </span>
            {PLAY}
          </span>
        </button>
      )}
    </>
  );
}
