import { useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { observeElementRect, useVirtualizer } from '@tanstack/react-virtual';
import type { GridRow } from './table-features';

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
  const virtualizer = useVirtualizer({
    count: virtual ? items.length : 0,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    getItemKey: (index) => items[index]?.key ?? index,
    // Rows are measured as rendered (details vary in height); an element without layout keeps the estimate.
    measureElement: (el) => el.getBoundingClientRect().height || ROW_HEIGHT,
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
