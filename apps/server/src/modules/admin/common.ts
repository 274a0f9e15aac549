import { randomUUID } from 'node:crypto';

export const newGuid = () => randomUUID();

/** Counts from a raw query, whichever driver (pg answers bigint as text unless cast). */
export const n = (v: unknown) => Number(v ?? 0);
