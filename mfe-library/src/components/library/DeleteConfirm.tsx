import { useEffect, useId, useRef } from 'react';
import { Button } from 'shared-contracts';
import { useMutation } from 'shared-contracts/mutation';
import { LIBRARY_MESSAGES } from 'shared-contracts/library';
import { folderErrorText } from './folderErrors';
import { LIBRARY_TEXT } from '../../text';

/** The delete confirmation of the selected folder: Cancel has the focus; Escape cancels unless the delete runs. */
export function DeleteConfirm({ onConfirm, onCancel }: { onConfirm(): Promise<unknown>; onCancel(): void }) {
  const textId = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const remove = useMutation(onConfirm);
  const busy = remove.pending;
  const error = remove.error ? folderErrorText(remove.error) : null;
  useEffect(() => cancelRef.current?.focus(), []);
  const confirm = () => void remove.run();
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- Escape on the group cancels from whichever of its buttons has the focus (the keys bubble up); the buttons do the rest
    <div
      role="group"
      aria-labelledby={textId}
      className="confirm"
      data-confirm="delete-folder"
      onKeyDown={(e) => {
        if (e.key === 'Escape' && !busy) {
          e.preventDefault();
          onCancel();
        }
      }}
    >
      <p id={textId}>{LIBRARY_MESSAGES.deleteFolderConfirm}</p>
      <Button onClick={confirm} disabled={busy} aria-busy={busy ? 'true' : undefined}>
        {LIBRARY_TEXT.deleteFolder}
      </Button>
      <Button variant="ghost" ref={cancelRef} onClick={onCancel} disabled={busy}>
        {LIBRARY_TEXT.cancel}
      </Button>
      {error && (
        <p role="alert" className="form-error">
          {error}
        </p>
      )}
    </div>
  );
}
