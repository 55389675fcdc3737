import { startTransition, useEffect, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'shared-contracts/router';
import { createFolder, deleteFolder, renameFolder } from '../../api/folders';
import { lazyComponent, type Folder } from 'shared-contracts';
import type { FolderFormValues } from './FolderForm';
import { folderPath, type FolderEditing } from './FolderList';
import { LIBRARY_TEXT } from '../../text';

/**
 * The new/rename form and the delete confirmation come with a chunk of their own, fetched when a
 * pointer or the focus enters the library (`preloadFolderEditing`) or at the first edit: My
 * Library's first view does without them (decision 038).
 */
const FolderForm = lazyComponent(() => import(/* webpackChunkName: "library-folder-editing" */ './FolderForm').then((m) => m.FolderForm));
const DeleteConfirm = lazyComponent(() => import(/* webpackChunkName: "library-folder-editing" */ './DeleteConfirm').then((m) => m.DeleteConfirm));

/** Starts fetching the editing forms' code (once). */
export function preloadFolderEditing(): void {
  for (const part of [FolderForm, DeleteConfirm]) {
    part.preload().catch(() => {
      // Said where the form shows, with 'Try again', if it still cannot load.
    });
  }
}

type Editing = { mode: 'none' } | { mode: 'new' } | { mode: 'active' | 'active-delete'; folderId: string };

export interface FolderEditingOptions {
  list: Folder[];
  /** The selected folder (undefined: All Folders). */
  current: Folder | undefined;
  /** Applies a change the server answered to the folder list. */
  update(change: (list: Folder[]) => Folder[]): void;
  announce(text: string): void;
  /** Moves the focus to the heading of a folder (undefined: All Folders) once it shows. */
  focusHeadingOf(slug: string | undefined): void;
}

/**
 * The folder editing states: new, rename (active) and delete (active-delete) of the selected folder,
 * the editor each shows, and the folder made in this visit (while empty it shows the
 * newFolderCreated empty state). Rename and delete belong to the selected folder: another selection
 * ends them. Cancel gives the focus back to the button that opened the editor.
 *
 * Each editor opens next to the button that opened it: the new-folder form under 'New
 * folder' in the folder list (`editor`), the rename form and the delete confirmation under the
 * folder's Rename and Delete (`folderEditor`, shown by FolderHeader); it is scrolled into view when
 * it opens, and its first control takes the focus.
 */
export function useFolderEditing({ list, current, update, announce, focusHeadingOf }: FolderEditingOptions) {
  const navigate = useNavigate();
  const [editing, setEditing] = useState<Editing>({ mode: 'none' });
  const [justCreated, setJustCreated] = useState<string | null>(null);
  const opener = useRef<HTMLElement | null>(null);

  const names = list.map((f) => f.name);
  const editable = current && !current.readOnly ? current : undefined;
  const mode: FolderEditing =
    editing.mode === 'none' || editing.mode === 'new' ? editing.mode : editable && editable.id === editing.folderId ? editing.mode : 'none';

  const end = () => {
    setEditing({ mode: 'none' });
    opener.current?.focus();
  };
  const start = (next: Editing, from: HTMLElement) => {
    opener.current = from;
    setEditing(next);
  };

  /*
   * The router moves in a transition: the folder list, the editing state and the address change in
   * the same one, so no render shows the new list under the old address ('Folder not found').
   */
  const done = (change: (list: Folder[]) => Folder[], slug: string | undefined, message: string, go?: () => void) =>
    startTransition(() => {
      update(change);
      setEditing({ mode: 'none' });
      focusHeadingOf(slug);
      announce(message);
      go?.();
    });

  const create = (values: FolderFormValues) =>
    createFolder(values).then((folder) =>
      done(
        (l) => [...l.filter((f) => f.id !== folder.id), folder],
        folder.slug,
        LIBRARY_TEXT.announce.created(folder.name),
        () => {
          setJustCreated(folder.id);
          navigate(folderPath(folder.slug));
        },
      ),
    );

  const rename = (folder: Folder) => (values: FolderFormValues) =>
    renameFolder(folder.id, values).then((updated) =>
      done(
        (l) => l.map((f) => (f.id === updated.id ? updated : f)),
        updated.slug,
        LIBRARY_TEXT.announce.updated(updated.name),
        updated.slug !== folder.slug ? () => navigate(folderPath(updated.slug), { replace: true }) : undefined,
      ),
    );

  const remove = (folder: Folder) => () =>
    deleteFolder(folder.id).then(() =>
      done(
        (l) => l.filter((f) => f.id !== folder.id),
        undefined,
        LIBRARY_TEXT.announce.deleted(folder.name),
        () => navigate('/my-library'),
      ),
    );

  let editor: ReactNode = null;
  let folderEditor: ReactNode = null;
  if (mode === 'new') {
    editor = <FolderForm key="new" mode="new" existingNames={names} onSubmit={create} onCancel={end} />;
  } else if (mode === 'active' && editable) {
    folderEditor = (
      <FolderForm
        key={`edit:${editable.id}`}
        mode="edit"
        initial={{ name: editable.name, description: editable.description }}
        existingNames={names}
        currentName={editable.name}
        onSubmit={rename(editable)}
        onCancel={end}
      />
    );
  } else if (mode === 'active-delete' && editable) {
    folderEditor = <DeleteConfirm key={`delete:${editable.id}`} onConfirm={remove(editable)} onCancel={end} />;
  }

  return {
    mode,
    editable,
    editor: editor && <InView key="new">{editor}</InView>,
    folderEditor: folderEditor && <InView key={mode}>{folderEditor}</InView>,
    justCreated,
    startNew: (from: HTMLElement) => start({ mode: 'new' }, from),
    startRename: (folder: Folder, from: HTMLElement) => start({ mode: 'active', folderId: folder.id }, from),
    startDelete: (folder: Folder, from: HTMLElement) => start({ mode: 'active-delete', folderId: folder.id }, from),
  };
}

/** An editor's place: scrolled into view (as little as needed) when it opens. */
function InView({ children }: { children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    box.current?.scrollIntoView?.({ block: 'nearest' });
  }, []);
  return (
    <div ref={box} className="folder-editor">
      {children}
    </div>
  );
}
