/**
 * Helpers of the flyout and item-action tests (not part of the bundle: only tests import it).
 */
import { act, render } from '@testing-library/react';
import { bus, userStore, type EventMap, type Folder, type User } from 'shared-contracts';
import { sampleUser } from 'shared-contracts/src/testing';
import type { FlyoutItem, LibraryFlyoutRequest } from '../components/flyouts/contract';
import { LibraryFlyout } from '../components/flyouts/LibraryFlyout';

export const myLibrary: Folder = {
  id: 'f-lib',
  name: 'My Library',
  description: 'Everything you have saved',
  slug: 'my-library',
  readOnly: true,
  itemCount: 4,
};
export const gifts: Folder = { id: 'f-gifts', name: 'Gifts', description: '', slug: 'gifts', readOnly: true, itemCount: 1 };
export const strategy: Folder = { id: 'f-strategy', name: 'Strategy reads', description: '', slug: 'strategy-reads', readOnly: false, itemCount: 2 };
export const team: Folder = { id: 'f-team', name: 'Team offsite', description: '', slug: 'team-offsite', readOnly: false, itemCount: 0 };
export const allFolders: Folder[] = [myLibrary, gifts, strategy, team];

export const article: FlyoutItem = {
  id: 'a1',
  title: 'Why Strategy Fails in the Middle',
  url: '/2025/03/why-strategy-fails-in-the-middle',
  summary: 'Most plans die between the board room and the shop floor.',
  contentType: 'Digital Article',
};

export function signIn(user: User = sampleUser()) {
  act(() => userStore.getState().setUser(user));
}

export function setStatus(status: 'unknown' | 'guest') {
  act(() => userStore.setState({ status, user: null, quota: null }));
}

let offs: (() => void)[] = [];
/** Collects the payloads of one bus event while a test runs (stopped by stopListening). */
export function listen<K extends keyof EventMap>(type: K) {
  const seen: EventMap[K][] = [];
  offs.push(bus.on(type, (p) => seen.push(p)));
  return seen;
}
export function stopListening() {
  offs.forEach((off) => off());
  offs = [];
}

const added: HTMLElement[] = [];
/** Removes the openers and outside text the tests added (call in afterEach). */
export function removeAdded() {
  added.splice(0).forEach((el) => el.remove());
}

/**
 * Renders a flyout opened from a focused opener button (its returnFocusTo), beside some outside
 * text; returns the callbacks to inspect.
 */
export function openFlyout(request: LibraryFlyoutRequest, returnFocus = true) {
  const onClose = jest.fn();
  const onDone = jest.fn();
  const opener = document.createElement('button');
  opener.type = 'button';
  opener.textContent = 'Opener';
  const outside = document.createElement('p');
  outside.textContent = 'Outside text';
  document.body.append(opener, outside);
  added.push(opener, outside);
  opener.focus();
  const utils = render(<LibraryFlyout request={request} returnFocusTo={returnFocus ? opener : null} onClose={onClose} onDone={onDone} />);
  return { ...utils, onClose, onDone, opener, outside };
}
