import { randomUUID } from 'node:crypto';

/** True when a database error is a unique-constraint violation (PostgreSQL 23505), whichever driver raised it. */
export function isUniqueViolation(e: unknown): boolean {
  let cur: unknown = e;
  for (let i = 0; i < 4 && cur && typeof cur === 'object'; i++) {
    if ((cur as { code?: unknown }).code === '23505') return true;
    cur = (cur as { cause?: unknown }).cause;
  }
  return false;
}

export const newGuid = () => randomUUID();

/** Counts from a raw query, whichever driver (pg answers bigint as text unless cast). */
export const n = (v: unknown) => Number(v ?? 0);
