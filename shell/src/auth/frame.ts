/**
 * Messages from the auth modal in frame mode (/auth/frame) to the page that embeds it
 * (PAY-02: OnClose, OnGoBack). They go to the site's own origin only, never '*', and only
 * when there is a parent. The frame accepts no incoming messages.
 */
import { AUTH_MODAL_PARENT_MESSAGES } from 'shared-contracts';

export type AuthFrameMessage = { type: (typeof AUTH_MODAL_PARENT_MESSAGES)[keyof typeof AUTH_MODAL_PARENT_MESSAGES] };

export function postToParent(type: AuthFrameMessage['type']): void {
  if (typeof window === 'undefined' || window.parent === window) return;
  const message: AuthFrameMessage = { type };
  window.parent.postMessage(message, window.location.origin);
}
