import type { GridColumnType } from './types';
import type { ResolvedColumn } from './columns';
import type { PrintTableDocument } from './print-table';

/**
 * What the grid shows, independent of the screen: the visible columns in their order and every
 * filtered, sorted row (all pages, groups expanded). Export and print are built from it.
 */
export interface SnapshotColumn {
  id: string;
  header: string;
  type: GridColumnType;
  width: number;
  align: 'left' | 'center' | 'right';
  /** The column formats its own text (`format`), so the export writes text, not a number. */
  textOnly: boolean;
}

/** A cell for the spreadsheet: numbers stay numbers, dates are epoch ms, the rest is display text. */
export type SnapshotValue = string | number | null;

export type SnapshotLine =
  | { kind: 'group'; depth: number; text: string }
  | { kind: 'data'; depth: number; values: SnapshotValue[]; texts: string[] };

export interface GridSnapshot {
  title: string;
  columns: SnapshotColumn[];
  lines: SnapshotLine[];
  /** Summary text per column ('' where none), or null without summaries. */
  footer: string[] | null;
}

/** The part of a TanStack row the snapshot needs (kept structural so this module stays pure). */
export interface SnapshotRow<T, R> {
  original: T;
  subRows: readonly R[];
  getIsGrouped: () => boolean;
}

function cellValue<T>(col: ResolvedColumn<T>, row: T): SnapshotValue {
  // A column that formats its own text is exported as that text ("as shown").
  if (col.def.format) return col.text(row);
  switch (col.type) {
    case 'number':
    case 'money':
    case 'weight':
    case 'date':
    case 'datetime': {
      const v = col.value(row);
      return typeof v === 'number' ? v : null;
    }
    default: {
      const text = col.text(row);
      return text === '' ? null : text;
    }
  }
}

export function buildSnapshot<T, R extends SnapshotRow<T, R>>(options: {
  title: string;
  roots: readonly R[];
  columns: readonly ResolvedColumn<T>[];
  groupCaption: (row: R) => string;
  footer: string[] | null;
}): GridSnapshot {
  const columns = options.columns.filter((c) => c.exportable);
  const lines: SnapshotLine[] = [];
  const walk = (rows: readonly R[], depth: number) => {
    for (const row of rows) {
      if (row.getIsGrouped()) {
        lines.push({ kind: 'group', depth, text: options.groupCaption(row) });
        walk(row.subRows, depth + 1);
      } else {
        lines.push({
          kind: 'data',
          depth,
          values: columns.map((c) => cellValue(c, row.original)),
          texts: columns.map((c) => c.text(row.original)),
        });
      }
    }
  };
  walk(options.roots, 0);
  const keep = new Set(columns.map((c) => c.id));
  const footer = options.footer
    ? options.columns.flatMap((c, i) => (keep.has(c.id) ? [options.footer?.[i] ?? ''] : []))
    : null;
  return {
    title: options.title,
    columns: columns.map((c) => ({
      id: c.id,
      header: c.header,
      type: c.type,
      width: c.width,
      align: c.align,
      textOnly: Boolean(c.def.format),
    })),
    lines,
    footer: footer && footer.some((f) => f) ? footer : null,
  };
}

export function snapshotToPrint(snapshot: GridSnapshot, subtitle?: string): PrintTableDocument {
  return {
    title: snapshot.title,
    subtitle,
    columns: snapshot.columns.map((c) => ({ header: c.header, align: c.align })),
    rows: snapshot.lines.map((l) => (l.kind === 'group' ? { group: l.text, depth: l.depth } : l.texts)),
    footer: snapshot.footer ?? undefined,
  };
}
