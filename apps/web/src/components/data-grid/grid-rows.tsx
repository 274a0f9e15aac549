import { memo, type ReactNode } from 'react';
import { ActionIcon, Checkbox, Tooltip } from '@mantine/core';
import { IconChevronDown, IconChevronRight, IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ResolvedColumn } from './columns';
import type { GridRow } from './table-features';
import classes from './data-grid.module.css';

/** Stable handlers shared by every row (the rows are memoized, so these never change identity). */
export interface RowHandlers<T extends object> {
  click: (row: GridRow<T>) => void;
  doubleClick: (row: GridRow<T>) => void;
  select: (row: GridRow<T>, selected: boolean) => void;
  toggleDetail: (rowId: string) => void;
  edit: (row: GridRow<T>) => void;
  remove: (row: GridRow<T>) => void;
}

export function renderCell<T>(col: ResolvedColumn<T>, row: T): ReactNode {
  return col.def.cell ? col.def.cell(row) : col.text(row);
}

interface DataRowProps<T extends object> {
  row: GridRow<T>;
  /** Element id, named by the grid's `aria-activedescendant` when the row is focused. */
  domId: string;
  columns: readonly ResolvedColumn<T>[];
  focused: boolean;
  /** undefined when the grid has no selection. */
  selected: boolean | undefined;
  detailOpen: boolean;
  leadSelect: boolean;
  leadDetail: boolean;
  showActions: boolean;
  canUpdate: boolean;
  canDelete: boolean;
  /** Another row is being edited: row actions wait. */
  locked: boolean;
  deleteLabel: string | undefined;
  className: string | undefined;
  dataIndex: number | undefined;
  /** Virtual mode: lets the virtualizer measure the row. */
  measureRef: ((el: HTMLTableRowElement | null) => void) | undefined;
  handlers: RowHandlers<T>;
}

function DataRowImpl<T extends object>({
  row,
  domId,
  columns,
  focused,
  selected,
  detailOpen,
  leadSelect,
  leadDetail,
  showActions,
  canUpdate,
  canDelete,
  locked,
  deleteLabel,
  className,
  dataIndex,
  measureRef,
  handlers,
}: DataRowProps<T>) {
  const { t } = useTranslation('grid');
  const original = row.original;
  return (
    <tr
      ref={measureRef}
      id={domId}
      role="row"
      className={className ? `${classes.row} ${className}` : classes.row}
      data-row-id={row.id}
      data-index={dataIndex}
      data-focused={focused || undefined}
      aria-selected={selected}
      onClick={() => handlers.click(row)}
      onDoubleClick={() => handlers.doubleClick(row)}
    >
      {leadSelect ? (
        <td className={classes.leadCell} onClick={(e) => e.stopPropagation()}>
          <Checkbox
            size="xs"
            aria-label={t('selectRow')}
            checked={selected === true}
            onChange={(e) => handlers.select(row, e.currentTarget.checked)}
          />
        </td>
      ) : null}
      {leadDetail ? (
        <td className={classes.leadCell}>
          <ActionIcon
            variant="subtle"
            size="sm"
            color="gray"
            aria-expanded={detailOpen}
            aria-label={detailOpen ? t('collapseRow') : t('expandRow')}
            onClick={(e) => {
              e.stopPropagation();
              handlers.toggleDetail(row.id);
            }}
          >
            {detailOpen ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
          </ActionIcon>
        </td>
      ) : null}
      {columns.map((col) => (
        <td key={col.id} className={classes.td} style={{ textAlign: col.align }}>
          {renderCell(col, original)}
        </td>
      ))}
      {showActions ? (
        <td className={classes.actionsCell} onClick={(e) => e.stopPropagation()}>
          {canUpdate ? (
            <Tooltip label={t('edit')}>
              <ActionIcon
                variant="subtle"
                size="sm"
                aria-label={t('edit')}
                disabled={locked}
                onClick={() => handlers.edit(row)}
                mr={4}
              >
                <IconPencil size={14} />
              </ActionIcon>
            </Tooltip>
          ) : null}
          {canDelete ? (
            <Tooltip label={deleteLabel ?? t('delete')}>
              <ActionIcon
                variant="subtle"
                color="red"
                size="sm"
                aria-label={deleteLabel ?? t('delete')}
                disabled={locked}
                onClick={() => handlers.remove(row)}
              >
                <IconTrash size={14} />
              </ActionIcon>
            </Tooltip>
          ) : null}
        </td>
      ) : null}
    </tr>
  );
}

/** A record's row: selection box, detail toggle, cells and edit/delete actions. */
export const DataRow = memo(DataRowImpl) as typeof DataRowImpl;

interface GroupRowProps {
  rowId: string;
  caption: string;
  depth: number;
  open: boolean;
  colCount: number;
  dataIndex: number | undefined;
  measureRef: ((el: HTMLTableRowElement | null) => void) | undefined;
  onToggle: (rowId: string, open: boolean) => void;
}

function GroupRowImpl({
  rowId,
  caption,
  depth,
  open,
  colCount,
  dataIndex,
  measureRef,
  onToggle,
}: GroupRowProps) {
  const { t } = useTranslation('grid');
  return (
    <tr ref={measureRef} className={classes.groupRow} data-group-row={rowId} data-index={dataIndex}>
      <td colSpan={colCount} style={{ paddingLeft: 8 + depth * 20 }}>
        <span className={classes.groupCaption}>
          <ActionIcon
            variant="subtle"
            size="sm"
            color="gray"
            aria-expanded={open}
            aria-label={open ? t('collapseGroup') : t('expandGroup')}
            onClick={() => onToggle(rowId, open)}
          >
            {open ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
          </ActionIcon>
          {caption}
        </span>
      </td>
    </tr>
  );
}

/** A group caption row: the grouped value, the count and the group's summaries; collapsible. */
export const GroupRow = memo(GroupRowImpl);
