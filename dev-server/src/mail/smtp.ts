/**
 * The SMTP transport (nodemailer) the mail worker delivers through, configured by one URL:
 * SMTP_URL=smtp://user:pass@host:587 (STARTTLS) or smtps://user:pass@host:465 (TLS from the first
 * byte). Certificates are always verified. Over smtp:// to any host but this machine, STARTTLS is
 * required: a server (or a man in the middle) that does not offer it gets no password and no mail.
 */
import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';

/** Connecting, and the server's greeting, may take this long before the attempt fails. */
export const SMTP_CONNECT_TIMEOUT_MS = 10_000;
/** Silence on an open connection this long fails the attempt (well within the worker's lease). */
export const SMTP_SOCKET_TIMEOUT_MS = 30_000;

export interface OutgoingMail {
  /** The outbox row's id, used as the Message-ID's left part (a retried mail keeps its id). */
  id: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
}

/** Thrown when the server refused the mail for good (a 5xx answer): the worker does not retry. */
export class PermanentMailError extends Error {
  override name = 'PermanentMailError';
}

export interface MailTransport {
  deliver(mail: OutgoingMail): Promise<void>;
  close(): void;
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** Whether a host name is this machine (a local relay, where STARTTLS is not demanded). */
export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK.has(hostname.toLowerCase()) || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);
}

/** Reads SMTP_URL; throws a message naming what is wrong (never echoing the password). */
export function smtpOptionsFromUrl(value: string): SMTPTransport.Options {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error('SMTP_URL must be a URL like smtp://user:password@host:587 or smtps://user:password@host:465');
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') throw new Error('SMTP_URL must start with smtp:// or smtps://');
  if (url.hostname === '') throw new Error('SMTP_URL must name a host');
  const secure = url.protocol === 'smtps:';
  const port = url.port === '' ? (secure ? 465 : 587) : Number(url.port);
  const user = decodeURIComponent(url.username);
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  return {
    host,
    port,
    secure,
    requireTLS: !secure && !isLoopbackHost(url.hostname),
    ...(user === '' ? {} : { auth: { user, pass: decodeURIComponent(url.password) } }),
    tls: { rejectUnauthorized: true, servername: host },
    connectionTimeout: SMTP_CONNECT_TIMEOUT_MS,
    greetingTimeout: SMTP_CONNECT_TIMEOUT_MS,
    socketTimeout: SMTP_SOCKET_TIMEOUT_MS,
  };
}

/** SMTP_URL without its credentials, for logs: 'smtp://host:587'. */
export function describeSmtpUrl(value: string): string {
  const options = smtpOptionsFromUrl(value);
  return `${options.secure ? 'smtps' : 'smtp'}://${options.host}:${options.port}${options.requireTLS ? ' (STARTTLS required)' : ''}`;
}

/** The domain of a From address ('"Site" <no-reply@example.com>' -> 'example.com'), else 'localhost'. */
function domainOf(from: string): string {
  const match = /@([A-Za-z0-9.-]+)>?\s*$/.exec(from);
  return match?.[1] ?? 'localhost';
}

function responseCodeOf(error: unknown): number | undefined {
  if (typeof error === 'object' && error !== null && 'responseCode' in error) {
    const code = (error as { responseCode: unknown }).responseCode;
    return typeof code === 'number' ? code : undefined;
  }
  return undefined;
}

/**
 * One plain address: no list separator, angle bracket or control character (a queued row whose
 * address would reach more than one mailbox, or add a header, is refused for good).
 */
const ONE_ADDRESS = /^[^\s@,;<>\u0000-\u001f\u007f]+@[^\s@,;<>\u0000-\u001f\u007f]+$/;

export function createSmtpTransport(smtpUrl: string): MailTransport {
  const transporter = nodemailer.createTransport(smtpOptionsFromUrl(smtpUrl));
  return {
    async deliver(mail) {
      if (!ONE_ADDRESS.test(mail.to)) throw new PermanentMailError('not one mail address');
      try {
        const info = await transporter.sendMail({
          from: mail.from,
          to: mail.to,
          // A header value is one line, whatever a caller queued.
          subject: mail.subject.replace(/[\u0000-\u001f\u007f]/g, ' '),
          text: mail.text,
          ...(mail.html === null ? {} : { html: mail.html }),
          messageId: `<${mail.id}@${domainOf(mail.from)}>`,
          disableFileAccess: true,
          disableUrlAccess: true,
        });
        if (info.rejected.length > 0) throw new PermanentMailError(`recipient refused: ${info.response}`);
      } catch (error) {
        const code = responseCodeOf(error);
        if (code !== undefined && code >= 500 && code < 600 && !(error instanceof PermanentMailError)) {
          throw new PermanentMailError(error instanceof Error ? error.message : String(error));
        }
        throw error;
      }
    },
    close() {
      transporter.close();
    },
  };
}
