/** Small helpers for request bodies before zod sees them. */

/**
 * The body with each named field that is missing or null set to '', so the service's field rules
 * (not a type error) answer 'This field is required.' for it, alongside the other fields' errors.
 */
export function withBlankFields(body: unknown, fields: readonly string[]): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const out: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  for (const field of fields) if (out[field] === undefined || out[field] === null) out[field] = '';
  return out;
}
