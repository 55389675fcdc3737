/**
 * What every flyout body shares: the frame's callbacks, the sign-in check of a failed call and the
 * save-failure message of SITE-08 ('There was an error ...' at once, 'Save operation failed!' 5 s on).
 */
import { useEffect, useState } from 'react';
import { ApiError, MESSAGES, type Folder } from 'shared-contracts';
import { SAVE_FAILED_FOLLOW_UP_MS } from 'shared-contracts/library';

/** What LibraryFlyout gives the body of the flyout it shows. */
export interface FlyoutBodyProps {
  /** The action succeeded: show `message` for FLYOUT_CONFIRMATION_MS, then onDone({ message }). */
  confirm(message: string): void;
  /** A Cancel button: closes like the close button. */
  cancel(): void;
  /** The server says the session is gone (401): ask for sign-in and close. */
  signIn(): void;
}

/** A 401: the reader's session ended while the flyout was open. */
export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/** A 409 (the folder name is taken on the server). */
export function isConflict(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409;
}

/**
 * A flyout's load: a 401 asks the reader to sign in (unless the flyout is gone, `signal` aborted);
 * the error still reaches the caller, which shows loading for a 401 and the failure for the rest.
 */
export function signInOn401<T>(load: Promise<T>, signal: AbortSignal, signIn: () => void): Promise<T> {
  return load.catch((error: unknown) => {
    if (isUnauthorized(error) && !signal.aborted) signIn();
    throw error;
  });
}

export type SaveFailureStage = 'error' | 'failed';

/**
 * The save failure of SITE-08: `fail()` shows MESSAGES.folder.saveError at once and replaces it with
 * MESSAGES.folder.saveFailed after SAVE_FAILED_FOLLOW_UP_MS. `clear()` on the next attempt.
 */
export function useSaveFailure() {
  const [stage, setStage] = useState<SaveFailureStage | null>(null);
  // A new failure restarts the 5 s, so the follow-up always comes 5 s after the latest one.
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (stage !== 'error') return;
    const timer = setTimeout(() => setStage('failed'), SAVE_FAILED_FOLLOW_UP_MS);
    return () => clearTimeout(timer);
  }, [stage, attempt]);
  return {
    stage,
    message: stage === 'error' ? MESSAGES.folder.saveError : stage === 'failed' ? MESSAGES.folder.saveFailed : null,
    fail() {
      setStage('error');
      setAttempt((n) => n + 1);
    },
    clear() {
      setStage(null);
    },
  };
}

/** The save failure line (role=alert), in a fixed place below the actions. */
export function SaveFailureNotice({ message }: { message: string | null }) {
  if (message === null) return null;
  return (
    <p role="alert" className="form-error save-failure">
      {message}
    </p>
  );
}

/** Folders a member may add items to: every folder that is not read-only, and not 'My Library'. */
export function chooseableFolders(folders: readonly Folder[], myLibrary: Folder | null): Folder[] {
  return folders.filter((f) => !f.readOnly && f.id !== myLibrary?.id);
}
