/**
 * Secrets that travel in addresses, kept out of the logs (PLAT-08: one JSON line per request, and
 * nothing in it that opens a reader's things). A link that is itself the key must not be readable by
 * whoever reads the logs:
 *
 * - a shared folder's link token: the page `/my-library/shared/{token}` and its API call
 *   `/api/shared-list/{token}` (HMAC of SHARE_LINK_SECRET, services/sharing.ts);
 * - a subscriber's download digest: `/data-visuals/download/{digest}/{file}`;
 * - the tokens in queries: `?token=` of the password-reset and email-confirmation pages, `?gift=`
 *   of an article gift link.
 *
 * The request log drops the query and redacts the path (request-log.ts `logPath`); the logger runs
 * every line's text fields through `redactUrlSecrets` (logger.ts), so a line that names a page or
 * an address some other way (a render warning, a client's failure report, an error message) is
 * redacted too. Express matches paths case-insensitively and decodes percent-escapes in a token, so
 * both are matched here; so are the percent-encoded forms found inside another URL's query.
 */
import { GIFT_QUERY_PARAM } from 'shared-contracts/server';

export const REDACTED = '[redacted]';

/**
 * The characters of a token or digest (base64url, hex), as written or percent-encoded, up to the
 * encoded separator `stop` ('2F' a slash, '26' an ampersand) that ends it inside another URL.
 */
const secretChars = (stop: string) => `(?:[\\w.~+-]|%(?!${stop})[0-9A-F]{2})+`;
/** A '/' as written in a path or percent-encoded inside a query value. */
const SLASH = '(?:/|%2F)';
/** The path prefixes whose next segment is a secret. */
const SECRET_PATHS = ['my-library', 'shared'].join(SLASH) + '|' + ['api', 'shared-list'].join(SLASH) + '|' + ['data-visuals', 'download'].join(SLASH);
const SECRET_SEGMENT = new RegExp(`(${SLASH}(?:${SECRET_PATHS})${SLASH})${secretChars('2F')}`, 'gi');
/** Query values that are secrets, after '?', '&' or ';' (or their percent-encoded forms). */
const SECRET_QUERY = new RegExp(`((?:[?&;]|%3F|%26)(?:token|${GIFT_QUERY_PARAM})(?:=|%3D))${secretChars('26')}`, 'gi');
/** A cheap first look: most lines hold none of these words and are returned as they are. */
const MAY_HOLD_SECRET = new RegExp(`shared|download|token|${GIFT_QUERY_PARAM}`, 'i');

/** A URL, path or any text with the secrets of the addresses in it replaced by '[redacted]'. */
export function redactUrlSecrets(text: string): string {
  if (!MAY_HOLD_SECRET.test(text)) return text;
  return text.replace(SECRET_SEGMENT, `$1${REDACTED}`).replace(SECRET_QUERY, `$1${REDACTED}`);
}

/** A log line's fields with every text (at the top and one level down, as in `error: { message, stack }`) redacted. */
export function redactLogFields<T extends Record<string, unknown>>(fields: T): T {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'string') out[name] = redactUrlSecrets(value);
    else if (value !== null && typeof value === 'object' && !Array.isArray(value) && Object.getPrototypeOf(value) === Object.prototype) {
      out[name] = Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, typeof inner === 'string' ? redactUrlSecrets(inner) : inner]));
    } else out[name] = value;
  }
  return out as T;
}
