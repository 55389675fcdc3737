/**
 * The library's flyouts as the rest of the remote uses them (SITE-02, SITE-04): one component,
 * `LibraryFlyout` (./LibraryFlyout.tsx), shows one flyout at a time. It closes on outside click,
 * its close button or Escape (onClose); when an action succeeds it shows the confirmation message
 * for FLYOUT_CONFIRMATION_MS (2 s) and then calls onDone with that message ("destroy with a
 * message"). Failures stay inside the flyout with the spec's messages.
 */
import type { Folder } from 'shared-contracts';

/** The item a flyout acts on: any saved or saveable content (article, video, chart). */
export interface FlyoutItem {
  id: string;
  title: string;
  /** A path on this site, e.g. /2025/03/some-article. */
  url: string;
  summary?: string;
  contentType: string;
}

export type LibraryFlyoutRequest =
  | { kind: 'save'; item: FlyoutItem }
  | { kind: 'organize'; item: FlyoutItem }
  | { kind: 'discard'; item: FlyoutItem }
  | { kind: 'bulk-discard'; ids: string[] }
  | { kind: 'bulk-organize'; ids: string[] }
  | { kind: 'share'; item: FlyoutItem }
  | { kind: 'share-list'; folder: Folder };

export interface LibraryFlyoutProps {
  request: LibraryFlyoutRequest;
  /** Focus returns here when the flyout closes. */
  returnFocusTo?: HTMLElement | null;
  /** Closed without a change (outside click, close button, Escape). */
  onClose(): void;
  /**
   * The flyout needed a member and asked for sign-in (it closes with onClose); called when the
   * reader has signed in through that request, so the owner can open it again.
   */
  onSignedIn?(): void;
  /** An action succeeded; `message` is what was confirmed ('Saved!', 'Folders Updated', ...). */
  onDone(result: { message: string }): void;
}
