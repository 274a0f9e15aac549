import type { ReactNode, Ref } from 'react';
import type { GridQuery } from '@po/contract/grid';

export type { GridQuery };

/** The value a screen uses to identify a row (`rowKey`): a GUID, a barcode, a numeric id. */
export type GridRowKey = string | number;

/**
 * How a column's values are shown, filtered, sorted and exported.
 * - `money`: GEL currency (`1234,50 ₾`); `weight`: kilograms with two decimals; `number`: plain.
 * - `date` shows `DD.MM.YYYY`, `datetime` shows `DD.MM.YYYY HH:mm` (24-hour). Values may be ISO text,
 *   `MM/DD/YYYY`, a Date or epoch milliseconds.
 * - `lookup`: the row holds an id, the cell shows the matching item's text from `lookup`.
 */
export type GridColumnType =
  'string' | 'number' | 'date' | 'datetime' | 'boolean' | 'money' | 'weight' | 'lookup';

export type GridEditorType = 'text' | 'number' | 'checkbox' | 'date' | 'lookup';

export type GridSummaryType = 'count' | 'sum';

export type GridLookupValue = string | number;

/**
 * Items for a lookup column: the row stores `item[valueField]`, the grid shows `item[displayField]`.
 * Any object array fits, e.g. `{ data: cities, valueField: 'Id', displayField: 'Name' }`.
 */
export interface GridLookup {
  data: readonly object[];
  valueField: string;
  displayField: string;
  /** Optional second line in the editor's drop-down (e.g. the courier's office). */
  descriptionField?: string;
}

/**
 * A filter-row value. Text and number filters keep the typed text (numbers read `5`, `>5`, `<=10`,
 * `5..10`); dates are `YYYY-MM-DD` days (one day, or an inclusive range); lists hold lookup ids.
 */
export type GridFilterValue =
  | { kind: 'text'; text: string }
  | { kind: 'number'; text: string }
  | { kind: 'date'; from: string | null; to: string | null }
  | { kind: 'boolean'; value: boolean }
  | { kind: 'list'; values: readonly GridLookupValue[] };

/** The values being edited: the row (or `newRowDefaults`) with the user's changes applied. */
export type GridDraft<T> = Partial<T>;

/** What a column's own editor (`renderEditor`) gets, in row mode and in form mode alike. */
export interface GridEditorRenderProps<T> {
  /** The field's value in the draft. */
  value: unknown;
  /** Sets the field's value in the draft (validation and `onEditorValueChange` apply as usual). */
  onChange: (value: unknown) => void;
  draft: GridDraft<T>;
  /** Read-only, disabled by `disabled`, or the editor is saving. */
  disabled: boolean;
  /** The message to show (validation or "required"), null when none. */
  error: string | null;
  /** The column header, already translated: the accessible name (and the form label). */
  label: string;
  /** `cell`: compact, inside the edit row; `form`: a labelled field of the edit form. */
  variant: 'cell' | 'form';
  /** The field is required (form mode shows the marker). */
  required: boolean;
  autoFocus: boolean;
}

interface GridColumnBase<T> {
  /** Column id for state, storage and `groupBy`; defaults to `field`. */
  id?: string;
  /** Header text, already translated. Also used as the export and print header. */
  header: string;
  /** Defaults to `lookup` when `lookup` is given, otherwise `string`. */
  type?: GridColumnType;
  /** Initial width in pixels (the user may resize; the width persists with `storageKey`). */
  width?: number;
  minWidth?: number;
  align?: 'left' | 'center' | 'right';
  /** Display text of a value, used by the cell, the text filter, search, export and print. */
  format?: (value: unknown, row: T) => string;
  /** Cell template for display only (markers, images, links). Export and print use the text. */
  cell?: (row: T) => ReactNode;
  /** Footer (over the filtered rows) and group-row summary. */
  summary?: GridSummaryType;
  /** Formats the summary number; by default as the column type (GEL, kg ...). */
  summaryFormat?: (value: number) => string;
  /** Filter-row control for this column (default true). */
  filter?: boolean;
  /** Sort by header click (default true). */
  sortable?: boolean;
  /** May be grouped by (default true). */
  groupable?: boolean;
  /** Hidden initially (the column chooser or a controlled `columnVisibility` can show it). */
  hidden?: boolean;
  /** Listed in the column chooser (default true). */
  hideable?: boolean;
  /** Included in export and print (default true). */
  exportable?: boolean;
  lookup?: GridLookup;
  /** Digits after the decimal point in the number editor (money and weight: 2). */
  decimals?: number;
  /** The longest text the text editor takes (the contract's limit for the field, which the server applies too). */
  maxLength?: number;
  // ----- editing -----
  /** Editable when the grid edits (default true unless `readOnly` or computed by `value`). */
  editable?: boolean;
  /** Shown in the editor but never changed (e.g. an ID or a GUID). */
  readOnly?: boolean;
  /** An empty value blocks saving with the "required" message. */
  required?: boolean;
  /** Editor kind; by default from `type`. */
  editor?: GridEditorType;
  /** Returns a translated message when the value is wrong, null when it is fine. */
  validate?: (value: unknown, draft: GridDraft<T>) => string | null;
  /** Disables the editor while the draft is in some state (e.g. a flag is set). */
  disabled?: (draft: GridDraft<T>) => boolean;
  /**
   * The column's own editor, used instead of the built-in one in row and form mode (e.g. a
   * `LookupGrid`). The cell's display when not editing stays as is (`lookup`, `format`, `cell`).
   */
  renderEditor?: (props: GridEditorRenderProps<T>) => ReactNode;
}

/**
 * A column: a field of the row, or a computed value (`value`) under any name.
 * Without `value`, `field` must be a key of the row type.
 */
export type GridColumn<T> = GridColumnBase<T> &
  ({ field: keyof T & string; value?: undefined } | { field: string; value: (row: T) => unknown });

export interface GridEditing<T> {
  /** `row` edits the cells in place; `form` opens a dialog with the editable columns. */
  mode: 'row' | 'form';
  allowAdding?: boolean;
  allowUpdating?: boolean | ((row: T) => boolean);
  /** Default false. */
  allowDeleting?: boolean | ((row: T) => boolean);
  /** A rejected promise keeps the editor open (its message is shown in the editor). */
  onInsert?: (values: GridDraft<T>) => Promise<unknown> | void;
  /** `values` is the whole row with the changes applied; `changes` only what the user changed. */
  onUpdate?: (key: GridRowKey, values: T, changes: GridDraft<T>) => Promise<unknown> | void;
  onDelete?: (key: GridRowKey, row: T) => Promise<unknown> | void;
  /** Starting values of an added row. */
  newRowDefaults?: GridDraft<T> | (() => GridDraft<T>);
  /** Confirmation text before `onDelete`; false skips the confirmation. Default: a generic question. */
  confirmDelete?: string | false;
  /** Label of the delete action (e.g. "restore" where deleting means restoring). */
  deleteLabel?: string;
  /** Title of the form dialog. */
  formTitle?: string;
  /** Columns of the form layout (default 2; 1 on narrow screens). */
  formColumns?: 1 | 2;
}

/**
 * One page of a server-mode grid, as the screen's `query` function answers it (map the call's answer:
 * `{ rows: data.Parcels, total: data.Total, capped: data.Capped }`).
 */
export interface GridPage<T> {
  rows: readonly T[];
  /** Rows matching the filter (at most the server's cap). */
  total: number;
  /** The server stopped counting at its cap: the grid says "showing the first N; narrow the filter". */
  capped?: boolean;
  /**
   * Footer summaries over the whole result by column id, when the server computes them. Without
   * them a `sum` column's footer sums the rows on the page (and says so); `count` shows `total`.
   */
  summaries?: Readonly<Record<string, number>>;
}

/** Imperative handle (`ref`) for screens that drive the grid from outside. */
export interface DataGridHandle<T> {
  /**
   * Sets (or clears with null or '') the filter-row value of a column. A string is the text typed
   * into a text or number filter; a `GridFilterValue` sets any kind (a date range, a list ...).
   */
  setColumnFilter: (columnId: string, value: string | GridFilterValue | null) => void;
  clearFilters: () => void;
  /** The rows as the grid shows them: filters and sort applied, all pages. */
  getShownRows: () => T[];
  exportToExcel: () => Promise<void>;
  print: () => void;
  focusRow: (key: GridRowKey | null) => void;
  clearSelection: () => void;
  /** Opens the editor for a new row (when adding is allowed). */
  addRow: () => void;
}

export interface DataGridProps<T extends object> {
  columns: readonly GridColumn<T>[];
  /**
   * Rows; `undefined` while loading keeps the previous rows on screen. In server mode with `query`
   * leave it out; in controlled server mode it is the current page.
   */
  data?: readonly T[] | undefined;

  /**
   * `client` (default): the grid filters, sorts and pages `data` itself (small lists).
   * `server`: paging, sorting and filtering are the server's; see `query` or `onQueryChange`.
   * Grouping and the search box are off in server mode (they would only see one page).
   */
  mode?: 'client' | 'server';
  /**
   * Server mode: fetches one page for the contract's `Skip`, `Take`, `Sort` and `Filter`. The grid runs
   * it through TanStack Query (previous rows stay on screen while the next page loads) and, for export
   * and print, calls it page by page for every row the server returns (up to its cap).
   */
  query?: (q: GridQuery) => Promise<GridPage<T>>;
  /** Server mode: the query key prefix (invalidate it to refetch); default a key of this grid. */
  queryKey?: readonly unknown[];
  /** Controlled server mode: called with the query whenever the filters, sort or page change (and once at first). */
  onQueryChange?: (q: GridQuery) => void;
  /** Controlled server mode: the server's `Total` for the current filter. */
  rowCount?: number;
  /** Controlled server mode: the server's `Capped`. */
  capped?: boolean;
  /** Controlled server mode: footer summaries over the whole result (see `GridPage.summaries`). */
  summaries?: Readonly<Record<string, number>>;
  /** The row's key field, or a function returning the key. */
  rowKey: (keyof T & string) | ((row: T) => GridRowKey);
  /** localStorage key (e.g. `po.grid.parcels`) for the column visibility, order and widths. */
  storageKey?: string;
  /**
   * Keeps the filters, sort, page and page size in the address's search parameters under this name
   * (e.g. `regions` gives `regions.f`, `regions.s`, `regions.p`, `regions.n`), so a result can be shared
   * and survives a reload. Give each grid of a page its own name.
   */
  urlState?: string;
  loading?: boolean;
  /** Shown when there are no rows (default: "no data"). */
  emptyText?: string;
  /** Accessible name of the grid. */
  label?: string;

  /** Filter row under the header (default true). */
  filterRow?: boolean;
  /** A global search box in the toolbar (default false). */
  searchPanel?: boolean;
  /** Sort by header click (default true). */
  sorting?: boolean;
  /** Group panel, header drag to group and the "group by" menu item (default false). */
  grouping?: boolean;
  /** Column ids grouped initially. */
  groupBy?: readonly string[];

  /** Page-size choices (default [10, 20, 50]). */
  pageSizes?: readonly number[];
  /** Default page size (default the first choice that is >= 20, or the first choice). */
  defaultPageSize?: number;
  /** Paging on (default) or off. Off shows every row (use `virtual` for long lists). */
  paging?: boolean;
  /** Virtual scrolling of all rows inside a fixed height instead of paging. */
  virtual?: boolean;
  /** Height of the scroll area (default 560 px in virtual mode, natural height otherwise). */
  height?: number | string;

  /** Makes rows expandable; the detail mounts only when opened. */
  renderDetail?: (row: T) => ReactNode;

  selection?: 'none' | 'single' | 'multi';
  /** Controlled selection (keys); without it the grid keeps its own. */
  selectedKeys?: readonly GridRowKey[];
  onSelectionChange?: (keys: GridRowKey[], rows: T[]) => void;
  /** Controlled focused row; without it the grid keeps its own. */
  focusedRowKey?: GridRowKey | null;
  onFocusedRowChange?: (row: T | null, key: GridRowKey | null) => void;
  onRowClick?: (row: T) => void;
  onRowDoubleClick?: (row: T) => void;
  /** Extra class of a data row (e.g. to colour it). */
  rowClassName?: (row: T) => string | undefined;

  /** Column chooser in the toolbar (default true). */
  columnChooser?: boolean;
  /** Controlled column visibility by column id (e.g. the profile page's finder columns). */
  columnVisibility?: Readonly<Record<string, boolean>>;
  onColumnVisibilityChange?: (visibility: Record<string, boolean>) => void;

  /** Enables export; the `.xlsx` extension is added when missing. */
  exportFileName?: string | (() => string);
  /** Print button (default: on when export is on). */
  print?: boolean;
  /** Heading of the printed page (default: `label`). */
  printTitle?: string | (() => string);

  editing?: GridEditing<T>;
  /**
   * Called when an editor value changes; the returned values are merged into the draft, so a screen can
   * e.g. clear one field when another changes.
   */
  onEditorValueChange?: (field: string, value: unknown, draft: GridDraft<T>) => GridDraft<T> | void;

  /** Rendered at the left of the toolbar; the grid's own buttons are on the right. */
  toolbar?: ReactNode;
  /** Shows a refresh button. */
  onRefresh?: () => void;

  ref?: Ref<DataGridHandle<T>>;
}
