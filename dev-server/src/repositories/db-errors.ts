/** Recognising database errors the repositories turn into answers, on SQLite and PostgreSQL alike. */

/** True for a UNIQUE (or primary key) violation: better-sqlite3's code, or PostgreSQL's SQLSTATE 23505. */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  const code = (error as { code: unknown }).code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505';
}
