import { useEffect, useMemo, useState } from 'react';
import {
  functionalUpdate,
  type ColumnOrderState,
  type ColumnSizingState,
  type ColumnVisibilityState,
  type Updater,
} from '@tanstack/react-table';
import type { ResolvedColumn } from './columns';
import type { ChooserColumn } from './grid-toolbar';
import { readGridLayout, writeGridLayout } from './grid-storage';
import { useStableCallback } from './grid-utils';

function defaultVisibility<T>(resolved: readonly ResolvedColumn<T>[]): ColumnVisibilityState {
  const v: ColumnVisibilityState = {};
  for (const c of resolved) v[c.id] = !c.def.hidden;
  return v;
}

/**
 * The columns' layout: visibility (own or controlled by the screen), order and widths, stored per
 * screen under `storageKey`, and what the column chooser, header drag and "reset layout" do with it.
 */
export function useGridLayout<T>(options: {
  resolved: readonly ResolvedColumn<T>[];
  storageKey: string | undefined;
  controlledVisibility: Readonly<Record<string, boolean>> | undefined;
  onColumnVisibilityChange: ((visibility: Record<string, boolean>) => void) | undefined;
  columnChooser: boolean;
}) {
  const { resolved, storageKey, controlledVisibility, onColumnVisibilityChange } = options;
  const [stored] = useState(() => readGridLayout(storageKey));
  const [ownVisibility, setOwnVisibility] = useState<ColumnVisibilityState>(() => stored.visibility ?? {});
  const [columnOrder, setColumnOrderState] = useState<ColumnOrderState>(() => stored.order ?? []);
  const [columnSizing, setColumnSizingState] = useState<ColumnSizingState>(() => stored.sizing ?? {});
  const columnVisibility = useMemo(
    () => ({ ...defaultVisibility(resolved), ...(controlledVisibility ?? ownVisibility) }),
    [resolved, controlledVisibility, ownVisibility],
  );

  useEffect(() => {
    if (!storageKey) return;
    writeGridLayout(storageKey, { visibility: ownVisibility, order: columnOrder, sizing: columnSizing });
  }, [storageKey, ownVisibility, columnOrder, columnSizing]);

  const setVisibility = (updater: Updater<ColumnVisibilityState>) => {
    const next = functionalUpdate(updater, columnVisibility);
    if (!controlledVisibility) setOwnVisibility(next);
    onColumnVisibilityChange?.(next);
  };
  const setColumnOrder = (updater: Updater<ColumnOrderState>) =>
    setColumnOrderState((prev) => functionalUpdate(updater, prev));
  const setColumnSizing = (updater: Updater<ColumnSizingState>) =>
    setColumnSizingState((prev) => functionalUpdate(updater, prev));

  const hideColumn = useStableCallback((id: string) => setVisibility((prev) => ({ ...prev, [id]: false })));
  const toggleColumn = useStableCallback((id: string, visible: boolean) =>
    setVisibility((prev) => ({ ...prev, [id]: visible })),
  );
  /** Header drag: puts `dragged` before `target`. */
  const moveColumn = useStableCallback((dragged: string, target: string) => {
    const all = resolved.map((c) => c.id);
    const ordered = [
      ...columnOrder.filter((id) => all.includes(id)),
      ...all.filter((id) => !columnOrder.includes(id)),
    ];
    const from = ordered.indexOf(dragged);
    if (from < 0) return;
    ordered.splice(from, 1);
    const to = ordered.indexOf(target);
    ordered.splice(to < 0 ? ordered.length : to, 0, dragged);
    setColumnOrderState(ordered);
  });
  const resetLayout = useStableCallback(() => {
    setColumnOrderState([]);
    setColumnSizingState({});
    const defaults = defaultVisibility(resolved);
    if (!controlledVisibility) setOwnVisibility(defaults);
    onColumnVisibilityChange?.(defaults);
  });

  const visibleCount = resolved.filter((c) => columnVisibility[c.id] !== false).length;
  const chooserColumns: ChooserColumn[] = useMemo(
    () =>
      resolved
        .filter((c) => c.hideable)
        .map((c) => {
          const visible = columnVisibility[c.id] !== false;
          return { id: c.id, header: c.header, visible, canToggle: !visible || visibleCount > 1 };
        }),
    [resolved, columnVisibility, visibleCount],
  );
  const chooserOn = options.columnChooser && (!controlledVisibility || Boolean(onColumnVisibilityChange));

  return {
    columnVisibility,
    columnOrder,
    columnSizing,
    setVisibility,
    setColumnOrder,
    setColumnSizing,
    hideColumn,
    toggleColumn,
    moveColumn,
    resetLayout,
    chooserColumns,
    chooserOn,
  };
}
