/**
 * The new-folder and rename form (SITE-04 folder editing 'new' and 'active', SITE-05 folder name rules,
 * SITE-08 folder errors). Name: 1 to 30 English letters, digits and spaces, unique ignoring case and
 * spaces (validateFolderName; a rename leaves its own name out); Save stays disabled until the
 * name is valid. The rule's message shows under the field (aria-invalid, aria-describedby) once
 * the reader has typed or left the field. Description is optional. A failed request shows its
 * message under the form and keeps what was typed. Escape cancels.
 */
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { FolderRequestSchema, validateFolderName } from 'shared-contracts/library';
import { folderErrorText } from './folderErrors';
import { LIBRARY_TEXT } from '../../text';
import { Button } from 'shared-contracts';

export interface FolderFormValues {
  name: string;
  description: string;
}

export interface FolderFormProps {
  mode: 'new' | 'edit';
  initial?: FolderFormValues;
  /** Names of the reader's folders. */
  existingNames: readonly string[];
  /** The folder's own name when renaming (left out of the duplicate check). */
  currentName?: string;
  /** Sends the form; rejects with the API error on failure. */
  onSubmit(values: FolderFormValues): Promise<unknown>;
  onCancel(): void;
}

/** Longest description the API takes (FolderRequestSchema). */
const DESCRIPTION_MAX = 300;

export function FolderForm({ mode, initial, existingNames, currentName, onSubmit, onCancel }: FolderFormProps) {
  const id = useId();
  const nameId = `${id}-name`;
  const errorId = `${id}-name-error`;
  const descriptionId = `${id}-description`;
  const serverErrorId = `${id}-server-error`;
  const [name, setName] = useState(initial?.name ?? '');
  const [description, setDescription] = useState(initial?.description ?? '');
  const [touched, setTouched] = useState(false);
  const [sending, setSending] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    nameRef.current?.focus();
    return () => {
      mounted.current = false;
    };
  }, []);

  const ruleError = validateFolderName(name, existingNames, currentName);
  const shownError = touched ? ruleError : null;
  const valid = ruleError === null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (sending) return;
    if (!valid) {
      setTouched(true);
      nameRef.current?.focus();
      return;
    }
    const values = { name: name.trim(), description: description.trim() };
    if (!FolderRequestSchema.safeParse(values).success) return;
    setSending(true);
    setServerError(null);
    onSubmit(values).then(
      () => {
        if (mounted.current) setSending(false);
      },
      (error: unknown) => {
        if (!mounted.current) return;
        setSending(false);
        setServerError(folderErrorText(error));
      },
    );
  };

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && !sending) {
      e.preventDefault();
      onCancel();
    }
  };

  const label = mode === 'new' ? LIBRARY_TEXT.newFolderForm : LIBRARY_TEXT.renameFolderForm;
  const describedBy = [shownError && errorId, serverError && serverErrorId].filter(Boolean).join(' ') || undefined;

  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- Escape anywhere in the form cancels it (the keys bubble up from its fields and buttons); Cancel is the button for it
    <form className="folder-form" aria-label={label} data-folder-form={mode} onSubmit={submit} onKeyDown={onKeyDown} noValidate>
      <div className="field ds-field">
        <label htmlFor={nameId}>{LIBRARY_TEXT.folderName}</label>
        <input
          ref={nameRef}
          id={nameId}
          name="name"
          type="text"
          autoComplete="off"
          value={name}
          onChange={(e) => {
            setName(e.target.value);
            setTouched(true);
            setServerError(null);
          }}
          onBlur={() => setTouched(true)}
          aria-invalid={shownError ? true : undefined}
          aria-describedby={describedBy}
        />
        <div className="field-error-area">
          {shownError && (
            <p id={errorId} className="form-error" role="alert">
              {shownError}
            </p>
          )}
        </div>
      </div>
      <div className="field ds-field">
        <label htmlFor={descriptionId}>{LIBRARY_TEXT.description}</label>
        <textarea id={descriptionId} name="description" maxLength={DESCRIPTION_MAX} value={description} onChange={(e) => setDescription(e.target.value)} />
      </div>
      {serverError && (
        <p id={serverErrorId} className="form-error" role="alert">
          {serverError}
        </p>
      )}
      <div className="form-actions ds-button-row">
        <Button type="submit" disabled={!valid || sending} aria-busy={sending ? 'true' : undefined}>
          {LIBRARY_TEXT.save}
        </Button>
        <Button variant="ghost" onClick={onCancel} disabled={sending}>
          {LIBRARY_TEXT.cancel}
        </Button>
      </div>
    </form>
  );
}
