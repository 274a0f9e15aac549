import {
  useCallback,
  useEffect,
  useId,
  useImperativeHandle,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { Checkbox, LoadingOverlay, Table } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  functionalUpdate,
  useTable,
  type ColumnOrderState,
  type ColumnSizingState,
  type ColumnVisibilityState,
  type ExpandedState,
  type GroupingState,
  type RowSelectionState,
  type SortingState,
  type Updater,
} from '@tanstack/react-table';
import { observeElementRect, useVirtualizer } from '@tanstack/react-virtual';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { DataGridHandle, DataGridProps, GridFilterValue, GridRowKey } from './types';
import { columnsSignature, resolveColumn, type ResolvedColumn } from './columns';
import { buildColumnDefs, makeGlobalFilterFn } from './column-defs';
import { gridFeatures, type GridRow } from './table-features';
import { isEmptyFilter, isFilterValue } from './filters';
import { readGridLayout, writeGridLayout } from './grid-storage';
import { buildSnapshot, snapshotToPrint, type GridSnapshot } from './grid-snapshot';
import { printTable } from './print-table';
import { DATETIME_FORMAT } from './format';
import { FilterCell } from './filter-cell';
import { HeaderCell } from './header-cell';
import { GroupPanel } from './group-panel';
import { GridToolbar, type ChooserColumn } from './grid-toolbar';
import { GridPager } from './grid-pager';
import { EditForm } from './edit-form';
import { ConfirmDialog } from './confirm-dialog';
import { DataRow, GroupRow, type RowHandlers } from './grid-rows';
import { useEditSession } from './use-edit-session';
import { EditRow } from './edit-row';
import {
  collectLeaves,
  countLeaves,
  lookupIdentity,
  useLatest,
  useShownRows,
  useStableCallback,
} from './grid-utils';
import classes from './data-grid.module.css';

const DEFAULT_PAGE_SIZES: readonly number[] = [10, 20, 50];
const ROW_HEIGHT = 37;
const DEFAULT_VIRTUAL_HEIGHT = 560;
const LEAD_WIDTH = 40;
const ACTIONS_WIDTH = 92;

type DisplayItem<T extends object> =
  | { kind: 'group'; key: string; row: GridRow<T>; continued: boolean }
  | { kind: 'data'; key: string; row: GridRow<T> }
  | { kind: 'detail'; key: string; row: GridRow<T> };

function resolveText(value: string | (() => string) | undefined): string | undefined {
  return typeof value === 'function' ? value() : value;
}

/**
 * The product's one grid. A screen describes its columns and options; filtering, sorting, grouping,
 * paging or virtual scrolling, summaries, master-detail, selection, the column chooser with its
 * stored layout, export, print and editing all happen here. See `types.ts` for every option.
 *
 * Keep `columns` and `data` stable (module scope, `useMemo`, query data): the grid tolerates new
 * arrays with the same content, but stable inputs are cheapest.
 *
 * @example
 * const columns = useMemo<GridColumn<Office>[]>(() => [
 *   { field: 'Id', header: t('id'), type: 'number', readOnly: true, width: 80 },
 *   { field: 'Name', header: t('name'), required: true },
 *   { field: 'CityId', header: t('city'), lookup: { data: cities, valueField: 'Id', displayField: 'Name' } },
 *   { field: 'IsCenter', header: t('distributionCentre'), type: 'boolean' },
 *   { field: 'DistOfficeId', header: t('distributionOffice'), lookup: officeLookup, disabled: (d) => d.IsCenter === true },
 * ], [t, cities, officeLookup]);
 *
 * <DataGrid columns={columns} data={offices.data} rowKey="Id" loading={offices.isFetching}
 *   storageKey="po.grid.offices" exportFileName={() => `offices ${dayjs().format('YYYY-MM-DD')}`}
 *   onRefresh={() => offices.refetch()}
 *   editing={{ mode: 'form', allowAdding: true, allowUpdating: true, newRowDefaults: { IsCenter: false },
 *     onInsert: (values) => insert.mutateAsync(values), onUpdate: (key, values) => update.mutateAsync(values) }}
 *   onEditorValueChange={(field, value) => (field === 'IsCenter' && value ? { DistOfficeId: null } : undefined)}
 *   renderDetail={(office) => <OfficeUsers officeId={office.Id} />} />
 */
export function DataGrid<T extends object>(props: DataGridProps<T>) {
  const {
    columns,
    data,
    rowKey,
    storageKey,
    loading = false,
    emptyText,
    label,
    filterRow = true,
    searchPanel = false,
    sorting: sortingOn = true,
    grouping: groupingOn = false,
    groupBy,
    pageSizes = DEFAULT_PAGE_SIZES,
    defaultPageSize,
    paging = true,
    virtual = false,
    height,
    renderDetail,
    selection = 'none',
    selectedKeys,
    onSelectionChange,
    focusedRowKey,
    onFocusedRowChange,
    onRowClick,
    onRowDoubleClick,
    rowClassName,
    columnChooser = true,
    columnVisibility: controlledVisibility,
    onColumnVisibilityChange,
    exportFileName,
    print: printOption,
    printTitle,
    editing,
    onEditorValueChange,
    toolbar,
    onRefresh,
    ref,
  } = props;
  const { t } = useTranslation('grid');
  const gridId = useId().replace(/[^a-zA-Z0-9]/g, '');
  const dndType = `application/x-po-grid-${gridId}`.toLowerCase();
  const scrollRef = useRef<HTMLDivElement>(null);

  // ----- rows and columns -------------------------------------------------------------------
  const rows = useShownRows(data);
  const rowKeyRef = useLatest(rowKey);
  const keyOf = useCallback(
    (row: T): GridRowKey => {
      const k = rowKeyRef.current;
      if (typeof k === 'function') return k(row);
      const v = (row as Record<string, unknown>)[k];
      return typeof v === 'number' || typeof v === 'string' ? v : String(v);
    },
    [rowKeyRef],
  );
  const rowsById = useMemo(() => {
    const map = new Map<string, T>();
    for (const row of rows) map.set(String(keyOf(row)), row);
    return map;
  }, [rows, keyOf]);

  const yes = t('yes');
  const no = t('no');
  const resolved = useMemo(() => columns.map((c) => resolveColumn(c, { yes, no })), [columns, yes, no]);
  const byId = useMemo(() => new Map(resolved.map((c) => [c.id, c])), [resolved]);
  const byIdRef = useLatest(byId);
  const getColumn = useCallback((id: string) => byIdRef.current.get(id), [byIdRef]);
  // TanStack's column definitions change only when the columns' structure does; their functions
  // read the latest resolved columns, so screens may re-create column objects on every render.
  const signature = columnsSignature(resolved, lookupIdentity);
  const resolvedRef = useLatest(resolved);
  const columnDefs = useMemo(
    () => (signature ? buildColumnDefs(resolvedRef.current, getColumn) : []),
    [signature, resolvedRef, getColumn],
  );
  const globalFilterFn = useMemo(() => makeGlobalFilterFn(getColumn), [getColumn]);

  // ----- layout: visibility, order, widths (persisted per screen) ------------------------------
  const [stored] = useState(() => readGridLayout(storageKey));
  const [ownVisibility, setOwnVisibility] = useState<ColumnVisibilityState>(() => stored.visibility ?? {});
  const [columnOrder, setColumnOrder] = useState<ColumnOrderState>(() => stored.order ?? []);
  const [columnSizing, setColumnSizing] = useState<ColumnSizingState>(() => stored.sizing ?? {});
  const columnVisibility = useMemo(() => {
    const v: ColumnVisibilityState = {};
    for (const c of resolved) v[c.id] = !c.def.hidden;
    return { ...v, ...(controlledVisibility ?? ownVisibility) };
  }, [resolved, controlledVisibility, ownVisibility]);

  useEffect(() => {
    if (!storageKey) return;
    writeGridLayout(storageKey, { visibility: ownVisibility, order: columnOrder, sizing: columnSizing });
  }, [storageKey, ownVisibility, columnOrder, columnSizing]);

  const setVisibility = (updater: Updater<ColumnVisibilityState>) => {
    const next = functionalUpdate(updater, columnVisibility);
    if (!controlledVisibility) setOwnVisibility(next);
    onColumnVisibilityChange?.(next);
  };

  // ----- grouping and sorting ------------------------------------------------------------------
  const [grouping, setGroupingState] = useState<GroupingState>(() => [...(groupBy ?? [])]);
  const [groupDesc, setGroupDesc] = useState<Record<string, boolean>>({});
  const [userSorting, setUserSorting] = useState<SortingState>([]);
  const [collapsed, setCollapsed] = useState<Record<string, boolean>>({});
  const activeGrouping = useMemo(() => grouping.filter((id) => byId.has(id)), [grouping, byId]);
  // Grouped columns order their groups (ascending unless reversed on the group panel), then the user's sort.
  const sorting = useMemo<SortingState>(
    () => [
      ...activeGrouping.map((id) => ({ id, desc: groupDesc[id] === true })),
      ...userSorting.filter((s) => !activeGrouping.includes(s.id) && byId.has(s.id)),
    ],
    [activeGrouping, groupDesc, userSorting, byId],
  );
  const setGrouping = (updater: Updater<GroupingState>) => {
    setGroupingState((prev) => functionalUpdate(updater, prev));
    setCollapsed({});
  };
  const addGrouping = useStableCallback((id: string) => {
    if (!byId.get(id)?.groupable) return;
    setGrouping((prev) => (prev.includes(id) ? prev : [...prev, id]));
  });
  const removeGrouping = useStableCallback((id: string) =>
    setGrouping((prev) => prev.filter((g) => g !== id)),
  );
  const toggleGroupOrder = useStableCallback((id: string) =>
    setGroupDesc((prev) => ({ ...prev, [id]: !prev[id] })),
  );
  const toggleGroup = useStableCallback((rowId: string, open: boolean) =>
    setCollapsed((prev) => ({ ...prev, [rowId]: open })),
  );

  // Groups start expanded: the expanded state lists the collapsed ones (see getIsRowExpanded below).
  const expanded = useMemo<ExpandedState>(() => {
    const closed = Object.keys(collapsed).filter((k) => collapsed[k]);
    return closed.length ? Object.fromEntries(closed.map((k) => [k, false])) : true;
  }, [collapsed]);

  // ----- selection and focus ------------------------------------------------------------------
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

  // ----- the table ------------------------------------------------------------------------------
  const pagingOn = !virtual && paging;
  const initialPageSize = defaultPageSize ?? pageSizes.find((n) => n >= 20) ?? pageSizes[0] ?? 20;
  // The search box looks at the visible columns that show text.
  const searchable = useLatest(
    new Set(
      resolved
        .filter((c) => columnVisibility[c.id] !== false && c.filterKind && c.type !== 'boolean')
        .map((c) => c.id),
    ),
  );

  const table = useTable({
    features: gridFeatures,
    columns: columnDefs,
    data: rows,
    getRowId: (row: T) => String(keyOf(row)),
    state: {
      sorting,
      grouping: activeGrouping,
      expanded,
      rowSelection,
      columnVisibility,
      columnOrder,
      columnSizing,
    },
    initialState: { pagination: { pageIndex: 0, pageSize: initialPageSize } },
    onSortingChange: (updater) =>
      setUserSorting(functionalUpdate(updater, sorting).filter((s) => !activeGrouping.includes(s.id))),
    onGroupingChange: setGrouping,
    onRowSelectionChange: setSelection,
    onColumnVisibilityChange: setVisibility,
    onColumnOrderChange: (updater) => setColumnOrder((prev) => functionalUpdate(updater, prev)),
    onColumnSizingChange: (updater) => setColumnSizing((prev) => functionalUpdate(updater, prev)),
    // Grouped columns leave the header (they are on the group panel and in the group rows).
    groupedColumnMode: 'remove',
    manualPagination: !pagingOn,
    autoResetExpanded: false,
    enableSorting: sortingOn,
    enableMultiSort: true,
    sortDescFirst: false,
    enableGlobalFilter: searchPanel,
    globalFilterFn,
    getColumnCanGlobalFilter: (column) => searchable.current.has(column.id),
    enableRowSelection: selection !== 'none',
    enableMultiRowSelection: selection === 'multi',
    enableSubRowSelection: false,
    getRowCanExpand: (row) => row.subRows.length > 0,
    getIsRowExpanded: (row) => row.subRows.length > 0 && collapsed[row.id] !== true,
    enableColumnResizing: true,
    columnResizeMode: 'onChange',
  });
  const tableRef = useLatest(table);

  const headerGroup = table.getHeaderGroups()[0];
  const headers = useMemo(() => headerGroup?.headers ?? [], [headerGroup]);
  const visibleColumns = useMemo(
    () => headers.map((h) => byId.get(h.column.id)).filter((c): c is ResolvedColumn<T> => c !== undefined),
    [headers, byId],
  );
  const columnFilters = table.state.columnFilters;
  const filterOf = (id: string): GridFilterValue | undefined => {
    const v = columnFilters.find((f) => f.id === id)?.value;
    return isFilterValue(v) ? v : undefined;
  };
  const pageRows = table.getRowModel().rows;
  const filteredCount = table.getFilteredRowModel().rows.length;
  const hasSummary = visibleColumns.some((c) => c.def.summary);

  // ----- editing -----------------------------------------------------------------------------
  const editColumnsRef = useLatest(visibleColumns.filter((c) => c.editable));
  const editSession = useEditSession<T>({
    editing,
    columns: useCallback(() => editColumnsRef.current, [editColumnsRef]),
    onEditorValueChange,
    messages: { required: t('required'), saveFailed: t('saveFailed') },
  });
  const session = editSession.session;
  const allows = (rule: boolean | ((row: T) => boolean) | undefined, row: T) =>
    typeof rule === 'function' ? rule(row) : rule === true;
  const canUpdate = (row: T) => Boolean(editing?.onUpdate) && allows(editing?.allowUpdating, row);
  const canDelete = (row: T) => Boolean(editing?.onDelete) && allows(editing?.allowDeleting, row);
  const rowMode = editing?.mode === 'row';
  const ruleOn = (rule: boolean | ((row: T) => boolean) | undefined) => rule !== undefined && rule !== false;
  const hasRowActions = !!editing && (ruleOn(editing.allowUpdating) || ruleOn(editing.allowDeleting));
  const showActions = hasRowActions || (rowMode && editing?.allowAdding === true);
  const canAdd = editing?.allowAdding === true && Boolean(editing.onInsert);
  const startEdit = (row: GridRow<T>) => {
    if (session) return;
    editSession.startUpdate(row.id, keyOf(row.original), row.original);
  };
  const startAdd = useStableCallback(() => {
    if (session || !canAdd) return;
    if (pagingOn && rowMode) table.setPageIndex(0);
    editSession.startInsert();
  });

  // The edited row left the data (a refetch elsewhere): there is nothing left to edit.
  const editRowGone =
    session?.kind === 'update' &&
    !session.saving &&
    session.key !== null &&
    !rowsById.has(String(session.key));
  const cancelEdit = editSession.cancel;
  useEffect(() => {
    if (editRowGone) cancelEdit();
  }, [editRowGone, cancelEdit]);

  const [deleting, setDeleting] = useState<{ row: T; busy: boolean; error: string | null } | null>(null);
  const runDelete = async (row: T) => {
    if (!editing?.onDelete) return;
    setDeleting({ row, busy: true, error: null });
    try {
      await editing.onDelete(keyOf(row), row);
      setDeleting(null);
    } catch (error) {
      const message = error instanceof Error && error.message ? error.message : t('deleteFailed');
      setDeleting({ row, busy: false, error: message });
    }
  };
  const askDelete = (row: T) => {
    if (editing?.confirmDelete === false) void runDelete(row);
    else setDeleting({ row, busy: false, error: null });
  };

  // ----- what the body shows -------------------------------------------------------------------
  const items = useMemo(() => {
    const list: DisplayItem<T>[] = [];
    const onPage = new Set(pageRows.map((r) => r.id));
    // A page that starts inside a group repeats the captions of the groups it continues.
    const first = pageRows[0];
    if (pagingOn && first) {
      for (const parent of first.getParentRows()) {
        if (!onPage.has(parent.id))
          list.push({ kind: 'group', key: `g:${parent.id}:cont`, row: parent, continued: true });
      }
    }
    for (const row of pageRows) {
      if (row.getIsGrouped()) {
        list.push({ kind: 'group', key: `g:${row.id}`, row, continued: false });
        continue;
      }
      list.push({ kind: 'data', key: `r:${row.id}`, row });
      if (renderDetail && openDetails[row.id]) list.push({ kind: 'detail', key: `d:${row.id}`, row });
    }
    return list;
  }, [pageRows, openDetails, renderDetail, pagingOn]);

  // Virtual mode: rows start below the (sticky) header and must not hide under it or the sticky totals.
  const theadRef = useRef<HTMLTableSectionElement>(null);
  const tfootRef = useRef<HTMLTableSectionElement>(null);
  const [chrome, setChrome] = useState({ head: 0, foot: 0 });
  useLayoutEffect(() => {
    if (!virtual) return;
    const measure = () => {
      const head = theadRef.current?.offsetHeight ?? 0;
      const foot = tfootRef.current?.offsetHeight ?? 0;
      setChrome((prev) => (prev.head === head && prev.foot === foot ? prev : { head, foot }));
    };
    measure();
    const observer = new ResizeObserver(measure);
    if (theadRef.current) observer.observe(theadRef.current);
    if (tfootRef.current) observer.observe(tfootRef.current);
    return () => observer.disconnect();
  }, [virtual, hasSummary, filterRow]);
  const fallbackHeight = typeof height === 'number' ? height : DEFAULT_VIRTUAL_HEIGHT;
  const virtualizer = useVirtualizer({
    count: virtual ? items.length : 0,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    getItemKey: (index) => items[index]?.key ?? index,
    // Rows are measured as rendered (details vary in height); an element without layout keeps the estimate.
    measureElement: (el) => el.getBoundingClientRect().height || ROW_HEIGHT,
    overscan: 12,
    enabled: virtual,
    scrollMargin: chrome.head,
    scrollPaddingStart: chrome.head,
    scrollPaddingEnd: chrome.foot,
    // A container not laid out yet (or a test DOM) measures 0 px: assume the intended height meanwhile.
    observeElementRect: (instance, cb) =>
      observeElementRect(instance, (rect) =>
        cb(rect.height > 0 ? rect : { width: rect.width, height: fallbackHeight }),
      ),
  });
  const virtualItems = virtual ? virtualizer.getVirtualItems() : [];
  const measureRef = virtual ? virtualizer.measureElement : undefined;
  const shownItems = virtual ? virtualItems.map((v) => items[v.index]).filter(Boolean) : items;
  // Item offsets include the header (scrollMargin); the spacer rows live inside the body.
  const padTop = virtual && virtualItems.length ? virtualItems[0].start - chrome.head : 0;
  const padBottom =
    virtual && virtualItems.length
      ? virtualizer.getTotalSize() - (virtualItems[virtualItems.length - 1].end - chrome.head)
      : 0;

  // ----- summaries -----------------------------------------------------------------------------
  const summaryOf = (col: ResolvedColumn<T>): string => {
    if (!col.def.summary) return '';
    // Over the filtered rows (TanStack caches it per filtered model).
    const value = table.getColumn(col.id)?.getAggregationValue<unknown>();
    const n = typeof value === 'number' ? value : 0;
    return t(col.def.summary === 'sum' ? 'sum' : 'count', { value: col.summaryText(n) });
  };
  const groupCaption = (row: GridRow<T>): string => {
    const col = byId.get(row.groupingColumnId ?? '');
    const raw = row.groupingValue;
    const value = raw === undefined || raw === null || raw === '' ? t('emptyValue') : String(raw);
    const parts = [t('groupCaption', { column: col?.header ?? '', value, count: countLeaves(row) })];
    for (const c of visibleColumns) {
      if (!c.def.summary) continue;
      const v = row.getValue<unknown>(c.id);
      const n = typeof v === 'number' ? v : 0;
      parts.push(
        t(c.def.summary === 'sum' ? 'groupSum' : 'groupCount', { column: c.header, value: c.summaryText(n) }),
      );
    }
    return parts.join(' · ');
  };

  // ----- export and print ----------------------------------------------------------------------
  const snapshot = (): GridSnapshot =>
    buildSnapshot<T, GridRow<T>>({
      title: resolveText(printTitle) ?? label ?? '',
      roots: table.getSortedRowModel().rows,
      columns: visibleColumns,
      groupCaption,
      footer: hasSummary ? visibleColumns.map(summaryOf) : null,
    });
  const [exporting, setExporting] = useState(false);
  const exportToExcel = async () => {
    const name = resolveText(exportFileName) ?? (label || 'export');
    setExporting(true);
    try {
      const { exportSnapshotToXlsx } = await import('./export-xlsx');
      await exportSnapshotToXlsx(snapshot(), name, label || t('exportSheet'));
    } catch {
      notifications.show({ color: 'red', message: t('exportFailed') });
    } finally {
      setExporting(false);
    }
  };
  const doPrint = () => {
    try {
      printTable(snapshotToPrint(snapshot(), dayjs().format(DATETIME_FORMAT)));
    } catch {
      notifications.show({ color: 'red', message: t('printFailed') });
    }
  };
  const exportOn = exportFileName !== undefined;
  const printOn = printOption ?? exportOn;

  // ----- keyboard ------------------------------------------------------------------------------
  const focusAndReveal = (id: string) => {
    focusRowId(id);
    const pre = table.getPrePaginatedRowModel().rows;
    const index = pre.findIndex((r) => r.id === id);
    if (pagingOn && index >= 0) {
      const { pageSize, pageIndex } = table.state.pagination;
      const page = Math.floor(index / pageSize);
      if (page !== pageIndex) table.setPageIndex(page);
    }
    if (virtual) {
      const itemIndex = items.findIndex((it) => it.kind === 'data' && it.row.id === id);
      if (itemIndex >= 0) virtualizer.scrollToIndex(itemIndex, { align: 'auto' });
    }
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const target = e.target as HTMLElement;
    if (target !== e.currentTarget && target.tagName !== 'TR') return;
    const dataRows = table.getPrePaginatedRowModel().rows.filter((r) => !r.getIsGrouped());
    const index = focusedId === null ? -1 : dataRows.findIndex((r) => r.id === focusedId);
    const current = index >= 0 ? dataRows[index] : undefined;
    switch (e.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        e.preventDefault();
        if (!dataRows.length) return;
        let next: number;
        if (index < 0) {
          const firstOnPage = pageRows.find((r) => !r.getIsGrouped());
          next = Math.max(0, firstOnPage ? dataRows.indexOf(firstOnPage) : 0);
        } else {
          next = e.key === 'ArrowDown' ? Math.min(dataRows.length - 1, index + 1) : Math.max(0, index - 1);
        }
        focusAndReveal(dataRows[next].id);
        return;
      }
      case 'Enter':
        if (current && renderDetail) {
          e.preventDefault();
          toggleDetail(current.id);
        }
        return;
      case ' ':
        if (current && selection === 'multi') {
          e.preventDefault();
          current.toggleSelected();
        }
        return;
    }
  };
  useEffect(() => {
    if (focusedId === null || virtual) return;
    const el = Array.from(scrollRef.current?.querySelectorAll<HTMLElement>('tr[data-row-id]') ?? []).find(
      (tr) => tr.dataset.rowId === focusedId,
    );
    el?.scrollIntoView({ block: 'nearest' });
  }, [focusedId, virtual]);

  // ----- stable handlers for the memoized parts ------------------------------------------------
  const rowHandlers = useRowHandlers<T>({
    click: (row) => {
      focusRowId(row.id);
      if (selection === 'single') setSelection({ [row.id]: true });
      scrollRef.current?.focus({ preventScroll: true });
      onRowClick?.(row.original);
    },
    doubleClick: (row) => {
      if (onRowDoubleClick) onRowDoubleClick(row.original);
      else if (editing && canUpdate(row.original)) startEdit(row);
    },
    select: (row, selected) => row.toggleSelected(selected),
    toggleDetail,
    edit: startEdit,
    remove: (row) => askDelete(row.original),
  });
  const onFilterChange = useStableCallback((columnId: string, value: GridFilterValue | undefined) =>
    tableRef.current.getColumn(columnId)?.setFilterValue(value),
  );
  const hideColumn = useStableCallback((id: string) =>
    tableRef.current.getColumn(id)?.toggleVisibility(false),
  );
  const toggleColumn = useStableCallback((id: string, visible: boolean) =>
    tableRef.current.getColumn(id)?.toggleVisibility(visible),
  );
  const moveColumn = useStableCallback((dragged: string, target: string) => {
    const all = table.getAllLeafColumns().map((c) => c.id);
    const ordered = [
      ...columnOrder.filter((id) => all.includes(id)),
      ...all.filter((id) => !columnOrder.includes(id)),
    ];
    const from = ordered.indexOf(dragged);
    if (from < 0) return;
    ordered.splice(from, 1);
    const to = ordered.indexOf(target);
    ordered.splice(to < 0 ? ordered.length : to, 0, dragged);
    table.setColumnOrder(ordered);
  });
  const resetLayout = useStableCallback(() => {
    setColumnOrder([]);
    setColumnSizing({});
    const defaults: ColumnVisibilityState = {};
    for (const c of resolved) defaults[c.id] = !c.def.hidden;
    if (!controlledVisibility) setOwnVisibility(defaults);
    onColumnVisibilityChange?.(defaults);
  });
  const onSearch = useStableCallback((text: string) => tableRef.current.setGlobalFilter(text || undefined));
  const onExport = useStableCallback(() => void exportToExcel());
  const onPrint = useStableCallback(doPrint);
  const onPageChange = useStableCallback((i: number) => tableRef.current.setPageIndex(i));
  const onPageSizeChange = useStableCallback((n: number) => tableRef.current.setPageSize(n));
  const groupPanelGroups = useMemo(
    () =>
      activeGrouping.map((id) => ({ id, header: byId.get(id)?.header ?? id, desc: groupDesc[id] === true })),
    [activeGrouping, byId, groupDesc],
  );

  // ----- imperative API ------------------------------------------------------------------------
  const api = useLatest({
    table,
    getColumn,
    leaves: () => collectLeaves(table.getSortedRowModel().rows, []),
    exportToExcel,
    doPrint,
    focusAndReveal,
    focusRowId,
    setSelection,
    startAdd,
  });
  useImperativeHandle(
    ref,
    (): DataGridHandle<T> => ({
      setColumnFilter: (columnId, value) => {
        const { table: tb, getColumn: gc } = api.current;
        const col = gc(columnId);
        const column = tb.getColumn(columnId);
        if (!col || !column) return;
        if (value !== null && typeof value === 'object') {
          column.setFilterValue(isEmptyFilter(value) ? undefined : value);
          return;
        }
        const text = value ?? '';
        column.setFilterValue(
          !text ? undefined : col.filterKind === 'number' ? { kind: 'number', text } : { kind: 'text', text },
        );
      },
      clearFilters: () => {
        api.current.table.resetColumnFilters(true);
        api.current.table.resetGlobalFilter(true);
      },
      getShownRows: () => api.current.leaves(),
      exportToExcel: () => api.current.exportToExcel(),
      print: () => api.current.doPrint(),
      focusRow: (key) => {
        if (key === null) api.current.focusRowId(null);
        else api.current.focusAndReveal(String(key));
      },
      clearSelection: () => api.current.setSelection({}),
      addRow: () => api.current.startAdd(),
    }),
    [api],
  );

  // ----- rendering -----------------------------------------------------------------------------
  const leadSelect = selection === 'multi';
  const leadDetail = Boolean(renderDetail);
  const leadCount = (leadSelect ? 1 : 0) + (leadDetail ? 1 : 0);
  const colCount = leadCount + headers.length + (showActions ? 1 : 0);
  const tableWidth =
    headers.reduce((w, h) => w + h.getSize(), 0) + leadCount * LEAD_WIDTH + (showActions ? ACTIONS_WIDTH : 0);

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
  const chooserOn = columnChooser && (!controlledVisibility || Boolean(onColumnVisibilityChange));
  const allSelected = leadSelect && table.getIsAllRowsSelected();
  const someSelected = leadSelect && table.getIsSomeRowsSelected();
  const resizingId = table.state.columnResizing.isResizingColumn;

  const editRow = (rowId: string | null): ReactNode =>
    session && rowMode ? (
      <EditRow
        key={`edit:${rowId ?? 'new'}`}
        session={session}
        columns={visibleColumns}
        leadCount={leadCount}
        colCount={colCount}
        onChange={editSession.change}
        onSave={() => void editSession.save()}
        onCancel={editSession.cancel}
      />
    ) : null;

  const renderItem = (item: DisplayItem<T>, index: number): ReactNode => {
    const row = item.row;
    const dataIndex = virtual ? virtualItems[index]?.index : undefined;
    if (item.kind === 'group') {
      const caption = groupCaption(row);
      return (
        <GroupRow
          key={item.key}
          rowId={row.id}
          caption={item.continued ? `${caption} ${t('continued')}` : caption}
          depth={row.depth}
          open={row.getIsExpanded()}
          colCount={colCount}
          dataIndex={dataIndex}
          measureRef={measureRef}
          onToggle={toggleGroup}
        />
      );
    }
    if (item.kind === 'detail') {
      return (
        <tr
          key={item.key}
          className={classes.detailRow}
          data-detail-row={row.id}
          data-index={dataIndex}
          ref={measureRef}
        >
          <td colSpan={colCount}>{renderDetail?.(row.original)}</td>
        </tr>
      );
    }
    if (session && rowMode && session.kind === 'update' && session.rowId === row.id) return editRow(row.id);
    const original = row.original;
    return (
      <DataRow
        key={item.key}
        row={row}
        columns={visibleColumns}
        focused={focusedId === row.id}
        selected={selection !== 'none' ? Boolean(rowSelection[row.id]) : undefined}
        detailOpen={Boolean(openDetails[row.id])}
        leadSelect={leadSelect}
        leadDetail={leadDetail}
        showActions={showActions}
        canUpdate={canUpdate(original)}
        canDelete={canDelete(original)}
        locked={Boolean(session)}
        deleteLabel={editing?.deleteLabel}
        className={rowClassName?.(original)}
        dataIndex={dataIndex}
        measureRef={measureRef}
        handlers={rowHandlers}
      />
    );
  };

  const scrollHeight = height ?? (virtual ? DEFAULT_VIRTUAL_HEIGHT : undefined);
  const showEmpty = items.length === 0 && !(session?.kind === 'insert' && rowMode);
  const pagination = table.state.pagination;

  return (
    <div className={classes.root}>
      <GridToolbar
        left={toolbar}
        searchValue={typeof table.state.globalFilter === 'string' ? table.state.globalFilter : ''}
        onSearch={searchPanel ? onSearch : undefined}
        onRefresh={onRefresh}
        onAdd={canAdd ? startAdd : undefined}
        addDisabled={Boolean(session)}
        chooserColumns={chooserColumns}
        onToggleColumn={chooserOn ? toggleColumn : undefined}
        onResetLayout={chooserOn ? resetLayout : undefined}
        onExport={exportOn ? onExport : undefined}
        exporting={exporting}
        onPrint={printOn ? onPrint : undefined}
      />
      {groupingOn ? (
        <GroupPanel
          groups={groupPanelGroups}
          dndType={dndType}
          onAdd={addGrouping}
          onRemove={removeGrouping}
          onToggleOrder={toggleGroupOrder}
        />
      ) : null}
      <div className={classes.frame}>
        <div
          ref={scrollRef}
          className={classes.scroll}
          style={{ height: scrollHeight, maxHeight: scrollHeight }}
          tabIndex={0}
          aria-busy={loading}
          onKeyDown={onKeyDown}
        >
          <Table
            className={classes.table}
            style={{ width: tableWidth }}
            stickyHeader
            role="grid"
            aria-label={label}
            aria-multiselectable={selection === 'multi' || undefined}
            aria-rowcount={filteredCount}
          >
            <Table.Thead ref={theadRef}>
              <tr>
                {leadSelect ? (
                  <th className={classes.leadCell}>
                    <Checkbox
                      size="xs"
                      aria-label={t('selectAll')}
                      checked={allSelected}
                      indeterminate={!allSelected && someSelected}
                      onChange={(e) => table.toggleAllRowsSelected(e.currentTarget.checked)}
                    />
                  </th>
                ) : null}
                {leadDetail ? <th className={classes.leadCell} aria-label={t('detail')} /> : null}
                {headers.map((header) => {
                  const col = byId.get(header.column.id);
                  if (!col) return null;
                  const column = header.column;
                  return (
                    <HeaderCell
                      key={header.id}
                      col={col}
                      header={header}
                      width={header.getSize()}
                      sorted={column.getIsSorted()}
                      sortIndex={column.getSortIndex()}
                      sortCount={sorting.length}
                      resizing={resizingId === col.id}
                      canSort={sortingOn && column.getCanSort()}
                      canGroup={groupingOn && column.getCanGroup()}
                      canHide={chooserOn && col.hideable && visibleColumns.length > 1}
                      dndType={dndType}
                      onGroup={addGrouping}
                      onHide={hideColumn}
                      onMove={moveColumn}
                    />
                  );
                })}
                {showActions ? <th className={classes.actionsCell} aria-label={t('actions')} /> : null}
              </tr>
              {filterRow ? (
                <tr className={classes.filterRow}>
                  {leadCount ? <th colSpan={leadCount} /> : null}
                  {visibleColumns.map((col) => (
                    <th key={col.id}>
                      {col.filterKind ? (
                        <FilterCell col={col} value={filterOf(col.id)} onChange={onFilterChange} />
                      ) : null}
                    </th>
                  ))}
                  {showActions ? <th /> : null}
                </tr>
              ) : null}
            </Table.Thead>
            <Table.Tbody>
              {session?.kind === 'insert' ? editRow(null) : null}
              {padTop > 0 ? (
                <tr aria-hidden>
                  <td colSpan={colCount} style={{ height: padTop, padding: 0, border: 0 }} />
                </tr>
              ) : null}
              {shownItems.map((item, i) => renderItem(item, i))}
              {padBottom > 0 ? (
                <tr aria-hidden>
                  <td colSpan={colCount} style={{ height: padBottom, padding: 0, border: 0 }} />
                </tr>
              ) : null}
              {showEmpty ? (
                <tr>
                  <td colSpan={colCount} className={classes.empty}>
                    {loading ? t('loading') : (emptyText ?? t('noData'))}
                  </td>
                </tr>
              ) : null}
            </Table.Tbody>
            {hasSummary ? (
              <Table.Tfoot ref={tfootRef} className={classes.footer}>
                <tr>
                  {leadCount ? <td colSpan={leadCount} /> : null}
                  {visibleColumns.map((col) => (
                    <td key={col.id} style={{ textAlign: col.align }} data-summary={col.id}>
                      {summaryOf(col)}
                    </td>
                  ))}
                  {showActions ? <td /> : null}
                </tr>
              </Table.Tfoot>
            ) : null}
          </Table>
        </div>
        <LoadingOverlay visible={loading} zIndex={5} overlayProps={{ blur: 0, backgroundOpacity: 0.35 }} />
      </div>
      {pagingOn ? (
        <GridPager
          pageIndex={pagination.pageIndex}
          pageCount={table.getPageCount()}
          pageSize={pagination.pageSize}
          pageSizes={pageSizes}
          itemCount={filteredCount}
          onPageChange={onPageChange}
          onPageSizeChange={onPageSizeChange}
        />
      ) : null}
      {editing?.mode === 'form' ? (
        <EditForm
          session={session}
          columns={visibleColumns.filter((c) => c.editable)}
          title={editing.formTitle}
          formColumns={editing.formColumns ?? 2}
          onChange={editSession.change}
          onSave={() => void editSession.save()}
          onCancel={editSession.cancel}
        />
      ) : null}
      {editing?.allowDeleting ? (
        <ConfirmDialog
          opened={deleting !== null}
          message={typeof editing.confirmDelete === 'string' ? editing.confirmDelete : t('confirmDelete')}
          confirmLabel={editing.deleteLabel ?? t('delete')}
          busy={deleting?.busy ?? false}
          error={deleting?.error ?? null}
          onConfirm={() => deleting && void runDelete(deleting.row)}
          onCancel={() => {
            if (!deleting?.busy) setDeleting(null);
          }}
        />
      ) : null}
    </div>
  );
}

/** One handlers object for all rows, stable across renders, always calling the latest logic. */
function useRowHandlers<T extends object>(latest: RowHandlers<T>): RowHandlers<T> {
  const ref = useLatest(latest);
  return useMemo<RowHandlers<T>>(
    () => ({
      click: (row) => ref.current.click(row),
      doubleClick: (row) => ref.current.doubleClick(row),
      select: (row, selected) => ref.current.select(row, selected),
      toggleDetail: (id) => ref.current.toggleDetail(id),
      edit: (row) => ref.current.edit(row),
      remove: (row) => ref.current.remove(row),
    }),
    [ref],
  );
}
