import { useEffect, useMemo } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { GridPage, GridQuery } from './types';
import { useLatest } from './grid-utils';

export interface ServerRowsOptions<T> {
  /** Server mode on. Off, the hook does nothing and answers the client's `data`. */
  on: boolean;
  query: ((q: GridQuery) => Promise<GridPage<T>>) | undefined;
  queryKey: readonly unknown[];
  q: GridQuery;
  onQueryChange: ((q: GridQuery) => void) | undefined;
  /** Client mode's rows, or controlled server mode's current page. */
  data: readonly T[] | undefined;
  rowCount: number | undefined;
  capped: boolean | undefined;
  summaries: Readonly<Record<string, number>> | undefined;
}

export interface ServerRows<T> {
  data: readonly T[] | undefined;
  /** Server mode: rows matching the filter; undefined in client mode. */
  total: number | undefined;
  capped: boolean;
  summaries: Readonly<Record<string, number>> | undefined;
  fetching: boolean;
  error: Error | null;
}

/**
 * Where a server-mode grid's rows come from: the screen's `query` run through TanStack Query
 * (previous page kept on screen while the next loads), or the screen's own controlled props after
 * `onQueryChange`. In client mode it passes `data` through.
 */
export function useServerRows<T>(options: ServerRowsOptions<T>): ServerRows<T> {
  const { on, query, q, onQueryChange } = options;
  const queryRef = useLatest(query);
  const builtIn = on && query !== undefined && onQueryChange === undefined;
  const result = useQuery({
    queryKey: [...options.queryKey, q],
    queryFn: () => {
      const fn = queryRef.current;
      if (!fn) throw new Error('no query');
      return fn(q);
    },
    enabled: builtIn,
    placeholderData: keepPreviousData,
  });

  const qText = JSON.stringify(q);
  const report = useLatest(onQueryChange);
  useEffect(() => {
    if (on) report.current?.(JSON.parse(qText) as GridQuery);
  }, [on, qText, report]);

  const page = result.data;
  return useMemo<ServerRows<T>>(() => {
    if (!on) {
      return {
        data: options.data,
        total: undefined,
        capped: false,
        summaries: undefined,
        fetching: false,
        error: null,
      };
    }
    if (builtIn) {
      return {
        data: page?.rows,
        total: page?.total ?? 0,
        capped: page?.capped === true,
        summaries: page?.summaries,
        fetching: result.isFetching,
        error: result.error,
      };
    }
    return {
      data: options.data,
      total: options.rowCount ?? options.data?.length ?? 0,
      capped: options.capped === true,
      summaries: options.summaries,
      fetching: false,
      error: null,
    };
  }, [
    on,
    builtIn,
    page,
    result.isFetching,
    result.error,
    options.data,
    options.rowCount,
    options.capped,
    options.summaries,
  ]);
}
