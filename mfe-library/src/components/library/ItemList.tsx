/**
 * One library list (SITE-02, SITE-04): page 0 first, then 'Load more' while the last page is not
 * reached; the empty state of its content type; the maintenance notice when the server reports
 * maintenance; the bulk checkboxes of selectable items with 'Select all' and, once something is
 * selected, the bulk actions bar ('N selected', 'Move to folders', 'Remove').
 *
 * Markers: the list's container has data-list="{name}" and
 * data-list-state="loading|ready|refreshing|error|maintenance" (aria-busy while loading);
 * the bulk bar has data-bulk-bar and data-selected-count.
 */
import { useEffect, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { Button, MESSAGES } from 'shared-contracts';
import type { LibraryFlyoutRequest } from '../flyouts/contract';
import type { CardModel } from './cardModel';
import { EmptyState, type LibraryEmptyType } from './EmptyState';
import { ItemCard, type CardAction } from './ItemCard';
import { LIBRARY_TEXT } from '../../text';
import { usePagedList, type PageAnswer } from './usePagedList';

/** Opens a flyout; `opener` gets the focus back when it closes. */
export type OpenFlyout = (request: LibraryFlyoutRequest, opener: HTMLElement | null) => void;

export interface ItemListProps<T extends { id: string }> {
  /** Names the list (tab, folder, topic): a new name loads afresh. */
  listKey: string;
  /** The list's accessible name. */
  label: string;
  load(page: number): Promise<PageAnswer<T>>;
  toCard(item: T): CardModel;
  emptyType: LibraryEmptyType;
  /** Shown under the empty state's text (the topics' Find More link). */
  emptyExtra?: ReactNode;
  onOpen?: OpenFlyout;
}

function requestOf(action: CardAction, card: CardModel): LibraryFlyoutRequest {
  switch (action) {
    case 'move':
      return { kind: 'organize', item: card.flyoutItem };
    case 'discard':
      return { kind: 'discard', item: card.flyoutItem };
    case 'save':
      return { kind: 'save', item: card.flyoutItem };
    case 'share':
      return { kind: 'share', item: card.flyoutItem };
  }
}

function SelectAll({ total, selected, onChange }: { total: number; selected: number; onChange(all: boolean): void }) {
  const ref = useRef<HTMLInputElement>(null);
  const all = total > 0 && selected === total;
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = selected > 0 && !all;
  }, [selected, all]);
  return (
    <label className="select-all">
      <input ref={ref} type="checkbox" checked={all} onChange={(e) => onChange(e.target.checked)} /> {LIBRARY_TEXT.selectAll}
    </label>
  );
}

export function ItemList<T extends { id: string }>({ listKey, label, load, toCard, emptyType, emptyExtra, onOpen }: ItemListProps<T>) {
  const { list, loadMore, retry, reloads } = usePagedList(listKey, load);
  // A reload (after a change) starts the selection afresh, as a new list does.
  const selectionKey = `${listKey}#${reloads}`;
  const [selection, setSelection] = useState<{ key: string; ids: ReadonlySet<string> }>({ key: selectionKey, ids: new Set() });
  const chosen = selection.key === selectionKey ? selection.ids : new Set<string>();

  if (list.status === 'loading') {
    return (
      <div className="library-list" data-list={listKey} data-list-state="loading" aria-busy="true">
        <p role="status">{LIBRARY_TEXT.loading}</p>
      </div>
    );
  }
  if (list.status === 'error') {
    return (
      <div className="library-list" data-list={listKey} data-list-state="error">
        <p role="alert">{LIBRARY_TEXT.listError}</p>
        <Button variant="ghost" onClick={retry}>
          {LIBRARY_TEXT.tryAgain}
        </Button>
      </div>
    );
  }
  if (list.maintenance) {
    return (
      <div className="library-list" data-list={listKey} data-list-state="maintenance">
        <p role="status" className="maintenance-notice">
          {MESSAGES.maintenance}
        </p>
      </div>
    );
  }

  const cards = list.items.map(toCard);
  const selectable = cards.filter((c) => c.actions.bulk).map((c) => c.id);
  const selectedIds = selectable.filter((id) => chosen.has(id));
  const setIds = (ids: Iterable<string>) => setSelection({ key: selectionKey, ids: new Set(ids) });
  const onSelect = (id: string, on: boolean) => {
    const next = new Set(selectedIds);
    if (on) next.add(id);
    else next.delete(id);
    setIds(next);
  };
  const onAction = (action: CardAction, card: CardModel, opener: HTMLElement) => onOpen?.(requestOf(action, card), opener);
  const bulk = (kind: 'bulk-organize' | 'bulk-discard') => (e: MouseEvent<HTMLButtonElement>) => onOpen?.({ kind, ids: selectedIds }, e.currentTarget);

  return (
    <div
      className="library-list"
      data-list={listKey}
      data-list-state={list.refreshing ? 'refreshing' : 'ready'}
      aria-busy={list.refreshing ? 'true' : undefined}
    >
      {cards.length === 0 ? (
        <EmptyState type={emptyType}>{emptyExtra}</EmptyState>
      ) : (
        <>
          {selectable.length > 0 && (
            <div className="list-toolbar">
              <SelectAll total={selectable.length} selected={selectedIds.length} onChange={(all) => setIds(all ? selectable : [])} />
              {selectedIds.length > 0 && (
                <div role="group" aria-label={LIBRARY_TEXT.bulkActions} className="bulk-bar" data-bulk-bar="" data-selected-count={selectedIds.length}>
                  <p className="bulk-count">{LIBRARY_TEXT.selectedCount(selectedIds.length)}</p>
                  <Button variant="ghost" onClick={bulk('bulk-organize')}>
                    {LIBRARY_TEXT.moveToFolders}
                  </Button>
                  <Button variant="ghost" onClick={bulk('bulk-discard')}>
                    {LIBRARY_TEXT.remove}
                  </Button>
                </div>
              )}
            </div>
          )}
          <ul className="library-items" aria-label={label}>
            {cards.map((card) => (
              <ItemCard key={card.id} card={card} selected={chosen.has(card.id)} onSelect={onSelect} onAction={onAction} />
            ))}
          </ul>
          {list.more === 'error' && <p role="alert">{LIBRARY_TEXT.moreError}</p>}
          {!list.last && (
            <Button
              variant="ghost"
              className="load-more"
              onClick={loadMore}
              disabled={list.more === 'loading'}
              aria-busy={list.more === 'loading' ? 'true' : undefined}
            >
              {LIBRARY_TEXT.loadMore}
            </Button>
          )}
        </>
      )}
    </div>
  );
}
