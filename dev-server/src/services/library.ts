/**
 * My Library (SITE-03 to SITE-08): folders, saves, organize, bulk actions, the library streams and
 * the histories, watched videos.
 *
 * Rules kept here:
 * - Every saved item is in the member's read-only 'My Library' folder; the member's own folders hold
 *   a subset of it. Saving adds to My Library (and the chosen folders), discarding removes from My
 *   Library and every folder the member may change. Deleting a folder leaves its items in My Library.
 * - Read-only folders (My Library, Gifts) are never renamed or deleted, and no request adds to or
 *   removes from them, except My Library through save and discard. Naming My Library in listIds is
 *   allowed and changes nothing (the save list shows it checked).
 * - A folder, item or order of another member answers 404, exactly like an unknown id.
 * - Each change is one transaction; saving twice keeps one row (ON CONFLICT DO NOTHING).
 */
import {
  type Folder,
  folderAlreadyExists,
  folderNameKey,
  type FolderRequest,
  type ItemLists,
  LIBRARY_MESSAGES,
  type LibraryActivity,
  type LibraryItem,
  type LibraryStream,
  MESSAGES,
  MY_LIBRARY_FOLDER_NAME,
  validateFolderName,
} from 'shared-contracts/server';
import { randomBytes } from 'node:crypto';
import type { Clock } from '../deps';
import type { FolderRow, LibraryItemRow } from '../db/database';
import type { ActivityRepository } from '../repositories/activity';
import { isUniqueViolation } from '../repositories/db-errors';
import { MY_LIBRARY_FOLDER_SLUG, type LibraryKind, type LibraryQueries, type LibraryRepository } from '../repositories/library';
import type { Viewer } from './auth';
import { ConflictError, ForbiddenError, invalidFields, NotFoundError } from './errors';
import { contentBlock, holdingsById, libraryItems, libraryStream, orderItem, pageOffset, type LibraryPage } from './library-entries';

export const MY_LIBRARY_DESCRIPTION = 'Everything you have saved';

const isKind = (value: string): value is LibraryKind => value === 'article' || value === 'video' || value === 'chart';

/** The slug of a folder name: lower case, runs of spaces as one hyphen ('Team offsite' -> 'team-offsite'). */
export function folderSlug(name: string): string {
  return name.trim().toLowerCase().split(/\s+/).filter(Boolean).join('-');
}

/** `base`, or base-2, base-3... the first not in `taken`. */
export function freeSlug(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

export function toFolder(row: FolderRow, itemCount: number): Folder {
  return { id: row.id, name: row.name, description: row.description, slug: row.slug, readOnly: row.read_only === 1, itemCount };
}

const notFound = () => new NotFoundError(LIBRARY_MESSAGES.notFound);
const readOnly = () => new ForbiddenError(LIBRARY_MESSAGES.readOnlyFolder);
const duplicate = (name: string) => new ConflictError(folderAlreadyExists(name), [{ field: 'name', errorMessage: MESSAGES.folder.duplicate }]);

/** The trimmed name and description of a folder request, or the 400 of a name that breaks the rules. */
function folderFields(input: FolderRequest): { name: string; description: string | undefined } {
  const name = input.name.trim();
  const error = validateFolderName(name);
  if (error !== null) throw invalidFields([{ field: 'name', errorMessage: error }]);
  return { name, description: input.description === undefined ? undefined : input.description.trim() };
}

export function createLibraryService(deps: { library: LibraryRepository; activity: ActivityRepository; clock: Clock; maintenance: boolean }) {
  const { library, activity, clock } = deps;
  const now = () => clock.now().toISOString();

  /** The member's My Library folder (made again if it is ever missing). */
  async function myLibraryOf(q: LibraryQueries, userId: string): Promise<FolderRow> {
    const found = await q.findFolderBySlug(userId, MY_LIBRARY_FOLDER_SLUG);
    if (found) return found;
    await q.insertFolderIfAbsent({
      id: `f-${randomBytes(6).toString('hex')}`,
      user_id: userId,
      name: MY_LIBRARY_FOLDER_NAME,
      name_key: folderNameKey(MY_LIBRARY_FOLDER_NAME),
      description: MY_LIBRARY_DESCRIPTION,
      slug: MY_LIBRARY_FOLDER_SLUG,
      read_only: 1,
      position: 0,
      created_at: now(),
    });
    const made = await q.findFolderBySlug(userId, MY_LIBRARY_FOLDER_SLUG);
    if (!made) throw new Error('My Library folder could not be made');
    return made;
  }

  /**
   * The folders named by listIds that items may be added to: each the member's own (404 otherwise)
   * and not read-only (403); My Library is dropped (it always holds every saved item).
   */
  async function targetFolders(q: LibraryQueries, userId: string, listIds: readonly string[], myLibrary: FolderRow): Promise<FolderRow[]> {
    const folders = new Map((await q.listFolders(userId)).map((f) => [f.id, f]));
    const out: FolderRow[] = [];
    for (const id of new Set(listIds)) {
      if (id === myLibrary.id) continue;
      const folder = folders.get(id);
      if (!folder) throw notFound();
      if (folder.read_only === 1) throw readOnly();
      out.push(folder);
    }
    return out;
  }

  async function itemListsOf(q: LibraryQueries, userId: string, id: string, myLibrary: FolderRow): Promise<ItemLists> {
    const listIds = (await q.foldersHolding(userId, [id])).map((h) => h.folder_id);
    return { id, listIds: listIds.includes(myLibrary.id) ? listIds : [] };
  }

  /** The My Library row of a saved item (kind, saved at), or 404. */
  async function savedRow(q: LibraryQueries, myLibrary: FolderRow, id: string): Promise<LibraryItemRow> {
    const [row] = await q.idsIn(myLibrary.id, [id]);
    if (!row) throw notFound();
    return row;
  }

  async function folderStream(viewer: Viewer, folder: FolderRow, page: LibraryPage, type: string): Promise<LibraryStream> {
    const userId = viewer.user.id;
    const total = await library.countItems(folder.id);
    const rows = total > pageOffset(page) ? await library.listItems(folder.id, pageOffset(page), page.size) : [];
    const holdings = holdingsById(
      await library.foldersHolding(
        userId,
        rows.map((r) => r.content_id),
      ),
    );
    // Items of My Library and of the member's own folders can be moved and discarded; those of
    // another read-only folder (gifts) can only be read.
    const locked = folder.read_only === 1 && folder.slug !== MY_LIBRARY_FOLDER_SLUG;
    const refs = rows.filter((r) => isKind(r.content_kind)).map((r) => ({ id: r.content_id, kind: r.content_kind as LibraryKind, at: r.added_at }));
    const items = await libraryItems(library, refs, (ref) =>
      contentBlock(ref.kind, {
        activity: 'saved',
        activityAt: ref.at,
        selectable: !locked,
        readOnly: locked,
        listIds: holdings.get(ref.id) ?? [],
      }),
    );
    return libraryStream(type, page, total, items, viewer.status === 'subscriber');
  }

  /** A history stream of content refs (read, watched): saved state shown through listIds. */
  async function activityStream(
    viewer: Viewer,
    activityName: LibraryActivity,
    page: LibraryPage,
    total: number,
    refs: { id: string; kind: LibraryKind; at: string; provider?: LibraryItem['content']['provider']; sharedWith?: string[] }[],
  ): Promise<LibraryStream> {
    const holdings = holdingsById(
      await library.foldersHolding(
        viewer.user.id,
        refs.map((r) => r.id),
      ),
    );
    const items = await libraryItems(library, refs, (ref) =>
      contentBlock(ref.kind, {
        activity: activityName,
        activityAt: ref.at,
        listIds: holdings.get(ref.id) ?? [],
        provider: ref.provider ?? null,
        sharedWith: ref.sharedWith ?? [],
      }),
    );
    return libraryStream(`user/history/${activityName}`, page, total, items, viewer.status === 'subscriber');
  }

  const offsetOf = (page: LibraryPage, total: number) => (total > pageOffset(page) ? pageOffset(page) : null);

  return {
    /* ---------------------------------------------------------------- folders */

    async createFolder(viewer: Viewer, input: FolderRequest): Promise<Folder> {
      const { name, description } = folderFields(input);
      const userId = viewer.user.id;
      const key = folderNameKey(name);
      try {
        return await library.inTransaction(async (q) => {
          const folders = await q.listFolders(userId);
          if (folders.some((f) => f.name_key === key)) throw duplicate(name);
          const row: FolderRow = {
            id: `f-${randomBytes(6).toString('hex')}`,
            user_id: userId,
            name,
            name_key: key,
            description: description ?? '',
            slug: freeSlug(folderSlug(name), new Set(folders.map((f) => f.slug))),
            read_only: 0,
            position: (await q.maxFolderPosition(userId)) + 1,
            created_at: now(),
          };
          await q.insertFolder(row);
          return toFolder(row, 0);
        });
      } catch (error) {
        // A parallel request took the name first (the unique index on user_id, name_key).
        if (isUniqueViolation(error)) throw duplicate(name);
        throw error;
      }
    },

    async updateFolder(viewer: Viewer, folderId: string, input: FolderRequest): Promise<Folder> {
      const { name, description } = folderFields(input);
      const userId = viewer.user.id;
      const key = folderNameKey(name);
      try {
        return await library.inTransaction(async (q) => {
          const folder = await q.findFolder(userId, folderId);
          if (!folder) throw notFound();
          if (folder.read_only === 1) throw readOnly();
          const others = (await q.listFolders(userId)).filter((f) => f.id !== folderId);
          if (others.some((f) => f.name_key === key)) throw duplicate(name);
          const slug = key === folder.name_key ? folder.slug : freeSlug(folderSlug(name), new Set(others.map((f) => f.slug)));
          const patch = { name, name_key: key, slug, description: description ?? folder.description };
          // Deleted meanwhile (a delete racing this rename): nothing to rename.
          if (!(await q.updateEditableFolder(userId, folderId, patch))) throw notFound();
          return toFolder({ ...folder, ...patch }, await q.countItems(folderId));
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw duplicate(name);
        throw error;
      }
    },

    /** Deletes one of the member's own folders; its items stay saved in My Library. */
    async deleteFolder(viewer: Viewer, folderId: string): Promise<void> {
      const userId = viewer.user.id;
      await library.inTransaction(async (q) => {
        const folder = await q.findFolder(userId, folderId);
        if (!folder) throw notFound();
        if (folder.read_only === 1) throw readOnly();
        if (!(await q.deleteEditableFolder(userId, folderId))) throw notFound();
      });
    },

    /* ---------------------------------------------------------------- streams */

    /** Every saved item (the My Library folder), newest save first. */
    async saves(viewer: Viewer, page: LibraryPage): Promise<LibraryStream> {
      return folderStream(viewer, await myLibraryOf(library, viewer.user.id), page, 'user/saves');
    },

    async folderItems(viewer: Viewer, folderId: string, page: LibraryPage): Promise<LibraryStream> {
      const folder = await library.findFolder(viewer.user.id, folderId);
      if (!folder) throw notFound();
      return folderStream(viewer, folder, page, `user/list/${folderId}`);
    },

    async history(viewer: Viewer, activityName: LibraryActivity, page: LibraryPage): Promise<LibraryStream> {
      const userId = viewer.user.id;
      const subscriber = viewer.status === 'subscriber';
      switch (activityName) {
        case 'saved': {
          const stream = await folderStream(viewer, await myLibraryOf(library, userId), page, 'user/history/saved');
          return stream;
        }
        case 'read': {
          const total = await activity.countReads(userId);
          const offset = offsetOf(page, total);
          const rows = offset === null ? [] : await activity.listReads(userId, offset, page.size);
          return activityStream(
            viewer,
            'read',
            page,
            total,
            rows.map((r) => ({ id: r.content_id, kind: 'article' as const, at: r.at })),
          );
        }
        case 'watched': {
          const total = await activity.countWatched(userId);
          const offset = offsetOf(page, total);
          const rows = offset === null ? [] : await activity.listWatched(userId, offset, page.size);
          return activityStream(
            viewer,
            'watched',
            page,
            total,
            rows.map((r) => ({ id: r.content_id, kind: 'video' as const, at: r.at })),
          );
        }
        case 'shared': {
          const total = await activity.countShares(userId);
          const offset = offsetOf(page, total);
          const rows = offset === null ? [] : await activity.listShares(userId, offset, page.size);
          const refs = rows
            .filter((r) => isKind(r.content_kind))
            .map((r) => ({
              id: r.content_id,
              kind: r.content_kind as LibraryKind,
              at: r.created_at,
              provider: r.provider as LibraryItem['content']['provider'],
              sharedWith: JSON.parse(r.shared_with) as string[],
            }));
          return activityStream(viewer, 'shared', page, total, refs);
        }
        case 'ordered': {
          // Maintenance (the store's migration window) takes order history offline (SITE-08).
          if (deps.maintenance) return libraryStream('user/history/ordered', page, 0, [], subscriber, true);
          const total = await activity.countOrders(userId);
          const offset = offsetOf(page, total);
          const orders = offset === null ? [] : await activity.listOrders(userId, offset, page.size);
          const lines = await activity.orderLines(orders.map((o) => o.id));
          const items = orders.map((o) =>
            orderItem(
              o,
              lines.filter((l) => l.order_id === o.id),
              clock.now(),
            ),
          );
          return libraryStream('user/history/ordered', page, total, items, subscriber);
        }
      }
    },

    /* ---------------------------------------------------------------- saves */

    /** Saves the content into My Library and the given folders; saving again adds nothing twice. */
    async save(viewer: Viewer, id: string, listIds: readonly string[] = []): Promise<ItemLists> {
      const userId = viewer.user.id;
      const kind = await library.contentKindOf(id, now());
      if (kind === null) throw new NotFoundError(LIBRARY_MESSAGES.unknownContent);
      return library.inTransaction(async (q) => {
        const myLibrary = await myLibraryOf(q, userId);
        const targets = await targetFolders(q, userId, listIds, myLibrary);
        const at = now();
        await q.addItems([myLibrary, ...targets].map((f) => ({ folder_id: f.id, content_id: id, content_kind: kind, added_at: at })));
        return itemListsOf(q, userId, id, myLibrary);
      });
    },

    /** The folders holding a saved item; empty when the member has not saved it. */
    async itemLists(viewer: Viewer, id: string): Promise<ItemLists> {
      return itemListsOf(library, viewer.user.id, id, await myLibraryOf(library, viewer.user.id));
    },

    /** Sets the item's own folders to exactly listIds (My Library and read-only folders untouched). */
    async organize(viewer: Viewer, id: string, listIds: readonly string[]): Promise<ItemLists> {
      const userId = viewer.user.id;
      return library.inTransaction(async (q) => {
        const myLibrary = await myLibraryOf(q, userId);
        const saved = await savedRow(q, myLibrary, id);
        const targets = await targetFolders(q, userId, listIds, myLibrary);
        await q.removeItems(userId, [id], [myLibrary.id, ...targets.map((f) => f.id)]);
        const at = now();
        await q.addItems(targets.map((f) => ({ folder_id: f.id, content_id: id, content_kind: saved.content_kind, added_at: at })));
        return itemListsOf(q, userId, id, myLibrary);
      });
    },

    /** Removes a saved item from My Library and every folder of the member. */
    async discard(viewer: Viewer, id: string): Promise<void> {
      const userId = viewer.user.id;
      await library.inTransaction(async (q) => {
        const myLibrary = await myLibraryOf(q, userId);
        await savedRow(q, myLibrary, id);
        await q.removeItems(userId, [id]);
      });
    },

    /**
     * Adds every saved id to every listed folder; ids the member has not saved are ignored (a stale
     * selection does not fail the rest). Returns how many items went into at least one folder.
     */
    async bulkOrganize(viewer: Viewer, ids: readonly string[], listIds: readonly string[]): Promise<number> {
      const userId = viewer.user.id;
      return library.inTransaction(async (q) => {
        const myLibrary = await myLibraryOf(q, userId);
        const targets = await targetFolders(q, userId, listIds, myLibrary);
        if (targets.length === 0) return 0;
        const saved = await q.idsIn(myLibrary.id, [...new Set(ids)]);
        const at = now();
        const added = await q.addItems(
          saved.flatMap((s) => targets.map((f) => ({ folder_id: f.id, content_id: s.content_id, content_kind: s.content_kind, added_at: at }))),
        );
        return new Set(added.map((a) => a.content_id)).size;
      });
    },

    /** Discards every saved id (others are ignored); returns how many were removed from My Library. */
    async bulkDiscard(viewer: Viewer, ids: readonly string[]): Promise<number> {
      const userId = viewer.user.id;
      return library.inTransaction(async (q) => {
        const myLibrary = await myLibraryOf(q, userId);
        const saved = await q.idsIn(myLibrary.id, [...new Set(ids)]);
        const removed = await q.removeItems(
          userId,
          saved.map((s) => s.content_id),
        );
        return new Set(removed.filter((r) => r.folder_id === myLibrary.id).map((r) => r.content_id)).size;
      });
    },

    /* ---------------------------------------------------------------- watched */

    /** Records that the member watched a published video (again: moves it to now). */
    async watched(viewer: Viewer, videoId: string): Promise<void> {
      const [video] = await library.videosByIds([videoId]);
      if (!video || video.pubdate > now()) throw new NotFoundError(LIBRARY_MESSAGES.unknownContent);
      await activity.recordWatched(viewer.user.id, video.id, now());
    },
  };
}

export type LibraryService = ReturnType<typeof createLibraryService>;
