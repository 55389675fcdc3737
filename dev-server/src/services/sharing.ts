/**
 * Sharing (site §3 Share payload, §4, §5, §8): POST /service/user/share and the folders'
 * share-list links.
 *
 * - A share names a page of this site: a path ('/...', never '//...') or an absolute URL on the
 *   public origin, pointing at a published article, video or chart, or at a share-list link. Any
 *   other URL is refused, so the mail never carries somebody else's link.
 * - Email: one plain-text mail per recipient (never HTML), link built by the server from the content
 *   it found (never the URL as typed), description truncated, the sender's message quoted. Guests
 *   must give a valid FROM address; it is shown as unverified.
 * - Members' shares of content are recorded (the shared history); shares of a folder link are not
 *   (a folder is not a library item).
 * - Share-list link: 32 random bytes of nonce per folder; the token is HMAC-SHA256(server key,
 *   nonce), so the same folder keeps one link, and only the token's SHA-256 and the nonce are stored
 *   (the database alone cannot rebuild a link).
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { MESSAGES } from 'shared-contracts';
import { truncateWithEllipsis } from 'shared-contracts/library';
import { sharedVia } from 'shared-contracts/library';
import { validateShareEmail } from 'shared-contracts/forms';
import {
  LIBRARY_MESSAGES,
  SHARE_DESCRIPTION_MAX,
  type ShareRequest,
  type SharedList,
} from 'shared-contracts/library';
import type { Clock, Mailer } from '../deps';
import type { ActivityRepository } from '../repositories/activity';
import type { LibraryKind, LibraryRepository } from '../repositories/library';
import type { Viewer } from './auth';
import { InvalidInputError, invalidFields, NotFoundError, NotSignedInError, type FieldError } from './errors';
import { contentBlock, libraryItems } from './library-entries';
import { toFolder } from './library';
import { videoPath } from './stream-entries';
import { articleUrl } from './content';
import { chartImagePath } from './media';

export const SHARED_LIST_PATH = '/my-library/shared';
/** Items a share-list answer carries at most (newest first). */
export const SHARED_LIST_MAX_ITEMS = 200;

const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const ARTICLE_PATH = /^\/(\d{4})\/(\d{2})\/([a-z0-9-]{1,200})\/?$/;
const VIDEO_PATH = /^\/video\/(\d{1,20})(?:\/[a-z0-9-]{1,200})?\/?$/;
const CHART_PATH = /^\/data-visuals\/images\/([A-Za-z0-9_-]{1,80})\.svg$/;
const LIST_PATH = /^\/my-library\/shared\/([A-Za-z0-9_-]{43})\/?$/;

/** Control characters (a header never carries a line break; a body keeps only its newlines). */
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;
const CONTROL_BUT_NEWLINE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/g;

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** What a shared URL points at: content (with its canonical path) or a folder's share-list link. */
export type ShareTarget =
  | { kind: LibraryKind; id: string; title: string; path: string }
  | { kind: 'list'; folderId: string; title: string; path: string };

/** The mail of one email share (plain text). */
export function shareMail(input: {
  /** Who shared: the member's name, or the guest's FROM address. */
  sender: string;
  /** The member's address, shown beside the name; null for a guest (whose FROM is unverified). */
  senderEmail: string | null;
  title: string;
  link: string;
  description: string | null;
  message: string | null;
  origin: string;
}): { subject: string; body: string } {
  const sender = input.sender.replace(CONTROL, ' ').trim();
  const title = input.title.replace(CONTROL, ' ').trim();
  const who = input.senderEmail === null ? `${sender} (address not verified)` : `${sender} (${input.senderEmail.replace(CONTROL, '')})`;
  const lines = [`${who} shared this with you:`, '', title, input.link];
  if (input.description) lines.push('', truncateWithEllipsis(input.description.replace(CONTROL_BUT_NEWLINE, ' ').trim(), SHARE_DESCRIPTION_MAX));
  if (input.message) lines.push('', `Message from ${sender}:`, input.message.replace(/\r\n?/g, '\n').replace(CONTROL_BUT_NEWLINE, ' ').trim());
  lines.push('', '--', `Sent from ${input.origin}. You received this because someone entered your address; nothing else will be sent.`);
  return { subject: `${sender} shared "${title}" with you`, body: lines.join('\n') };
}

export function createSharingService(deps: {
  library: LibraryRepository;
  activity: ActivityRepository;
  mailer: Mailer;
  clock: Clock;
  publicOrigin: string;
  /** Key of the share-list token HMAC. */
  linkSecret: string;
}) {
  const { library, activity, mailer, clock } = deps;
  const origin = new URL(deps.publicOrigin).origin;
  const now = () => clock.now().toISOString();
  const tokenOf = (nonce: string) => createHmac('sha256', deps.linkSecret).update(`shared-list:${nonce}`).digest('base64url');
  const invalidUrl = () => new InvalidInputError(LIBRARY_MESSAGES.shareUrlInvalid, [{ field: 'url', errorMessage: LIBRARY_MESSAGES.shareUrlInvalid }]);

  /** The pathname of a URL on this site, or null. */
  function sitePath(raw: string): string | null {
    const url = raw.trim();
    if (url.startsWith('//') || url.includes('\\')) return null;
    let parsed: URL;
    try {
      parsed = new URL(url, origin);
    } catch {
      return null;
    }
    if (parsed.origin !== origin || parsed.username !== '' || parsed.password !== '') return null;
    if (!url.startsWith('/') && !/^https?:\/\//i.test(url)) return null;
    return parsed.pathname;
  }

  async function resolveTarget(raw: string): Promise<ShareTarget | null> {
    const path = sitePath(raw);
    if (path === null) return null;
    const until = now();
    const article = ARTICLE_PATH.exec(path);
    if (article) {
      const id = await library.articleIdByPath(Number(article[1]), Number(article[2]), article[3]!, until);
      if (id === null) return null;
      const [row] = await library.articlesByIds([id]);
      return row ? { kind: 'article', id, title: row.title, path: articleUrl(row.year, row.month, row.slug) } : null;
    }
    const video = VIDEO_PATH.exec(path);
    if (video) {
      const [row] = await library.videosByIds([video[1]!]);
      return row && row.pubdate <= until ? { kind: 'video', id: row.id, title: row.name, path: videoPath(row.id, row.slug) } : null;
    }
    const chart = CHART_PATH.exec(path);
    if (chart) {
      const [row] = await library.chartsByIds([chart[1]!]);
      return row && row.published <= until ? { kind: 'chart', id: row.id, title: row.title, path: chartImagePath(row.id) } : null;
    }
    const list = LIST_PATH.exec(path);
    if (list) {
      const found = await activity.findSharedList(sha256(list[1]!));
      return found ? { kind: 'list', folderId: found.folder.id, title: found.folder.name, path: `${SHARED_LIST_PATH}/${list[1]!}` } : null;
    }
    return null;
  }

  /** The email share's recipients (deduplicated, case-insensitively) and sender, or the 400. */
  function emailFields(request: ShareRequest, viewer: Viewer | null): { recipients: string[]; sender: string; senderEmail: string | null } {
    const seen = new Set<string>();
    const recipients: string[] = [];
    for (const address of request.sharedWith ?? []) {
      const trimmed = address.trim();
      if (trimmed !== '' && !seen.has(trimmed.toLowerCase())) {
        seen.add(trimmed.toLowerCase());
        recipients.push(trimmed);
      }
    }
    const from = request.from?.trim() ?? '';
    const errors = validateShareEmail({ to: recipients.join(', '), from }, viewer !== null);
    // Each listed address must be one address: a comma inside one is not two.
    const to = errors.to ?? ((request.sharedWith ?? []).some((a) => a.includes(',')) ? MESSAGES.email.invalidShared : undefined);
    const fieldErrors: FieldError[] = [];
    if (to) fieldErrors.push({ field: 'sharedWith', errorMessage: to });
    if (errors.from) fieldErrors.push({ field: 'from', errorMessage: errors.from });
    if (fieldErrors.length > 0) throw invalidFields(fieldErrors);
    if (viewer === null) return { recipients, sender: from, senderEmail: null };
    return { recipients, sender: viewer.user.display_name.trim() || viewer.user.first_name.trim() || viewer.user.email, senderEmail: viewer.user.email };
  }

  return {
    /** Shares a page of this site; answers the 'Shared via' message. Guests may share by email only. */
    async share(viewer: Viewer | null, request: ShareRequest): Promise<{ message: string }> {
      if (viewer === null && request.provider !== 'email') throw new NotSignedInError();
      const email = request.provider === 'email' ? emailFields(request, viewer) : null;
      const target = await resolveTarget(request.url);
      if (target === null) throw invalidUrl();

      if (email) {
        const message = request.message?.trim() ? request.message : null;
        const description = request.description?.trim() ? request.description : null;
        const mail = shareMail({
          sender: email.sender,
          senderEmail: email.senderEmail,
          title: target.title,
          link: `${origin}${target.path}`,
          description,
          message,
          origin,
        });
        for (const to of email.recipients) await mailer.send({ to, subject: mail.subject, body: mail.body });
      }
      if (viewer !== null && target.kind !== 'list') {
        await activity.insertShare({
          id: `sh-${randomBytes(9).toString('hex')}`,
          user_id: viewer.user.id,
          content_id: target.id,
          content_kind: target.kind,
          provider: request.provider,
          shared_with: JSON.stringify(email?.recipients ?? []),
          created_at: now(),
        });
      }
      return { message: sharedVia(request.provider) };
    },

    /** The folder's share-list link (the same one every time). */
    async listUrl(viewer: Viewer, folderId: string): Promise<{ listurl: string }> {
      const folder = await library.findFolder(viewer.user.id, folderId);
      if (!folder) throw new NotFoundError(LIBRARY_MESSAGES.notFound);
      let row = await activity.sharedListOf(folder.id);
      if (row && sha256(tokenOf(row.nonce)) !== row.token_hash) {
        // The server key changed: the stored link can no longer be rebuilt, so it is replaced.
        await activity.deleteSharedList(folder.id);
        row = undefined;
      }
      if (!row) {
        const nonce = randomBytes(32).toString('base64url');
        await activity.insertSharedListIfAbsent({ token_hash: sha256(tokenOf(nonce)), folder_id: folder.id, nonce, created_at: now() });
        row = await activity.sharedListOf(folder.id);
        if (!row) throw new NotFoundError(LIBRARY_MESSAGES.notFound); // deleted meanwhile
      }
      return { listurl: `${origin}${SHARED_LIST_PATH}/${tokenOf(row.nonce)}` };
    },

    /** A shared folder, read-only, for anybody holding its link. */
    async sharedList(token: string): Promise<SharedList> {
      if (!TOKEN.test(token)) throw new NotFoundError(LIBRARY_MESSAGES.notFound);
      const found = await activity.findSharedList(sha256(token));
      if (!found) throw new NotFoundError(LIBRARY_MESSAGES.notFound);
      const total = await library.countItems(found.folder.id);
      const rows = await library.listItems(found.folder.id, 0, SHARED_LIST_MAX_ITEMS);
      const refs = rows
        .filter((r) => r.content_kind === 'article' || r.content_kind === 'video' || r.content_kind === 'chart')
        .map((r) => ({ id: r.content_id, kind: r.content_kind as LibraryKind, at: r.added_at }));
      // Read-only for the reader, and none of the owner's other folders is named.
      const items = await libraryItems(library, refs, (ref) => contentBlock(ref.kind, { activity: 'saved', activityAt: ref.at, readOnly: true }));
      return { folder: toFolder(found.folder, total), ownerFirstName: found.ownerFirstName, items };
    },
  };
}

export type SharingService = ReturnType<typeof createSharingService>;
