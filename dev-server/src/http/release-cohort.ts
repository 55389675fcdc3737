/**
 * A browser's canary cohort (decision 037): a random id in a sticky cookie (`mfe_cohort`, a year,
 * HttpOnly), from which its bucket per remote is derived, plus the canaries it opts in to by cookie
 * (`mfe_canary`) or header (`X-Mfe-Canary`). The id is handed out only while some canary has a
 * share of browsers, with the page or the /remotes.json answer that first needs it; the page's own
 * render then reads /remotes.json with it (the request's Cookie header gains it), so the HTML and
 * the browser are given the same version.
 */
import { randomBytes } from 'node:crypto';
import type { Request, Response } from 'express';
import { canaryOptIn, RELEASE_CANARY_COOKIE, RELEASE_CANARY_HEADER, RELEASE_COHORT_COOKIE } from 'shared-contracts/server';
import type { Cohort, RegistrySnapshot } from '../services/releases';
import { readCookie } from './cookies';

const COHORT_ID = /^[A-Za-z0-9_-]{16,64}$/;
const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/** The request's cohort as it stands (no cookie is set). */
export function cohortOf(req: Request): Cohort {
  const id = readCookie(req, RELEASE_COHORT_COOKIE);
  const fromCookie = canaryOptIn(readCookie(req, RELEASE_CANARY_COOKIE));
  const fromHeader = canaryOptIn(req.get(RELEASE_CANARY_HEADER));
  const optIn = fromCookie === 'all' || fromHeader === 'all' ? 'all' : new Set([...fromCookie, ...fromHeader]);
  return { id: id !== undefined && COHORT_ID.test(id) ? id : undefined, optIn };
}

/**
 * The request's cohort, with a new id (cookie set on the answer, and added to the request's own
 * Cookie header for the page's render) when it has none and some canary has a share of browsers.
 */
export function assignCohort(req: Request, res: Response, snapshot: RegistrySnapshot, secure: boolean): Cohort {
  const cohort = cohortOf(req);
  if (cohort.id !== undefined || !snapshot.sharedCanary) return cohort;
  const id = randomBytes(12).toString('base64url');
  res.cookie(RELEASE_COHORT_COOKIE, id, { httpOnly: true, sameSite: 'lax', path: '/', secure, maxAge: YEAR_MS });
  req.headers.cookie = req.headers.cookie ? `${req.headers.cookie}; ${RELEASE_COHORT_COOKIE}=${id}` : `${RELEASE_COHORT_COOKIE}=${id}`;
  return { ...cohort, id };
}
