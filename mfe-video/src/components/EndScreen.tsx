/**
 * The end screen (PAY-02): the next video's name, a countdown from VIDEO_END_COUNTDOWN_SECONDS
 * ('will start playing in N second(s)') and 'Replay {name}'. At 0 it calls onTimeUp (once); the
 * timer stops when the overlay goes (replay, navigation, unmount).
 */
import { useEffect, useRef, useState } from 'react';
import { countdownText, replayText, VIDEO_END_COUNTDOWN_SECONDS, VIDEO_TEXT } from 'shared-contracts/video';
import type { Video } from 'shared-contracts/video';

export interface EndScreenProps {
  current: Pick<Video, 'name'>;
  next: Pick<Video, 'name' | 'thumbnail'>;
  /** The address of the current video (the replay link's href). */
  replayHref: string;
  onReplay(): void;
  onTimeUp(): void;
}

export function EndScreen({ current, next, replayHref, onReplay, onTimeUp }: EndScreenProps) {
  const [left, setLeft] = useState<number>(VIDEO_END_COUNTDOWN_SECONDS);
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);
  const onTimeUpRef = useRef(onTimeUp);
  onTimeUpRef.current = onTimeUp;

  useEffect(() => {
    timer.current = setInterval(() => setLeft((n) => Math.max(0, n - 1)), 1000);
    return () => {
      if (timer.current !== null) clearInterval(timer.current);
      timer.current = null;
    };
  }, []);

  useEffect(() => {
    if (left > 0) return;
    if (timer.current !== null) clearInterval(timer.current);
    timer.current = null;
    onTimeUpRef.current();
  }, [left]);

  return (
    <section
      className="video-end-screen"
      aria-label={VIDEO_TEXT.upNext}
      style={{
        position: 'absolute',
        inset: 0,
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'center',
        alignItems: 'center',
        background: 'rgba(0, 0, 0, 0.85)',
        color: '#fff',
        padding: '1rem',
        textAlign: 'center',
      }}
    >
      <p className="video-end-screen-label">{VIDEO_TEXT.upNext}</p>
      <p className="video-end-screen-next">
        <strong>{next.name}</strong>
      </p>
      <p role="status" className="video-end-screen-countdown">
        {countdownText(left)}
      </p>
      <p>
        <a
          href={replayHref}
          style={{ color: '#fff' }}
          onClick={(e) => {
            e.preventDefault();
            if (timer.current !== null) clearInterval(timer.current);
            timer.current = null;
            onReplay();
          }}
        >
          {replayText(current.name)}
        </a>
      </p>
    </section>
  );
}
