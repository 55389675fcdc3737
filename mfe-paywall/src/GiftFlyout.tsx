/**
 * Gift links for subscribers (PAY-03 Article gift, PAY-07 give-gift): 'Gift this article' opens a
 * small non-modal dialog with the gifts left this month; 'Create gift link' asks the server for a
 * link, shows it read-only with a copy button and the new count. A 409 (no gifts left, or not
 * allowed) shows the server's message.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { ApiError, MESSAGES, api, pushDataLayer, type ArticleGift } from 'shared-contracts';
import { FormMessage } from 'shared-contracts/forms';
import { giftsLeftText } from './gate';

type Allowance = { status: 'loading' } | { status: 'ready'; left: number } | { status: 'error' };

export const GIFT_BUTTON = 'Gift this article';

export function GiftFlyout({ articleUrl }: { articleUrl: string }) {
  const [open, setOpen] = useState(false);
  const [allowance, setAllowance] = useState<Allowance>({ status: 'loading' });
  const [gift, setGift] = useState<ArticleGift | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const [pending, setPending] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const titleId = useId();
  const dialogId = useId();
  const linkId = useId();

  useEffect(() => {
    if (!open) return;
    headingRef.current?.focus();
    let live = true;
    setAllowance({ status: 'loading' });
    api.giftAllowance().then(
      (a) => live && setAllowance({ status: 'ready', left: a.articleGiftsLeft }),
      () => live && setAllowance({ status: 'error' }),
    );
    return () => {
      live = false;
    };
  }, [open]);

  function close() {
    setOpen(false);
    setGift(null);
    setError(null);
    setCopied(false);
    opener.current?.focus();
  }

  async function create() {
    if (pending) return;
    setPending(true);
    setError(null);
    setCopied(false);
    try {
      const answer = await api.giveGift(articleUrl);
      setGift(answer);
      setAllowance({ status: 'ready', left: answer.articleGiftsLeft });
      pushDataLayer({ event: 'gift_given', giftsLeft: answer.articleGiftsLeft });
    } catch (err) {
      setError(err instanceof ApiError && err.status === 409 && err.body && 'message' in err.body && err.body.message ? err.body.message : MESSAGES.generic);
    } finally {
      setPending(false);
    }
  }

  async function copy() {
    if (!gift) return;
    try {
      await navigator.clipboard.writeText(gift.articleGiftURL);
      setCopied(true);
    } catch {
      // No clipboard (permissions, an old browser): the link stays selected in its field to copy by hand.
      document.getElementById(linkId)?.focus();
    }
  }

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    if (e.key === 'Escape') {
      e.stopPropagation();
      close();
    }
  }

  const left = allowance.status === 'ready' ? allowance.left : null;
  return (
    <div className="gift">
      <button
        ref={opener}
        type="button"
        className="button-secondary"
        aria-expanded={open}
        aria-controls={open ? dialogId : undefined}
        onClick={() => (open ? close() : setOpen(true))}
      >
        {GIFT_BUTTON}
      </button>
      {open && (
        <div id={dialogId} role="dialog" aria-labelledby={titleId} className="gift-flyout" onKeyDown={onKeyDown}>
          <h2 id={titleId} ref={headingRef} tabIndex={-1}>
            {GIFT_BUTTON}
          </h2>
          <p role="status">
            {allowance.status === 'loading' ? 'Loading…' : left !== null ? giftsLeftText(left) : MESSAGES.generic}
          </p>
          {gift && (
            <div className="gift-link">
              <label htmlFor={linkId}>Gift link</label>
              <input id={linkId} type="text" readOnly value={gift.articleGiftURL} onFocus={(e) => e.currentTarget.select()} />
              <button type="button" onClick={() => void copy()}>
                Copy link
              </button>
              <p role="status">{copied ? 'Link copied.' : ''}</p>
            </div>
          )}
          {error && <FormMessage kind="error">{error}</FormMessage>}
          <button type="button" className="button-primary" disabled={pending || left === 0} onClick={() => void create()}>
            Create gift link
          </button>
          <button type="button" className="button-link" onClick={close}>
            Close
          </button>
        </div>
      )}
    </div>
  );
}
