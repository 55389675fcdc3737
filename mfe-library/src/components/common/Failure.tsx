/**
 * What a failed member action shows. A 403 is the server refusing on purpose (a subscriber-only
 * newsletter, a subscriber-limited topic: SITE-06, decision 012): its message is shown as is.
 * Anything else (500, network, a malformed answer) is the generic failure of SITE-08 with the
 * 24/7 customer-service lines and mail address, whose code (GenericFailure.tsx) is fetched when a
 * failure is shown, not with the library's first view (decision 038).
 */
import { ApiError, lazyComponent } from 'shared-contracts';

export type Failure = { kind: 'refused'; message: string } | { kind: 'generic' };

/** The failure to show for an error; `refusedFallback` when a 403 carries no message. */
export function failureOf(error: unknown, refusedFallback: string): Failure {
  if (error instanceof ApiError && error.status === 403) {
    const body = error.body;
    const message = body && 'message' in body && body.message.trim() ? body.message : refusedFallback;
    return { kind: 'refused', message };
  }
  return { kind: 'generic' };
}

/** 'We are sorry. We are unable to process your request at this time.' plus phones and mail (SITE-08). */
export const GenericFailure = lazyComponent(() => import('shared-contracts/notices').then((m) => m.GenericFailure));

/** The notice of a failure, or nothing. */
export function FailureNotice({ failure }: { failure: Failure | null }) {
  if (!failure) return null;
  if (failure.kind === 'refused') {
    return (
      <p role="alert" className="refused">
        {failure.message}
      </p>
    );
  }
  return <GenericFailure />;
}
