import { useEffect, useState } from 'react';
import type { ColumnFiltersState, PaginationState, SortingState } from '@tanstack/react-table';
import type { GridFilterValue } from './types';
import { isEmptyFilter } from './filters';

/**
 * A grid's filters, sort, page and page size in the address's search parameters, so a result can be
 * shared and survives a reload. Each grid has its own names (`<key>.f`, `.s`, `.p`, `.n`), so two
 * grids on one page do not clash:
 * - `regions.f={"Name":{"kind":"text","text":"ბათ"}}` the filter row (JSON by column id);
 * - `regions.s=Name,-Id` the sort (`-` descending); `regions.p=3` the page (from 1); `regions.n=50`.
 * Only what differs from the defaults is written; the address is replaced, not pushed (typing in a
 * filter does not fill the history).
 */
export interface GridUrlState {
  filters: ColumnFiltersState;
  sorting: SortingState;
  pageIndex: number | undefined;
  pageSize: number | undefined;
}

const EMPTY: GridUrlState = { filters: [], sorting: [], pageIndex: undefined, pageSize: undefined };

function str(v: unknown): v is string {
  return typeof v === 'string';
}

/** A filter value read from the address (anything a user may have typed there), or undefined. */
export function parseFilterValue(v: unknown): GridFilterValue | undefined {
  if (typeof v !== 'object' || v === null || !('kind' in v)) return undefined;
  const o = v as Record<string, unknown>;
  switch (o.kind) {
    case 'text':
    case 'number':
      return str(o.text) ? { kind: o.kind, text: o.text } : undefined;
    case 'date': {
      const from = str(o.from) ? o.from : null;
      const to = str(o.to) ? o.to : null;
      return from || to ? { kind: 'date', from, to } : undefined;
    }
    case 'boolean':
      return typeof o.value === 'boolean' ? { kind: 'boolean', value: o.value } : undefined;
    case 'list': {
      if (!Array.isArray(o.values)) return undefined;
      const values = o.values.filter((x): x is string | number => str(x) || typeof x === 'number');
      return values.length ? { kind: 'list', values } : undefined;
    }
    default:
      return undefined;
  }
}

export function readGridUrlState(key: string | undefined, search: string): GridUrlState {
  if (!key) return EMPTY;
  const params = new URLSearchParams(search);
  const filters: ColumnFiltersState = [];
  const f = params.get(`${key}.f`);
  if (f) {
    try {
      const parsed: unknown = JSON.parse(f);
      if (typeof parsed === 'object' && parsed !== null) {
        for (const [id, raw] of Object.entries(parsed)) {
          const value = parseFilterValue(raw);
          if (value && !isEmptyFilter(value)) filters.push({ id, value });
        }
      }
    } catch {
      // A damaged address shows the grid unfiltered.
    }
  }
  const sorting: SortingState = (params.get(`${key}.s`) ?? '')
    .split(',')
    .filter(Boolean)
    .map((s) => (s.startsWith('-') ? { id: s.slice(1), desc: true } : { id: s, desc: false }));
  const page = Number(params.get(`${key}.p`));
  const size = Number(params.get(`${key}.n`));
  return {
    filters,
    sorting,
    pageIndex: Number.isInteger(page) && page > 1 ? page - 1 : undefined,
    pageSize: Number.isInteger(size) && size > 0 ? size : undefined,
  };
}

export function writeGridUrlState(
  key: string,
  search: string,
  state: { filters: ColumnFiltersState; sorting: SortingState; pagination: PaginationState },
  defaultPageSize: number,
): string {
  const params = new URLSearchParams(search);
  for (const name of ['f', 's', 'p', 'n']) params.delete(`${key}.${name}`);
  if (state.filters.length) {
    params.set(`${key}.f`, JSON.stringify(Object.fromEntries(state.filters.map((f) => [f.id, f.value]))));
  }
  if (state.sorting.length) {
    params.set(`${key}.s`, state.sorting.map((s) => (s.desc ? `-${s.id}` : s.id)).join(','));
  }
  if (state.pagination.pageIndex > 0) params.set(`${key}.p`, String(state.pagination.pageIndex + 1));
  if (state.pagination.pageSize !== defaultPageSize)
    params.set(`${key}.n`, String(state.pagination.pageSize));
  return params.toString();
}

/**
 * The grid state the address starts it with (read once, on mounting) and an effect that keeps the
 * address up to date. Without `key` nothing is read or written.
 */
export function useGridUrlState(options: {
  key: string | undefined;
  pageSizes: readonly number[];
  defaultPageSize: number;
}): GridUrlState {
  const { key, pageSizes } = options;
  const [initial] = useState(() => {
    const read = readGridUrlState(key, typeof window === 'undefined' ? '' : window.location.search);
    return read.pageSize !== undefined && !pageSizes.includes(read.pageSize)
      ? { ...read, pageSize: undefined }
      : read;
  });
  return initial;
}

/** Writes the state into the address (replacing the current history entry) when it changes. */
export function useGridUrlSync(
  key: string | undefined,
  state: { filters: ColumnFiltersState; sorting: SortingState; pagination: PaginationState },
  defaultPageSize: number,
): void {
  const text = key ? writeGridUrlState(key, window.location.search, state, defaultPageSize) : null;
  useEffect(() => {
    if (text === null) return;
    const current = window.location.search.replace(/^\?/, '');
    if (text === current) return;
    const url = `${window.location.pathname}${text ? `?${text}` : ''}${window.location.hash}`;
    // The router's own entry state is kept, so its navigation keeps working.
    window.history.replaceState(window.history.state, '', url);
  }, [text]);
}
