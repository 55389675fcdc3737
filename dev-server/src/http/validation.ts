/**
 * zod at the edge: parse a request's query, params or body, or answer 400 with errors[] naming each
 * field. A missing or blank field gets the spec's 'This field is required.'
 */
import * as z from 'zod';
import { MESSAGES } from 'shared-contracts/server';
import { InvalidInputError, type FieldError } from '../services/errors';

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let current = input;
  for (const key of path) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

export function fieldErrors(error: z.core.$ZodError, input: unknown): FieldError[] {
  const seen = new Set<string>();
  const out: FieldError[] = [];
  for (const issue of error.issues) {
    const field = issue.path.map(String).join('.') || 'body';
    if (seen.has(field)) continue;
    seen.add(field);
    const value = valueAt(input, issue.path);
    const blank = value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
    out.push({ field, errorMessage: blank ? MESSAGES.required : issue.message });
  }
  return out;
}

/** Accepts classic zod and the shared contracts' zod/mini schemas alike (both are core schemas). */
export function parseInput<T extends z.core.$ZodType>(schema: T, input: unknown, message = 'Invalid request'): z.infer<T> {
  const result = z.safeParse(schema, input ?? {});
  if (!result.success) throw new InvalidInputError(message, fieldErrors(result.error, input ?? {}));
  return result.data;
}
