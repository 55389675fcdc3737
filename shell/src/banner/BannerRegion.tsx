/**
 * What the persistent subscription banner shows once it shows (PersistentBanner.tsx decides when):
 * the offer, 'Subscribe now' and Close; Escape closes it too. Its own chunk, loaded when the banner
 * first shows: an article's first view never shows it (the byte budget).
 *
 * It is fixed to the bottom of the window, so while it is on the page the page keeps room for it
 * (on a phone it covered the article's last 157 px, its Register button included): the
 * body gets a bottom padding of the banner's height, and the scroll padding the same, so a control
 * reached with Tab is never behind it.
 */
import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import { UI_TEXT } from 'shared-contracts';

export interface BannerRegionProps {
  closing: boolean;
  /** The reader closed it (focus already handed on). */
  onClose(): void;
  /** Where focus goes when the banner closes while holding it. */
  focusAfterClose(): HTMLElement | null;
}

/** Keeps room at the end of the page (and of keyboard scrolling) for an element fixed to the window's bottom. */
function useRoomAtEnd(fixed: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const el = fixed.current;
    if (!el) return;
    const { body, documentElement: html } = document;
    const fit = () => {
      const room = `${el.offsetHeight}px`;
      body.style.paddingBottom = room;
      html.style.scrollPaddingBottom = room;
    };
    fit();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(fit);
    observer?.observe(el);
    return () => {
      observer?.disconnect();
      body.style.paddingBottom = '';
      html.style.scrollPaddingBottom = '';
    };
  }, [fixed]);
}

export function BannerRegion({ closing, onClose, focusAfterClose }: BannerRegionProps) {
  const region = useRef<HTMLDivElement>(null);
  useRoomAtEnd(region);

  const close = () => {
    // Focus must not stay inside a region that is leaving: hand it back to the article.
    if (region.current?.contains(document.activeElement)) focusAfterClose()?.focus();
    onClose();
  };

  useEffect(() => {
    if (closing) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) close();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  });

  return (
    <div
      ref={region}
      role="region"
      aria-label="Subscription offer"
      className={closing ? 'persistent-banner closing' : 'persistent-banner'}
      data-persistent-banner={closing ? 'closing' : 'open'}
      aria-hidden={closing || undefined}
      inert={closing}
    >
      <p className="persistent-banner-text">Subscribe for unlimited access to every article, the magazine archive, video and charts.</p>
      <a className="button-primary" href="/subscriptions" target="_blank" rel="noopener">
        {UI_TEXT.subscribeNow}
      </a>
      <button type="button" className="persistent-banner-close" onClick={close}>
        Close
      </button>
    </div>
  );
}
