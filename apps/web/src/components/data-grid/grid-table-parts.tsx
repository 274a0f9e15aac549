import type { ReactNode } from 'react';
import { Checkbox, Table } from '@mantine/core';
import { FilterCell } from './filter-cell';
import { HeaderCell } from './header-cell';
import { DataRow, GroupRow } from './grid-rows';
import { EditRow } from './edit-row';
import { useGridModel } from './grid-context';
import type { GridModel } from './use-data-grid';
import type { DisplayItem } from './use-virtual-rows';
import classes from './data-grid.module.css';

/** The table's head: the column headers (sort, group, hide, move, resize) and the filter row. */
export function GridHead() {
  const grid = useGridModel();
  const { opts, shape, ed, visibleColumns, handlers } = grid;
  return (
    <Table.Thead ref={grid.vr.theadRef}>
      <HeaderRow />
      {opts.filterRow ? (
        <tr className={classes.filterRow}>
          {shape.leadCount ? <th colSpan={shape.leadCount} /> : null}
          {visibleColumns.map((col) => (
            <th key={col.id}>
              {col.filterKind ? (
                <FilterCell col={col} value={grid.filterOf(col.id)} onChange={handlers.onFilterChange} />
              ) : null}
            </th>
          ))}
          {ed.showActions ? <th /> : null}
        </tr>
      ) : null}
    </Table.Thead>
  );
}

/** The column headers, with the select-all box and the detail and actions cells. */
function HeaderRow() {
  const grid = useGridModel();
  const { t, opts, shape, table, byId, grouping, layout, visibleColumns } = grid;
  const allSelected = shape.leadSelect && table.getIsAllRowsSelected();
  const someSelected = shape.leadSelect && table.getIsSomeRowsSelected();
  const resizingId = table.state.columnResizing.isResizingColumn;
  return (
    <tr>
      {shape.leadSelect ? (
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
      {shape.leadDetail ? <th className={classes.leadCell} aria-label={t('detail')} /> : null}
      {grid.headers.map((header) => {
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
            sortCount={grouping.sorting.length}
            resizing={resizingId === col.id}
            canSort={opts.sorting && column.getCanSort()}
            canGroup={grid.groupingOn && grouping.canGroup(col.id)}
            canHide={layout.chooserOn && col.hideable && visibleColumns.length > 1}
            dndType={grid.dndType}
            onGroup={grouping.addGrouping}
            onHide={layout.hideColumn}
            onMove={layout.moveColumn}
          />
        );
      })}
      {grid.ed.showActions ? <th className={classes.actionsCell} aria-label={t('actions')} /> : null}
    </tr>
  );
}

/** The table's body: the row being added, the shown rows (virtual padding around them), or "no data". */
export function GridBody<T extends object>() {
  const grid = useGridModel<T>();
  const { t, opts, ed, vr, shape, items, loading } = grid;
  const session = ed.session;
  const { shownItems, padTop, padBottom } = vr;
  const showEmpty = items.length === 0 && !(session?.kind === 'insert' && ed.rowMode);
  const pad = (height: number) => (
    <tr aria-hidden>
      <td colSpan={shape.colCount} style={{ height, padding: 0, border: 0 }} />
    </tr>
  );
  return (
    <Table.Tbody>
      {session?.kind === 'insert' ? editRow(grid, null) : null}
      {padTop > 0 ? pad(padTop) : null}
      {shownItems.map((item, i) => renderItem(grid, item, i))}
      {padBottom > 0 ? pad(padBottom) : null}
      {showEmpty ? (
        <tr>
          <td colSpan={shape.colCount} className={classes.empty}>
            <div className={classes.emptyText}>
              {loading ? t('loading') : (opts.emptyText ?? t('noData'))}
            </div>
          </td>
        </tr>
      ) : null}
    </Table.Tbody>
  );
}

/** The row editor (row editing mode) in place of the row `rowId`, or of a new row (null). */
function editRow<T extends object>(grid: GridModel<T>, rowId: string | null): ReactNode {
  const { session, rowMode, editSession } = grid.ed;
  return session && rowMode ? (
    <EditRow
      key={`edit:${rowId ?? 'new'}`}
      session={session}
      columns={grid.visibleColumns}
      leadCount={grid.shape.leadCount}
      colCount={grid.shape.colCount}
      onChange={editSession.change}
      onSave={() => void editSession.save()}
      onCancel={editSession.cancel}
    />
  ) : null;
}

/** One shown item: a group row, a detail row, the row being edited or a data row. */
function renderItem<T extends object>(grid: GridModel<T>, item: DisplayItem<T>, index: number): ReactNode {
  const { t, opts, ed, vr, shape } = grid;
  const row = item.row;
  const dataIndex = vr.dataIndexOf(index);
  if (item.kind === 'group') {
    const caption = grid.exp.groupCaption(row);
    return (
      <GroupRow
        key={item.key}
        rowId={row.id}
        caption={item.continued ? `${caption} ${t('continued')}` : caption}
        depth={row.depth}
        open={row.getIsExpanded()}
        colCount={shape.colCount}
        dataIndex={dataIndex}
        measureRef={vr.measureRef}
        onToggle={grid.grouping.toggleGroup}
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
        <td colSpan={shape.colCount}>{opts.renderDetail?.(row.original)}</td>
      </tr>
    );
  }
  const session = ed.session;
  if (session && ed.rowMode && session.kind === 'update' && session.rowId === row.id)
    return editRow(grid, row.id);
  const original = row.original;
  return (
    <DataRow
      key={item.key}
      row={row}
      domId={shape.rowDomId(row.id)}
      columns={grid.visibleColumns}
      focused={grid.focusedId === row.id}
      selected={opts.selection !== 'none' ? Boolean(grid.rowSelection[row.id]) : undefined}
      detailOpen={Boolean(grid.openDetails[row.id])}
      leadSelect={shape.leadSelect}
      leadDetail={shape.leadDetail}
      showActions={ed.showActions}
      canUpdate={ed.canUpdate(original)}
      canDelete={ed.canDelete(original)}
      locked={Boolean(session)}
      deleteLabel={opts.editing?.deleteLabel}
      className={opts.rowClassName?.(original)}
      dataIndex={dataIndex}
      measureRef={vr.measureRef}
      handlers={grid.rowHandlers}
    />
  );
}

/** The summaries' footer (count, sum … per column). */
export function GridFoot<T extends object>() {
  const { vr, shape, visibleColumns, exp, ed } = useGridModel<T>();
  return (
    <Table.Tfoot ref={vr.tfootRef} className={classes.footer}>
      <tr>
        {shape.leadCount ? <td colSpan={shape.leadCount} /> : null}
        {visibleColumns.map((col) => (
          <td key={col.id} style={{ textAlign: col.align }} data-summary={col.id}>
            {exp.summaryOf(col)}
          </td>
        ))}
        {ed.showActions ? <td /> : null}
      </tr>
    </Table.Tfoot>
  );
}
