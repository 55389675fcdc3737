/**
 * Keyboard focus inside modal dialogs (ARCHITECTURE: "modals trap focus and close on Escape").
 * One implementation for every part: the auth modal, the search overlay, the reading-list overlay.
 */

/** Elements that can take keyboard focus. */
export const FOCUSABLE_SELECTOR =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Keeps Tab and Shift+Tab inside `container`: from the last focusable element Tab goes to the
 * first, from the first (or the container itself) Shift+Tab goes to the last, and focus that has
 * escaped is brought back. Call it from a keydown handler; other keys are left alone.
 */
export function trapTab(container: HTMLElement, event: Pick<KeyboardEvent, 'key' | 'shiftKey' | 'preventDefault'>): void {
  if (event.key !== 'Tab') return;
  const items = [...container.querySelectorAll<HTMLElement>(FOCUSABLE_SELECTOR)];
  const first = items[0];
  const last = items[items.length - 1];
  if (!first || !last) return;
  const active = document.activeElement;
  if (!container.contains(active)) {
    event.preventDefault();
    (event.shiftKey ? last : first).focus();
  } else if (event.shiftKey && (active === first || active === container)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}
