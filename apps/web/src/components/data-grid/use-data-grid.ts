import {
  useEffect,
  useId,
  useImperativeHandle,
  useMemo,
  useRef,
  useState,
  type Ref,
  type RefObject,
} from 'react';
import {
  functionalUpdate,
  useTable,
  type ColumnFiltersState,
  type GroupingState,
  type PaginationState,
  type SortingState,
  type Updater,
} from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import type { DataGridHandle, DataGridProps, GridEditing, GridFilterValue } from './types';
import type { ResolvedColumn } from './columns';
import { gridFeatures } from './table-features';
import { isEmptyFilter, isFilterValue } from './filters';
import type { RowHandlers } from './grid-rows';
import { toGridQuery } from './server-query';
import { useServerRows } from './use-server-rows';
import { useGridColumns } from './use-grid-columns';
import { useGridLayout } from './use-grid-layout';
import { useAutoWidths } from './use-auto-widths';
import { useGridGrouping } from './use-grid-grouping';
import { useGridSelection } from './use-grid-selection';
import { useGridEditing } from './use-grid-editing';
import { useDisplayItems, useVirtualRows } from './use-virtual-rows';
import { useGridExport } from './use-grid-export';
import { useGridKeyboard } from './use-grid-keyboard';
import { useGridUrlState, useGridUrlSync } from './use-grid-url-state';
import { collectLeaves, useLatest, useShownRows, useStableCallback } from './grid-utils';

const DEFAULT_PAGE_SIZES: readonly number[] = [10, 20, 50];
const LEAD_WIDTH = 40;
const ACTIONS_WIDTH = 92;

/**
 * Everything the grid's parts read (`grid-context.ts`): the options with their defaults, the table,
 * its rows and the editing, export and keyboard logic. `DataGrid` makes it once per render.
 */
export function useDataGrid<T extends object>(props: DataGridProps<T>) {
  const opts = withDefaults(props);
  const { t } = useTranslation('grid');
  const base = useGridBase(opts, t);
  const table = useGridTable(opts, base);
  const { byId, rowsById, keyOf, server, pagination, activeFilters } = base;
  const tableRef = useLatest(table);

  const headerGroup = table.getHeaderGroups()[0];
  const headers = useMemo(() => headerGroup?.headers ?? [], [headerGroup]);
  const visibleColumns = useMemo(
    () => headers.map((h) => byId.get(h.column.id)).filter((c): c is ResolvedColumn<T> => c !== undefined),
    [headers, byId],
  );
  const filterOf = (id: string): GridFilterValue | undefined => {
    const v = activeFilters.find((f) => f.id === id)?.value;
    return isFilterValue(v) ? v : undefined;
  };
  const pageRows = table.getRowModel().rows;
  const filteredCount = server.total ?? table.getFilteredRowModel().rows.length;
  const hasSummary = visibleColumns.some((c) => c.def.summary);
  const globalFilter = typeof table.state.globalFilter === 'string' ? table.state.globalFilter : '';

  useAddressState(opts, base, table, globalFilter);

  const { ed, reveal, setReveal } = useRevealingEditing(opts, base, visibleColumns, t, () => {
    if (base.pagingOn) table.setPageIndex(0);
  });

  // ----- what the body shows, summaries, export and print, keyboard ---------------------------
  const items = useDisplayItems<T>({
    pageRows,
    openDetails: base.openDetails,
    hasDetail: Boolean(opts.renderDetail),
    pagingOn: base.pagingOn,
  });
  const vr = useVirtualRows<T>({
    items,
    virtual: opts.virtual,
    height: opts.height,
    scrollRef: base.scrollRef,
    chromeDeps: [hasSummary, opts.filterRow],
  });
  const exp = useGridExport<T>({
    table,
    byId,
    visibleColumns,
    hasSummary,
    label: opts.label,
    printTitle: opts.printTitle,
    exportFileName: opts.exportFileName,
    print: opts.print,
    server: {
      on: base.serverMode,
      query: opts.query,
      q: base.serverQuery,
      rows: base.rows,
      total: filteredCount,
      pageIndex: pagination.pageIndex,
      pageSize: pagination.pageSize,
      summaries: server.summaries,
    },
  });
  const { focusAndReveal, onKeyDown } = useGridKeyboard<T>({
    table,
    pageRows,
    pagination,
    focusedId: base.focusedId,
    focusRowId: base.focusRowId,
    clientPaging: base.pagingOn && !base.serverMode,
    virtual: opts.virtual,
    scrollToRow: vr.scrollToRow,
    scrollRef: base.scrollRef,
    hasDetail: Boolean(opts.renderDetail),
    toggleDetail: base.toggleDetail,
    multiSelect: opts.selection === 'multi',
  });

  // ----- stable handlers for the memoized parts ------------------------------------------------
  const rowHandlers = useRowHandlers<T>({
    click: (row) => {
      base.focusRowId(row.id);
      if (opts.selection === 'single') base.setSelection({ [row.id]: true });
      base.gridRef.current?.focus({ preventScroll: true });
      opts.onRowClick?.(row.original);
    },
    doubleClick: (row) => {
      if (opts.onRowDoubleClick) opts.onRowDoubleClick(row.original);
      else if (opts.editing && ed.canUpdate(row.original)) ed.startEdit(row);
    },
    select: (row, selected) => row.toggleSelected(selected),
    toggleDetail: base.toggleDetail,
    edit: ed.startEdit,
    remove: (row) => ed.askDelete(row.original),
  });
  const handlers = useToolbarHandlers(tableRef, exp);

  useGridHandle<T>(opts.ref, {
    table,
    getColumn: base.getColumn,
    exportToExcel: exp.exportToExcel,
    doPrint: exp.doPrint,
    focusAndReveal,
    focusRowId: base.focusRowId,
    setSelection: base.setSelection,
    startAdd: ed.startAdd,
  });
  const revealRef = useLatest(focusAndReveal);
  useEffect(() => {
    if (reveal === null || !rowsById.has(reveal)) return;
    setReveal(null);
    revealRef.current(reveal);
    base.gridRef.current?.focus({ preventScroll: true });
  }, [reveal, rowsById, revealRef, setReveal, base.gridRef]);

  const shape = gridShape(opts, headers, ed.showActions, base.gridId);
  return {
    ...base,
    opts,
    t,
    table,
    headers,
    visibleColumns,
    filterOf,
    filteredCount,
    hasSummary,
    globalFilter,
    ed,
    items,
    vr,
    exp,
    onKeyDown,
    rowHandlers,
    handlers,
    shape,
    keyOf,
  };
}

/** Filters, sort and page kept in the address (`urlState`), and the page reset that goes with it. */
function useAddressState<T extends object>(
  opts: GridOptions<T>,
  base: GridBase<T>,
  table: ReturnType<typeof useGridTable<T>>,
  globalFilter: string,
) {
  const { pagination, activeFilters, grouping } = base;
  useGridUrlSync(
    opts.urlState,
    { filters: activeFilters, sorting: grouping.userSorting, pagination },
    base.initialPageSize,
  );
  usePageReset({
    on: Boolean(opts.urlState) && !base.serverMode,
    signature: JSON.stringify([activeFilters, grouping.sorting, grouping.activeGrouping, globalFilter]),
    toFirstPage: base.toFirstPage,
    // A page past the end (an old address, fewer rows now) shows the last page once the rows are in.
    outOfRange:
      base.pagingOn &&
      opts.data !== undefined &&
      !base.loading &&
      pagination.pageIndex > 0 &&
      pagination.pageIndex >= table.getPageCount(),
    toLastPage: () =>
      base.setPagination((prev) => ({ ...prev, pageIndex: Math.max(0, table.getPageCount() - 1) })),
  });
}

/** The toolbar's, filter row's and pager's handlers: stable, always acting on the latest table. */
function useToolbarHandlers<T extends object>(
  tableRef: RefObject<ReturnType<typeof useGridTable<T>>>,
  exp: { exportToExcel: () => Promise<void>; doPrint: () => Promise<void> },
) {
  return {
    onFilterChange: useStableCallback((columnId: string, value: GridFilterValue | undefined) =>
      tableRef.current.getColumn(columnId)?.setFilterValue(value),
    ),
    onSearch: useStableCallback((text: string) => tableRef.current.setGlobalFilter(text || undefined)),
    onExport: useStableCallback(() => void exp.exportToExcel()),
    onPrint: useStableCallback(() => void exp.doPrint()),
    onPageChange: useStableCallback((i: number) => tableRef.current.setPageIndex(i)),
    onPageSizeChange: useStableCallback((n: number) => tableRef.current.setPageSize(n)),
  };
}

/** The options with their defaults filled in. */
function withDefaults<T extends object>(props: DataGridProps<T>) {
  const {
    mode = 'client',
    loading = false,
    filterRow = true,
    searchPanel = false,
    sorting = true,
    grouping = false,
    pageSizes = DEFAULT_PAGE_SIZES,
    paging = true,
    virtual = false,
    selection = 'none',
    columnChooser = true,
    ...rest
  } = props;
  return {
    ...rest,
    mode,
    loading,
    filterRow,
    searchPanel,
    sorting,
    grouping,
    pageSizes,
    paging,
    virtual,
    selection,
    columnChooser,
  };
}
type GridOptions<T extends object> = ReturnType<typeof withDefaults<T>>;

/** Columns, layout, filters, sort, page and grouping, the rows (the server's in server mode), selection. */
function useGridBase<T extends object>(opts: GridOptions<T>, t: (key: string) => string) {
  const gridId = useId().replace(/[^a-zA-Z0-9]/g, '');
  const dndType = `application/x-po-grid-${gridId}`.toLowerCase();
  const scrollRef = useRef<HTMLDivElement>(null);
  const gridRef = useRef<HTMLTableElement>(null);
  const serverMode = opts.mode === 'server';
  // Server mode groups too: the server sorts by the grouped columns first and the page is grouped
  // here (a group the page cuts says its count is the page's). The search box would see one page
  // only: client mode has it.
  const groupingOn = opts.grouping;
  const searchPanel = opts.searchPanel && !serverMode;

  // ----- columns and layout ---------------------------------------------------------------------
  const cols = useGridColumns({
    columns: opts.columns,
    rowKey: opts.rowKey,
    labels: { yes: t('yes'), no: t('no') },
  });
  const { keyOf, byId, getColumn } = cols;
  const layout = useGridLayout({
    resolved: cols.resolved,
    storageKey: opts.storageKey,
    controlledVisibility: opts.columnVisibility,
    onColumnVisibilityChange: opts.onColumnVisibilityChange,
    columnChooser: opts.columnChooser,
  });

  // ----- filters, sort and page (in the address with `urlState`; the server's in server mode) ----
  const { pageSizes, defaultPageSize, urlState } = opts;
  const pagingOn = !opts.virtual && opts.paging;
  const initialPageSize = defaultPageSize ?? pageSizes.find((n) => n >= 20) ?? pageSizes[0] ?? 20;
  const fromUrl = useGridUrlState({ key: urlState, pageSizes, defaultPageSize: initialPageSize });
  const [columnFilters, setColumnFilters] = useState<ColumnFiltersState>(fromUrl.filters);
  const [pagination, setPagination] = useState<PaginationState>({
    pageIndex: fromUrl.pageIndex ?? 0,
    pageSize: fromUrl.pageSize ?? initialPageSize,
  });
  const toFirstPage = () => setPagination((prev) => (prev.pageIndex ? { ...prev, pageIndex: 0 } : prev));
  const grouping = useGridGrouping({
    byId,
    groupBy: opts.groupBy,
    initialSorting: fromUrl.sorting,
    // The server groups only what it can sort by; a new grouping is a new order: the server's page 1.
    serverMode,
    onGroupingChange: serverMode ? toFirstPage : undefined,
  });
  const { sorting } = grouping;
  // A filter of a column the grid does not have (an old address) filters nothing.
  const activeFilters = useMemo(() => columnFilters.filter((f) => byId.has(f.id)), [columnFilters, byId]);

  // ----- rows -----------------------------------------------------------------------------------
  const serverQuery = useMemo(
    () =>
      toGridQuery(
        {
          filters: activeFilters,
          sorting,
          pageIndex: pagingOn ? pagination.pageIndex : 0,
          pageSize: pagingOn ? pagination.pageSize : initialPageSize,
        },
        getColumn,
      ),
    [activeFilters, sorting, pagingOn, pagination, initialPageSize, getColumn],
  );
  const defaultQueryKey = useMemo(
    () => ['po.grid', opts.storageKey ?? urlState ?? gridId],
    [opts.storageKey, urlState, gridId],
  );
  const server = useServerRows<T>({
    on: serverMode,
    query: opts.query,
    queryKey: opts.queryKey ?? defaultQueryKey,
    q: serverQuery,
    onQueryChange: opts.onQueryChange,
    data: opts.data,
    rowCount: opts.rowCount,
    capped: opts.capped,
    summaries: opts.summaries,
  });
  const loading = opts.loading || server.fetching;
  const rows = useShownRows(server.data);
  const rowsById = useMemo(() => {
    const map = new Map<string, T>();
    for (const row of rows) map.set(String(keyOf(row)), row);
    return map;
  }, [rows, keyOf]);

  // Columns as wide as their header words and shown cells need; the user's own widths win.
  const sizing = useAutoWidths({
    gridRef,
    userSizing: layout.columnSizing,
    setUserSizing: layout.setColumnSizing,
    deps: [rows, pagination.pageIndex, layout.columnVisibility, layout.columnOrder],
  });

  // ----- selection, focus and details -----------------------------------------------------------
  const sel = useGridSelection({
    rowsById,
    keyOf,
    selectedKeys: opts.selectedKeys,
    onSelectionChange: opts.onSelectionChange,
    focusedRowKey: opts.focusedRowKey,
    onFocusedRowChange: opts.onFocusedRowChange,
  });

  return {
    ...cols,
    ...sel,
    gridId,
    dndType,
    scrollRef,
    gridRef,
    serverMode,
    groupingOn,
    searchPanel,
    layout,
    sizing,
    pagingOn,
    initialPageSize,
    setColumnFilters,
    pagination,
    setPagination,
    toFirstPage,
    grouping,
    activeFilters,
    serverQuery,
    server,
    loading,
    rows,
    rowsById,
  };
}
type GridBase<T extends object> = ReturnType<typeof useGridBase<T>>;

/** The TanStack table over the grid's state. */
function useGridTable<T extends object>(opts: GridOptions<T>, base: GridBase<T>) {
  const { layout, grouping, serverMode, pagingOn, toFirstPage } = base;
  const { columnVisibility } = layout;
  // The search box looks at the visible columns that show text.
  const searchable = useLatest(
    new Set(
      base.resolved
        .filter((c) => columnVisibility[c.id] !== false && c.filterKind && c.type !== 'boolean')
        .map((c) => c.id),
    ),
  );
  return useTable({
    features: gridFeatures,
    columns: base.columnDefs,
    data: base.rows,
    getRowId: (row: T) => String(base.keyOf(row)),
    state: {
      sorting: grouping.sorting,
      grouping: grouping.activeGrouping,
      expanded: grouping.expanded,
      rowSelection: base.rowSelection,
      columnVisibility,
      columnOrder: layout.columnOrder,
      columnSizing: base.sizing.columnSizing,
      columnFilters: base.activeFilters,
      pagination: base.pagination,
    },
    onSortingChange: (updater: Updater<SortingState>) => {
      grouping.setSorting(updater);
      // The server's first page of the new order.
      if (serverMode) toFirstPage();
    },
    onColumnFiltersChange: (updater: Updater<ColumnFiltersState>) => {
      base.setColumnFilters((prev) => functionalUpdate(updater, prev));
      if (serverMode) toFirstPage();
    },
    onPaginationChange: (updater: Updater<PaginationState>) =>
      base.setPagination((prev) => functionalUpdate(updater, prev)),
    onGroupingChange: (updater: Updater<GroupingState>) => grouping.setGrouping(updater),
    onRowSelectionChange: base.setSelection,
    onColumnVisibilityChange: layout.setVisibility,
    onColumnOrderChange: layout.setColumnOrder,
    onColumnSizingChange: base.sizing.setColumnSizing,
    // Grouped columns leave the header (they are on the group panel and in the group rows).
    groupedColumnMode: 'remove',
    manualPagination: !pagingOn || serverMode,
    manualSorting: serverMode,
    manualFiltering: serverMode,
    rowCount: serverMode ? base.server.total : undefined,
    // A page from the address must survive the data's arrival: that grid goes back to page 1 itself.
    autoResetPageIndex: opts.urlState ? false : undefined,
    autoResetExpanded: false,
    enableSorting: opts.sorting,
    enableMultiSort: true,
    sortDescFirst: false,
    enableGlobalFilter: base.searchPanel,
    globalFilterFn: base.globalFilterFn,
    getColumnCanGlobalFilter: (column) => searchable.current.has(column.id),
    enableRowSelection: opts.selection !== 'none',
    enableMultiRowSelection: opts.selection === 'multi',
    enableSubRowSelection: false,
    getRowCanExpand: (row) => row.subRows.length > 0,
    getIsRowExpanded: (row) => row.subRows.length > 0 && !grouping.isCollapsed(row.id),
    enableColumnResizing: true,
    columnResizeMode: 'onChange',
  });
}

/**
 * The editing logic. An added row is shown once the data holds it: its page turned to, the row
 * focused. Its key is the one `onInsert` resolves with (`{ key }`) or the one the draft carries (a key
 * made on the client); `reveal` holds it until then.
 */
function useRevealingEditing<T extends object>(
  opts: GridOptions<T>,
  base: GridBase<T>,
  visibleColumns: ResolvedColumn<T>[],
  t: (key: string) => string,
  toFirstPage: () => void,
) {
  const { editing } = opts;
  const { serverMode, keyOf } = base;
  const [reveal, setReveal] = useState<string | null>(null);
  const editingShown = useMemo((): GridEditing<T> | undefined => {
    const insert = editing?.onInsert;
    if (!editing || !insert || serverMode) return editing;
    return {
      ...editing,
      onInsert: async (values) => {
        const res = await insert(values);
        let key: unknown =
          res && typeof res === 'object' && 'key' in res ? (res as { key: unknown }).key : undefined;
        if (key === undefined) {
          try {
            key = keyOf(values as T);
          } catch {
            key = undefined;
          }
        }
        if ((typeof key === 'string' && key !== '') || typeof key === 'number') setReveal(String(key));
        return res;
      },
    };
  }, [editing, serverMode, keyOf]);
  const ed = useGridEditing<T>({
    editing: editingShown,
    editColumns: visibleColumns.filter((c) => c.editable),
    onEditorValueChange: opts.onEditorValueChange,
    messages: { required: t('required'), saveFailed: t('saveFailed'), deleteFailed: t('deleteFailed') },
    keyOf,
    rowsById: base.rowsById,
    toFirstPage,
  });
  return { ed, reveal, setReveal };
}

/** The columns' widths and counts of the lead (selection, detail) and actions cells. */
function gridShape<T extends object>(
  opts: GridOptions<T>,
  headers: readonly { getSize: () => number }[],
  showActions: boolean,
  gridId: string,
) {
  const leadSelect = opts.selection === 'multi';
  const leadDetail = Boolean(opts.renderDetail);
  const leadCount = (leadSelect ? 1 : 0) + (leadDetail ? 1 : 0);
  const colCount = leadCount + headers.length + (showActions ? 1 : 0);
  const tableWidth =
    headers.reduce((w, h) => w + h.getSize(), 0) + leadCount * LEAD_WIDTH + (showActions ? ACTIONS_WIDTH : 0);
  /** The element id of a data row, for `aria-activedescendant`. */
  const rowDomId = (id: string) => `${gridId}-row-${encodeURIComponent(id)}`;
  return { leadSelect, leadDetail, leadCount, colCount, tableWidth, rowDomId };
}

interface GridHandleParts<T extends object> {
  table: ReturnType<typeof useGridTable<T>>;
  getColumn: GridBase<T>['getColumn'];
  exportToExcel: () => Promise<void>;
  doPrint: () => Promise<void>;
  focusAndReveal: (id: string) => void;
  focusRowId: (id: string | null) => void;
  setSelection: GridBase<T>['setSelection'];
  startAdd: () => void;
}

/** The grid's imperative API (`ref`), always calling the latest state. */
function useGridHandle<T extends object>(ref: Ref<DataGridHandle<T>> | undefined, parts: GridHandleParts<T>) {
  const api = useLatest({ ...parts, leaves: () => collectLeaves(parts.table.getSortedRowModel().rows, []) });
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
      print: () => void api.current.doPrint(),
      focusRow: (key) => {
        if (key === null) api.current.focusRowId(null);
        else api.current.focusAndReveal(String(key));
      },
      clearSelection: () => api.current.setSelection({}),
      addRow: () => api.current.startAdd(),
    }),
    [api],
  );
}

/**
 * A grid whose page is kept in the address goes back to page 1 itself when its filters, sort or
 * grouping change (TanStack's automatic reset would also fire when the rows first arrive), and to
 * the last page when the page it was given is past the end.
 */
function usePageReset(options: {
  on: boolean;
  signature: string;
  toFirstPage: () => void;
  outOfRange: boolean;
  toLastPage: () => void;
}) {
  const { on, signature, outOfRange } = options;
  const latest = useLatest(options);
  const seen = useRef(signature);
  useEffect(() => {
    if (!on || seen.current === signature) return;
    seen.current = signature;
    latest.current.toFirstPage();
  }, [on, signature, latest]);
  useEffect(() => {
    if (on && outOfRange) latest.current.toLastPage();
  }, [on, outOfRange, latest]);
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

export type GridModel<T extends object> = ReturnType<typeof useDataGrid<T>>;
