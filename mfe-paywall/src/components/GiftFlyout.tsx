/**
 * Gift links for subscribers (PAY-03 Article gift, PAY-07 give-gift): 'Gift this article' opens a
 * small non-modal dialog with the gifts left this month; 'Create gift link' asks the server for a
 * link, shows it read-only with a copy button and the new count. A 409 (no gifts left, or not
 * allowed) shows the server's message.
 *
 * Gift mode (PAY-02 "'On to recipient' in gift mode"): when the session has ended (401), the
 * flyout asks for sign-in with `auth:open` reason 'gift', whose submit reads 'On to recipient';
 * once signed in as a subscriber, the flyout creates the link it was asked for (the intent).
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { ApiError, bus, Button, MESSAGES, pushDataLayer, useMounted, type ArticleGift, type User } from 'shared-contracts';
import { FormMessage } from 'shared-contracts/forms';
import { giveGift, loadGiftsLeft } from '../api/gifts';

/** This view's words (NOT IN SPEC), kept in its own chunk: see text.ts. */
const TEXT = {
  button: 'Gift this article',
  loading: 'Loading…',
  linkLabel: 'Gift link',
  copy: 'Copy link',
  copied: 'Link copied.',
  create: 'Create gift link',
  close: 'Close',
  signInAgain: 'Your session has ended. Sign in to create the gift link.',
};

/** The flyout's rules, in this chunk: a popover under its button on the raised surface. */
const CSS = `
[data-remote-root=paywall] .gift{margin:var(--space-5) 0;position:relative}
[data-remote-root=paywall] .gift-flyout{position:absolute;z-index:15;top:calc(100% + var(--space-2));left:0;width:min(24rem,calc(100vw - 2 * var(--gutter)));background:var(--raised);color:var(--ink);border:1px solid var(--line);border-radius:var(--radius-2);box-shadow:var(--shadow-2);padding:var(--space-4) var(--space-5);font-family:var(--font-sans)}
[data-remote-root=paywall] .gift-flyout h2{font-size:var(--step-1);margin:0 0 var(--space-2)}
[data-remote-root=paywall] .gift-link{display:flex;flex-wrap:wrap;gap:var(--space-2);align-items:center}
[data-remote-root=paywall] .gift-link label{font-weight:700;font-size:var(--step--1);width:100%}
[data-remote-root=paywall] .gift-link input{flex:1;min-width:0}
[data-remote-root=paywall] .gift-link p{width:100%;margin:0}
`;

/** A subscriber's gifts left. */
export function giftsLeftText(n: number): string {
  const k = Math.max(0, Math.trunc(n));
  return `You have ${k} ${k === 1 ? 'gift' : 'gifts'} left this month.`;
}

type Allowance = { status: 'loading' } | { status: 'ready'; left: number } | { status: 'error' };

export function GiftFlyout({ articleUrl }: { articleUrl: string }) {
  const [open, setOpen] = useState(false);
  const [allowance, setAllowance] = useState<Allowance>({ status: 'loading' });
  const [gift, setGift] = useState<ArticleGift | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const [pending, setPending] = useState(false);
  const pendingRef = useRef(false);
  const mounted = useMounted();
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
    loadGiftsLeft().then(
      (left) => live && setAllowance({ status: 'ready', left }),
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

  /** After the sign-in asked for on a 401: a subscriber gets the link they asked for. */
  function afterSignIn(user: User) {
    if (!mounted.current || user.status !== 'subscriber') return;
    setOpen(true);
    void create();
  }

  async function create() {
    if (pendingRef.current) return;
    pendingRef.current = true;
    setPending(true);
    setError(null);
    setCopied(false);
    try {
      const answer = await giveGift(articleUrl);
      setGift(answer);
      setAllowance({ status: 'ready', left: answer.articleGiftsLeft });
      pushDataLayer({ event: 'gift_given', giftsLeft: answer.articleGiftsLeft });
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) {
        setError(TEXT.signInAgain);
        bus.emit('auth:open', { screen: 'signin', reason: 'gift', intent: afterSignIn });
        return;
      }
      setError(err instanceof ApiError && err.status === 409 && err.body && 'message' in err.body && err.body.message ? err.body.message : MESSAGES.generic);
    } finally {
      pendingRef.current = false;
      if (mounted.current) setPending(false);
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
      <style href="mfe-paywall-gift" precedence="default">
        {CSS}
      </style>
      <Button variant="ghost" ref={opener} aria-expanded={open} aria-controls={open ? dialogId : undefined} onClick={() => (open ? close() : setOpen(true))}>
        {TEXT.button}
      </Button>
      {open && (
        // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- the flyout container closes on Escape for everything inside it
        <div id={dialogId} role="dialog" aria-labelledby={titleId} className="gift-flyout" onKeyDown={onKeyDown}>
          <h2 id={titleId} ref={headingRef} tabIndex={-1}>
            {TEXT.button}
          </h2>
          <p role="status">{allowance.status === 'loading' ? TEXT.loading : left !== null ? giftsLeftText(left) : MESSAGES.generic}</p>
          {gift && (
            <div className="gift-link">
              <label htmlFor={linkId}>{TEXT.linkLabel}</label>
              <input id={linkId} type="text" readOnly value={gift.articleGiftURL} onFocus={(e) => e.currentTarget.select()} />
              <Button variant="secondary" onClick={() => void copy()}>
                {TEXT.copy}
              </Button>
              <p role="status">{copied ? TEXT.copied : ''}</p>
            </div>
          )}
          {error && <FormMessage kind="error">{error}</FormMessage>}
          <div className="ds-button-row">
            <button type="button" className="button-primary" disabled={pending || left === 0} onClick={() => void create()}>
              {TEXT.create}
            </button>
            <Button variant="ghost" onClick={close}>
              {TEXT.close}
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}
