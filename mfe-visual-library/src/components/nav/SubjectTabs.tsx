/**
 * The subject tabs (WAI-ARIA tabs pattern, automatic activation): arrow keys, Home and End move
 * between tabs and select them. `selectedIndex` is -1 when the filter names no known subject; the
 * first tab then takes the focus stop.
 */
import * as React from 'react';
import { useRef } from 'react';
import { TABS_LABEL } from '../../text';
import type { SubjectChoice } from './tabs';

export function tabId(baseId: string, index: number): string {
  return `${baseId}-tab-${index}`;
}

export function SubjectTabs({
  baseId,
  tabs,
  selectedIndex,
  controls,
  onSelect,
}: {
  baseId: string;
  tabs: SubjectChoice[];
  selectedIndex: number;
  /** id of the tab panel (the feed). */
  controls: string;
  onSelect: (filter: string) => void;
}) {
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  const focusStop = selectedIndex >= 0 ? selectedIndex : 0;

  const onKeyDown = (event: React.KeyboardEvent<HTMLButtonElement>, index: number) => {
    const count = tabs.length;
    let next: number;
    if (event.key === 'ArrowRight') next = (index + 1) % count;
    else if (event.key === 'ArrowLeft') next = (index - 1 + count) % count;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = count - 1;
    else return;
    event.preventDefault();
    const tab = tabs[next];
    if (!tab) return;
    refs.current[next]?.focus();
    onSelect(tab.filter);
  };

  return (
    <div role="tablist" aria-label={TABS_LABEL} className="ds-tabs">
      {tabs.map((tab, index) => (
        <button
          key={tab.filter || 'all'}
          ref={(el) => {
            refs.current[index] = el;
          }}
          type="button"
          role="tab"
          id={tabId(baseId, index)}
          aria-selected={index === selectedIndex}
          aria-controls={controls}
          className="ds-tab"
          tabIndex={index === focusStop ? 0 : -1}
          onClick={() => onSelect(tab.filter)}
          onKeyDown={(e) => onKeyDown(e, index)}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}
