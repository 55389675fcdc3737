/**
 * A player for one video with the big 'Play {video name}' button over it until the first play.
 * With `autoplay` (the page was reached from the end screen) it starts muted at once and shows the
 * button only if the browser refuses.
 */
import { useCallback, useEffect, useRef, useState, type MutableRefObject } from 'react';
import type { Video } from 'shared-contracts/video';
import { playLabel } from '../../text';
import { Html5Player } from './Html5Player';
import type { PlayerView, VideoPlayer } from './types';

export interface PlayerStageProps {
  video: Pick<Video, 'id' | 'name' | 'src' | 'poster'>;
  autoplay: boolean;
  /** Every 'play' of the player. */
  onPlay?(): void;
  /** The video reached its end. */
  onEnded?(): void;
  /** Receives the player (null when gone), e.g. to restart it. */
  playerRef?: MutableRefObject<VideoPlayer | null>;
  /** The implementation; the HTML5 <video> by default. */
  view?: PlayerView;
}

export function PlayerStage({ video, autoplay, onPlay, onEnded, playerRef, view: View = Html5Player }: PlayerStageProps) {
  const [started, setStarted] = useState(autoplay);
  const player = useRef<VideoPlayer | null>(null);
  const handlers = useRef({ onPlay, onEnded });
  handlers.current = { onPlay, onEnded };

  const onReady = useCallback(
    (p: VideoPlayer | null) => {
      player.current = p;
      if (playerRef) playerRef.current = p;
      if (!p) return;
      p.load(video.src, video.poster);
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
      <View label={video.name} muted={autoplay} onReady={onReady} />
      {!started && (
        <button
          type="button"
          className="video-play-button"
          onClick={() => {
            setStarted(true);
            player.current?.play().catch((error: unknown) => {
              console.info('video: play refused', video.id, error);
              setStarted(false);
            });
          }}
          style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', fontSize: '1.5rem', cursor: 'pointer' }}
        >
          <span aria-hidden="true">▶ </span>
          {playLabel(video.name)}
        </button>
      )}
    </>
  );
}
