/**
 * The reading-list overlay (PAY-02): a button opens a modal dialog titled
 * 'THIS ARTICLE APPEARS IN' with the selected list's articles numbered 01, 02, ... and up to three
 * related lists; choosing a related list switches the list. Focus stays inside while it is open,
 * Escape and Close close it, and focus goes back to the button.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Button, Picture, READING_LIST_RELATED_MAX, sameReadingList, UI_TEXT, useLoad, type ReadingList } from 'shared-contracts';
import { trapTab } from 'shared-contracts/dialog';
import { loadReadingLists } from '../api/readingLists';

/** This view's words (NOT IN SPEC), kept in its own chunk: see text.ts. */
const TEXT = {
  related: 'Related reading lists',
  close: 'Close',
};

/** The overlay's rules, in this chunk: a centred dialog on the raised surface, entries with their pictures. */
const CSS = `
[data-remote-root=paywall] .reading-list{margin:var(--space-5) 0}
[data-remote-root=paywall] .overlay-backdrop{position:fixed;inset:0;background:var(--overlay);display:flex;align-items:center;justify-content:center;z-index:30;padding:var(--space-3)}
[data-remote-root=paywall] .reading-list-overlay{position:relative;background:var(--raised);color:var(--ink);border-radius:var(--radius-2);box-shadow:var(--shadow-2);padding:var(--space-5);width:min(36rem,100%);max-height:90vh;overflow:auto;font-family:var(--font-sans)}
[data-remote-root=paywall] .reading-list-overlay h2{font-size:var(--step--1);letter-spacing:.1em;margin:0 0 var(--space-2);color:var(--muted)}
[data-remote-root=paywall] .reading-list-overlay h3{font:700 var(--step-2)/var(--leading-tight) var(--font-serif);margin:0 0 var(--space-4)}
[data-remote-root=paywall] .reading-list-overlay h3:focus{outline:2px solid var(--focus);outline-offset:2px}
[data-remote-root=paywall] .reading-list-items{list-style:none;padding:0;margin:0}
[data-remote-root=paywall] .reading-list-items li{display:flex;gap:var(--space-3);align-items:center;padding:var(--space-3) 0;border-top:1px solid var(--line)}
[data-remote-root=paywall] .reading-list-items .ds-picture{flex:none;width:6rem}
[data-remote-root=paywall] .reading-list-items a{font:700 var(--step-0)/var(--leading-tight) var(--font-serif);color:var(--ink);text-decoration:none}
[data-remote-root=paywall] .reading-list-items a:hover{text-decoration:underline}
[data-remote-root=paywall] .reading-list-items .number{font-weight:700;color:var(--accent);min-width:1.5rem}
[data-remote-root=paywall] .related-lists{list-style:none;padding:0}
[data-remote-root=paywall] .related-lists button{min-height:var(--target)}
`;

/** The button's words. */
export function readingListButtonText(name: string): string {
  return `This article appears in ${name}`;
}

/** Two-digit position of an article in the list: 01, 02, ... (PAY-02). */
export function listNumber(index: number): string {
  return String(index + 1).padStart(2, '0');
}

/** The list the overlay opens on: the message's list when the answer has it, else the first. */
export function pickList(lists: readonly ReadingList[], wanted: string | undefined): ReadingList | null {
  if (wanted) {
    const found = lists.find((l) => sameReadingList(l.name, wanted) || l.slug === wanted);
    if (found) return found;
  }
  return lists[0] ?? null;
}

export function relatedLists(lists: readonly ReadingList[], current: ReadingList): ReadingList[] {
  return lists.filter((l) => !sameReadingList(l.name, current.name)).slice(0, READING_LIST_RELATED_MAX);
}

export function ReadingListOverlay({ articleId, selected }: { articleId: string; selected?: string }) {
  const lists = useLoad(`reading-lists:${articleId}`, () => loadReadingLists(articleId));
  const [currentName, setCurrentName] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const dialog = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const listHeadingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (open) dialog.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
  }, [open]);

  if (lists.status !== 'ready') return null;
  const all = lists.data.lists;
  const initial = pickList(all, selected);
  if (!initial) return null;
  const current = (currentName !== null && all.find((l) => sameReadingList(l.name, currentName))) || initial;
  const related = relatedLists(all, current);

  function close() {
    setOpen(false);
    opener.current?.focus();
  }

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    if (e.key === 'Escape') {
      e.stopPropagation();
      close();
      return;
    }
    if (dialog.current) trapTab(dialog.current, e);
  }

  function switchTo(list: ReadingList) {
    setCurrentName(list.name);
    listHeadingRef.current?.focus();
  }

  return (
    <div className="reading-list">
      <style href="mfe-paywall-reading-list" precedence="default">
        {CSS}
      </style>
      <Button variant="ghost" ref={opener} aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {readingListButtonText(initial.name)}
      </Button>
      {open && (
        // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions -- a click on the backdrop closes the dialog; Escape and the Close button are its keyboard equivalents
        <div className="overlay-backdrop" onClick={close}>
          {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- the dialog container handles Escape and the focus trap, and keeps its clicks from reaching the backdrop */}
          <div
            ref={dialog}
            role="dialog"
            aria-modal="true"
            aria-labelledby={titleId}
            className="reading-list-overlay"
            onKeyDown={onKeyDown}
            onClick={(e) => e.stopPropagation()}
          >
            <h2 id={titleId}>{UI_TEXT.readingListTitle}</h2>
            <h3 ref={listHeadingRef} tabIndex={-1}>
              {current.name}
            </h3>
            <ol className="reading-list-items">
              {current.recordList.recordItems.map((item, i) => (
                <li key={item.link}>
                  <span className="number">{listNumber(i)}</span> {item.imageUri && <Picture image={item.imageUri} alt="" sizes="6rem" />}
                  <a href={item.link}>{item.title}</a>
                </li>
              ))}
            </ol>
            {related.length > 0 && (
              <>
                <h3>{TEXT.related}</h3>
                <ul className="related-lists">
                  {related.map((l) => (
                    <li key={l.slug}>
                      <button type="button" className="button-link" onClick={() => switchTo(l)}>
                        {l.name}
                      </button>
                    </li>
                  ))}
                </ul>
              </>
            )}
            <Button variant="ghost" className="overlay-close" data-autofocus onClick={close}>
              {TEXT.close}
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}
