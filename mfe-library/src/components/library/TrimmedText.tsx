/**
 * A paragraph cut to a few lines with an ellipsis on a whole word (SITE-09 "Ellipsis trimming stops
 * when overflow is under 4 px"): while the text overflows its box by 4 px or more, words come off
 * its end and '…' goes on; an overflow under 4 px (a descender, rounding) is left alone. Measured
 * after layout, and again when the window is resized. The full text stays in the `title`.
 */
import { useLayoutEffect, useRef, useState } from 'react';

/** Overflow under this many px is not trimmed (SITE-09). */
export const ELLIPSIS_OVERFLOW_TOLERANCE_PX = 4;

const overflows = (el: HTMLElement) => el.scrollHeight - el.clientHeight >= ELLIPSIS_OVERFLOW_TOLERANCE_PX;

/** The longest whole-word start of `text` (with '…') that fits `el`; `text` itself when it fits. */
export function trimToFit(el: HTMLElement, text: string): string {
  el.textContent = text;
  if (!overflows(el)) return text;
  const words = text.split(/\s+/);
  let low = 0;
  let high = words.length - 1;
  // Binary search over the number of words kept.
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    el.textContent = `${words.slice(0, mid).join(' ')}…`;
    if (overflows(el)) high = mid - 1;
    else low = mid;
  }
  return `${words
    .slice(0, low)
    .join(' ')
    .replace(/[\s,;:.-]+$/, '')}…`;
}

export function TrimmedText({ text, lines = 3, className }: { text: string; lines?: number; className?: string }) {
  const ref = useRef<HTMLParagraphElement>(null);
  const [shown, setShown] = useState(text);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const fit = () => setShown(trimToFit(el, text));
    fit();
    let frame = 0;
    const onResize = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(fit);
    };
    window.addEventListener('resize', onResize);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('resize', onResize);
    };
  }, [text]);
  return (
    <p ref={ref} className={className} title={shown === text ? undefined : text} style={{ lineHeight: 1.5, maxHeight: `${lines * 1.5}em`, overflow: 'hidden' }}>
      {shown}
    </p>
  );
}
