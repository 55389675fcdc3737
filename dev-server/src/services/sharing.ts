/**
 * Sharing (SITE-03 Share payload, SITE-04, SITE-05, SITE-08): POST /service/user/share and the folders'
 * share-list links.
 *
 * - A share names a page of this site: a path ('/...', never '//...') or an absolute URL on the
 *   public origin, pointing at a published article, video or chart, or at a share-list link. Any
 *   other URL is refused, so the mail never carries somebody else's link.
 * - Email: only a signed-in member whose address is confirmed (users.email_verified_at) shares by
 *   email: a guest gets 401, an unconfirmed member 403, and any `from` in the request is ignored.
 *   The mail names the member's confirmed address, with their display name beside it only when
 *   that name is plain words (letters, spaces, . ' -), never an address, link or markup. One
 *   mail per recipient from the share template (mail/templates.ts: plain text and HTML, every
 *   value escaped in the HTML), link built by the server from the content it found (never the URL
 *   as typed), description truncated, the sender's message quoted (at most SHARE_MESSAGE_MAX
 *   characters). A recipient address with a control character (CR/LF: a header
 *   injection) is refused. At most SHARE_MAX_RECIPIENTS addresses a share and
 *   SHARE_RECIPIENTS_PER_DAY a member in 24 hours, counted in the database (every API process
 *   shares the count); over it, 429 and nothing is sent.
 * - A share's day count, its mails (queued in the outbox with `mailer.send(message, { db: trx })`)
 *   and its record are one transaction: when any of them fails, no mail, no count and no record
 *   remain.
 * - Members' shares of content are recorded (the shared history); shares of a folder link are not
 *   (a folder is not a library item).
 * - Share-list link: 32 random bytes of nonce per folder; the token is HMAC-SHA256(server key,
 *   nonce), so the same folder keeps one link, and only the token's SHA-256 and the nonce are stored
 *   (the database alone cannot rebuild a link).
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import {
  LIBRARY_MESSAGES,
  MESSAGES,
  SHARE_RECIPIENTS_PER_DAY,
  type SharedList,
  sharedVia,
  type ShareRequest,
  validateShareEmail,
} from 'shared-contracts/server';
import type { Clock, Mailer } from '../deps';
import { mailMessage, shareMailTemplate } from '../mail/templates';
import type { ActivityRepository, ShareTransaction } from '../repositories/activity';
import type { LibraryKind, LibraryRepository } from '../repositories/library';
import type { Viewer } from './auth';
import { ForbiddenError, InvalidInputError, invalidFields, NotFoundError, NotSignedInError, TooManyRequestsError } from './errors';
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

/** A control character: a CR/LF in an address would start another mail header. */
const HAS_CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * A display name shown beside the member's address: plain words only (letters, with spaces,
 * apostrophes, hyphens, and a dot only at a word's end), so never an address, a domain, a link,
 * markup, digits or quotes.
 */
const SAFE_DISPLAY_NAME = /^[\p{L}\p{M}]+(?:(?:\. |[ '-])[\p{L}\p{M}]+)*\.?$/u;
const DISPLAY_NAME_MAX = 60;
/** The day's count of email-share addresses, one counter per member. */
const DAY_MS = 24 * 60 * 60 * 1000;
export const SHARE_RECIPIENTS_COUNTER = 'shareRecipients:user:';

/** The member's name as the mail shows it, or null when it is not plain words (then only the address shows). */
export function safeDisplayName(name: string): string | null {
  const trimmed = name.trim().replace(/\s+/g, ' ');
  return trimmed.length > 0 && trimmed.length <= DISPLAY_NAME_MAX && SAFE_DISPLAY_NAME.test(trimmed) ? trimmed : null;
}

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** What a shared URL points at: content (with its canonical path) or a folder's share-list link. */
export type ShareTarget = { kind: LibraryKind; id: string; title: string; path: string } | { kind: 'list'; folderId: string; title: string; path: string };

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

  /**
   * The email share's recipients (deduplicated, case-insensitively) and sender, or the refusal:
   * 401 for a guest, 403 for an unconfirmed address, 400 for a bad address. `from` is never read.
   */
  function emailFields(request: ShareRequest, viewer: Viewer | null): { recipients: string[]; sender: string; senderEmail: string | null } {
    if (viewer === null) throw new NotSignedInError(MESSAGES.signIn.prompt);
    if (!viewer.user.email_verified_at) throw new ForbiddenError(LIBRARY_MESSAGES.shareEmailUnverified);
    const listed = request.sharedWith ?? [];
    const seen = new Set<string>();
    const recipients: string[] = [];
    for (const address of listed) {
      const trimmed = address.trim();
      if (trimmed !== '' && !seen.has(trimmed.toLowerCase())) {
        seen.add(trimmed.toLowerCase());
        recipients.push(trimmed);
      }
    }
    const errors = validateShareEmail({ to: recipients.join(', ') }, true);
    // Each listed address must be one address: a comma inside one is not two, and a control
    // character (a CR/LF would start another mail header) is never part of one.
    const to = errors.to ?? (listed.some((a) => a.includes(',') || HAS_CONTROL.test(a)) ? MESSAGES.email.invalidShared : undefined);
    if (to) throw invalidFields([{ field: 'sharedWith', errorMessage: to }]);
    const name = safeDisplayName(viewer.user.display_name) ?? safeDisplayName(`${viewer.user.first_name} ${viewer.user.last_name}`);
    return name === null ? { recipients, sender: viewer.user.email, senderEmail: null } : { recipients, sender: name, senderEmail: viewer.user.email };
  }

  /**
   * Counts `n` addresses against the member's day, one database hit each (so concurrent shares
   * from any process are all counted), in the share's transaction: over the allowance it throws,
   * so this share's hits are rolled back with it and nothing is sent.
   */
  async function spendRecipients(counters: ShareTransaction['counters'], userId: string, n: number): Promise<void> {
    const key = `${SHARE_RECIPIENTS_COUNTER}${userId}`;
    const now = clock.now();
    const resetIso = new Date(now.getTime() + DAY_MS).toISOString();
    for (let i = 0; i < n; i++) {
      const { hits } = await counters.hit(key, now.toISOString(), resetIso);
      if (hits > SHARE_RECIPIENTS_PER_DAY) throw new TooManyRequestsError(LIBRARY_MESSAGES.shareDailyLimit);
    }
  }

  return {
    /** Shares a page of this site; returns the 'Shared via' message. Guests may not share by email. */
    async share(viewer: Viewer | null, request: ShareRequest): Promise<{ message: string }> {
      if (viewer === null && request.provider !== 'email') throw new NotSignedInError();
      const email = request.provider === 'email' ? emailFields(request, viewer) : null;
      const target = await resolveTarget(request.url);
      if (target === null) throw invalidUrl();

      if (viewer === null) return { message: sharedVia(request.provider) };
      // The day count, the mails and the record are one transaction: when any of them fails (or
      // the day's allowance is crossed), no mail is queued, nothing is counted and nothing recorded.
      await activity.shareTransaction(async (tx) => {
        if (email) {
          await spendRecipients(tx.counters, viewer.user.id, email.recipients.length);
          const message = request.message?.trim() ? request.message : null;
          const description = request.description?.trim() ? request.description : null;
          const mail = shareMailTemplate({
            origin,
            sender: email.sender,
            senderEmail: email.senderEmail,
            title: target.title,
            path: target.path,
            description,
            message,
          });
          for (const to of email.recipients) await mailer.send(mailMessage(to, mail), { db: tx.db });
        }
        if (target.kind !== 'list') {
          await tx.insertShare({
            id: `sh-${randomBytes(9).toString('hex')}`,
            user_id: viewer.user.id,
            content_id: target.id,
            content_kind: target.kind,
            provider: request.provider,
            shared_with: JSON.stringify(email?.recipients ?? []),
            created_at: now(),
          });
        }
      });
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
