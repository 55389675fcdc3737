/**
 * The embed-video flyout (SITE-03; needs no sign-in, SITE-06): the iframe code of the embed page
 * in a read-only textarea and 'Copy code'.
 */
import { useId, useState } from 'react';
import { Dialog } from 'shared-contracts/dialog';
import type { Video } from 'shared-contracts/video';
import { embedCode, VIDEO_TEXT } from 'shared-contracts/video';
import { EMBED_CLOSE, EMBED_CODE_LABEL, EMBED_COPY_FAILED } from '../text';
import { Button } from 'shared-contracts';

export interface EmbedDialogProps {
  video: Pick<Video, 'id' | 'slug' | 'name'>;
  onClose(): void;
  returnFocusTo?: HTMLElement | null;
  /** The site's origin; window.location.origin by default. */
  origin?: string;
}

export function EmbedDialog({ video, onClose, returnFocusTo, origin = window.location.origin }: EmbedDialogProps) {
  const id = useId();
  const code = embedCode(origin, video);
  const [status, setStatus] = useState('');

  function copy() {
    const clipboard = typeof navigator !== 'undefined' ? navigator.clipboard : undefined;
    if (!clipboard) {
      setStatus(EMBED_COPY_FAILED);
      return;
    }
    clipboard.writeText(code).then(
      () => setStatus(VIDEO_TEXT.copied),
      (error: unknown) => {
        console.info('video: copy failed', error);
        setStatus(EMBED_COPY_FAILED);
      },
    );
  }

  return (
    <Dialog title={VIDEO_TEXT.embedTitle} onClose={onClose} returnFocusTo={returnFocusTo} className="video-embed-dialog">
      <label htmlFor={id}>{EMBED_CODE_LABEL}</label>
      <textarea id={id} readOnly value={code} rows={4} cols={60} onFocus={(e) => e.currentTarget.select()} />
      <p className="ds-button-row">
        <Button onClick={copy}>{VIDEO_TEXT.copyCode}</Button>{' '}
        <Button variant="ghost" onClick={onClose}>
          {EMBED_CLOSE}
        </Button>
      </p>
      <p role="status" className="video-embed-status">
        {status}
      </p>
    </Dialog>
  );
}
