/**
 * The left navigation of the visual library (PAY-02, PAY-09): a nav named VISUAL_TEXT.navLabel
 * linking to each subject (?filter=). Hidden at first; first evaluated after
 * LEFT_NAV.firstEvaluationMs, then on scroll and resize (one evaluation per animation frame), with
 * the rule of leftNavVisible. Under NAV_CAROUSEL.enabledBelowPx it is a carousel of
 * NAV_CAROUSEL.slides slides. State on the nav: data-left-nav="shown" | "hidden".
 *
 * Where it goes (PAY-02.9; styles.tsx): it never takes a column beside the feed. On a window wide
 * enough for a margin beside the page (GUTTER_MIN_PX) it is fixed in that margin; narrower desktop
 * windows have the tabs alone. The carousel is a bar that sticks to the bottom of the window and
 * rests after the feed: its room is kept there, so it never covers the end of the feed.
 * data-nav-layout="gutter" | "bar".
 */
import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { Link } from 'shared-contracts/router';
import { LEFT_NAV, NAV_CAROUSEL, VISUAL_TEXT } from 'shared-contracts/visual';
import { feedHref } from '../query';
import { CAROUSEL_LABEL, NEXT, NEXT_SLIDE, PREVIOUS, PREVIOUS_SLIDE } from '../../text';
import { leftNavVisible, measureLeftNav } from './leftNav';
import type { SubjectChoice } from './tabs';

/** The media query of the carousel: narrower than NAV_CAROUSEL.enabledBelowPx. */
export const CAROUSEL_QUERY = `(max-width: ${NAV_CAROUSEL.enabledBelowPx - 1}px)`;

/** Splits the links into at most `count` slides of equal size (the last may be shorter); at least one slide. */
export function carouselSlides<T>(items: readonly T[], count: number = NAV_CAROUSEL.slides): T[][] {
  const size = Math.max(1, Math.ceil(items.length / count));
  const slides: T[][] = [];
  for (let i = 0; i < count; i++) {
    const slice = items.slice(i * size, (i + 1) * size);
    if (slice.length > 0) slides.push(slice);
  }
  return slides.length > 0 ? slides : [[]];
}

function ChoiceLinks({ choices, filter }: { choices: readonly SubjectChoice[]; filter: string }) {
  return (
    <ul className="left-nav-list">
      {choices.map((c) => (
        <li key={c.filter || 'all'}>
          <Link to={feedHref(c.filter)} aria-current={c.filter === filter ? 'page' : undefined}>
            {c.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}

function NavCarousel({ choices, filter }: { choices: readonly SubjectChoice[]; filter: string }) {
  const slides = carouselSlides(choices);
  const [current, setCurrent] = useState(0);
  const index = Math.min(current, slides.length - 1);
  const move = (step: number) => setCurrent((index + step + slides.length) % slides.length);
  return (
    <div
      role="group"
      aria-roledescription="carousel"
      aria-label={CAROUSEL_LABEL}
      className="left-nav-carousel"
      style={{ display: 'flex', alignItems: 'center', gap: '.5rem' }}
    >
      <button type="button" aria-label={PREVIOUS_SLIDE} onClick={() => move(-1)}>
        {PREVIOUS}
      </button>
      <div aria-live="polite" style={{ flex: 1, minWidth: 0 }}>
        {slides.map((items, i) => (
          <div key={i} role="group" aria-roledescription="slide" aria-label={`Slide ${i + 1} of ${slides.length}`} hidden={i !== index}>
            <ChoiceLinks choices={items} filter={filter} />
          </div>
        ))}
      </div>
      <button type="button" aria-label={NEXT_SLIDE} onClick={() => move(1)}>
        {NEXT}
      </button>
    </div>
  );
}

const raf = (cb: () => void): number => (typeof window.requestAnimationFrame === 'function' ? window.requestAnimationFrame(cb) : window.setTimeout(cb, 16));
const cancelRaf = (id: number): void => (typeof window.cancelAnimationFrame === 'function' ? window.cancelAnimationFrame(id) : window.clearTimeout(id));

export function LeftNav({ choices, filter, carousel }: { choices: readonly SubjectChoice[]; filter: string; carousel: boolean }) {
  const nav = useRef<HTMLElement>(null);
  const [shown, setShown] = useState(false);

  useEffect(() => {
    let frame: number | null = null;
    let listening = false;
    // The page's height changes with the feed (another page, another tab): the browser may clamp the
    // scroll without a scroll event, so a change of size is a reason to look again too.
    let resized: ResizeObserver | null = null;
    const evaluate = () => {
      frame = null;
      if (!nav.current) return;
      setShown(leftNavVisible(measureLeftNav(nav.current)));
    };
    const schedule = () => {
      if (frame === null) frame = raf(evaluate);
    };
    const timer = window.setTimeout(() => {
      evaluate();
      window.addEventListener('scroll', schedule, { passive: true });
      window.addEventListener('resize', schedule);
      if (typeof ResizeObserver === 'function') {
        resized = new ResizeObserver(schedule);
        resized.observe(document.body);
      }
      listening = true;
    }, LEFT_NAV.firstEvaluationMs);
    return () => {
      window.clearTimeout(timer);
      if (listening) {
        window.removeEventListener('scroll', schedule);
        window.removeEventListener('resize', schedule);
      }
      resized?.disconnect();
      if (frame !== null) cancelRaf(frame);
    };
  }, []);

  const style: CSSProperties = { visibility: shown ? 'visible' : 'hidden' };

  return (
    <nav
      ref={nav}
      aria-label={VISUAL_TEXT.navLabel}
      className="visual-library-left-nav"
      data-left-nav={shown ? 'shown' : 'hidden'}
      data-nav-layout={carousel ? 'bar' : 'gutter'}
      style={style}
    >
      {carousel ? <NavCarousel choices={choices} filter={filter} /> : <ChoiceLinks choices={choices} filter={filter} />}
    </nav>
  );
}
