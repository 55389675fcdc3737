/**
 * Which versions /remotes.json served a browser, bound to the browser (decision 046): a random
 * browser id and the versions, signed with a key of the site, in the HttpOnly `mfe_served` cookie
 * (path /api, where the reports go). A failure or load report counts only for a version this
 * cookie names, and is limited per browser id: nobody can report a version they were not served,
 * and one browser counts as one.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Request, Response } from 'express';
import { REMOTE_NAMES, RELEASE_SERVED_COOKIE, type RemoteName } from 'shared-contracts/server';
import { DEV_DIGEST_SECRET } from '../services/subscriptions';
import { readCookie } from './cookies';

/** The key the served-versions cookie is signed with: the site's digest key under its own label (as the share links' is). */
export function servedKey(config: { digestSecret?: string }): string {
  return config.digestSecret ?? DEV_DIGEST_SECRET;
}

export interface Served {
  /** The browser's random id (kept while the cookie is). */
  browser: string;
  versions: Partial<Record<RemoteName, string>>;
}

const BROWSER_ID = /^[A-Za-z0-9_-]{16,32}$/;
const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

function sign(key: string, payload: string): string {
  return createHmac('sha256', `release-served:${key}`).update(payload).digest('base64url');
}

export function encodeServed(key: string, served: Served): string {
  const payload = Buffer.from(JSON.stringify({ b: served.browser, v: served.versions })).toString('base64url');
  return `${payload}.${sign(key, payload)}`;
}

/** The cookie's value checked; null when it is absent, forged or malformed. */
export function decodeServed(key: string, value: string | undefined): Served | null {
  if (!value || value.length > 1200) return null;
  const [payload, signature, extra] = value.split('.');
  if (!payload || !signature || extra !== undefined) return null;
  const expected = Buffer.from(sign(key, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { b?: unknown; v?: unknown };
    if (typeof parsed.b !== 'string' || !BROWSER_ID.test(parsed.b) || typeof parsed.v !== 'object' || parsed.v === null) return null;
    const versions: Served['versions'] = {};
    for (const remote of REMOTE_NAMES) {
      const version = (parsed.v as Record<string, unknown>)[remote];
      if (typeof version === 'string') versions[remote] = version;
    }
    return { browser: parsed.b, versions };
  } catch {
    return null;
  }
}

export function servedOf(req: Request, key: string): Served | null {
  return decodeServed(key, readCookie(req, RELEASE_SERVED_COOKIE));
}

/**
 * Records on the answer that this browser is served `versions` (the browser keeps its id); sets the
 * cookie only when what it says changes.
 */
export function markServed(req: Request, res: Response, key: string, versions: Record<RemoteName, string>, secure: boolean): void {
  const known = servedOf(req, key);
  if (known && REMOTE_NAMES.every((r) => known.versions[r] === versions[r])) return;
  const browser = known?.browser ?? randomBytes(16).toString('base64url');
  res.cookie(RELEASE_SERVED_COOKIE, encodeServed(key, { browser, versions }), { httpOnly: true, sameSite: 'lax', path: '/api', secure, maxAge: YEAR_MS });
}
