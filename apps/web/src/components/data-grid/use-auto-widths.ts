import { useEffect, useLayoutEffect, useState, type RefObject } from 'react';
import { functionalUpdate, type ColumnSizingState, type Updater } from '@tanstack/react-table';

/** A column made wider for its content stops here (the rest shows with an ellipsis and in the tooltip). */
const MAX_CONTENT_WIDTH = 420;
/** A column given up for a header elsewhere keeps at least this. */
const MIN_WIDTH = 40;
/** Column types (`data-column-type` of the header) whose cells are never cut: a date and its time. */
const DATE_TYPES = new Set(['date', 'datetime']);

let canvas: HTMLCanvasElement | null = null;
function textWidth(text: string, font: string): number {
  canvas ??= document.createElement('canvas');
  const ctx = canvas.getContext('2d');
  if (!ctx) return 0;
  ctx.font = font;
  return ctx.measureText(text).width;
}

/** The widths of an element's other children, with the flex gaps between them. */
function siblingsWidth(parent: Element, except: Element): number {
  const gap = parseFloat(getComputedStyle(parent).columnGap) || 0;
  let w = 0;
  for (const child of parent.children) if (child !== except) w += child.getBoundingClientRect().width + gap;
  return w;
}

/** The width of a cell's content on one line (whatever the cell's own width cuts off). */
function contentWidth(td: HTMLTableCellElement): number {
  const range = document.createRange();
  range.selectNodeContents(td);
  return range.getBoundingClientRect().width;
}

/**
 * What one header and its rendered cells need: the header's longest word on one line beside the sort
 * and menu buttons (a header wraps only between words), and the widest cell's content. Neither
 * depends on the column's present width, so measuring again gives the same answer.
 */
function neededWidths(
  th: HTMLTableCellElement,
  rows: readonly HTMLTableRowElement[],
): { header: number; content: number } {
  const thStyle = getComputedStyle(th);
  const padding = parseFloat(thStyle.paddingLeft) + parseFloat(thStyle.paddingRight) + 2;
  let header = 0;
  const text = th.querySelector<HTMLElement>('[data-header-text]');
  const label = text?.parentElement;
  const inner = label?.parentElement;
  if (text && label && inner) {
    const style = getComputedStyle(text);
    const font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const words = (text.textContent ?? '').split(/\s+/).filter(Boolean);
    const longest = Math.max(0, ...words.map((w) => textWidth(w, font)));
    header = Math.ceil(longest + siblingsWidth(label, text) + siblingsWidth(inner, label) + padding + 1);
  }
  let content = 0;
  for (const tr of rows) {
    const td = tr.cells[th.cellIndex];
    if (td) content = Math.max(content, Math.min(MAX_CONTENT_WIDTH, Math.ceil(contentWidth(td) + padding)));
  }
  return { header, content };
}

/**
 * The widths to set: every column at least as wide as its header's longest word (a date column also
 * as its widest date); then, while the table still fits its frame, columns grow towards their widest
 * cell. A grid that fitted its frame is not made to scroll sideways for its content (a cut cell shows
 * an ellipsis and its tooltip).
 */
function fittedWidths(
  headers: readonly HTMLTableCellElement[],
  rows: readonly HTMLTableRowElement[],
  frameWidth: number,
): ColumnSizingState {
  const cols = headers.map((th) => {
    const { header, content } = neededWidths(th, rows);
    // a date is read whole (its time too): its column is at least as wide as its widest date
    const least = DATE_TYPES.has(th.dataset.columnType ?? '') ? Math.max(header, content) : header;
    return { id: th.dataset.columnId ?? '', now: th.getBoundingClientRect().width, least, content };
  });
  const widths = cols.map((c) => Math.max(c.now, c.least));
  let room = frameWidth - widths.reduce((a, b) => a + b, 0);
  // headers made the grid overflow its frame: the room comes from columns wider than they need
  cols.forEach((c, i) => {
    if (room >= 0 || widths[i] > c.now + 0.5) return;
    const slack = widths[i] - Math.max(c.least, c.content, MIN_WIDTH);
    if (slack <= 0) return;
    const give = Math.min(slack, -room);
    widths[i] -= give;
    room += give;
  });
  cols.forEach((c, i) => {
    if (room <= 0 || c.content <= widths[i]) return;
    const grow = Math.min(c.content - widths[i], room);
    widths[i] += grow;
    room -= grow;
  });
  const next: ColumnSizingState = {};
  cols.forEach((c, i) => {
    if (Math.abs(widths[i] - c.now) > 0.5) next[c.id] = Math.ceil(widths[i]);
  });
  return next;
}

/**
 * Auto-fit column widths: each column as wide as its header's longest word, and as its widest shown
 * cell while the grid fits its frame (never narrower than the screen's own width, growing only, so
 * paging does not make the columns jump). A width the user dragged wins and is the only one stored (`userSizing`).
 */
export function useAutoWidths(options: {
  gridRef: RefObject<HTMLTableElement | null>;
  userSizing: ColumnSizingState;
  setUserSizing: (updater: Updater<ColumnSizingState>) => void;
  /** Re-measure when these change (the rows shown, the visible columns). */
  deps: readonly unknown[];
}) {
  const { gridRef, userSizing, setUserSizing } = options;
  const [autoSizing, setAutoSizing] = useState<ColumnSizingState>({});
  const [fontsLoaded, setFontsLoaded] = useState(0);
  useEffect(() => {
    const fonts = document.fonts as FontFaceSet | undefined;
    if (!fonts?.addEventListener) return;
    const onLoad = () => setFontsLoaded((n) => n + 1);
    fonts.addEventListener('loadingdone', onLoad);
    return () => fonts.removeEventListener('loadingdone', onLoad);
  }, []);
  useLayoutEffect(() => {
    const table = gridRef.current;
    if (!table) return;
    const headers = table.querySelectorAll<HTMLTableCellElement>(
      'thead > tr:first-child > th[data-column-id]',
    );
    const rows = Array.from(table.querySelectorAll<HTMLTableRowElement>('tbody > tr[data-row-id]'));
    const shown = Array.from(headers);
    // not laid out (hidden, a test DOM)
    if (shown.some((th) => th.getBoundingClientRect().width === 0)) return;
    // the frame less the columns that are not data (selection, row actions, the expander)
    const fixed = Array.from(
      table.querySelectorAll<HTMLTableCellElement>('thead > tr:first-child > th:not([data-column-id])'),
    ).reduce((w, th) => w + th.getBoundingClientRect().width, 0);
    const frame = (table.parentElement?.clientWidth ?? 0) - fixed;
    const next = fittedWidths(shown, rows, frame);
    if (Object.keys(next).length === 0) return;
    setAutoSizing((prev) => {
      const merged = { ...prev };
      // a column grows only (paging does not make it jump), unless it gave room to a header
      for (const [id, w] of Object.entries(next)) {
        const now = shown.find((th) => th.dataset.columnId === id)?.getBoundingClientRect().width ?? 0;
        merged[id] = w < now ? w : Math.max(prev[id] ?? 0, w);
      }
      return merged;
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- measured again when what is shown changes
  }, [gridRef, fontsLoaded, ...options.deps]);

  const columnSizing = { ...autoSizing, ...userSizing };
  /** A resize by the user keeps only the widths that changed (and those the user had set). */
  const setColumnSizing = (updater: Updater<ColumnSizingState>) => {
    const next = functionalUpdate(updater, columnSizing);
    setUserSizing((prev) => {
      const kept: ColumnSizingState = {};
      for (const [id, w] of Object.entries(next)) if (id in prev || w !== columnSizing[id]) kept[id] = w;
      return kept;
    });
  };
  return { columnSizing, setColumnSizing };
}
