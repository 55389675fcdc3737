/**
 * The guest device cookie 'mid': 32 random bytes (base64url), HttpOnly, SameSite=Lax, Path=/, one
 * year, Secure behind HTTPS. The meter keys a guest by its SHA-256 (services/meter.ts); only the
 * content call sets it, and only when the browser has none (or a malformed one).
 */
import type { Request, Response } from 'express';
import { isDeviceToken, newDeviceToken } from '../services/meter';
import { readCookie } from './cookies';

export const DEVICE_COOKIE = 'mid';
export const DEVICE_COOKIE_MAX_AGE_MS = 365 * 24 * 60 * 60 * 1000;

/** The request's well-formed device token, or undefined. */
export function deviceTokenOf(req: Request): string | undefined {
  const token = readCookie(req, DEVICE_COOKIE);
  return isDeviceToken(token) ? token : undefined;
}

/** The request's device token, making (and setting) a new one when it has none. */
export function ensureDeviceToken(req: Request, res: Response, secure: boolean): string {
  const existing = deviceTokenOf(req);
  if (existing) return existing;
  const token = newDeviceToken();
  res.cookie(DEVICE_COOKIE, token, { httpOnly: true, sameSite: 'lax', path: '/', secure, maxAge: DEVICE_COOKIE_MAX_AGE_MS });
  return token;
}
