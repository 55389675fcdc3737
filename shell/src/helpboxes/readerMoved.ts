/**
 * Whether the reader has scrolled, pressed or typed on this page (help boxes wait for it, and the
 * member's help-box slot loads then): a tip that opened with the page would cover its heading on a
 * phone before the reader saw it (and be painted as the page's largest text, its LCP).
 */
import { useEffect, useState } from 'react';
import { afterNextPaint } from '../afterNextPaint';

/** What the reader does first on a page. */
const FIRST_MOVES = ['scroll', 'pointerdown', 'keydown', 'touchstart'];

export function useReaderMoved(wanted: boolean): boolean {
  const [moved, setMoved] = useState(false);
  useEffect(() => {
    if (!wanted || moved) return;
    // After the move's own paint: the help boxes' code and render must not delay a click.
    const move = () => afterNextPaint(() => setMoved(true));
    for (const t of FIRST_MOVES) addEventListener(t, move, { capture: true, passive: true, once: true });
    return () => {
      for (const t of FIRST_MOVES) removeEventListener(t, move, true);
    };
  }, [wanted, moved]);
  return moved;
}
