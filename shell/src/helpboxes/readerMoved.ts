/**
 * Whether the reader has scrolled, pressed or typed on this page (help boxes wait for it, and the
 * member's help-box slot loads then): a tip that opened with the page would cover its heading on a
 * phone before the reader saw it (and be painted as the page's largest text, its LCP).
 */
import { useEffect, useState } from 'react';
import { onFirstMove } from '../firstMove';

export function useReaderMoved(wanted: boolean): boolean {
  const [moved, setMoved] = useState(false);
  useEffect(() => {
    if (!wanted || moved) return;
    // After the move's own paint: the help boxes' code and render must not delay a click.
    return onFirstMove(() => setMoved(true));
  }, [wanted, moved]);
  return moved;
}
