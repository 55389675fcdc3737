/**
 * A tab list with one panel (WAI-ARIA tabs, automatic activation): the selected tab is the one
 * in the tab order; arrow keys, Home and End move to (and select) another tab.
 *
 * Drawn with the design system's .ds-tabs and .ds-tab (shared-contracts/design). The tab list is a
 * tab bar that scrolls sideways when its tabs do not fit (a phone, many followed
 * topics). Its `data-tab-overflow` says which ends have tabs out of view (`none`, `start`, `end`,
 * `both`; a fade shows there), read again as the bar scrolls, at most every 500 ms
 * (SCROLL_THROTTLE_MS.tabBar, SITE-09), and when the window is resized. A newly selected tab out of
 * view is brought in by a smooth scroll of 468 ms (SMOOTH_SCROLL_MS, SITE-09).
 */
import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { SCROLL_THROTTLE_MS } from 'shared-contracts';
import { animateScroll, overflowOf, scrollLeftToShow, SMOOTH_SCROLL_MS, throttle, type Overflow } from './scrolling';

export interface TabSpec<K extends string> {
  id: K;
  label: ReactNode;
}

export interface TabsProps<K extends string> {
  label: string;
  tabs: readonly TabSpec<K>[];
  selected: K;
  onSelect(id: K): void;
  children: ReactNode;
  className?: string;
  /** Attributes of the panel (markers). */
  panelProps?: Record<`data-${string}`, string>;
}

/** The fade at the ends of the bar with tabs out of view. */
const FADES: Record<Overflow, string | undefined> = {
  none: undefined,
  start: 'linear-gradient(to right, transparent, black 2rem)',
  end: 'linear-gradient(to left, transparent, black 2rem)',
  both: 'linear-gradient(to right, transparent, black 2rem, black calc(100% - 2rem), transparent)',
};

export function Tabs<K extends string>({ label, tabs, selected, onSelect, children, className, panelProps }: TabsProps<K>) {
  const prefix = useId();
  const tabId = (id: K) => `${prefix}-tab-${id}`;
  const panelId = `${prefix}-panel`;
  const barRef = useRef<HTMLDivElement>(null);
  const [overflow, setOverflow] = useState<Overflow>('none');

  // The bar's overflow: now, on its scroll (throttled to 500 ms) and on resize.
  useLayoutEffect(() => {
    const bar = barRef.current;
    if (!bar) return;
    const read = () => setOverflow(overflowOf(bar));
    read();
    const throttled = throttle(read, SCROLL_THROTTLE_MS.tabBar);
    bar.addEventListener('scroll', throttled, { passive: true });
    window.addEventListener('resize', throttled);
    return () => {
      throttled.cancel();
      bar.removeEventListener('scroll', throttled);
      window.removeEventListener('resize', throttled);
    };
  }, [tabs.length]);

  // A selected tab out of view slides in (468 ms).
  useEffect(() => {
    const bar = barRef.current;
    const tab = document.getElementById(tabId(selected));
    if (!bar || !tab) return;
    const target = scrollLeftToShow(bar, tab);
    if (target === bar.scrollLeft) return;
    return animateScroll(bar.scrollLeft, target, SMOOTH_SCROLL_MS, (x) => (bar.scrollLeft = x));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- tabId is derived from the stable prefix
  }, [selected]);

  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>, index: number) => {
    let next: number | null = null;
    if (e.key === 'ArrowRight') next = (index + 1) % tabs.length;
    else if (e.key === 'ArrowLeft') next = (index - 1 + tabs.length) % tabs.length;
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = tabs.length - 1;
    if (next === null) return;
    e.preventDefault();
    const target = tabs[next];
    if (!target) return;
    onSelect(target.id);
    document.getElementById(tabId(target.id))?.focus();
  };

  return (
    <div className={className}>
      <div
        ref={barRef}
        role="tablist"
        aria-label={label}
        data-tab-overflow={overflow}
        className="ds-tabs"
        style={{ maskImage: FADES[overflow], WebkitMaskImage: FADES[overflow] }}
      >
        {tabs.map((t, i) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            id={tabId(t.id)}
            aria-selected={t.id === selected}
            aria-controls={panelId}
            tabIndex={t.id === selected ? 0 : -1}
            onClick={() => onSelect(t.id)}
            onKeyDown={(e) => onKeyDown(e, i)}
            className="ds-tab"
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={panelId} aria-labelledby={tabId(selected)} tabIndex={0} {...panelProps}>
        {children}
      </div>
    </div>
  );
}
