import type { ResolvedColumn } from './columns';
import { formatDate } from './format';
import type { GridColumnDef, GridFilterFn, GridRow, GridSortFn } from './table-features';
import { compileFilter, isEmptyFilter, isFilterValue, normalizeText, type RowPredicate } from './filters';

const collator = new Intl.Collator('ka', { numeric: true, sensitivity: 'base' });

function isBlank(v: unknown): boolean {
  return v === null || v === undefined || v === '' || (typeof v === 'number' && Number.isNaN(v));
}

/** Orders two comparable values of a column; empty values sort first (last when descending). */
export function compareValues<T>(col: ResolvedColumn<T>, a: unknown, b: unknown): number {
  const ab = isBlank(a);
  const bb = isBlank(b);
  if (ab || bb) return ab && bb ? 0 : ab ? -1 : 1;
  switch (col.type) {
    case 'number':
    case 'money':
    case 'weight':
    case 'date':
    case 'datetime':
      return typeof a === 'number' && typeof b === 'number' ? a - b : collator.compare(String(a), String(b));
    case 'boolean':
      return Number(Boolean(a)) - Number(Boolean(b));
    case 'lookup':
      return collator.compare(col.lookupLabel(a), col.lookupLabel(b));
    default:
      return collator.compare(String(a), String(b));
  }
}

function isPredicate<T extends object>(value: unknown): value is RowPredicate<GridRow<T>> {
  return typeof value === 'function';
}

/**
 * The TanStack definitions of the grid's columns. The functions look the column up at call time
 * (`getColumn`), so a screen that re-creates its column objects on every render does not force the
 * row models to be rebuilt.
 */
export function buildColumnDefs<T extends object>(
  columns: readonly ResolvedColumn<T>[],
  getColumn: (id: string) => ResolvedColumn<T> | undefined,
): GridColumnDef<T>[] {
  return columns.map((c) => {
    const id = c.id;
    const filterFn: GridFilterFn<T> = (row, _columnId, predicate: unknown) =>
      isPredicate<T>(predicate) ? predicate(row) : true;
    filterFn.resolveFilterValue = (value: unknown) => {
      const col = getColumn(id);
      if (!col || !isFilterValue(value)) return null;
      return compileFilter<GridRow<T>>(value, {
        text: (row) => col.searchText(row.original),
        value: (row) => row.getValue(id),
      });
    };
    filterFn.autoRemove = (value: unknown) => !isFilterValue(value) || isEmptyFilter(value);

    const sortFn: GridSortFn<T> = (a, b, columnId) => {
      const col = getColumn(columnId);
      return col ? compareValues(col, a.getValue(columnId), b.getValue(columnId)) : 0;
    };

    const def: GridColumnDef<T> = {
      id,
      header: c.header,
      accessorFn: (row: T) => getColumn(id)?.value(row),
      size: c.width,
      minSize: c.minWidth,
      enableSorting: c.sortable,
      enableColumnFilter: c.filterKind !== null,
      enableGlobalFilter: c.filterKind !== null && c.type !== 'boolean',
      enableGrouping: c.groupable,
      enableHiding: c.hideable,
      filterFn,
      sortFn,
      // Group by what the cell shows (a lookup by its text); date-time columns group by day.
      getGroupingValue: (row: T) => {
        const col = getColumn(id);
        if (!col) return '';
        if (col.type === 'datetime' && !col.def.format) {
          const v = col.value(row);
          return formatDate(typeof v === 'number' ? v : null, false);
        }
        return col.text(row);
      },
      ...(c.def.summary ? { aggregationFn: c.def.summary } : {}),
    };
    return def;
  });
}

/** Search-box filter: the cell's text contains the search text (case-insensitive). */
export function makeGlobalFilterFn<T extends object>(
  getColumn: (id: string) => ResolvedColumn<T> | undefined,
): GridFilterFn<T> {
  const fn: GridFilterFn<T> = (row, columnId, needle: unknown) => {
    if (typeof needle !== 'string' || needle === '') return true;
    return getColumn(columnId)?.searchText(row.original).includes(needle) ?? false;
  };
  fn.resolveFilterValue = (value: unknown) => (typeof value === 'string' ? normalizeText(value.trim()) : '');
  return fn;
}
