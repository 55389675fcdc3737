/**
 * The design system's tabs (decision 035, class `ds-tabs`): in `shared-contracts/forms`, not the core,
 * since only a few views have tabs. The other components are in design.tsx, in the core.
 */
import { useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface TabItem {
  id: string;
  label: ReactNode;
}

export interface TabsProps {
  /** The tab list's accessible name. */
  label: string;
  items: readonly TabItem[];
  selected: string;
  onSelect(id: string): void;
  /** The id prefix of the tabs and of the panels they control (`${idPrefix}-panel-${id}`). */
  idPrefix: string;
}

/** role=tablist with roving focus: arrows, Home and End move between tabs and select. */
export function Tabs({ label, items, selected, onSelect, idPrefix }: TabsProps) {
  const list = useRef<HTMLDivElement>(null);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = items.findIndex((item) => item.id === selected);
    const last = items.length - 1;
    const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: last }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const target = items[next < 0 ? last : next > last ? 0 : next];
    if (!target) return;
    onSelect(target.id);
    list.current?.querySelector<HTMLElement>(`#${CSS.escape(`${idPrefix}-tab-${target.id}`)}`)?.focus();
  };
  return (
    // The tabs are the focusable elements; the list only hears their arrow keys.
    // eslint-disable-next-line jsx-a11y/interactive-supports-focus
    <div ref={list} role="tablist" aria-label={label} className="ds-tabs" onKeyDown={onKeyDown}>
      {items.map((item) => (
        <button
          key={item.id}
          id={`${idPrefix}-tab-${item.id}`}
          type="button"
          role="tab"
          className="ds-tab"
          aria-selected={item.id === selected}
          aria-controls={`${idPrefix}-panel-${item.id}`}
          tabIndex={item.id === selected ? 0 : -1}
          onClick={() => onSelect(item.id)}
        >
          {item.label}
        </button>
      ))}
    </div>
  );
}
