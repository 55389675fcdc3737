import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { bus, useSiteOrigin, useUserStore, type Article } from 'shared-contracts';
import { absoluteUrl, shareLinks } from './share';

/**
 * The actions under the headline: a toolbar (one tab stop; arrow keys, Home and End move between
 * its buttons) holding Share, a disclosure of share links, and Save.
 *
 * This is the stand-in for My Library's ItemActions (library/ItemActions, which saves to folders
 * and shares by email too): shown while that widget loads and if it fails. Save (SITE-06): guests
 * are asked to sign in (bus `auth:open` on the sign-in screen); signed-in readers get no Save here,
 * since saving needs the library. While the user is still unknown Save is not shown.
 */
export function ArticleActions({ article }: { article: Article }) {
  const status = useUserStore((s) => s.status);
  const [shareOpen, setShareOpen] = useState(false);
  const [active, setActive] = useState(0);
  const toolbar = useRef<HTMLDivElement>(null);
  const shareButton = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const origin = useSiteOrigin();
  const links = useMemo(() => shareLinks(article, absoluteUrl(article.url, origin)), [article, origin]);

  const guest = status === 'guest';
  const itemCount = guest ? 2 : 1;
  const current = active < itemCount ? active : 0;

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape' && shareOpen) {
      // Closes the share list only (not the banner, which also listens to Escape).
      event.preventDefault();
      event.stopPropagation();
      setShareOpen(false);
      shareButton.current?.focus();
      return;
    }
    const items = [...(toolbar.current?.querySelectorAll<HTMLElement>('[data-toolbar-item]') ?? [])];
    const index = items.indexOf(event.target as HTMLElement);
    if (index < 0) return; // keys inside the share list are the links' own
    const moves: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: items.length - 1 };
    if (!(event.key in moves)) return;
    event.preventDefault();
    const next = ((moves[event.key] ?? 0) + items.length) % items.length;
    setActive(next);
    items[next]?.focus();
  }

  return (
    <div
      ref={toolbar}
      role="toolbar"
      aria-label="Article actions"
      className="article-actions"
      data-article-actions=""
      data-article-id={article.id}
      onKeyDown={onKeyDown}
    >
      <div className="share-disclosure">
        <button
          ref={shareButton}
          type="button"
          data-toolbar-item=""
          tabIndex={current === 0 ? 0 : -1}
          onFocus={() => setActive(0)}
          aria-expanded={shareOpen}
          aria-controls={panelId}
          onClick={() => setShareOpen((open) => !open)}
        >
          Share
        </button>
        <ul id={panelId} className="share-links" hidden={!shareOpen}>
          {links.map((link) => (
            <li key={link.label}>
              <a href={link.href} target="_blank" rel="noopener noreferrer">
                {link.label}
              </a>
            </li>
          ))}
        </ul>
      </div>
      {guest && (
        <button
          type="button"
          data-toolbar-item=""
          tabIndex={current === 1 ? 0 : -1}
          onFocus={() => setActive(1)}
          onClick={() => bus.emit('auth:open', { screen: 'signin' })}
        >
          Save
        </button>
      )}
    </div>
  );
}
