/**
 * The share-list flyout (SITE-02, SITE-07 'List url'): GET /service/user/list/url/{id} gives the folder's
 * link; it shows in a read-only field with 'Copy link' (the clipboard when the browser has one,
 * else the link is selected for the reader to copy) and a 'Link copied' status.
 */
import { useId, useRef, useState } from 'react';
import { Button, useLoad, useMounted, type Folder } from 'shared-contracts';
import { loadFolderLink } from '../../api/sharing';
import { GenericFailure } from '../common/Failure';
import { isUnauthorized, signInOn401, type FlyoutBodyProps } from './common';
import { SHARE_LIST_TEXT } from './text';

export function ShareListBody({ folder, signIn }: FlyoutBodyProps & { folder: Folder }) {
  const load = useLoad(`folder-link:${folder.id}`, (signal) => signInOn401(loadFolderLink(folder.id), signal, signIn));
  const link = load.status === 'ready' ? load.data : null;
  const [copyStatus, setCopyStatus] = useState<string>('');
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const mounted = useMounted();

  async function copy() {
    if (link === null) return;
    const clipboard = typeof navigator !== 'undefined' ? navigator.clipboard : undefined;
    if (clipboard?.writeText) {
      try {
        await clipboard.writeText(link);
        if (mounted.current) setCopyStatus(SHARE_LIST_TEXT.copied);
        return;
      } catch {
        // Refused (no permission): fall back to selecting the link.
      }
    }
    if (!mounted.current) return;
    input.current?.focus();
    input.current?.select();
    setCopyStatus(SHARE_LIST_TEXT.selectToCopy);
  }

  if (load.status === 'error' && !isUnauthorized(load.error)) return <GenericFailure />;
  if (link === null) return <p className="flyout-loading">{SHARE_LIST_TEXT.loading}</p>;
  return (
    <div className="share-list">
      <p className="share-list-folder">{folder.name}</p>
      <div className="field">
        <label htmlFor={id}>{SHARE_LIST_TEXT.link}</label>
        <input id={id} ref={input} type="text" readOnly value={link} onFocus={(e) => e.currentTarget.select()} />
      </div>
      <div className="flyout-actions ds-button-row">
        <Button onClick={() => void copy()}>{SHARE_LIST_TEXT.copy}</Button>
      </div>
      <p role="status" className="copy-status">
        {copyStatus}
      </p>
    </div>
  );
}
