/**
 * The folder flyouts (SITE-02, SITE-05, SITE-06, SITE-08):
 * - save: 'My Library' always checked and disabled, other read-only folders not offered, a checkbox
 *   for every other folder and a 'New folder' field; Save -> POST /service/user/saves -> 'Saved!'.
 * - organize: the same list with the item's folders checked; Update -> PUT .../lists -> 'Folders Updated'.
 * - bulk-organize: the chooseable folders only; submit disabled until one is chosen ->
 *   'N item(s) added to folders'.
 * A typed folder name is checked with validateFolderName against every folder the member has
 * (its Create button stays disabled until the name is valid); Save creates it first. A 409 from the
 * server shows 'Folder {name} already exists'; other failures show the save failure of SITE-08 and
 * leave every choice as it was.
 */
import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { bus, Button, MESSAGES, useLoad, useMounted, type Folder } from 'shared-contracts';
import { organizeItem, organizeItems, saveItem } from '../../api/saves';
import { folderAlreadyExists, itemsAddedToFolders, MY_LIBRARY_FOLDER_NAME, foldersOffered, validateFolderName } from 'shared-contracts/library';
import { createFolder as requestFolder, loadFoldersFor } from '../../api/folders';
import { GenericFailure } from '../common/Failure';
import type { FlyoutItem } from './contract';
import { chooseableFolders, isConflict, isUnauthorized, SaveFailureNotice, signInOn401, useSaveFailure, type FlyoutBodyProps } from './common';
import { FOLDER_FLYOUT_TEXT } from './text';

function toggle(set: ReadonlySet<string>, id: string, on: boolean): Set<string> {
  const next = new Set(set);
  if (on) next.add(id);
  else next.delete(id);
  return next;
}

interface FolderChoicesProps {
  myLibrary: boolean;
  folders: readonly Folder[];
  checked: ReadonlySet<string>;
  disabled: boolean;
  onChange(id: string, on: boolean): void;
}

/** The checkbox list; 'My Library' (when shown) is checked and cannot be unchecked (SITE-06). */
function FolderChoices({ myLibrary, folders, checked, disabled, onChange }: FolderChoicesProps) {
  return (
    <fieldset className="folder-choices">
      <legend>{FOLDER_FLYOUT_TEXT.folders}</legend>
      <ul>
        {myLibrary && (
          <li>
            <label>
              <input type="checkbox" checked disabled readOnly /> {MY_LIBRARY_FOLDER_NAME}
            </label>
          </li>
        )}
        {folders.map((f) => (
          <li key={f.id}>
            <label>
              <input
                type="checkbox"
                name="listIds"
                value={f.id}
                checked={checked.has(f.id)}
                disabled={disabled}
                onChange={(e) => onChange(f.id, e.target.checked)}
              />{' '}
              {f.name}
            </label>
          </li>
        ))}
      </ul>
      {!myLibrary && folders.length === 0 && <p>{FOLDER_FLYOUT_TEXT.noFolders}</p>}
    </fieldset>
  );
}

interface NewFolderFieldProps {
  value: string;
  /** The rule's message, or the server's (409) message; null when none shows. */
  error: string | null;
  /** The name passes validateFolderName. */
  valid: boolean;
  busy: boolean;
  onChange(value: string): void;
  onCreate(): void;
}

/** 'New folder' with its Create button (disabled until the name is valid) and its error under it. */
function NewFolderField({ value, error, valid, busy, onChange, onCreate }: NewFolderFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="field new-folder">
      <label htmlFor={id}>{FOLDER_FLYOUT_TEXT.newFolder}</label>
      <input
        id={id}
        name="newFolder"
        type="text"
        autoComplete="off"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error !== null ? true : undefined}
        aria-describedby={error !== null ? errorId : undefined}
      />
      <Button variant="ghost" disabled={!valid || busy} onClick={onCreate}>
        {FOLDER_FLYOUT_TEXT.createFolder}
      </Button>
      <div className="field-error-area">
        {error !== null && (
          <p id={errorId} className="form-error" role="alert">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}

/**
 * The member's folders (and, for organize, the ids of the item's folders), loaded when the flyout
 * opens. A 401 asks to sign in (loading shows meanwhile); `failed` for any other error.
 * `setFolders` adds a folder made in the flyout.
 */
const NONE: string[] = [];

function useFolders(signIn: () => void, itemId: string | null) {
  const load = useLoad(`flyout-folders:${itemId ?? ''}`, (signal) => signInOn401(loadFoldersFor(itemId), signal, signIn));
  const ready = load.status === 'ready' ? load.data : null;
  return {
    folders: ready ? ready.folders : null,
    setFolders: (change: (list: Folder[]) => Folder[]) => load.mutate((d) => ({ ...d, folders: change(d.folders) })),
    initial: ready ? ready.itemListIds : NONE,
    failed: load.status === 'error' && !isUnauthorized(load.error),
  };
}

/**
 * What both folder forms share while a change runs: one request at a time (busy), and its
 * failure handling. `run(action)` clears the last failure, runs the action, and confirms the
 * message it answers; an action answering null stopped on its own (busy ends, nothing confirmed).
 * A 401 asks to sign in; any other error shows the save error, then its 5 s follow-up, keeping the
 * choices. Nothing happens after the flyout is gone.
 */
function useFolderSubmit(signIn: () => void, confirm: (message: string) => void) {
  const [busy, setBusy] = useState(false);
  const failure = useSaveFailure();
  const mounted = useMounted();
  async function run(action: () => Promise<string | null>): Promise<void> {
    setBusy(true);
    failure.clear();
    try {
      const message = await action();
      if (!mounted.current) return;
      if (message === null) setBusy(false);
      else confirm(message);
    } catch (error) {
      if (!mounted.current) return;
      if (isUnauthorized(error)) {
        signIn();
        return;
      }
      failure.fail();
      setBusy(false);
    }
  }
  return { busy, failure, mounted, run };
}

type SaveBodyProps = FlyoutBodyProps & { mode: 'save' | 'organize'; item: FlyoutItem };

/** Save (SITE-06) and organize: one form, Save or Update. */
export function FolderSaveBody({ mode, item, confirm, cancel, signIn }: SaveBodyProps) {
  const { folders, setFolders, initial, failed } = useFolders(signIn, mode === 'organize' ? item.id : null);
  const [checked, setChecked] = useState<ReadonlySet<string>>(new Set());
  const [name, setName] = useState('');
  const [serverNameError, setServerNameError] = useState<string | null>(null);
  const { busy, failure, mounted, run } = useFolderSubmit(signIn, confirm);

  // The item's folders (organize) are checked once they arrive.
  useEffect(() => setChecked(new Set(initial)), [initial]);

  const offered = useMemo(() => {
    if (!folders) return null;
    const { myLibrary } = foldersOffered(folders, MY_LIBRARY_FOLDER_NAME);
    return { myLibrary, others: chooseableFolders(folders, myLibrary) };
  }, [folders]);
  const names = useMemo(() => (folders ?? []).map((f) => f.name), [folders]);
  const ruleError = name.trim() === '' ? null : validateFolderName(name, names);
  const nameError = serverNameError ?? ruleError;

  /** Creates the typed folder and checks it; null when it could not be created. */
  async function createFolder(): Promise<Folder | null> {
    const typed = name;
    const rule = validateFolderName(typed, names);
    if (rule !== null) {
      setServerNameError(rule);
      return null;
    }
    try {
      const folder = await requestFolder({ name: typed.trim() });
      if (!mounted.current) return null;
      setFolders((list) => [...(list ?? []), folder]);
      setChecked((set) => toggle(set, folder.id, true));
      setName('');
      setServerNameError(null);
      return folder;
    } catch (error) {
      if (!mounted.current) return null;
      if (isUnauthorized(error)) signIn();
      else if (isConflict(error)) setServerNameError(folderAlreadyExists(typed.trim()));
      else failure.fail();
      return null;
    }
  }

  async function onCreate() {
    if (busy) return;
    await run(async () => {
      await createFolder();
      return null;
    });
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy || !offered) return;
    const chosen = offered.others.filter((f) => checked.has(f.id)).map((f) => f.id);
    await run(async () => {
      let listIds = chosen;
      if (name.trim() !== '') {
        const folder = await createFolder();
        if (!folder) return null;
        listIds = [...listIds, folder.id];
      }
      const answer = mode === 'save' ? await saveItem(item.id, listIds) : await organizeItem(item.id, listIds);
      bus.emit('library:saved', { id: answer.id, listIds: answer.listIds });
      return mode === 'save' ? MESSAGES.library.saved : MESSAGES.library.foldersUpdated;
    });
  }

  if (failed) return <GenericFailure />;
  if (!offered) return <p className="flyout-loading">{FOLDER_FLYOUT_TEXT.loading}</p>;
  return (
    <form className="folder-form" noValidate aria-busy={busy} onSubmit={(e) => void onSubmit(e)}>
      <FolderChoices myLibrary folders={offered.others} checked={checked} disabled={busy} onChange={(id, on) => setChecked((set) => toggle(set, id, on))} />
      <NewFolderField
        value={name}
        error={nameError}
        valid={name.trim() !== '' && ruleError === null}
        busy={busy}
        onChange={(value) => {
          setName(value);
          setServerNameError(null);
        }}
        onCreate={() => void onCreate()}
      />
      <div className="flyout-actions ds-button-row">
        <Button type="submit" disabled={busy}>
          {mode === 'save' ? FOLDER_FLYOUT_TEXT.save : FOLDER_FLYOUT_TEXT.update}
        </Button>
        <Button variant="ghost" onClick={cancel}>
          {FOLDER_FLYOUT_TEXT.cancel}
        </Button>
      </div>
      <SaveFailureNotice message={failure.message} />
    </form>
  );
}

type BulkOrganizeProps = FlyoutBodyProps & { ids: string[] };

/** Bulk organize: add every selected item to the chosen folders (no 'My Library', no read-only). */
export function BulkOrganizeBody({ ids, confirm, cancel, signIn }: BulkOrganizeProps) {
  const { folders, failed } = useFolders(signIn, null);
  const [checked, setChecked] = useState<ReadonlySet<string>>(new Set());
  const { busy, failure, run } = useFolderSubmit(signIn, confirm);

  const others = useMemo(() => (folders ? chooseableFolders(folders, foldersOffered(folders, MY_LIBRARY_FOLDER_NAME).myLibrary) : null), [folders]);
  const listIds = (others ?? []).filter((f) => checked.has(f.id)).map((f) => f.id);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy || listIds.length === 0) return;
    await run(async () => itemsAddedToFolders((await organizeItems(ids, listIds)).count));
  }

  if (failed) return <GenericFailure />;
  if (!others) return <p className="flyout-loading">{FOLDER_FLYOUT_TEXT.loading}</p>;
  return (
    <form className="folder-form" noValidate aria-busy={busy} onSubmit={(e) => void onSubmit(e)}>
      <FolderChoices myLibrary={false} folders={others} checked={checked} disabled={busy} onChange={(id, on) => setChecked((set) => toggle(set, id, on))} />
      <div className="flyout-actions ds-button-row">
        <Button type="submit" disabled={busy || listIds.length === 0}>
          {FOLDER_FLYOUT_TEXT.addToFolders}
        </Button>
        <Button variant="ghost" onClick={cancel}>
          {FOLDER_FLYOUT_TEXT.cancel}
        </Button>
      </div>
      <SaveFailureNotice message={failure.message} />
    </form>
  );
}
