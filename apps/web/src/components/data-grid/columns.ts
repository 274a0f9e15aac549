import type { GridColumn, GridColumnType, GridEditorType, GridLookup, GridLookupValue } from './types';
import type { GridFilterKind } from './filters';
import { formatDate, formatMoney, formatNumber, formatWeight, toTimestamp } from './format';
import { normalizeText } from './filters';

export interface LookupOption {
  value: GridLookupValue;
  label: string;
  description?: string;
}

/** A screen's column with every default worked out; the grid reads only this. */
export interface ResolvedColumn<T> {
  id: string;
  field: string;
  header: string;
  type: GridColumnType;
  def: GridColumn<T>;
  align: 'left' | 'center' | 'right';
  width: number;
  minWidth: number;
  /** The value as the row holds it (what the editor edits). */
  raw: (row: T) => unknown;
  /** Comparable value for sort, filter and sums: epoch ms for dates, numbers for numeric columns. */
  value: (row: T) => unknown;
  /** Display text of the row's cell. */
  text: (row: T) => string;
  /** Display text of a raw value (used by editors' read-only fields and group captions). */
  textOf: (raw: unknown, row: T) => string;
  /** Normalized (lower-case) display text, cached per row object. */
  searchText: (row: T) => string;
  filterKind: GridFilterKind | null;
  sortable: boolean;
  groupable: boolean;
  hideable: boolean;
  exportable: boolean;
  lookupOptions: readonly LookupOption[];
  /** Text of a lookup id (the id itself when the lookup has no such item). */
  lookupLabel: (value: unknown) => string;
  editor: GridEditorType;
  /** Whether the column gets an editor at all (false for computed columns and `editable: false`). */
  editable: boolean;
  readOnly: boolean;
  decimals: number | undefined;
  summaryText: (value: number) => string;
}

export interface ColumnLabels {
  yes: string;
  no: string;
}

const NUMERIC: ReadonlySet<GridColumnType> = new Set(['number', 'money', 'weight']);

export function isNumericType(type: GridColumnType): boolean {
  return NUMERIC.has(type);
}

function defaultWidth(type: GridColumnType): number {
  switch (type) {
    case 'boolean':
      return 90;
    case 'date':
      return 120;
    case 'datetime':
      return 150;
    case 'money':
      return 140;
    case 'number':
    case 'weight':
      return 120;
    default:
      return 180;
  }
}

function defaultEditor(type: GridColumnType): GridEditorType {
  switch (type) {
    case 'lookup':
      return 'lookup';
    case 'number':
    case 'money':
    case 'weight':
      return 'number';
    case 'boolean':
      return 'checkbox';
    case 'date':
    case 'datetime':
      return 'date';
    default:
      return 'text';
  }
}

function filterKindOf(type: GridColumnType): GridFilterKind {
  switch (type) {
    case 'number':
    case 'money':
    case 'weight':
      return 'number';
    case 'date':
    case 'datetime':
      return 'date';
    case 'boolean':
      return 'boolean';
    case 'lookup':
      return 'list';
    default:
      return 'text';
  }
}

function readField(item: object, field: string): unknown {
  return (item as Record<string, unknown>)[field];
}

export function lookupOptionsOf(lookup: GridLookup): LookupOption[] {
  const options: LookupOption[] = [];
  const seen = new Set<string>();
  for (const item of lookup.data) {
    const value = readField(item, lookup.valueField);
    if (typeof value !== 'string' && typeof value !== 'number') continue;
    if (seen.has(String(value))) continue;
    seen.add(String(value));
    const label = readField(item, lookup.displayField);
    const description = lookup.descriptionField ? readField(item, lookup.descriptionField) : undefined;
    options.push({
      value,
      label: label === null || label === undefined ? String(value) : String(label),
      ...(description === null || description === undefined ? {} : { description: String(description) }),
    });
  }
  return options;
}

function toNumber(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'string' && v.trim() !== '') {
    const n = Number(v.replace(',', '.'));
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

export function summaryFormatter(type: GridColumnType): (value: number) => string {
  switch (type) {
    case 'money':
      return formatMoney;
    case 'weight':
      return formatWeight;
    default:
      return formatNumber;
  }
}

export function resolveColumn<T extends object>(def: GridColumn<T>, labels: ColumnLabels): ResolvedColumn<T> {
  const type: GridColumnType = def.type ?? (def.lookup ? 'lookup' : 'string');
  const field = def.field;
  const id = def.id ?? field;
  const computed = def.value;
  const raw: (row: T) => unknown = computed ?? ((row) => readField(row, field));

  const lookupOptions = def.lookup ? lookupOptionsOf(def.lookup) : [];
  const lookupLabels = new Map(lookupOptions.map((o) => [String(o.value), o.label]));

  let value: (row: T) => unknown;
  if (type === 'date' || type === 'datetime') value = (row) => toTimestamp(raw(row));
  else if (NUMERIC.has(type)) value = (row) => toNumber(raw(row));
  else value = raw;

  const formatRaw = (v: unknown): string => {
    if (v === null || v === undefined || v === '') return '';
    switch (type) {
      case 'lookup':
        return lookupLabels.get(String(v)) ?? String(v);
      case 'boolean':
        return v ? labels.yes : labels.no;
      case 'date':
      case 'datetime':
        return formatDate(toTimestamp(v), type === 'datetime');
      case 'money': {
        const n = toNumber(v);
        return n === null ? String(v) : formatMoney(n);
      }
      case 'weight': {
        const n = toNumber(v);
        return n === null ? String(v) : formatWeight(n);
      }
      default:
        return String(v);
    }
  };
  const format = def.format;
  const textOf = format ? (v: unknown, row: T) => format(v, row) : (v: unknown) => formatRaw(v);
  const text = (row: T) => textOf(raw(row), row);

  const cache = new WeakMap<object, string>();
  const searchText = (row: T): string => {
    let s = cache.get(row);
    if (s === undefined) {
      s = normalizeText(text(row));
      cache.set(row, s);
    }
    return s;
  };

  const editor = def.editor ?? defaultEditor(type);
  const editable = !computed && def.editable !== false;
  const align = def.align ?? (NUMERIC.has(type) ? 'right' : type === 'boolean' ? 'center' : 'left');
  const decimals = def.decimals ?? (type === 'money' || type === 'weight' ? 2 : undefined);

  return {
    id,
    field,
    header: def.header,
    type,
    def,
    align,
    width: def.width ?? defaultWidth(type),
    minWidth: def.minWidth ?? 50,
    raw,
    value,
    text,
    textOf,
    searchText,
    filterKind: def.filter === false ? null : filterKindOf(type),
    sortable: def.sortable !== false,
    groupable: def.groupable !== false,
    hideable: def.hideable !== false,
    exportable: def.exportable !== false,
    lookupOptions,
    lookupLabel: (v) => lookupLabels.get(String(v)) ?? String(v),
    editor,
    editable,
    readOnly: def.readOnly === true,
    decimals,
    summaryText: def.summaryFormat ?? (def.summary === 'count' ? (n) => String(n) : summaryFormatter(type)),
  };
}

/** Text that decides whether a column's TanStack definitions must be rebuilt. */
export function columnsSignature<T>(
  columns: readonly ResolvedColumn<T>[],
  lookupIds: (data: object) => number,
): string {
  return columns
    .map((c) =>
      [
        c.id,
        c.type,
        c.filterKind ?? '-',
        c.sortable ? 's' : '',
        c.groupable ? 'g' : '',
        c.hideable ? 'h' : '',
        c.def.summary ?? '',
        c.width,
        c.minWidth,
        c.def.lookup ? lookupIds(c.def.lookup.data) : '',
      ].join(':'),
    )
    .join('|');
}
