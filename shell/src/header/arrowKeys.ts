/**
 * Arrow-key movement through a list of controls (the search suggestions and the account
 * menu), shared by the header's lazily loaded parts: ArrowDown and ArrowUp go to the next and the
 * previous item, wrapping at the ends, Home and End to the first and the last.
 */
export type ListKey = 'ArrowDown' | 'ArrowUp' | 'Home' | 'End';

export function isListKey(key: string): key is ListKey {
  return key === 'ArrowDown' || key === 'ArrowUp' || key === 'Home' || key === 'End';
}

/** The item `key` moves to from `current` (not in the list: before the first), or undefined for an empty list. */
export function itemAfterKey<T>(items: readonly T[], current: T | null, key: ListKey): T | undefined {
  const last = items.length - 1;
  const at = current === null ? -1 : items.indexOf(current);
  if (key === 'Home') return items[0];
  if (key === 'End') return items[last];
  if (key === 'ArrowDown') return items[at < 0 || at >= last ? 0 : at + 1];
  return items[at <= 0 ? last : at - 1];
}
