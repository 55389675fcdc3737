/**
 * "Connected to a network" (SITE-04): the share button reads 'Connect with {network}' until the
 * reader has shared through that network once in this browser, then 'Share on {network}'. The
 * flag lives in localStorage under `tmr:share-connected:{provider}` ('1'), set after the first
 * popup. Storage that throws (private mode, blocked cookies) reads as "not connected".
 */
import { SOCIAL_SHARE_POPUP_SIZE } from 'shared-contracts/library';

export type SocialProvider = 'facebook' | 'twitter' | 'linkedin';
export const SOCIAL_PROVIDERS: readonly SocialProvider[] = ['facebook', 'twitter', 'linkedin'];

export function shareConnectedKey(provider: SocialProvider): string {
  return `tmr:share-connected:${provider}`;
}

export function isShareConnected(provider: SocialProvider): boolean {
  try {
    return window.localStorage.getItem(shareConnectedKey(provider)) === '1';
  } catch {
    return false;
  }
}

export function markShareConnected(provider: SocialProvider): void {
  try {
    window.localStorage.setItem(shareConnectedKey(provider), '1');
  } catch {
    // Not remembered: the button keeps reading 'Connect with ...'.
  }
}

/** window.open features of the share popup: 700x450 (SITE-09), centred on the window, no opener. */
export function sharePopupFeatures(): string {
  const { width, height } = SOCIAL_SHARE_POPUP_SIZE;
  const left = Math.max(0, Math.round((window.screenX || 0) + ((window.outerWidth || width) - width) / 2));
  const top = Math.max(0, Math.round((window.screenY || 0) + ((window.outerHeight || height) - height) / 2));
  return `width=${width},height=${height},left=${left},top=${top},resizable=yes,scrollbars=yes,noopener,noreferrer`;
}

/** An absolute address of a path on this site (what the networks need). */
export function absoluteUrl(path: string): string {
  try {
    return new URL(path, window.location.origin).href;
  } catch {
    return path;
  }
}
