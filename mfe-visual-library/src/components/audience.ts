/**
 * Audience rules of the visual-library page (PAY-04): subscribers have subscriber-only elements
 * hidden and are sent to /visual-library once signed in; registered users (and subscribers) have
 * the offers and register elements hidden.
 */
import { useEffect, useRef } from 'react';
import { matchPath, useLocation, useNavigate } from 'shared-contracts/router';
import { bus, type UserState } from 'shared-contracts';
import { LIBRARY_PATH } from './query';

export type AudienceMark = 'subscriber-only' | 'offer' | 'register';

/** True when an element with this mark is hidden for a reader of this status. */
export function audienceHidden(status: UserState['status'], mark: AudienceMark): boolean {
  if (mark === 'subscriber-only') return status === 'subscriber';
  return status === 'registered' || status === 'subscriber';
}

/** The DOM marker and `hidden` of an audience-ruled element: spread on the element. */
export function audienceProps(status: UserState['status'], mark: AudienceMark): Record<string, string | boolean> {
  return { [`data-${mark}`]: '', hidden: audienceHidden(status, mark) };
}

/** A path below /visual-library (not /visual-library itself). */
export function isLibrarySubPath(pathname: string): boolean {
  return matchPath({ path: `${LIBRARY_PATH}/*`, end: true }, pathname) !== null && matchPath({ path: LIBRARY_PATH, end: true }, pathname) === null;
}

/** A subscriber who signs in on a visual-library sub-path is sent to /visual-library. */
export function useSubscriberRedirect(): void {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const path = useRef(pathname);
  path.current = pathname;
  useEffect(
    () =>
      bus.on('user:changed', ({ user }) => {
        if (user?.status === 'subscriber' && isLibrarySubPath(path.current)) navigate(LIBRARY_PATH, { replace: true });
      }),
    [navigate],
  );
}
