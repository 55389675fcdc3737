/**
 * The recognised-browser cookie 'known_device': a random token bound to the account that last
 * signed in with its password in this browser (services/lockout.ts). HttpOnly, SameSite=Lax,
 * Secure behind HTTPS, one year, and sent only to the sign-in endpoint (Path=/authenticate).
 */
import type { Request, Response } from 'express';
import type { KnownDevice } from '../services/auth';
import { readCookie } from './cookies';

export const KNOWN_DEVICE_COOKIE = 'known_device';
export const KNOWN_DEVICE_COOKIE_PATH = '/authenticate';

export function readKnownDevice(req: Request): string | undefined {
  return readCookie(req, KNOWN_DEVICE_COOKIE);
}

export function setKnownDeviceCookie(res: Response, device: KnownDevice, secure: boolean): void {
  res.cookie(KNOWN_DEVICE_COOKIE, device.token, {
    httpOnly: true,
    sameSite: 'lax',
    path: KNOWN_DEVICE_COOKIE_PATH,
    secure,
    expires: device.expiresAt,
  });
}
