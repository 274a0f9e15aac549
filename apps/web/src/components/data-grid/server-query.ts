import type { GridQuery } from '@po/contract/grid';
import type { ResolvedColumn } from './columns';
import type { GridFilterValue, GridPage } from './types';
import { isEmptyFilter, isFilterValue, parseNumberFilter } from './filters';

/**
 * The largest page the contract lets a call answer (`GRID_MAX_TAKE` in `@po/contract/grid`). Kept
 * here as a literal because importing the contract's value would pull zod into the grid's chunk.
 */
export const SERVER_EXPORT_TAKE = 500;

/** A filter value as the contract's `Filter` JSON carries it: text, a number, a boolean, a range or a list. */
export type ServerFilterValue = string | number | boolean | (string | number | null)[];

/**
 * One filter-row value in the contract's terms: text is "contains", a `[min, max]` pair is an
 * inclusive range (either end null), anything else equals. A list filter of one item equals it;
 * several items are sent as an array (a lookup column on the server reads an array as "one of").
 * Returns undefined when the value filters nothing or cannot be read.
 */
export function toServerFilter(value: GridFilterValue): ServerFilterValue | undefined {
  if (isEmptyFilter(value)) return undefined;
  switch (value.kind) {
    case 'text':
      return value.text.trim();
    case 'number': {
      const cond = parseNumberFilter(value.text);
      if (!cond) return undefined;
      switch (cond.op) {
        case 'eq':
          return cond.value;
        // The contract's ranges are inclusive: ">5" is sent as "5 or more".
        case 'gt':
        case 'gte':
          return [cond.value, null];
        case 'lt':
        case 'lte':
          return [null, cond.value];
        case 'range':
          return [cond.min, cond.max];
      }
      return undefined;
    }
    case 'date': {
      // One date alone means that day, as in the client-side filter.
      const first = value.from ?? value.to;
      const last = value.from && value.to ? value.to : first;
      return [first, last];
    }
    case 'boolean':
      return value.value;
    case 'list':
      return value.values.length === 1 ? value.values[0] : [...value.values];
  }
}

export interface ServerQueryState {
  filters: readonly { id: string; value: unknown }[];
  sorting: readonly { id: string; desc: boolean }[];
  pageIndex: number;
  pageSize: number;
}

/**
 * The grid's state as the contract's query parameters: `Skip`/`Take` for the page, `Sort`
 * ("Field desc,Other") and `Filter` (JSON keyed by field name). Fields are the columns' `field`s.
 */
export function toGridQuery<T>(
  state: ServerQueryState,
  getColumn: (id: string) => ResolvedColumn<T> | undefined,
): GridQuery {
  const q: GridQuery = { Skip: state.pageIndex * state.pageSize, Take: state.pageSize };
  const sort = state.sorting
    .map((s) => {
      const col = getColumn(s.id);
      return col ? (s.desc ? `${col.field} desc` : col.field) : null;
    })
    .filter((s): s is string => s !== null);
  if (sort.length) q.Sort = sort.join(',');
  const filter: Record<string, ServerFilterValue> = {};
  for (const f of state.filters) {
    const col = getColumn(f.id);
    if (!col || !isFilterValue(f.value)) continue;
    const v = toServerFilter(f.value);
    if (v !== undefined) filter[col.field] = v;
  }
  if (Object.keys(filter).length) q.Filter = JSON.stringify(filter);
  return q;
}

/**
 * Every row the server returns for a query's filter and sort, page by page (`SERVER_EXPORT_TAKE` a
 * time) up to the total it reported, which the server caps. Used by export and print in server mode.
 */
export async function fetchAllPages<T>(
  query: (q: GridQuery) => Promise<GridPage<T>>,
  base: GridQuery,
): Promise<GridPage<T>> {
  const rows: T[] = [];
  let total = Infinity;
  let capped = false;
  for (let skip = 0; skip < total; skip += SERVER_EXPORT_TAKE) {
    const page = await query({ ...base, Skip: skip, Take: SERVER_EXPORT_TAKE });
    total = page.total;
    capped = page.capped === true;
    rows.push(...page.rows);
    if (page.rows.length < SERVER_EXPORT_TAKE) break;
  }
  return { rows, total: rows.length, capped };
}
