/**
 * The notification flyout and the generic title-and-body flyout (SITE-02 flyouts; SITE-04, SITE-06,
 * SITE-09). Both are shell flyouts (flyouts.ts): one at a time, closed by the close button, an
 * outside click, Escape or a destroy.
 *
 * - `showNotification(message)`: a message alone. It needs no sign-in (SITE-06) and, as a destroy
 *   with a message, it shows for FLYOUT_CONFIRMATION_MS (2 s), then goes.
 * - `showTitleAndBody({ title, body })`: the generic flyout, a title and paragraphs of text; it stays
 *   until closed. Not in the spec's list of flyouts without sign-in, so a guest is asked to sign in.
 *
 * This module is not on the first view: only code that shows one of them imports it.
 */
import { flyouts } from './flyouts';

export interface TitleAndBody {
  title: string;
  /** Paragraphs. */
  body: readonly string[];
}

let content: { title: string; body: readonly string[] } = { title: '', body: [] };

/** What the open notification or title-and-body flyout says. */
export function noticeContent(): { title: string; body: readonly string[] } {
  return content;
}

/** Shows `message` in the notification flyout for 2 s (no sign-in needed). */
export function showNotification(message: string, from?: HTMLElement | null): void {
  content = { title: '', body: [] };
  flyouts.open('notification', from);
  flyouts.destroy(message);
}

/** Opens the generic title-and-body flyout (signed-in readers; a guest gets the sign-in modal). */
export function showTitleAndBody(notice: TitleAndBody, from?: HTMLElement | null): void {
  content = { title: notice.title, body: notice.body };
  flyouts.open('title-and-body', from);
}
