/**
 * The end screen (PAY-02): the next video's name, a countdown from VIDEO_END_COUNTDOWN_SECONDS
 * ('will start playing in N second(s)') and 'Replay {name}'. At 0 it calls onTimeUp (once); the
 * timer stops when the overlay goes (replay, navigation, unmount).
 *
 * 'Cancel' (named 'Cancel autoplay') stops the countdown; the overlay then stays, with
 * the next video's name as a link to it and Replay. The overlay is laid out to fit a phone's
 * player (the player's own controls hide while it shows; styles.tsx).
 */
import { useEffect, useRef, useState } from 'react';
import { countdownText, replayText, VIDEO_END_COUNTDOWN_SECONDS, VIDEO_TEXT } from 'shared-contracts/video';
import type { Video } from 'shared-contracts/video';
import { CANCEL_AUTOPLAY, CANCEL_AUTOPLAY_LABEL } from '../text';

export interface EndScreenProps {
  current: Pick<Video, 'name'>;
  next: Pick<Video, 'name' | 'thumbnail'>;
  /** The address of the current video (the replay link's href). */
  replayHref: string;
  /** The address of the next video (its name's link). */
  nextHref: string;
  onReplay(): void;
  /** The countdown ran out, or the reader chose the next video. */
  onTimeUp(): void;
}

/** The end screen's styles, with its code (off the page's first view); the player is dark in both colour schemes. */
const CSS = `
[data-remote-root="video"] .video-end-screen { position: absolute; inset: 0; display: flex; flex-direction: column; justify-content: center; align-items: center; gap: var(--space-2); padding: var(--space-4); overflow: auto; background: rgb(0 0 0 / .85); color: white; text-align: center; font-family: var(--font-sans); }
[data-remote-root="video"] .video-end-screen p { margin: 0; }
[data-remote-root="video"] .video-end-screen a { color: white; }
[data-remote-root="video"] .video-end-screen-label { font-size: var(--step--1); text-transform: uppercase; letter-spacing: .08em; }
[data-remote-root="video"] .video-end-screen-next { font: 700 var(--step-2) var(--font-serif); }
[data-remote-root="video"] .video-end-screen-countdown { display: flex; flex-wrap: wrap; gap: var(--space-2) var(--space-4); align-items: center; justify-content: center; }
[data-remote-root="video"] .video-end-screen button { background: white; color: black; border: 0; border-radius: var(--radius-1); padding: .3rem .9rem; cursor: pointer; }
[data-remote-root="video"] .video-end-screen :focus-visible { outline-color: white; }
@media (max-width: 767px) {
  [data-remote-root="video"] .video-end-screen { gap: var(--space-1); padding: var(--space-2); font-size: var(--step--1); justify-content: safe center; }
  [data-remote-root="video"] .video-end-screen-next { font-size: var(--step-0); }
  [data-remote-root="video"] .video-end-screen button { padding: .2rem .7rem; }
}
`;

export function EndScreen({ current, next, replayHref, nextHref, onReplay, onTimeUp }: EndScreenProps) {
  const [left, setLeft] = useState<number>(VIDEO_END_COUNTDOWN_SECONDS);
  const [cancelled, setCancelled] = useState(false);
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);
  const nextLink = useRef<HTMLAnchorElement>(null);
  const onTimeUpRef = useRef(onTimeUp);
  onTimeUpRef.current = onTimeUp;

  const stop = () => {
    if (timer.current !== null) clearInterval(timer.current);
    timer.current = null;
  };

  useEffect(() => {
    timer.current = setInterval(() => setLeft((n) => Math.max(0, n - 1)), 1000);
    return stop;
  }, []);

  useEffect(() => {
    if (left > 0 || cancelled) return;
    stop();
    onTimeUpRef.current();
  }, [left, cancelled]);

  return (
    <section className="video-end-screen" aria-label={VIDEO_TEXT.upNext} data-countdown={cancelled ? 'cancelled' : 'running'}>
      <style href="mfe-video-end-screen" precedence="default">
        {CSS}
      </style>
      <p className="video-end-screen-label">{VIDEO_TEXT.upNext}</p>
      <p className="video-end-screen-next">
        <a
          ref={nextLink}
          href={nextHref}
          onClick={(e) => {
            e.preventDefault();
            stop();
            onTimeUpRef.current();
          }}
        >
          {next.name}
        </a>
      </p>
      <div className="video-end-screen-countdown">
        <p role="status">{cancelled ? '' : countdownText(left)}</p>
        {!cancelled && (
          <button
            type="button"
            aria-label={CANCEL_AUTOPLAY_LABEL}
            onClick={() => {
              stop();
              setCancelled(true);
              // The button goes: focus stays in the overlay, on the next video.
              nextLink.current?.focus();
            }}
          >
            {CANCEL_AUTOPLAY}
          </button>
        )}
      </div>
      <p className="video-end-screen-replay">
        <a
          href={replayHref}
          onClick={(e) => {
            e.preventDefault();
            stop();
            onReplay();
          }}
        >
          {replayText(current.name)}
        </a>
      </p>
    </section>
  );
}
