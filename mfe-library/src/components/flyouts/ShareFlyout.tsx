/**
 * The share flyout (SITE-02, SITE-04, SITE-05, SITE-09): tabs for Facebook, X, LinkedIn and Email. It needs no
 * sign-in (SITE-06).
 *
 * - A network tab offers one button: 'Connect with {network}' until the reader has shared through
 *   that network in this browser, then 'Share on {network}' (shareConnection.ts). A click opens
 *   the network's share page in a 700x450 popup without an opener, remembers the connection,
 *   records the share in a member's shared history (guests: no record) and confirms
 *   'Shared via {network}'.
 * - The email tab is for signed-in members only (the mail names their confirmed address): a guest
 *   sees the sign-in prompt there instead. For a member it is a form: To (required; up to
 *   SHARE_MAX_RECIPIENTS comma-separated addresses, each valid), Message (up to SHARE_MESSAGE_MAX
 *   characters), and a preview of the title and the summary truncated with an ellipsis. Send ->
 *   POST /service/user/share -> 'Shared via email'. Field errors of a 400 show on their fields;
 *   the server's refusal of a 401, 403 (address not confirmed) or 429 (the day's allowance) shows
 *   as the form's message; other failures show the generic failure.
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import { ApiError, Button, SHARE_PROVIDER_LABELS, SignInPrompt, type ShareProvider } from 'shared-contracts';
import { shareItem } from '../../api/sharing';
import {
  truncateWithEllipsis,
  connectWithNetwork,
  shareOnNetwork,
  sharedVia,
  LIBRARY_MESSAGES,
  SHARE_DESCRIPTION_MAX,
  SHARE_MAX_RECIPIENTS,
  SHARE_MESSAGE_MAX,
  sharePopupUrl,
} from 'shared-contracts/library';
import { parseEmailList, validateShareEmail, FormMessage, Tabs, TextField, useField } from 'shared-contracts/forms';
import { GenericFailure } from '../common/Failure';
import { useReader } from '../common/reader';
import type { FlyoutItem } from './contract';
import { useMounted } from 'shared-contracts';
import type { FlyoutBodyProps } from './common';
import { absoluteUrl, isShareConnected, markShareConnected, sharePopupFeatures, SOCIAL_PROVIDERS, type SocialProvider } from './shareConnection';
import { SHARE_TEXT } from './text';

/** The tabs, in the spec's order (SITE-02: Facebook, X and LinkedIn, plus email). */
export const SHARE_TABS: readonly { provider: ShareProvider; label: string }[] = [
  { provider: 'facebook', label: SHARE_PROVIDER_LABELS.facebook },
  { provider: 'twitter', label: SHARE_PROVIDER_LABELS.twitter },
  { provider: 'linkedin', label: SHARE_PROVIDER_LABELS.linkedin },
  { provider: 'email', label: 'Email' },
];

/** The description sent with a share: the summary as the email shows it, else the title. */
export function shareDescription(item: FlyoutItem): string {
  const summary = item.summary?.trim();
  return summary ? truncateWithEllipsis(summary, SHARE_DESCRIPTION_MAX) : truncateWithEllipsis(item.title, SHARE_DESCRIPTION_MAX);
}

function isSocial(provider: ShareProvider): provider is SocialProvider {
  return (SOCIAL_PROVIDERS as readonly string[]).includes(provider);
}

type ShareBodyProps = FlyoutBodyProps & { item: FlyoutItem };

export function ShareBody({ item, confirm, cancel }: ShareBodyProps) {
  const reader = useReader();
  const loggedIn = reader.kind === 'member';
  const guest = reader.kind === 'guest';
  const baseId = useId();
  const [selected, setSelected] = useState<ShareProvider>('facebook');

  const tabId = (p: ShareProvider) => `${baseId}-tab-${p}`;
  const panelId = (p: ShareProvider) => `${baseId}-panel-${p}`;

  return (
    <div className="share-flyout">
      <p className="share-item-title">{item.title}</p>
      <Tabs
        label={SHARE_TEXT.tabs}
        items={SHARE_TABS.map((t) => ({ id: t.provider, label: t.label }))}
        selected={selected}
        onSelect={(id) => setSelected(id as ShareProvider)}
        idPrefix={baseId}
      />
      <div role="tabpanel" id={panelId(selected)} aria-labelledby={tabId(selected)} className="share-panel" data-share-provider={selected}>
        {isSocial(selected) ? (
          <SocialShare key={selected} provider={selected} item={item} record={loggedIn} confirm={confirm} />
        ) : guest ? (
          <SignInPrompt />
        ) : (
          <EmailShare item={item} confirm={confirm} cancel={cancel} />
        )}
      </div>
    </div>
  );
}

interface SocialShareProps {
  provider: SocialProvider;
  item: FlyoutItem;
  /** Members' shares go into their shared history. */
  record: boolean;
  confirm(message: string): void;
}

function SocialShare({ provider, item, record, confirm }: SocialShareProps) {
  const [connected, setConnected] = useState(() => isShareConnected(provider));

  function share() {
    // Opened in the click itself, so that popup blockers let it through.
    window.open(sharePopupUrl(provider, absoluteUrl(item.url), item.title), 'share', sharePopupFeatures());
    markShareConnected(provider);
    setConnected(true);
    if (record) {
      // The share happened in the popup whatever the history says: a failed record is not the reader's problem.
      shareItem({ url: item.url, description: shareDescription(item), provider }).catch(() => undefined);
    }
    confirm(sharedVia(provider));
  }

  return (
    <Button className={`share-network share-${provider}`} onClick={share}>
      {connected ? shareOnNetwork(provider) : connectWithNetwork(provider)}
    </Button>
  );
}

/** Maps the fields of a 400 answer onto the form's fields. */
function fieldOf(serverField: string): 'to' | 'message' | null {
  if (serverField === 'to' || serverField.startsWith('sharedWith')) return 'to';
  if (serverField === 'message') return 'message';
  return null;
}

/** Refusals whose message the server words for the reader: signed out, address not confirmed, the day's allowance used. */
const SERVER_WORDED = new Set([401, 403, 429]);

/** TO: the shared rule (required, each address valid), then at most SHARE_MAX_RECIPIENTS addresses. */
function validateTo(value: string): string | null {
  const error = validateShareEmail({ to: value }, true).to;
  if (error) return error;
  return new Set(parseEmailList(value).map((a) => a.toLowerCase())).size > SHARE_MAX_RECIPIENTS ? LIBRARY_MESSAGES.shareTooManyRecipients : null;
}

interface EmailShareProps {
  item: FlyoutItem;
  confirm(message: string): void;
  cancel(): void;
}

type FormProblem = { kind: 'message'; text: string } | { kind: 'generic' } | null;

function EmailShare({ item, confirm, cancel }: EmailShareProps) {
  const to = useField(validateTo);
  const [message, setMessage] = useState('');
  const [messageError, setMessageError] = useState<string | null>(null);
  const [problem, setProblem] = useState<FormProblem>(null);
  const [busy, setBusy] = useState(false);
  const toRef = useRef<HTMLInputElement>(null);
  const messageId = useId();
  const problemId = useId();
  const mounted = useMounted();
  const summary = item.summary?.trim() ? truncateWithEllipsis(item.summary.trim(), SHARE_DESCRIPTION_MAX) : null;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setProblem(null);
    setMessageError(null);
    const toError = validateTo(to.value);
    to.setError(toError);
    if (toError) {
      toRef.current?.focus();
      return;
    }
    setBusy(true);
    const text = message.trim();
    try {
      await shareItem({
        url: item.url,
        description: shareDescription(item),
        provider: 'email',
        sharedWith: parseEmailList(to.value),
        ...(text ? { message: text } : {}),
      });
      if (!mounted.current) return;
      confirm(sharedVia('email'));
    } catch (error) {
      if (!mounted.current) return;
      setBusy(false);
      const body = error instanceof ApiError ? error.body : null;
      if (error instanceof ApiError && error.status === 400 && body && 'message' in body) {
        const unplaced: string[] = [];
        for (const e of body.errors ?? []) {
          const field = fieldOf(e.field);
          if (field === 'to') to.setError(e.errorMessage);
          else if (field === 'message') setMessageError(e.errorMessage);
          else unplaced.push(e.errorMessage);
        }
        if ((body.errors ?? []).length === 0) setProblem({ kind: 'message', text: body.message });
        else if (unplaced.length > 0) setProblem({ kind: 'message', text: unplaced.join(' ') });
        return;
      }
      if (error instanceof ApiError && SERVER_WORDED.has(error.status) && body && 'message' in body && body.message) {
        setProblem({ kind: 'message', text: body.message });
        return;
      }
      setProblem({ kind: 'generic' });
    }
  }

  return (
    <form className="share-email" noValidate aria-busy={busy} onSubmit={(e) => void onSubmit(e)}>
      <TextField label={SHARE_TEXT.to} name="to" type="text" autoComplete="off" field={to} description={SHARE_TEXT.toHint} inputRef={toRef} />
      <div className="field">
        <label htmlFor={messageId}>{SHARE_TEXT.message}</label>
        <textarea
          id={messageId}
          name="message"
          rows={3}
          maxLength={SHARE_MESSAGE_MAX}
          value={message}
          onChange={(e) => {
            setMessage(e.target.value);
            setMessageError(null);
          }}
          aria-invalid={messageError !== null ? true : undefined}
          aria-describedby={messageError !== null ? `${messageId}-error` : undefined}
        />
        <div className="field-error-area">
          {messageError !== null && (
            <p id={`${messageId}-error`} className="form-error" role="alert">
              {messageError}
            </p>
          )}
        </div>
      </div>
      <div className="share-preview">
        <p className="share-title">{item.title}</p>
        {summary !== null && <p className="share-summary">{summary}</p>}
      </div>
      <div className="flyout-actions ds-button-row">
        <Button type="submit" disabled={busy}>
          {SHARE_TEXT.send}
        </Button>
        <Button variant="ghost" onClick={cancel}>
          {SHARE_TEXT.cancel}
        </Button>
      </div>
      {problem?.kind === 'message' && (
        <FormMessage id={problemId} kind="error">
          {problem.text}
        </FormMessage>
      )}
      {problem?.kind === 'generic' && <GenericFailure />}
    </form>
  );
}
