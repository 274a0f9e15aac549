import { useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { observeElementRect, useVirtualizer } from '@tanstack/react-virtual';
import type { GridRow } from './table-features';

/** A row's height before one is rendered and measured (the rendered one depends on the font). */
export const ROW_HEIGHT = 37;
export const DEFAULT_VIRTUAL_HEIGHT = 560;

/** One line of the body: a group caption, a record, or a record's open detail. */
export type DisplayItem<T extends object> =
  | { kind: 'group'; key: string; row: GridRow<T>; continued: boolean }
  | { kind: 'data'; key: string; row: GridRow<T> }
  | { kind: 'detail'; key: string; row: GridRow<T> };

/** What the body shows: the page's rows with group captions and open details, in order. */
export function useDisplayItems<T extends object>(options: {
  pageRows: readonly GridRow<T>[];
  openDetails: Readonly<Record<string, boolean>>;
  hasDetail: boolean;
  pagingOn: boolean;
}): DisplayItem<T>[] {
  const { pageRows, openDetails, hasDetail, pagingOn } = options;
  return useMemo(() => {
    const list: DisplayItem<T>[] = [];
    const onPage = new Set(pageRows.map((r) => r.id));
    // A page that starts inside a group repeats the captions of the groups it continues.
    const first = pageRows[0];
    if (pagingOn && first) {
      for (const parent of first.getParentRows()) {
        if (!onPage.has(parent.id))
          list.push({ kind: 'group', key: `g:${parent.id}:cont`, row: parent, continued: true });
      }
    }
    for (const row of pageRows) {
      if (row.getIsGrouped()) {
        list.push({ kind: 'group', key: `g:${row.id}`, row, continued: false });
        continue;
      }
      list.push({ kind: 'data', key: `r:${row.id}`, row });
      if (hasDetail && openDetails[row.id]) list.push({ kind: 'detail', key: `d:${row.id}`, row });
    }
    return list;
  }, [pageRows, openDetails, hasDetail, pagingOn]);
}

/**
 * Virtual scrolling: only a window of `items` is rendered, with spacer rows above and below. Rows
 * start below the (sticky) header and must not hide under it or the sticky totals. Off, every item
 * is shown.
 */
export function useVirtualRows<T extends object>(options: {
  items: readonly DisplayItem<T>[];
  virtual: boolean;
  height: number | string | undefined;
  scrollRef: RefObject<HTMLDivElement | null>;
  /** Re-measure the header and footer when these change. */
  chromeDeps: readonly unknown[];
}) {
  const { items, virtual, height, scrollRef } = options;
  const theadRef = useRef<HTMLTableSectionElement>(null);
  const tfootRef = useRef<HTMLTableSectionElement>(null);
  const [chrome, setChrome] = useState({ head: 0, foot: 0 });
  const [depA, depB] = options.chromeDeps;
  useLayoutEffect(() => {
    if (!virtual) return;
    const measure = () => {
      const head = theadRef.current?.offsetHeight ?? 0;
      const foot = tfootRef.current?.offsetHeight ?? 0;
      setChrome((prev) => (prev.head === head && prev.foot === foot ? prev : { head, foot }));
    };
    measure();
    const observer = new ResizeObserver(measure);
    if (theadRef.current) observer.observe(theadRef.current);
    if (tfootRef.current) observer.observe(tfootRef.current);
    return () => observer.disconnect();
  }, [virtual, depA, depB]);
  const fallbackHeight = typeof height === 'number' ? height : DEFAULT_VIRTUAL_HEIGHT;
  const rowHeight = useRenderedRowHeight(scrollRef, virtual);
  const virtualizer = useVirtualizer({
    count: virtual ? items.length : 0,
    getScrollElement: () => scrollRef.current,
    // The rows not rendered yet are as high as a rendered one: an estimate that differs makes the
    // virtualizer move the scroll position by the difference of every row it measures above the
    // viewport, and a long scroll lands short of where it was asked to go.
    estimateSize: () => rowHeight,
    getItemKey: (index) => items[index]?.key ?? index,
    // Rows are measured as rendered (details vary in height); an element without layout keeps the estimate.
    measureElement: (el) => el.getBoundingClientRect().height || rowHeight,
    overscan: 12,
    enabled: virtual,
    scrollMargin: chrome.head,
    scrollPaddingStart: chrome.head,
    scrollPaddingEnd: chrome.foot,
    // A container not laid out yet (or a test DOM) measures 0 px: assume the intended height meanwhile.
    observeElementRect: (instance, cb) =>
      observeElementRect(instance, (rect) =>
        cb(rect.height > 0 ? rect : { width: rect.width, height: fallbackHeight }),
      ),
  });
  // A row measured above the viewport moves the scroll position by its change in height, from the
  // position the virtualizer last heard of: when the element has scrolled on since (a scroll step
  // whose event is not in yet), that would undo the step. Skip it then; the row is off screen.
  virtualizer.shouldAdjustScrollPositionOnItemSizeChange = (item, _delta, instance) => {
    const known = instance.scrollOffset ?? 0;
    const actual = instance.scrollElement?.scrollTop ?? known;
    return Math.abs(actual - known) < 1 && item.start < known;
  };
  useLayoutEffect(() => {
    if (virtual) virtualizer.measure();
  }, [virtual, rowHeight, virtualizer]);
  const virtualItems = virtual ? virtualizer.getVirtualItems() : [];
  const measureRef = virtual ? virtualizer.measureElement : undefined;
  const shownItems = virtual ? virtualItems.map((v) => items[v.index]).filter(Boolean) : items;
  // Item offsets include the header (scrollMargin); the spacer rows live inside the body.
  const padTop = virtual && virtualItems.length ? virtualItems[0].start - chrome.head : 0;
  const padBottom =
    virtual && virtualItems.length
      ? virtualizer.getTotalSize() - (virtualItems[virtualItems.length - 1].end - chrome.head)
      : 0;
  /** `data-index` of the i-th shown item (virtual mode), for the virtualizer's measuring. */
  const dataIndexOf = (i: number): number | undefined => (virtual ? virtualItems[i]?.index : undefined);
  const scrollToRow = (rowId: string) => {
    if (!virtual) return;
    const itemIndex = items.findIndex((it) => it.kind === 'data' && it.row.id === rowId);
    if (itemIndex >= 0) virtualizer.scrollToIndex(itemIndex, { align: 'auto' });
  };

  return { theadRef, tfootRef, shownItems, padTop, padBottom, measureRef, dataIndexOf, scrollToRow };
}

/**
 * The height of the grid's rendered data rows (virtual mode): the median of the rows on screen, read
 * after each render (the font may arrive after the first rows; the body's first row is half a border
 * lower than the others); `ROW_HEIGHT` until a row is laid out (never, in a test DOM).
 */
function useRenderedRowHeight(scrollRef: RefObject<HTMLDivElement | null>, virtual: boolean): number {
  const [rowHeight, setRowHeight] = useState(ROW_HEIGHT);
  // Read after every render on purpose; it sets the height only when it differs, so it settles.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useLayoutEffect(() => {
    if (!virtual) return;
    const rows = scrollRef.current?.querySelectorAll<HTMLElement>('tbody > tr[data-row-id]') ?? [];
    const heights = Array.from(rows, (row) => row.getBoundingClientRect().height)
      .filter((h) => h > 0)
      .sort((a, b) => a - b);
    const median = heights[Math.floor(heights.length / 2)];
    if (median !== undefined && Math.abs(median - rowHeight) > 0.01) setRowHeight(median);
  });
  return rowHeight;
}
