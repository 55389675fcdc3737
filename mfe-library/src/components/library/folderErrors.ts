import { ApiError, MESSAGES } from 'shared-contracts';

/**
 * What a failed folder create, rename or delete shows (SITE-08): a 409 shows the server's message
 * (a duplicate name); other errors show the first error text, else the response message; without
 * either (network, a proxy's page) the save error of SITE-08.
 */
export function folderErrorText(error: unknown): string {
  if (!(error instanceof ApiError) || !error.body) return MESSAGES.folder.saveError;
  const body = error.body;
  const message = 'message' in body && typeof body.message === 'string' ? body.message.trim() : '';
  if (error.status === 409) return message || MESSAGES.folder.duplicate;
  const first = 'errors' in body && Array.isArray(body.errors) ? body.errors.find((e) => e.errorMessage.trim())?.errorMessage : undefined;
  return first || message || MESSAGES.folder.saveError;
}
