import { useCallback, useRef } from 'react';
import type { GridRow } from './table-features';

const EMPTY_ROWS: readonly never[] = [];

/** A ref that always holds the latest value (read by callbacks created earlier). */
export function useLatest<V>(value: V) {
  const ref = useRef(value);
  ref.current = value;
  return ref;
}

/** A function whose identity never changes but that always runs the latest `fn` (for memoized children). */
export function useStableCallback<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  const ref = useLatest(fn);
  return useCallback((...args: A) => ref.current(...args), [ref]);
}

/**
 * The rows to show: `undefined` (a query still loading) keeps the previous rows, and an array equal
 * item by item to the previous one keeps the previous identity so the row models are not rebuilt.
 */
export function useShownRows<T>(data: readonly T[] | undefined): readonly T[] {
  const last = useRef<readonly T[]>(EMPTY_ROWS);
  if (data !== undefined && data !== last.current) {
    const prev = last.current;
    const same = data.length === prev.length && data.every((row, i) => row === prev[i]);
    if (!same) last.current = data;
  }
  return last.current;
}

let lookupCounter = 0;
const lookupIds = new WeakMap<object, number>();
export function lookupIdentity(data: object): number {
  let id = lookupIds.get(data);
  if (id === undefined) {
    lookupCounter += 1;
    id = lookupCounter;
    lookupIds.set(data, id);
  }
  return id;
}

export function countLeaves<T extends object>(row: GridRow<T>): number {
  if (!row.subRows.length) return 1;
  let n = 0;
  for (const sub of row.subRows) n += countLeaves(sub);
  return n;
}

export function collectLeaves<T extends object>(rows: readonly GridRow<T>[], out: T[]): T[] {
  for (const row of rows) {
    if (row.getIsGrouped()) collectLeaves(row.subRows, out);
    else out.push(row.original);
  }
  return out;
}
