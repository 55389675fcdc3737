/**
 * Which flyout is open (flyouts.ts): the one piece of the flyouts the first view runs, for the
 * header, which mounts the flyout host while one is open. Opening, closing and the timers live in
 * flyouts.ts, loaded with the code that opens a flyout.
 */
import { useSyncExternalStore } from 'react';

/**
 * The flyouts the shell hosts. 'notification' (a message, no sign-in needed) and 'title-and-body'
 * (the generic flyout, sign-in needed) take their words from notices.ts, which opens them.
 */
export type FlyoutKind = 'change-password' | 'forgot-password' | 'notification' | 'title-and-body';

export type FlyoutState = { kind: FlyoutKind; phase: 'open' } | { kind: FlyoutKind; phase: 'confirmation'; message: string } | null;

let state: FlyoutState = null;
const listeners = new Set<() => void>();

export function getFlyout(): FlyoutState {
  return state;
}

export function setFlyout(next: FlyoutState): void {
  state = next;
  for (const l of [...listeners]) l();
}

export function subscribeFlyout(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useFlyout(): FlyoutState {
  return useSyncExternalStore(subscribeFlyout, getFlyout, getFlyout);
}
