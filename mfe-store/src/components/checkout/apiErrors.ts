/**
 * What the checkout steps and the order page read from a failed call. Apart from components/common.tsx,
 * which is in the first chunk: these are used only by pages loaded when first shown.
 */
import { ApiError } from 'shared-contracts';

/** Field errors of a failed call (`errors[]` of the API error body). */
export function fieldErrors(error: unknown): { field: string; errorMessage: string }[] {
  if (error instanceof ApiError && error.body && 'errors' in error.body && Array.isArray(error.body.errors)) return error.body.errors;
  return [];
}

export function statusOf(error: unknown): number | null {
  return error instanceof ApiError ? error.status : null;
}
