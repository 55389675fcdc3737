import type { ReactNode } from 'react';
import { LIBRARY_EMPTY_TEXT } from 'shared-contracts/library';

/** The library's empty states by content type (SITE-02; LIBRARY_EMPTY_STATES). */
export type LibraryEmptyType = keyof typeof LIBRARY_EMPTY_TEXT;

/** An empty state, marked data-empty-state="{type}". */
export function EmptyState({ type, children }: { type: LibraryEmptyType; children?: ReactNode }) {
  return (
    <div className="library-empty" data-empty-state={type}>
      <p>{LIBRARY_EMPTY_TEXT[type]}</p>
      {children}
    </div>
  );
}
