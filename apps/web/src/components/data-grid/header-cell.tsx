import { memo, useState, type DragEvent } from 'react';
import { ActionIcon, Menu, UnstyledButton } from '@mantine/core';
import {
  IconArrowDown,
  IconArrowUp,
  IconArrowsSort,
  IconDotsVertical,
  IconEyeOff,
  IconLayoutRows,
  IconSortAscending,
  IconSortDescending,
  IconX,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Header } from '@tanstack/react-table';
import type { ResolvedColumn } from './columns';
import type { GridFeatures } from './table-features';
import classes from './data-grid.module.css';

interface HeaderCellProps<T extends object> {
  col: ResolvedColumn<T>;
  header: Header<GridFeatures, T, unknown>;
  /** State read from the table by the parent, so the memoized cell re-renders when it changes. */
  width: number;
  sorted: false | 'asc' | 'desc';
  sortIndex: number;
  /** How many columns the rows are sorted by (numbers appear on the headers when more than one). */
  sortCount: number;
  resizing: boolean;
  canSort: boolean;
  canGroup: boolean;
  canHide: boolean;
  /** Drag-and-drop data type of this grid (headers drop onto its group panel and other headers). */
  dndType: string;
  onGroup: (columnId: string) => void;
  onHide: (columnId: string) => void;
  onMove: (draggedId: string, targetId: string) => void;
}

function HeaderCellImpl<T extends object>({
  col,
  header,
  width,
  sorted,
  sortIndex,
  sortCount,
  resizing,
  canSort,
  canGroup,
  canHide,
  dndType,
  onGroup,
  onHide,
  onMove,
}: HeaderCellProps<T>) {
  const { t } = useTranslation('grid');
  const [dropTarget, setDropTarget] = useState(false);
  const column = header.column;
  const multiSorted = sortCount > 1;
  const ariaSort = sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none';
  const hasMenu = canSort || canGroup || canHide;

  const accepts = (e: DragEvent) => Array.from(e.dataTransfer.types).includes(dndType);

  return (
    <th
      className={classes.th}
      style={{ width, textAlign: col.align }}
      aria-sort={canSort ? ariaSort : undefined}
      data-column-id={col.id}
      data-column-type={col.type}
      data-drop-target={dropTarget || undefined}
      onDragOver={(e) => {
        if (!accepts(e)) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = 'move';
        setDropTarget(true);
      }}
      onDragLeave={() => setDropTarget(false)}
      onDrop={(e) => {
        setDropTarget(false);
        if (!accepts(e)) return;
        e.preventDefault();
        const dragged = e.dataTransfer.getData(dndType);
        if (dragged && dragged !== col.id) onMove(dragged, col.id);
      }}
    >
      <div className={classes.headerInner}>
        <UnstyledButton
          className={classes.headerLabel}
          draggable
          onDragStart={(e) => {
            e.dataTransfer.setData(dndType, col.id);
            e.dataTransfer.effectAllowed = 'move';
          }}
          onClick={canSort ? column.getToggleSortingHandler() : undefined}
          title={col.header}
          data-sortable={canSort || undefined}
        >
          <span className={classes.headerText} data-header-text>
            {col.header}
          </span>
          {sorted ? (
            <span className={classes.sortIcon} aria-hidden>
              {sorted === 'asc' ? <IconArrowUp size={14} /> : <IconArrowDown size={14} />}
              {multiSorted && sortIndex >= 0 ? <sup>{sortIndex + 1}</sup> : null}
            </span>
          ) : canSort ? (
            <span className={classes.sortHint} aria-hidden>
              <IconArrowsSort size={14} />
            </span>
          ) : null}
        </UnstyledButton>
        {hasMenu ? (
          <Menu position="bottom-end" withinPortal shadow="md">
            <Menu.Target>
              <ActionIcon
                variant="subtle"
                color="gray"
                size="xs"
                className={classes.headerMenu}
                aria-label={t('columnMenu', { column: col.header })}
              >
                <IconDotsVertical size={14} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              {canSort ? (
                <>
                  <Menu.Item
                    leftSection={<IconSortAscending size={14} />}
                    onClick={() => column.toggleSorting(false)}
                  >
                    {t('sortAsc')}
                  </Menu.Item>
                  <Menu.Item
                    leftSection={<IconSortDescending size={14} />}
                    onClick={() => column.toggleSorting(true)}
                  >
                    {t('sortDesc')}
                  </Menu.Item>
                  {sorted ? (
                    <Menu.Item leftSection={<IconX size={14} />} onClick={() => column.clearSorting()}>
                      {t('clearSort')}
                    </Menu.Item>
                  ) : null}
                </>
              ) : null}
              {canGroup ? (
                <Menu.Item leftSection={<IconLayoutRows size={14} />} onClick={() => onGroup(col.id)}>
                  {t('groupBy')}
                </Menu.Item>
              ) : null}
              {canHide ? (
                <Menu.Item leftSection={<IconEyeOff size={14} />} onClick={() => onHide(col.id)}>
                  {t('hideColumn')}
                </Menu.Item>
              ) : null}
            </Menu.Dropdown>
          </Menu>
        ) : null}
      </div>
      {column.getCanResize() ? (
        <div
          className={classes.resizer}
          data-resizing={resizing || undefined}
          role="separator"
          aria-orientation="vertical"
          aria-label={t('resizeColumn', { column: col.header })}
          onMouseDown={header.getResizeHandler()}
          onTouchStart={header.getResizeHandler()}
          onDoubleClick={() => column.resetSize()}
          onClick={(e) => e.stopPropagation()}
        />
      ) : null}
    </th>
  );
}

/** One column header: sort by click, a menu (sort, group, hide), drag to group or reorder, resize. */
export const HeaderCell = memo(HeaderCellImpl) as typeof HeaderCellImpl;
