/**
 * A browser's canary cohort (decisions 037, 046): a random id in a sticky cookie (`mfe_cohort`, a
 * year, HttpOnly), from which its bucket per remote is derived, plus the canaries it opts in to by
 * cookie (`mfe_canary`) or header (`X-Mfe-Canary`). The opt-in counts only for a signed-in operator
 * or a release tester the operators listed: from anyone else it is ignored, so nobody can make the
 * site (or its server render) load a canary at will (decision 046). The id is handed out only while
 * some canary has a share of browsers, with the page or the /remotes.json answer that first needs
 * it; the page's own render then reads /remotes.json with it (the request's Cookie header gains it),
 * so the HTML and the browser are given the same version.
 */
import { randomBytes } from 'node:crypto';
import type { Request, Response } from 'express';
import { canaryOptIn, RELEASE_CANARY_COOKIE, RELEASE_CANARY_HEADER, RELEASE_COHORT_COOKIE } from 'shared-contracts/server';
import type { Cohort, RegistrySnapshot } from '../services/releases';
import { readCookie } from './cookies';
import type { ViewerLookup } from './session';

const COHORT_ID = /^[A-Za-z0-9_-]{16,64}$/;
const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/** The canaries a request asks to opt in to (cookie or header), before anyone is checked. */
export function requestedOptIn(req: Request): 'all' | Set<string> {
  const fromCookie = canaryOptIn(readCookie(req, RELEASE_CANARY_COOKIE));
  const fromHeader = canaryOptIn(req.get(RELEASE_CANARY_HEADER));
  return fromCookie === 'all' || fromHeader === 'all' ? 'all' : new Set([...fromCookie, ...fromHeader]);
}

/**
 * Whether this request's opt-in counts: it asks for one and is signed in as someone allowed
 * (`mayOptIn`: an operator or a release tester). A request that asks for none costs no lookup.
 */
export async function optInAllowed(req: Request, viewers: Pick<ViewerLookup, 'viewerOf'>, mayOptIn: (userId: string) => Promise<boolean>): Promise<boolean> {
  const asked = requestedOptIn(req);
  if (asked !== 'all' && asked.size === 0) return false;
  const viewer = await viewers.viewerOf(req);
  return viewer !== null && (await mayOptIn(viewer.user.id));
}

/** The request's cohort as it stands (no cookie is set); its opt-in only when `allowed`. */
export function cohortOf(req: Request, allowed: boolean): Cohort {
  const id = readCookie(req, RELEASE_COHORT_COOKIE);
  return { id: id !== undefined && COHORT_ID.test(id) ? id : undefined, optIn: allowed ? requestedOptIn(req) : new Set() };
}

/**
 * The request's cohort, with a new id (cookie set on the answer, and added to the request's own
 * Cookie header for the page's render) when it has none and some canary has a share of browsers.
 */
export function assignCohort(req: Request, res: Response, snapshot: RegistrySnapshot, secure: boolean, allowed: boolean): Cohort {
  const cohort = cohortOf(req, allowed);
  if (cohort.id !== undefined || !snapshot.sharedCanary) return cohort;
  const id = randomBytes(12).toString('base64url');
  res.cookie(RELEASE_COHORT_COOKIE, id, { httpOnly: true, sameSite: 'lax', path: '/', secure, maxAge: YEAR_MS });
  req.headers.cookie = req.headers.cookie ? `${req.headers.cookie}; ${RELEASE_COHORT_COOKIE}=${id}` : `${RELEASE_COHORT_COOKIE}=${id}`;
  return { ...cohort, id };
}
