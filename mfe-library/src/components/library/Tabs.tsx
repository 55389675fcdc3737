/**
 * A tab list with one panel (WAI-ARIA tabs, automatic activation): the selected tab is the one
 * in the tab order; arrow keys, Home and End move to (and select) another tab.
 */
import { useId, type KeyboardEvent, type ReactNode } from 'react';

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

export function Tabs<K extends string>({ label, tabs, selected, onSelect, children, className, panelProps }: TabsProps<K>) {
  const prefix = useId();
  const tabId = (id: K) => `${prefix}-tab-${id}`;
  const panelId = `${prefix}-panel`;

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
      <div role="tablist" aria-label={label}>
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
