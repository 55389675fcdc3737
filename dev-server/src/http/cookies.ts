/** The session cookie: 'sid', HttpOnly, SameSite=Lax, Path=/, Secure behind HTTPS. */
import type { Request, Response } from 'express';
import { SESSION_HINT_COOKIE } from 'shared-contracts/server';

export const SESSION_COOKIE = 'sid';

export function readCookie(req: Request, name: string): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    const raw = part
      .slice(eq + 1)
      .trim()
      .replace(/^"(.*)"$/, '$1');
    try {
      return decodeURIComponent(raw);
    } catch {
      return undefined;
    }
  }
  return undefined;
}

export function setSessionCookie(res: Response, token: string, expires: Date, secure: boolean): void {
  res.cookie(SESSION_COOKIE, token, { httpOnly: true, sameSite: 'lax', path: '/', secure, expires });
  // Readable by the page: "a session may exist" (shared-contracts SESSION_HINT_COOKIE). No secret in it.
  res.cookie(SESSION_HINT_COOKIE, '1', { httpOnly: false, sameSite: 'lax', path: '/', secure, expires });
}

export function clearSessionCookie(res: Response, secure: boolean): void {
  res.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', path: '/', secure });
  res.clearCookie(SESSION_HINT_COOKIE, { httpOnly: false, sameSite: 'lax', path: '/', secure });
}
