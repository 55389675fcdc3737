/**
 * Return paths after logout: only a local path is followed, so /logout cannot send a reader to
 * another site (no open redirect).
 */
export function safeReturnPath(candidate: unknown): string {
  if (typeof candidate !== 'string' || candidate.length === 0 || candidate.length > 2048) return '/';
  // Must start with exactly one '/', not '//' or '/\' (browsers read both as another host).
  if (!candidate.startsWith('/') || candidate.startsWith('//') || candidate.startsWith('/\\')) return '/';
  // Control characters (tabs, newlines) are stripped by browsers and could form '//' again.
  if (/[\u0000-\u001f\u007f\\]/.test(candidate)) return '/';
  return candidate;
}
