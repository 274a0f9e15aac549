import { useEffect, useMemo, useState } from 'react';
import { functionalUpdate, type RowSelectionState, type Updater } from '@tanstack/react-table';
import type { GridRowKey } from './types';
import { useLatest, useStableCallback } from './grid-utils';

/**
 * Selected rows (own, or controlled by `selectedKeys`), the focused row (own, or `focusedRowKey`)
 * and the open detail rows. Rows that leave the data leave the own selection too.
 */
export function useGridSelection<T>(options: {
  rowsById: ReadonlyMap<string, T>;
  keyOf: (row: T) => GridRowKey;
  selectedKeys: readonly GridRowKey[] | undefined;
  onSelectionChange: ((keys: GridRowKey[], rows: T[]) => void) | undefined;
  focusedRowKey: GridRowKey | null | undefined;
  onFocusedRowChange: ((row: T | null, key: GridRowKey | null) => void) | undefined;
}) {
  const { rowsById, keyOf, selectedKeys, onSelectionChange, focusedRowKey, onFocusedRowChange } = options;
  const [ownSelection, setOwnSelection] = useState<RowSelectionState>({});
  const rowSelection = useMemo<RowSelectionState>(
    () =>
      selectedKeys ? Object.fromEntries(selectedKeys.map((k) => [String(k), true as const])) : ownSelection,
    [selectedKeys, ownSelection],
  );
  const reportSelection = (next: RowSelectionState) => {
    if (!onSelectionChange) return;
    const keys: GridRowKey[] = [];
    const picked: T[] = [];
    for (const id of Object.keys(next)) {
      const row = next[id] ? rowsById.get(id) : undefined;
      if (row) {
        keys.push(keyOf(row));
        picked.push(row);
      }
    }
    onSelectionChange(keys, picked);
  };
  const setSelection = (updater: Updater<RowSelectionState>) => {
    const next = functionalUpdate(updater, rowSelection);
    if (!selectedKeys) setOwnSelection(next);
    reportSelection(next);
  };
  // Rows that left the data (a refetch) leave the selection too.
  const pruneRef = useLatest({ selectedKeys, ownSelection, reportSelection });
  useEffect(() => {
    const { selectedKeys: controlled, ownSelection: own, reportSelection: report } = pruneRef.current;
    if (controlled) return;
    const ids = Object.keys(own);
    const kept = ids.filter((id) => rowsById.has(id));
    if (kept.length !== ids.length) {
      const next = Object.fromEntries(kept.map((id) => [id, true as const]));
      setOwnSelection(next);
      report(next);
    }
  }, [rowsById, pruneRef]);

  const [ownFocused, setOwnFocused] = useState<string | null>(null);
  const focusedId =
    focusedRowKey !== undefined ? (focusedRowKey === null ? null : String(focusedRowKey)) : ownFocused;
  const focusRowId = (id: string | null) => {
    if (id === focusedId) return;
    setOwnFocused(id);
    const row = id === null ? null : (rowsById.get(id) ?? null);
    onFocusedRowChange?.(row, row ? keyOf(row) : null);
  };

  const [openDetails, setOpenDetails] = useState<Record<string, boolean>>({});
  const toggleDetail = useStableCallback((id: string) =>
    setOpenDetails((prev) => ({ ...prev, [id]: !prev[id] })),
  );

  return { rowSelection, setSelection, focusedId, focusRowId, openDetails, toggleDetail };
}
