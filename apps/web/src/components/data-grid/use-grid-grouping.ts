import { useMemo, useState } from 'react';
import {
  functionalUpdate,
  type ExpandedState,
  type GroupingState,
  type SortingState,
  type Updater,
} from '@tanstack/react-table';
import type { ResolvedColumn } from './columns';
import { useLatest, useStableCallback } from './grid-utils';

/**
 * Grouping (the group panel's columns, their order, collapsed groups) and the sort it implies:
 * grouped columns order their groups (ascending unless reversed on the group panel), then the
 * user's sort by header clicks. In server mode that sort is the server's, so only a column the
 * server can sort by can be grouped, and every change of the grouping calls `onGroupingChange`
 * (the grid goes to the server's first page of the new order).
 */
export function useGridGrouping<T>(options: {
  byId: ReadonlyMap<string, ResolvedColumn<T>>;
  groupBy: readonly string[] | undefined;
  initialSorting: SortingState;
  serverMode?: boolean;
  onGroupingChange?: () => void;
}) {
  const { byId, serverMode = false } = options;
  const changed = useLatest(options.onGroupingChange);
  const canGroup = useStableCallback((id: string) => {
    const col = byId.get(id);
    return Boolean(col?.groupable && (!serverMode || col.sortable));
  });
  const [grouping, setGroupingState] = useState<GroupingState>(() => [...(options.groupBy ?? [])]);
  const [groupDesc, setGroupDesc] = useState<Record<string, boolean>>({});
  const [userSorting, setUserSorting] = useState<SortingState>(options.initialSorting);
  const [collapsed, setCollapsed] = useState<Record<string, boolean>>({});
  const activeGrouping = useMemo(
    () =>
      grouping.filter((id) => {
        const col = byId.get(id);
        return col !== undefined && (!serverMode || col.sortable);
      }),
    [grouping, byId, serverMode],
  );
  const sorting = useMemo<SortingState>(
    () => [
      ...activeGrouping.map((id) => ({ id, desc: groupDesc[id] === true })),
      ...userSorting.filter((s) => !activeGrouping.includes(s.id) && byId.has(s.id)),
    ],
    [activeGrouping, groupDesc, userSorting, byId],
  );
  /** A header click's new sort (the grouped columns' part is the group panel's). */
  const setSorting = (updater: Updater<SortingState>) =>
    setUserSorting(functionalUpdate(updater, sorting).filter((s) => !activeGrouping.includes(s.id)));
  const setGrouping = (updater: Updater<GroupingState>) => {
    setGroupingState((prev) => functionalUpdate(updater, prev));
    setCollapsed({});
    changed.current?.();
  };
  const addGrouping = useStableCallback((id: string) => {
    if (!canGroup(id)) return;
    setGrouping((prev) => (prev.includes(id) ? prev : [...prev, id]));
  });
  const removeGrouping = useStableCallback((id: string) =>
    setGrouping((prev) => prev.filter((g) => g !== id)),
  );
  const toggleGroupOrder = useStableCallback((id: string) => {
    setGroupDesc((prev) => ({ ...prev, [id]: !prev[id] }));
    changed.current?.();
  });
  const toggleGroup = useStableCallback((rowId: string, open: boolean) =>
    setCollapsed((prev) => ({ ...prev, [rowId]: open })),
  );

  // Groups start expanded: the expanded state lists the collapsed ones.
  const expanded = useMemo<ExpandedState>(() => {
    const closed = Object.keys(collapsed).filter((k) => collapsed[k]);
    return closed.length ? Object.fromEntries(closed.map((k) => [k, false])) : true;
  }, [collapsed]);
  const isCollapsed = (rowId: string) => collapsed[rowId] === true;

  const groupPanelGroups = useMemo(
    () =>
      activeGrouping.map((id) => ({ id, header: byId.get(id)?.header ?? id, desc: groupDesc[id] === true })),
    [activeGrouping, byId, groupDesc],
  );

  return {
    activeGrouping,
    canGroup,
    userSorting,
    sorting,
    setSorting,
    setGrouping,
    addGrouping,
    removeGrouping,
    toggleGroupOrder,
    toggleGroup,
    expanded,
    isCollapsed,
    groupPanelGroups,
  };
}
