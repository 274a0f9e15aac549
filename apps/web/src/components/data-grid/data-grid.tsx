import { Alert, LoadingOverlay, Table } from '@mantine/core';
import type { DataGridProps } from './types';
import { GroupPanel } from './group-panel';
import { GridToolbar } from './grid-toolbar';
import { GridPager } from './grid-pager';
import { EditForm } from './edit-form';
import { ConfirmDialog } from './confirm-dialog';
import { GridContext, useGridModel } from './grid-context';
import { GridBody, GridFoot, GridHead } from './grid-table-parts';
import { DEFAULT_VIRTUAL_HEIGHT } from './use-virtual-rows';
import { useScrollCue } from './use-scroll-cue';
import { useDataGrid, type GridModel } from './use-data-grid';
import classes from './data-grid.module.css';

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
  const grid = useDataGrid(props);
  return (
    <GridContext value={grid as unknown as GridModel<object>}>
      <div className={classes.root}>
        <GridTop />
        <GridFrame />
        <GridPagerBar />
        <GridDialogs />
      </div>
    </GridContext>
  );
}

/** Above the table: the toolbar, the group panel, the "capped" notice and a load error. */
function GridTop() {
  const grid = useGridModel();
  const { t, opts, ed, layout, exp, handlers, server, grouping } = grid;
  const chooserOn = layout.chooserOn;
  return (
    <>
      <GridToolbar
        left={opts.toolbar}
        searchValue={grid.globalFilter}
        onSearch={grid.searchPanel ? handlers.onSearch : undefined}
        onRefresh={opts.onRefresh}
        onAdd={ed.canAdd ? ed.startAdd : undefined}
        addDisabled={Boolean(ed.session)}
        chooserColumns={layout.chooserColumns}
        onToggleColumn={chooserOn ? layout.toggleColumn : undefined}
        onResetLayout={chooserOn ? layout.resetLayout : undefined}
        onExport={exp.exportOn ? handlers.onExport : undefined}
        exporting={exp.exporting}
        onPrint={exp.printOn ? handlers.onPrint : undefined}
      />
      {grid.groupingOn ? (
        <GroupPanel
          groups={grouping.groupPanelGroups}
          dndType={grid.dndType}
          onAdd={grouping.addGrouping}
          onRemove={grouping.removeGrouping}
          onToggleOrder={grouping.toggleGroupOrder}
        />
      ) : null}
      {grid.serverMode && server.capped ? (
        <Alert color="yellow" variant="light" py={6} role="status" data-testid="grid-capped">
          {t('capped', { n: grid.filteredCount })}
        </Alert>
      ) : null}
      {server.error ? (
        <Alert color="red" variant="light" py={6} role="alert">
          {t('loadFailed', { message: server.error.message })}
        </Alert>
      ) : null}
    </>
  );
}

/** The scrolling frame with the table (header and filter row, body, summaries) and the loading veil. */
function GridFrame() {
  const grid = useGridModel();
  const { opts, ed, vr, shape, focusedId, loading } = grid;
  const session = ed.session;
  const editedRow = Boolean(
    session && ed.rowMode && session.kind === 'update' && session.rowId === focusedId,
  );
  // Screen readers hear the focused row while the focus stays on the grid.
  const activeDescendant =
    focusedId !== null &&
    !editedRow &&
    vr.shownItems.some((it) => it.kind === 'data' && it.row.id === focusedId)
      ? shape.rowDomId(focusedId)
      : undefined;
  const scrollHeight = opts.height ?? (opts.virtual ? DEFAULT_VIRTUAL_HEIGHT : undefined);
  const cue = useScrollCue(grid.scrollRef);
  return (
    <div
      className={classes.frame}
      data-scroll-start={cue.start || undefined}
      data-scroll-end={cue.end || undefined}
    >
      <div
        ref={grid.scrollRef}
        className={classes.scroll}
        style={{ height: scrollHeight, maxHeight: scrollHeight }}
      >
        <Table
          ref={grid.gridRef}
          className={classes.table}
          style={{ width: shape.tableWidth }}
          stickyHeader
          role="grid"
          tabIndex={0}
          aria-label={opts.label}
          aria-busy={loading}
          aria-multiselectable={opts.selection === 'multi' || undefined}
          aria-rowcount={grid.filteredCount}
          aria-activedescendant={activeDescendant}
          onKeyDown={grid.onKeyDown}
        >
          <GridHead />
          <GridBody />
          {grid.hasSummary ? <GridFoot /> : null}
        </Table>
      </div>
      <LoadingOverlay visible={loading} zIndex={5} overlayProps={{ blur: 0, backgroundOpacity: 0.35 }} />
    </div>
  );
}

/** The pager under the grid (when it pages). */
function GridPagerBar() {
  const { opts, pagingOn, pagination, table, filteredCount, handlers } = useGridModel();
  if (!pagingOn) return null;
  return (
    <GridPager
      pageIndex={pagination.pageIndex}
      pageCount={table.getPageCount()}
      pageSize={pagination.pageSize}
      pageSizes={opts.pageSizes}
      itemCount={filteredCount}
      onPageChange={handlers.onPageChange}
      onPageSizeChange={handlers.onPageSizeChange}
    />
  );
}

/** The editing dialogs: the form editor and the delete confirmation. */
function GridDialogs() {
  const { opts, ed, t, visibleColumns } = useGridModel();
  const { editing } = opts;
  const { session, editSession } = ed;
  return (
    <>
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
    </>
  );
}
