/**
 * Return paths after logout: only a local path is followed, so /logout cannot send a reader to
 * another site (no open redirect).
 */

/** A path a browser could read as another host or a script: //x, /\x, backslashes, control characters. */
function unsafe(path: string): boolean {
  // Must start with exactly one '/', not '//' or '/\' (browsers read both as another host).
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return true;
  // Backslashes and control characters (tabs, newlines, which browsers strip) could form '//' again.
  return /[\u0000-\u001f\u007f\\]/.test(path);
}

export function safeReturnPath(candidate: unknown): string {
  if (typeof candidate !== 'string' || candidate.length === 0 || candidate.length > 2048) return '/';
  // Every decoding of the value must be safe too (%2F%2Fevil.example, %5C, double encodings),
  // whatever a later hop might decode.
  let layer = candidate;
  for (let i = 0; i < 4; i++) {
    if (unsafe(layer)) return '/';
    let decoded: string;
    try {
      decoded = decodeURIComponent(layer);
    } catch {
      return '/';
    }
    if (decoded === layer) return candidate;
    layer = decoded;
  }
  return '/';
}
