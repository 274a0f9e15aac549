import { useState } from 'react';
import { notifications } from '@mantine/notifications';
import { toastClose } from '@/lib/notify';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { GridPage, GridQuery } from './types';
import type { ResolvedColumn } from './columns';
import type { GridRow, GridTable } from './table-features';
import { buildSnapshot, snapshotToPrint, type GridSnapshot } from './grid-snapshot';
import { printTable } from './print-table';
import { DATETIME_FORMAT } from './format';
import { fetchAllPages } from './server-query';
import { countLeaves } from './grid-utils';

function resolveText(value: string | (() => string) | undefined): string | undefined {
  return typeof value === 'function' ? value() : value;
}

/** A plain row as a snapshot row (server mode exports rows that are not in the table). */
type PlainRow<T> = { original: T; subRows: readonly PlainRow<T>[]; getIsGrouped: () => boolean };
const NO_ROWS: readonly never[] = [];
function plainRow<T>(original: T): PlainRow<T> {
  return { original, subRows: NO_ROWS, getIsGrouped: () => false };
}

/** A group's first or last leaf row (in the page's order). */
function edgeLeaf<T extends object>(row: GridRow<T>, edge: 'first' | 'last'): GridRow<T> {
  let r = row;
  while (r.subRows.length) r = r.subRows[edge === 'first' ? 0 : r.subRows.length - 1];
  return r;
}

/** The sum of a column's numbers over some rows. */
function sumOf<T>(col: ResolvedColumn<T>, list: readonly T[]): number {
  let sum = 0;
  for (const row of list) {
    const v = col.value(row);
    if (typeof v === 'number' && !Number.isNaN(v)) sum += v;
  }
  return sum;
}

/**
 * Footer summaries, group captions, and export to `.xlsx` and print of what the grid shows. Client
 * mode: every filtered, sorted row (all pages). Server mode: every row the server returns for the
 * filter (fetched page by page) when the screen gave `query`, else the page on screen, labelled so.
 */
export function useGridExport<T extends object>(options: {
  table: GridTable<T>;
  byId: ReadonlyMap<string, ResolvedColumn<T>>;
  visibleColumns: readonly ResolvedColumn<T>[];
  hasSummary: boolean;
  label: string | undefined;
  printTitle: string | (() => string) | undefined;
  exportFileName: string | (() => string) | undefined;
  print: boolean | undefined;
  server: {
    on: boolean;
    query: ((q: GridQuery) => Promise<GridPage<T>>) | undefined;
    q: GridQuery;
    rows: readonly T[];
    total: number;
    pageIndex: number;
    pageSize: number;
    summaries: Readonly<Record<string, number>> | undefined;
  };
}) {
  const { table, byId, visibleColumns, hasSummary, label, server } = options;
  const { t } = useTranslation('grid');

  const summaryOf = (col: ResolvedColumn<T>): string => {
    if (!col.def.summary) return '';
    if (server.on) {
      // The server's totals when it sends them; a count is the server's total; else the page's sum.
      const whole = server.summaries?.[col.id];
      if (col.def.summary === 'count') return t('count', { value: col.summaryText(whole ?? server.total) });
      if (whole !== undefined) return t('sum', { value: col.summaryText(whole) });
      return t('pageSum', { value: col.summaryText(sumOf(col, server.rows)) });
    }
    // Over the filtered rows (TanStack caches it per filtered model).
    const value = table.getColumn(col.id)?.getAggregationValue<unknown>();
    const n = typeof value === 'number' ? value : 0;
    return t(col.def.summary === 'sum' ? 'sum' : 'count', { value: col.summaryText(n) });
  };
  /**
   * Server mode groups one page: a group holding the page's first row may have begun on an earlier
   * page, one holding its last row may go on to the next. Their counts and sums are this page's.
   */
  const mayContinue = (row: GridRow<T>): boolean => {
    if (!server.on) return false;
    const core = table.getCoreRowModel().rows;
    const before = server.pageIndex > 0 && core.length > 0 && edgeLeaf(row, 'first').id === core[0].id;
    const after =
      (server.pageIndex + 1) * server.pageSize < server.total &&
      core.length > 0 &&
      edgeLeaf(row, 'last').id === core[core.length - 1].id;
    return before || after;
  };
  const groupCaption = (row: GridRow<T>): string => {
    const col = byId.get(row.groupingColumnId ?? '');
    const raw = row.groupingValue;
    const value = raw === undefined || raw === null || raw === '' ? t('emptyValue') : String(raw);
    const caption = { column: col?.header ?? '', value, count: countLeaves(row) };
    const parts = [t(mayContinue(row) ? 'groupCaptionPage' : 'groupCaption', caption)];
    for (const c of visibleColumns) {
      if (!c.def.summary) continue;
      const v = row.getValue<unknown>(c.id);
      const n = typeof v === 'number' ? v : 0;
      parts.push(
        t(c.def.summary === 'sum' ? 'groupSum' : 'groupCount', { column: c.header, value: c.summaryText(n) }),
      );
    }
    return parts.join(' · ');
  };

  const title = () => resolveText(options.printTitle) ?? label ?? '';
  const clientSnapshot = (): GridSnapshot =>
    buildSnapshot<T, GridRow<T>>({
      title: title(),
      roots: table.getSortedRowModel().rows,
      columns: visibleColumns,
      groupCaption,
      footer: hasSummary ? visibleColumns.map(summaryOf) : null,
    });
  const snapshot = async (): Promise<GridSnapshot> => {
    if (!server.on) return clientSnapshot();
    const all = server.query ? await fetchAllPages(server.query, server.q) : null;
    const list = all ? all.rows : server.rows;
    const footerOf = (col: ResolvedColumn<T>): string => {
      if (!col.def.summary) return '';
      if (col.def.summary === 'count') return t('count', { value: col.summaryText(list.length) });
      return t(all ? 'sum' : 'pageSum', { value: col.summaryText(sumOf(col, list)) });
    };
    const page = `${String(server.pageIndex + 1)}/${String(Math.max(1, table.getPageCount()))}`;
    return buildSnapshot<T, PlainRow<T>>({
      title: all ? title() : `${title()} ${t('exportPageOnly', { page })}`.trim(),
      roots: list.map(plainRow),
      columns: visibleColumns,
      groupCaption: () => '',
      footer: hasSummary ? visibleColumns.map(footerOf) : null,
    });
  };

  const [exporting, setExporting] = useState(false);
  const exportToExcel = async () => {
    const name = resolveText(options.exportFileName) ?? (label || 'export');
    setExporting(true);
    try {
      const { exportSnapshotToXlsx } = await import('./export-xlsx');
      await exportSnapshotToXlsx(await snapshot(), name, label || t('exportSheet'));
    } catch {
      notifications.show({ color: 'red', message: t('exportFailed'), closeButtonProps: toastClose() });
    } finally {
      setExporting(false);
    }
  };
  const doPrint = async () => {
    const print = (shot: GridSnapshot) => printTable(snapshotToPrint(shot, dayjs().format(DATETIME_FORMAT)));
    try {
      // Client mode prints in the click's own task (browsers may refuse a print started later).
      if (!server.on) print(clientSnapshot());
      else print(await snapshot());
    } catch {
      notifications.show({ color: 'red', message: t('printFailed'), closeButtonProps: toastClose() });
    }
  };
  const exportOn = options.exportFileName !== undefined;
  const printOn = options.print ?? exportOn;

  return { summaryOf, groupCaption, exportToExcel, doPrint, exporting, exportOn, printOn };
}
