/**
 * The header's search overlay (SITE-02, SITE-05, SITE-09): a modal dialog named 'Search' with a search
 * field and auto-suggest. Suggestions are asked only for a term over 2 characters, at most once
 * per 350 ms (the last term of a burst is always asked), and only the latest request's answer is
 * shown; at most 6 records and 3 subjects. Submitting goes to the search page. Tab stays inside;
 * Escape, the close button or a click on the backdrop closes it (focus goes back to the Search
 * button, which the header handles).
 *
 * Keyboard: ArrowDown and ArrowUp move from the field through the suggestions (roving
 * focus: each suggestion is a link, so Enter follows it and it opens in a new tab as any link) and
 * back to the field; Home and End go to the first and last suggestion; typing on a suggestion
 * goes on in the field.
 */
import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link, useNavigate } from 'shared-contracts/router';
import { api, AUTO_SUGGEST, shouldAutoSuggest } from 'shared-contracts';
import { trapTab } from 'shared-contracts/dialog';
import { searchHref, searchPath, SUGGESTION_LIMITS, type SearchSuggestion } from 'shared-contracts/discovery';
import { isListKey, itemAfterKey } from './arrowKeys';
import { throttle } from './throttle';

export interface SearchOverlayProps {
  /** `restoreFocus` is false when the overlay closes because the reader went to another page. */
  onClose(restoreFocus: boolean): void;
}

/** The answer cut to the spec's limits, whatever the server sent (SITE-09: 6 records, 3 subjects). */
export function limitSuggestions(s: SearchSuggestion): SearchSuggestion {
  return { records: s.records.slice(0, SUGGESTION_LIMITS.records), subjects: s.subjects.slice(0, SUGGESTION_LIMITS.subjects) };
}

export function SearchOverlay({ onClose }: SearchOverlayProps) {
  const navigate = useNavigate();
  const titleId = useId();
  const inputId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const close = useRef(onClose);
  close.current = onClose;
  const [term, setTerm] = useState('');
  const [suggestions, setSuggestions] = useState<SearchSuggestion | null>(null);
  // The term the suggestions shown answer (`data-suggestions-for`).
  const [answered, setAnswered] = useState('');
  // Every request gets a number; an answer is shown only if no request was made after it.
  const latest = useRef(0);

  const ask = useMemo(
    () =>
      throttle((value: string) => {
        const id = ++latest.current;
        api.autoSuggest(value.trim()).then(
          (answer) => {
            if (id !== latest.current) return;
            setSuggestions(limitSuggestions(answer));
            setAnswered(value.trim());
          },
          () => {
            if (id === latest.current) setSuggestions(null);
          },
        );
      }, AUTO_SUGGEST.throttleMs),
    [],
  );

  useEffect(
    () => () => {
      ask.cancel();
      latest.current++; // answers after closing are ignored
    },
    [ask],
  );

  function change(value: string) {
    setTerm(value);
    if (shouldAutoSuggest(value)) {
      ask(value);
    } else {
      ask.cancel();
      latest.current++;
      setSuggestions(null);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const value = term.trim();
    if (!value) {
      input.current?.focus();
      return;
    }
    close.current(false);
    navigate(searchPath(value));
  }

  const list = useRef<HTMLDivElement>(null);
  /** The arrow keys between the field and the suggestion links. */
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const field = input.current;
    const links = [...(list.current?.querySelectorAll<HTMLElement>('a[href]') ?? [])];
    const target = event.target as HTMLElement;
    const onLink = links.includes(target);
    if (!field || links.length === 0 || (!onLink && target !== field) || event.altKey || event.ctrlKey || event.metaKey) return;
    let next: HTMLElement | undefined;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') next = itemAfterKey([field, ...links], target, event.key);
    else if (onLink && isListKey(event.key)) next = itemAfterKey(links, target, event.key);
    // A character or Backspace on a suggestion goes on in the field, where the key lands.
    else if (onLink && (event.key.length === 1 || event.key === 'Backspace')) field.focus();
    if (!next) return;
    event.preventDefault();
    next.focus();
  }

  // A new answer replaces the suggestion the reader was on: focus goes back to the field, not the page.
  useLayoutEffect(() => {
    if (!dialog.current?.contains(document.activeElement)) input.current?.focus();
  }, [suggestions]);

  useLayoutEffect(() => {
    input.current?.focus();
    function onKeyDown(e: globalThis.KeyboardEvent) {
      const el = dialog.current;
      if (!el) return;
      if (e.key === 'Escape') {
        e.preventDefault();
        close.current(true);
        return;
      }
      trapTab(el, e);
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  const count = suggestions ? suggestions.records.length + suggestions.subjects.length : 0;
  const showing = suggestions !== null && shouldAutoSuggest(term);

  return (
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions -- a press on the backdrop closes the search; Escape and the Close button are its keyboard equivalents
    <div className="search-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose(true)}>
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- the arrow keys between the field and the suggestion links inside it */}
      <div ref={dialog} className="search-overlay" role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1} onKeyDown={onKeyDown}>
        <h2 id={titleId} className="visually-hidden">
          Search
        </h2>
        <button type="button" className="modal-close" aria-label="Close search" onClick={() => onClose(true)}>
          ×
        </button>
        <form role="search" className="search-overlay-form" onSubmit={submit}>
          <label htmlFor={inputId}>Search</label>
          <div className="search-form-row">
            <input
              ref={input}
              id={inputId}
              type="search"
              name="term"
              autoComplete="off"
              value={term}
              maxLength={200}
              aria-describedby={`${inputId}-status`}
              aria-controls={showing && count > 0 ? `${inputId}-suggestions` : undefined}
              onChange={(e) => change(e.target.value)}
            />
            <button type="submit" className="button-primary">
              Go
            </button>
          </div>
        </form>
        <p id={`${inputId}-status`} className="visually-hidden" aria-live="polite">
          {showing ? `${count} ${count === 1 ? 'suggestion' : 'suggestions'}` : ''}
        </p>
        {showing && count > 0 && (
          <div ref={list} id={`${inputId}-suggestions`} className="search-suggestions" data-suggestions-for={answered}>
            {suggestions.records.length > 0 && (
              <ul className="suggestion-list" aria-label="Suggested articles">
                {suggestions.records.map((r) => (
                  <li key={`${r.link}-${r.title}`}>
                    <Link to={searchHref(r.link)} onClick={() => onClose(false)}>
                      <span className="suggestion-title">{r.title}</span> <span className="content-type">{r.contentType}</span>
                    </Link>
                  </li>
                ))}
              </ul>
            )}
            {suggestions.subjects.length > 0 && (
              <ul className="suggestion-list" aria-label="Suggested topics">
                {suggestions.subjects.map((s) => (
                  <li key={`${s.link}-${s.name}`}>
                    <Link to={searchHref(s.link)} onClick={() => onClose(false)}>
                      <span className="content-type">Topic</span> <span className="suggestion-title">{s.name}</span>
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
      </div>
    </div>
  );
}
