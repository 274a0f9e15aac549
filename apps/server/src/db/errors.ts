/**
 * True when a database error carries this SQLSTATE, whichever driver raised it and however deep drizzle
 * wrapped it (`cause`).
 */
export function hasSqlState(e: unknown, state: string): boolean {
  let cur: unknown = e;
  for (let i = 0; i < 5 && cur && typeof cur === 'object'; i++) {
    if ((cur as { code?: unknown }).code === state) return true;
    cur = (cur as { cause?: unknown }).cause;
  }
  return false;
}

/** True when a database error is a unique-constraint violation (PostgreSQL 23505). */
export function isUniqueViolation(e: unknown): boolean {
  return hasSqlState(e, '23505');
}
