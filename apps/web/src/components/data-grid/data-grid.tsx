import { useEffect, useId, useImperativeHandle, useMemo, useRef, useState, type ReactNode } from 'react';
import { Alert, Checkbox, LoadingOverlay, Table } from '@mantine/core';
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
import { FilterCell } from './filter-cell';
import { HeaderCell } from './header-cell';
import { GroupPanel } from './group-panel';
import { GridToolbar } from './grid-toolbar';
import { GridPager } from './grid-pager';
import { EditForm } from './edit-form';
import { ConfirmDialog } from './confirm-dialog';
import { DataRow, GroupRow, type RowHandlers } from './grid-rows';
import { EditRow } from './edit-row';
import { toGridQuery } from './server-query';
import { useServerRows } from './use-server-rows';
import { useGridColumns } from './use-grid-columns';
import { useGridLayout } from './use-grid-layout';
import { useGridGrouping } from './use-grid-grouping';
import { useGridSelection } from './use-grid-selection';
import { useGridEditing } from './use-grid-editing';
import {
  DEFAULT_VIRTUAL_HEIGHT,
  useDisplayItems,
  useVirtualRows,
  type DisplayItem,
} from './use-virtual-rows';
import { useGridExport } from './use-grid-export';
import { useGridKeyboard } from './use-grid-keyboard';
import { useGridUrlState, useGridUrlSync } from './use-grid-url-state';
import { collectLeaves, useLatest, useShownRows, useStableCallback } from './grid-utils';
import classes from './data-grid.module.css';

const DEFAULT_PAGE_SIZES: readonly number[] = [10, 20, 50];
const LEAD_WIDTH = 40;
const ACTIONS_WIDTH = 92;

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
 *
 * Server mode (`mode="server"`), for lists too large to load whole (finders): the same look and
 * features, but paging, sorting and filtering are the server's. The grid turns its state into the
 * contract's parameters (`@po/contract/grid`): `Skip`/`Take`, `Sort` ("Field desc,Other", by the
 * columns' `field`) and `Filter` (JSON of the filter row by field: text = contains, `[min, max]` =
 * inclusive range with null for an open end, anything else = equals; several lookup items = an
 * array). Typing waits for the filter row's 200 ms pause; a new filter or sort goes to page 1.
 * - With `query` the grid fetches (TanStack Query, `queryKey` prefix, previous page kept on screen
 *   while the next loads); export and print fetch every row the server returns for the filter, page
 *   by page (500 a time), up to the server's cap.
 * - Controlled: `onQueryChange` + `data` (the page) + `rowCount` (+ `capped`, `summaries`); without
 *   `query` export and print take the page on screen and their title says "(page N only)".
 * - `Capped` shows "showing the first N; narrow the filter" above the grid. Footer `count` is the
 *   server's total; `sum` is the server's `summaries[colId]` or else the page's sum, labelled so.
 * - Grouping: the grouped columns go first in `Sort` (a column the server cannot sort by,
 *   `sortable: false`, cannot be grouped), and the page is grouped on the client; a group that may go
 *   on past the page's first or last row says its count is this page's. The search box is a
 *   client-mode feature (it would see one page).
 *
 * @example
 * const fetchPage = (q: GridQuery) =>
 *   callApi(ParcelFinder, { ...filters, ...q }).then((d) => ({ rows: d.Parcels, total: d.Total, capped: d.Capped }));
 * <DataGrid<ParcelRow> mode="server" query={fetchPage} queryKey={['parfinder', filters]}
 *   columns={columns} rowKey="Id" label={t('results')} pageSizes={[25, 35, 45]} defaultPageSize={25}
 *   selection="multi" renderDetail={(p) => <StatusHistory id={p.Id} />} exportFileName="parcels" />
 */
export function DataGrid<T extends object>(props: DataGridProps<T>) {
  const {
    columns,
    data,
    mode = 'client',
    query,
    queryKey,
    onQueryChange,
    rowCount,
    capped,
    summaries,
    rowKey,
    storageKey,
    urlState,
    loading: loadingProp = false,
    emptyText,
    label,
    filterRow = true,
    searchPanel: searchPanelProp = false,
    sorting: sortingOn = true,
    grouping: groupingProp = false,
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
  const gridRef = useRef<HTMLTableElement>(null);
  const serverMode = mode === 'server';
  // Server mode groups too: the server sorts by the grouped columns first and the page is grouped
  // here (a group the page cuts says its count is the page's). The search box would see one page
  // only: client mode has it.
  const groupingOn = groupingProp;
  const searchPanel = searchPanelProp && !serverMode;

  // ----- columns and layout ---------------------------------------------------------------------
  const { keyOf, resolved, byId, getColumn, columnDefs, globalFilterFn } = useGridColumns({
    columns,
    rowKey,
    labels: { yes: t('yes'), no: t('no') },
  });
  const layout = useGridLayout({
    resolved,
    storageKey,
    controlledVisibility,
    onColumnVisibilityChange,
    columnChooser,
  });
  const { columnVisibility } = layout;

  // ----- filters, sort and page (in the address with `urlState`; the server's in server mode) ----
  const pagingOn = !virtual && paging;
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
    groupBy,
    initialSorting: fromUrl.sorting,
    // The server groups only what it can sort by; a new grouping is a new order: the server's page 1.
    serverMode,
    onGroupingChange: serverMode ? toFirstPage : undefined,
  });
  const { activeGrouping, sorting } = grouping;
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
    () => ['po.grid', storageKey ?? urlState ?? gridId],
    [storageKey, urlState, gridId],
  );
  const server = useServerRows<T>({
    on: serverMode,
    query,
    queryKey: queryKey ?? defaultQueryKey,
    q: serverQuery,
    onQueryChange,
    data,
    rowCount,
    capped,
    summaries,
  });
  const loading = loadingProp || server.fetching;
  const rows = useShownRows(server.data);
  const rowsById = useMemo(() => {
    const map = new Map<string, T>();
    for (const row of rows) map.set(String(keyOf(row)), row);
    return map;
  }, [rows, keyOf]);

  // ----- selection, focus and details -----------------------------------------------------------
  const { rowSelection, setSelection, focusedId, focusRowId, openDetails, toggleDetail } = useGridSelection({
    rowsById,
    keyOf,
    selectedKeys,
    onSelectionChange,
    focusedRowKey,
    onFocusedRowChange,
  });

  // ----- the table ------------------------------------------------------------------------------
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
      expanded: grouping.expanded,
      rowSelection,
      columnVisibility,
      columnOrder: layout.columnOrder,
      columnSizing: layout.columnSizing,
      columnFilters: activeFilters,
      pagination,
    },
    onSortingChange: (updater: Updater<SortingState>) => {
      grouping.setSorting(updater);
      // The server's first page of the new order.
      if (serverMode) toFirstPage();
    },
    onColumnFiltersChange: (updater: Updater<ColumnFiltersState>) => {
      setColumnFilters((prev) => functionalUpdate(updater, prev));
      if (serverMode) toFirstPage();
    },
    onPaginationChange: (updater: Updater<PaginationState>) =>
      setPagination((prev) => functionalUpdate(updater, prev)),
    onGroupingChange: (updater: Updater<GroupingState>) => grouping.setGrouping(updater),
    onRowSelectionChange: setSelection,
    onColumnVisibilityChange: layout.setVisibility,
    onColumnOrderChange: layout.setColumnOrder,
    onColumnSizingChange: layout.setColumnSizing,
    // Grouped columns leave the header (they are on the group panel and in the group rows).
    groupedColumnMode: 'remove',
    manualPagination: !pagingOn || serverMode,
    manualSorting: serverMode,
    manualFiltering: serverMode,
    rowCount: serverMode ? server.total : undefined,
    // A page from the address must survive the data's arrival: that grid goes back to page 1 itself.
    autoResetPageIndex: urlState ? false : undefined,
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
    getIsRowExpanded: (row) => row.subRows.length > 0 && !grouping.isCollapsed(row.id),
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
  const filterOf = (id: string): GridFilterValue | undefined => {
    const v = activeFilters.find((f) => f.id === id)?.value;
    return isFilterValue(v) ? v : undefined;
  };
  const pageRows = table.getRowModel().rows;
  const filteredCount = server.total ?? table.getFilteredRowModel().rows.length;
  const hasSummary = visibleColumns.some((c) => c.def.summary);
  const globalFilter = typeof table.state.globalFilter === 'string' ? table.state.globalFilter : '';

  useGridUrlSync(
    urlState,
    { filters: activeFilters, sorting: grouping.userSorting, pagination },
    initialPageSize,
  );
  usePageReset({
    on: Boolean(urlState) && !serverMode,
    signature: JSON.stringify([activeFilters, sorting, activeGrouping, globalFilter]),
    toFirstPage,
    // A page past the end (an old address, fewer rows now) shows the last page once the rows are in.
    outOfRange:
      pagingOn &&
      data !== undefined &&
      !loading &&
      pagination.pageIndex > 0 &&
      pagination.pageIndex >= table.getPageCount(),
    toLastPage: () =>
      setPagination((prev) => ({ ...prev, pageIndex: Math.max(0, table.getPageCount() - 1) })),
  });

  // ----- editing -----------------------------------------------------------------------------
  // An added row is shown once the data holds it: its page turned to, the row focused. Its key is the
  // one `onInsert` resolves with (`{ key }`) or the one the draft carries (a key made on the client).
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
    onEditorValueChange,
    messages: { required: t('required'), saveFailed: t('saveFailed'), deleteFailed: t('deleteFailed') },
    keyOf,
    rowsById,
    toFirstPage: () => {
      if (pagingOn) table.setPageIndex(0);
    },
  });
  const { session, rowMode, showActions, editSession } = ed;

  // ----- what the body shows -------------------------------------------------------------------
  const items = useDisplayItems<T>({ pageRows, openDetails, hasDetail: Boolean(renderDetail), pagingOn });
  const vr = useVirtualRows<T>({ items, virtual, height, scrollRef, chromeDeps: [hasSummary, filterRow] });

  // ----- summaries, export and print -------------------------------------------------------------
  const exp = useGridExport<T>({
    table,
    byId,
    visibleColumns,
    hasSummary,
    label,
    printTitle,
    exportFileName,
    print: printOption,
    server: {
      on: serverMode,
      query,
      q: serverQuery,
      rows,
      total: filteredCount,
      pageIndex: pagination.pageIndex,
      pageSize: pagination.pageSize,
      summaries: server.summaries,
    },
  });

  // ----- keyboard ------------------------------------------------------------------------------
  const { focusAndReveal, onKeyDown } = useGridKeyboard<T>({
    table,
    pageRows,
    pagination,
    focusedId,
    focusRowId,
    clientPaging: pagingOn && !serverMode,
    virtual,
    scrollToRow: vr.scrollToRow,
    scrollRef,
    hasDetail: Boolean(renderDetail),
    toggleDetail,
    multiSelect: selection === 'multi',
  });

  // ----- stable handlers for the memoized parts ------------------------------------------------
  const rowHandlers = useRowHandlers<T>({
    click: (row) => {
      focusRowId(row.id);
      if (selection === 'single') setSelection({ [row.id]: true });
      gridRef.current?.focus({ preventScroll: true });
      onRowClick?.(row.original);
    },
    doubleClick: (row) => {
      if (onRowDoubleClick) onRowDoubleClick(row.original);
      else if (editing && ed.canUpdate(row.original)) ed.startEdit(row);
    },
    select: (row, selected) => row.toggleSelected(selected),
    toggleDetail,
    edit: ed.startEdit,
    remove: (row) => ed.askDelete(row.original),
  });
  const onFilterChange = useStableCallback((columnId: string, value: GridFilterValue | undefined) =>
    tableRef.current.getColumn(columnId)?.setFilterValue(value),
  );
  const onSearch = useStableCallback((text: string) => tableRef.current.setGlobalFilter(text || undefined));
  const onExport = useStableCallback(() => void exp.exportToExcel());
  const onPrint = useStableCallback(() => void exp.doPrint());
  const onPageChange = useStableCallback((i: number) => tableRef.current.setPageIndex(i));
  const onPageSizeChange = useStableCallback((n: number) => tableRef.current.setPageSize(n));

  // ----- imperative API ------------------------------------------------------------------------
  const api = useLatest({
    table,
    getColumn,
    leaves: () => collectLeaves(table.getSortedRowModel().rows, []),
    exportToExcel: exp.exportToExcel,
    doPrint: exp.doPrint,
    focusAndReveal,
    focusRowId,
    setSelection,
    startAdd: ed.startAdd,
  });
  useEffect(() => {
    if (reveal === null || !rowsById.has(reveal)) return;
    setReveal(null);
    api.current.focusAndReveal(reveal);
    gridRef.current?.focus({ preventScroll: true });
  }, [reveal, rowsById, api]);
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

  // ----- rendering -----------------------------------------------------------------------------
  const leadSelect = selection === 'multi';
  const leadDetail = Boolean(renderDetail);
  const leadCount = (leadSelect ? 1 : 0) + (leadDetail ? 1 : 0);
  const colCount = leadCount + headers.length + (showActions ? 1 : 0);
  const tableWidth =
    headers.reduce((w, h) => w + h.getSize(), 0) + leadCount * LEAD_WIDTH + (showActions ? ACTIONS_WIDTH : 0);
  const { chooserOn } = layout;
  const allSelected = leadSelect && table.getIsAllRowsSelected();
  const someSelected = leadSelect && table.getIsSomeRowsSelected();
  const resizingId = table.state.columnResizing.isResizingColumn;
  /** The element id of a data row, for `aria-activedescendant`. */
  const rowDomId = (id: string) => `${gridId}-row-${encodeURIComponent(id)}`;

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
  const isEditedRow = (rowId: string) =>
    Boolean(session && rowMode && session.kind === 'update' && session.rowId === rowId);

  const renderItem = (item: DisplayItem<T>, index: number): ReactNode => {
    const row = item.row;
    const dataIndex = vr.dataIndexOf(index);
    if (item.kind === 'group') {
      const caption = exp.groupCaption(row);
      return (
        <GroupRow
          key={item.key}
          rowId={row.id}
          caption={item.continued ? `${caption} ${t('continued')}` : caption}
          depth={row.depth}
          open={row.getIsExpanded()}
          colCount={colCount}
          dataIndex={dataIndex}
          measureRef={vr.measureRef}
          onToggle={grouping.toggleGroup}
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
          ref={vr.measureRef}
        >
          <td colSpan={colCount}>{renderDetail?.(row.original)}</td>
        </tr>
      );
    }
    if (isEditedRow(row.id)) return editRow(row.id);
    const original = row.original;
    return (
      <DataRow
        key={item.key}
        row={row}
        domId={rowDomId(row.id)}
        columns={visibleColumns}
        focused={focusedId === row.id}
        selected={selection !== 'none' ? Boolean(rowSelection[row.id]) : undefined}
        detailOpen={Boolean(openDetails[row.id])}
        leadSelect={leadSelect}
        leadDetail={leadDetail}
        showActions={showActions}
        canUpdate={ed.canUpdate(original)}
        canDelete={ed.canDelete(original)}
        locked={Boolean(session)}
        deleteLabel={editing?.deleteLabel}
        className={rowClassName?.(original)}
        dataIndex={dataIndex}
        measureRef={vr.measureRef}
        handlers={rowHandlers}
      />
    );
  };

  const { shownItems, padTop, padBottom } = vr;
  // Screen readers hear the focused row while the focus stays on the grid.
  const activeDescendant =
    focusedId !== null &&
    !isEditedRow(focusedId) &&
    shownItems.some((it) => it.kind === 'data' && it.row.id === focusedId)
      ? rowDomId(focusedId)
      : undefined;
  const scrollHeight = height ?? (virtual ? DEFAULT_VIRTUAL_HEIGHT : undefined);
  const showEmpty = items.length === 0 && !(session?.kind === 'insert' && rowMode);

  return (
    <div className={classes.root}>
      <GridToolbar
        left={toolbar}
        searchValue={globalFilter}
        onSearch={searchPanel ? onSearch : undefined}
        onRefresh={onRefresh}
        onAdd={ed.canAdd ? ed.startAdd : undefined}
        addDisabled={Boolean(session)}
        chooserColumns={layout.chooserColumns}
        onToggleColumn={chooserOn ? layout.toggleColumn : undefined}
        onResetLayout={chooserOn ? layout.resetLayout : undefined}
        onExport={exp.exportOn ? onExport : undefined}
        exporting={exp.exporting}
        onPrint={exp.printOn ? onPrint : undefined}
      />
      {groupingOn ? (
        <GroupPanel
          groups={grouping.groupPanelGroups}
          dndType={dndType}
          onAdd={grouping.addGrouping}
          onRemove={grouping.removeGrouping}
          onToggleOrder={grouping.toggleGroupOrder}
        />
      ) : null}
      {serverMode && server.capped ? (
        <Alert color="yellow" variant="light" py={6} role="status" data-testid="grid-capped">
          {t('capped', { n: filteredCount })}
        </Alert>
      ) : null}
      {server.error ? (
        <Alert color="red" variant="light" py={6} role="alert">
          {t('loadFailed', { message: server.error.message })}
        </Alert>
      ) : null}
      <div className={classes.frame}>
        <div
          ref={scrollRef}
          className={classes.scroll}
          style={{ height: scrollHeight, maxHeight: scrollHeight }}
        >
          <Table
            ref={gridRef}
            className={classes.table}
            style={{ width: tableWidth }}
            stickyHeader
            role="grid"
            tabIndex={0}
            aria-label={label}
            aria-busy={loading}
            aria-multiselectable={selection === 'multi' || undefined}
            aria-rowcount={filteredCount}
            aria-activedescendant={activeDescendant}
            onKeyDown={onKeyDown}
          >
            <Table.Thead ref={vr.theadRef}>
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
                      canGroup={groupingOn && grouping.canGroup(col.id)}
                      canHide={chooserOn && col.hideable && visibleColumns.length > 1}
                      dndType={dndType}
                      onGroup={grouping.addGrouping}
                      onHide={layout.hideColumn}
                      onMove={layout.moveColumn}
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
              <Table.Tfoot ref={vr.tfootRef} className={classes.footer}>
                <tr>
                  {leadCount ? <td colSpan={leadCount} /> : null}
                  {visibleColumns.map((col) => (
                    <td key={col.id} style={{ textAlign: col.align }} data-summary={col.id}>
                      {exp.summaryOf(col)}
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
          opened={ed.deleting !== null}
          message={typeof editing.confirmDelete === 'string' ? editing.confirmDelete : t('confirmDelete')}
          confirmLabel={editing.deleteLabel ?? t('delete')}
          busy={ed.deleting?.busy ?? false}
          error={ed.deleting?.error ?? null}
          onConfirm={() => ed.deleting && void ed.runDelete(ed.deleting.row)}
          onCancel={ed.cancelDelete}
        />
      ) : null}
    </div>
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
