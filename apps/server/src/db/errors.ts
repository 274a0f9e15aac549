/**
 * True when a database error is a unique-constraint violation (PostgreSQL 23505), whichever driver
 * raised it and however deep drizzle wrapped it (`cause`).
 */
export function isUniqueViolation(e: unknown): boolean {
  let cur: unknown = e;
  for (let i = 0; i < 5 && cur && typeof cur === 'object'; i++) {
    if ((cur as { code?: unknown }).code === '23505') return true;
    cur = (cur as { cause?: unknown }).cause;
  }
  return false;
}
