import { useCallback, useMemo } from 'react';
import type { GridColumn, GridRowKey } from './types';
import { columnsSignature, resolveColumn, type ResolvedColumn } from './columns';
import { buildColumnDefs, makeGlobalFilterFn } from './column-defs';
import { lookupIdentity, useLatest } from './grid-utils';

/**
 * The screen's columns with their defaults worked out, the TanStack definitions built from them, and
 * the row key. TanStack's column definitions change only when the columns' structure does; their
 * functions read the latest resolved columns, so screens may re-create column objects on every render.
 */
export function useGridColumns<T extends object>(options: {
  columns: readonly GridColumn<T>[];
  rowKey: (keyof T & string) | ((row: T) => GridRowKey);
  labels: { yes: string; no: string };
}) {
  const { columns, labels } = options;
  const rowKeyRef = useLatest(options.rowKey);
  const keyOf = useCallback(
    (row: T): GridRowKey => {
      const k = rowKeyRef.current;
      if (typeof k === 'function') return k(row);
      const v = (row as Record<string, unknown>)[k];
      return typeof v === 'number' || typeof v === 'string' ? v : String(v);
    },
    [rowKeyRef],
  );
  const { yes, no } = labels;
  const resolved = useMemo(() => columns.map((c) => resolveColumn(c, { yes, no })), [columns, yes, no]);
  const byId = useMemo(() => new Map(resolved.map((c) => [c.id, c])), [resolved]);
  const byIdRef = useLatest(byId);
  const getColumn = useCallback(
    (id: string): ResolvedColumn<T> | undefined => byIdRef.current.get(id),
    [byIdRef],
  );
  const signature = columnsSignature(resolved, lookupIdentity);
  const resolvedRef = useLatest(resolved);
  const columnDefs = useMemo(
    () => (signature ? buildColumnDefs(resolvedRef.current, getColumn) : []),
    [signature, resolvedRef, getColumn],
  );
  const globalFilterFn = useMemo(() => makeGlobalFilterFn(getColumn), [getColumn]);
  return { keyOf, resolved, byId, getColumn, columnDefs, globalFilterFn };
}
