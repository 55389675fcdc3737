/** The HTML5 implementation of VideoPlayer over a <video> element. */
import { useEffect, useRef } from 'react';
import type { PlayerViewProps, Unsubscribe, VideoPlayer } from './types';

/** A VideoPlayer driving `el`. */
export function createHtml5Player(el: HTMLVideoElement): VideoPlayer {
  const stops = new Set<Unsubscribe>();
  function listen(type: string, handler: () => void): Unsubscribe {
    el.addEventListener(type, handler);
    const stop = () => {
      el.removeEventListener(type, handler);
      stops.delete(stop);
    };
    stops.add(stop);
    return stop;
  }
  const player: VideoPlayer = {
    load(src, poster) {
      // Setting src runs the media element's load algorithm; preload="metadata" keeps it light.
      el.poster = poster;
      el.src = src;
    },
    async play() {
      await el.play();
    },
    pause() {
      el.pause();
    },
    restart() {
      el.currentTime = 0;
      return player.play();
    },
    onPlay: (listener) => listen('play', listener),
    onEnded: (listener) => listen('ended', listener),
    onError: (listener) => listen('error', () => listener(el.error)),
    destroy() {
      for (const stop of [...stops]) stop();
      try {
        el.pause();
      } catch {
        // Nothing to stop.
      }
    },
  };
  return player;
}

export function Html5Player({ label, poster, muted, controls, onReady }: PlayerViewProps) {
  const ref = useRef<HTMLVideoElement>(null);
  const onReadyRef = useRef(onReady);
  onReadyRef.current = onReady;
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    // React does not always reflect `muted` before the first play; set the property itself.
    el.muted = muted;
    const player = createHtml5Player(el);
    onReadyRef.current(player);
    return () => {
      onReadyRef.current(null);
      player.destroy();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one player per mounted element
  }, []);
  return (
    // eslint-disable-next-line jsx-a11y/media-has-caption -- the clips have no speech and the Video contract carries no caption track to offer
    <video
      ref={ref}
      controls={controls}
      playsInline
      preload="metadata"
      poster={poster}
      muted={muted}
      aria-label={label}
      className="video-element"
      style={{ position: 'absolute', top: 0, left: 0, width: '100%', height: '100%' }}
    />
  );
}
