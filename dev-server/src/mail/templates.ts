/**
 * One template per kind of mail. Each gives the subject, a plain-text part and an HTML part built
 * from the same lines, so the two never say different things.
 *
 * - Every mail names the site and ends with a line saying why the reader got it.
 * - Links are built here from the site's public origin and a path of this site: a path that would
 *   leave the origin ('//host', a scheme, a backslash) is refused, so no caller can mail a link to
 *   another site.
 * - Every interpolated value is HTML-escaped in the HTML part; header values (the subject) and
 *   one-line values lose their control characters, so no value can add a header or a line.
 * - Free text a member wrote (a share's message and description) carries no live link: the site
 *   puts no <a> around it, and its addresses are defanged (defangLinks) in both parts, so a mail
 *   client does not make them links either. The site's own link stays the one live link.
 */
import { SHARE_DESCRIPTION_MAX, truncateWithEllipsis } from 'shared-contracts/server';
import { PASSWORD_RESET_TTL_MINUTES } from '../server-rules';

/** The site's name, as mails sign it. */
export const MAIL_SITE_NAME = 'The Management Review';

/** Which template wrote a mail (the outbox's `kind`); 'other' for mail sent without one. */
export type MailKind = 'password-reset' | 'share' | 'email-verification' | 'email-change-notice' | 'email-change-confirmation' | 'other';

export const MAIL_KINDS: readonly MailKind[] = ['password-reset', 'share', 'email-verification', 'email-change-notice', 'email-change-confirmation', 'other'];

/** A mail as a template renders it; mailMessage(to, mail) makes it something a Mailer sends. */
export interface RenderedMail {
  kind: MailKind;
  subject: string;
  text: string;
  html: string;
}

export const RESET_MAIL_SUBJECT = 'Reset your password';
export const VERIFY_MAIL_SUBJECT = 'Confirm your email address';
export const EMAIL_CHANGE_NOTICE_SUBJECT = 'Your email address is being changed';
export const EMAIL_CHANGED_NOTICE_SUBJECT = 'Your email address has been changed';
export const EMAIL_CHANGE_CONFIRM_SUBJECT = 'Confirm your new email address';

/** The customer-service page of the site, linked from notices a reader did not ask for. */
export const CUSTOMER_SERVICE_PATH = '/subscriber-help#contact-customer-service';

/** Control characters: a one-line value never carries a line break. */
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;
const HAS_CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
/** Control characters but the newline (a multi-line value keeps its lines). */
const CONTROL_BUT_NEWLINE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/g;

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

/** A value for one line (or a header): control characters become spaces, ends trimmed. */
export function oneLine(value: string): string {
  return value.replace(CONTROL, ' ').trim();
}

function multiLine(value: string): string {
  return value.replace(/\r\n?/g, '\n').replace(CONTROL_BUT_NEWLINE, ' ').trim();
}

/**
 * An absolute link to `path` on the site's origin, with `query` added. Throws when `path` is not a
 * path of this site (so a mail never links elsewhere).
 */
export function siteLink(origin: string, path: string, query: Record<string, string> = {}): string {
  const base = new URL(origin).origin;
  if (!path.startsWith('/') || path.startsWith('//') || path.includes('\\') || HAS_CONTROL.test(path)) {
    throw new Error(`not a path of this site: ${JSON.stringify(path)}`);
  }
  const url = new URL(path, base);
  if (url.origin !== base) throw new Error(`not a path of this site: ${JSON.stringify(path)}`);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  return url.toString();
}

/** The full stops a mail client may take for the dot of a host name (ASCII, ideographic, fullwidth, halfwidth). */
const DOT = '[.\\u3002\\uFF0E\\uFF61]';
const LABEL = '[\\p{L}\\p{N}](?:[\\p{L}\\p{N}_-]*[\\p{L}\\p{N}])?';
/** A host name: labels joined by dots, the last one (the top-level domain) two or more characters from a letter. */
const HOST_NAME = new RegExp(`(?<![\\p{L}\\p{N}_-])(?:${LABEL}${DOT})+\\p{L}[\\p{L}\\p{N}-]*[\\p{L}\\p{N}]`, 'gu');
/** A dotted IPv4 address. */
const IPV4 = /(?<![\d.])\d{1,3}(?:\.\d{1,3}){3}(?![\d.])/g;
/** A URL scheme and its '://'; http, https and ftp also lose their name (hxxp, hxxps, fxp), the usual defanging. */
const SCHEME = /\b([a-z][a-z0-9+.-]*):\/\//gi;
const SCHEME_NAMES: Record<string, string> = { http: 'hxxp', https: 'hxxps', ftp: 'fxp' };

/**
 * Free text with its web and mail addresses defanged, so that no mail client turns them into links
 * while a reader still sees where they point: 'https://evil.example/login' becomes
 * 'hxxps[://]evil[.]example/login', 'www.evil.example' 'www[.]evil[.]example', 'a@evil.example'
 * 'a@evil[.]example'. Ordinary prose ('e.g.', '3.30 pm') is left as written.
 */
export function defangLinks(text: string): string {
  return text
    .replace(SCHEME, (_all, scheme: string) => `${SCHEME_NAMES[scheme.toLowerCase()] ?? scheme}[://]`)
    .replace(HOST_NAME, (host) => host.replace(new RegExp(DOT, 'gu'), '[.]'))
    .replace(IPV4, (ip) => ip.replace(/\./g, '[.]'));
}

/** How long a link works, as a mail says it: '60 minutes', '24 hours'. */
export function linkLifetime(minutes: number): string {
  if (minutes >= 120 && minutes % 60 === 0) return `${minutes / 60} hours`;
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/** A piece of a mail: a paragraph of text lines, or a link on its own line. */
type Block = { text: string[] } | { link: string; label: string } | { quote: string[] };

function render(kind: MailKind, subject: string, blocks: Block[], why: string, origin: string): RenderedMail {
  const home = siteLink(origin, '/');
  const textParts: string[] = [];
  const htmlParts: string[] = [];
  for (const block of blocks) {
    if ('link' in block) {
      textParts.push(`${block.label}: ${block.link}`);
      htmlParts.push(`<p><a href="${escapeHtml(block.link)}">${escapeHtml(block.label)}</a><br>${escapeHtml(block.link)}</p>`);
    } else if ('quote' in block) {
      textParts.push(block.quote.map((l) => `> ${l}`).join('\n'));
      htmlParts.push(`<blockquote>${block.quote.map(escapeHtml).join('<br>')}</blockquote>`);
    } else {
      textParts.push(block.text.join('\n'));
      htmlParts.push(`<p>${block.text.map(escapeHtml).join('<br>')}</p>`);
    }
  }
  const text = [...textParts, `--\n${MAIL_SITE_NAME} ${home}\n${why}`].join('\n\n');
  const html = [
    '<!doctype html>',
    `<html><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="font-family: Georgia, serif; max-width: 40em;">',
    `<p><strong>${escapeHtml(MAIL_SITE_NAME)}</strong></p>`,
    ...htmlParts,
    `<hr><p style="font-size: 0.9em; color: #555;"><a href="${escapeHtml(home)}">${escapeHtml(MAIL_SITE_NAME)}</a><br>${escapeHtml(why)}</p>`,
    '</body></html>',
  ].join('\n');
  return { kind, subject: oneLine(subject), text, html };
}

/** The mailed password-reset link (forgot password). */
export function passwordResetMail(input: { origin: string; token: string; ttlMinutes?: number }): RenderedMail {
  const ttl = input.ttlMinutes ?? PASSWORD_RESET_TTL_MINUTES;
  return render(
    'password-reset',
    RESET_MAIL_SUBJECT,
    [
      { text: ['Someone (we hope you) asked to reset the password of your account.'] },
      { link: siteLink(input.origin, '/reset-password', { token: input.token }), label: 'Choose a new password here' },
      { text: [`The link works once, within ${linkLifetime(ttl)}. If you did not ask for it, ignore this mail: your password stays as it is.`] },
    ],
    `You got this mail because someone asked to reset the password of the ${MAIL_SITE_NAME} account with this address (${new URL(input.origin).host}).`,
    input.origin,
  );
}

/** One email share of a page of the site, to one recipient. */
export function shareMailTemplate(input: {
  origin: string;
  /** Who shared: the member's plain display name, or their address when the name is not plain words. */
  sender: string;
  /** The member's confirmed address, shown beside the name; null when `sender` is the address itself. */
  senderEmail: string | null;
  title: string;
  /** The shared page's path on this site (built by the server from what it found, never as typed). */
  path: string;
  description?: string | null;
  message?: string | null;
}): RenderedMail {
  const sender = oneLine(input.sender);
  const title = oneLine(input.title);
  const who = input.senderEmail === null ? sender : `${sender} (${oneLine(input.senderEmail)})`;
  const blocks: Block[] = [{ text: [`${who} shared this with you:`] }, { link: siteLink(input.origin, input.path), label: title }];
  // The description and the message are the member's own words (SITE-01.4): plain text, never a live link.
  const description = input.description ? oneLine(input.description) : '';
  if (description) blocks.push({ text: [defangLinks(truncateWithEllipsis(description, SHARE_DESCRIPTION_MAX))] });
  const message = input.message ? multiLine(input.message) : '';
  if (message) blocks.push({ text: [`Message from ${sender}:`] }, { quote: defangLinks(message).split('\n') });
  return render(
    'share',
    `${sender} shared "${title}" with you`,
    blocks,
    'You got this mail because someone entered your address to share this page with you; nothing else will be sent.',
    input.origin,
  );
}

/** The link that proves a reader receives mail at the address they registered with. */
export function emailVerificationMail(input: {
  origin: string;
  token: string;
  /** The confirming page's path on this site; the token goes in its `token` query value. */
  path: string;
  ttlMinutes: number;
}): RenderedMail {
  return render(
    'email-verification',
    VERIFY_MAIL_SUBJECT,
    [
      { text: [`Please confirm that this is your email address for your ${MAIL_SITE_NAME} account.`] },
      { link: siteLink(input.origin, input.path, { token: input.token }), label: 'Confirm your email address' },
      {
        text: [
          `The link works once, within ${linkLifetime(input.ttlMinutes)}. A subscription held under this address is linked to your account when you follow it.`,
        ],
      },
      { text: ['If you did not create an account with us, do not follow the link: ignore this mail and nothing will be linked.'] },
    ],
    `You got this mail because this address was used to register with ${MAIL_SITE_NAME} (${new URL(input.origin).host}).`,
    input.origin,
  );
}

/** 'n•••@example.com': enough for the owner to recognise an address, not to read it whole. */
export function maskEmail(email: string): string {
  const clean = oneLine(email);
  const at = clean.lastIndexOf('@');
  if (at <= 0) return '•••';
  return `${clean.slice(0, 1)}•••${clean.slice(at)}`;
}

/**
 * Sent to the account's old address when a change of address is asked for, and again (`changed`)
 * once the new address's link has been followed. The new address is shown masked.
 */
export function emailChangeNoticeMail(input: { origin: string; newEmail: string; changed?: boolean }): RenderedMail {
  const masked = maskEmail(input.newEmail);
  return render(
    'email-change-notice',
    input.changed ? EMAIL_CHANGED_NOTICE_SUBJECT : EMAIL_CHANGE_NOTICE_SUBJECT,
    [
      {
        text: [
          input.changed
            ? `The email address of your ${MAIL_SITE_NAME} account has been changed to ${masked}. We will write to that address from now on.`
            : `Someone asked to change the email address of your ${MAIL_SITE_NAME} account to ${masked}. It changes once a link we sent there is followed.`,
        ],
      },
      { text: ['If it was you, there is nothing to do here. If it was not, change your password and contact our Customer Service team:'] },
      { link: siteLink(input.origin, CUSTOMER_SERVICE_PATH), label: 'Customer Service' },
    ],
    `You got this mail because this is the address of your ${MAIL_SITE_NAME} account (${new URL(input.origin).host}).`,
    input.origin,
  );
}

/** Sent to the new address: following its link makes it the account's address. */
export function emailChangeConfirmationMail(input: { origin: string; token: string; path: string; ttlMinutes: number }): RenderedMail {
  return render(
    'email-change-confirmation',
    EMAIL_CHANGE_CONFIRM_SUBJECT,
    [
      { text: [`Please confirm that you want to use this address for your ${MAIL_SITE_NAME} account.`] },
      { link: siteLink(input.origin, input.path, { token: input.token }), label: 'Confirm your new email address' },
      {
        text: [
          `The link works once, within ${linkLifetime(input.ttlMinutes)}. Until then the account keeps its old address. If you did not ask for this, do not follow the link: ignore this mail.`,
        ],
      },
    ],
    `You got this mail because this address was entered as the new address of a ${MAIL_SITE_NAME} account (${new URL(input.origin).host}).`,
    input.origin,
  );
}

/** The message a Mailer sends for a rendered mail to `to`. */
export function mailMessage(to: string, mail: RenderedMail): { to: string; subject: string; body: string; html: string; kind: MailKind } {
  return { to, subject: mail.subject, body: mail.text, html: mail.html, kind: mail.kind };
}
