import { useEffect, type KeyboardEvent, type RefObject } from 'react';
import type { GridRow, GridTable } from './table-features';

/**
 * The keyboard on the focused grid: arrows move the focused row (across pages, scrolling it into
 * view), Enter opens its detail, Space selects it (multi selection).
 */
export function useGridKeyboard<T extends object>(options: {
  table: GridTable<T>;
  pageRows: readonly GridRow<T>[];
  pagination: { pageIndex: number; pageSize: number };
  focusedId: string | null;
  focusRowId: (id: string | null) => void;
  /** Client-side paging: revealing a row may turn the page. */
  clientPaging: boolean;
  virtual: boolean;
  scrollToRow: (rowId: string) => void;
  scrollRef: RefObject<HTMLElement | null>;
  hasDetail: boolean;
  toggleDetail: (rowId: string) => void;
  multiSelect: boolean;
}) {
  const { table, pageRows, focusedId, focusRowId, virtual, scrollRef } = options;

  /** Focuses a row and brings it on screen (its page, or its place in the virtual scroller). */
  const focusAndReveal = (id: string) => {
    focusRowId(id);
    const pre = table.getPrePaginatedRowModel().rows;
    const index = pre.findIndex((r) => r.id === id);
    if (options.clientPaging && index >= 0) {
      const { pageSize, pageIndex } = options.pagination;
      const page = Math.floor(index / pageSize);
      if (page !== pageIndex) table.setPageIndex(page);
    }
    options.scrollToRow(id);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    const target = e.target as HTMLElement;
    if (target !== e.currentTarget && target.tagName !== 'TR') return;
    const dataRows = table.getPrePaginatedRowModel().rows.filter((r) => !r.getIsGrouped());
    const index = focusedId === null ? -1 : dataRows.findIndex((r) => r.id === focusedId);
    const current = index >= 0 ? dataRows[index] : undefined;
    switch (e.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        e.preventDefault();
        if (!dataRows.length) return;
        let next: number;
        if (index < 0) {
          const firstOnPage = pageRows.find((r) => !r.getIsGrouped());
          next = Math.max(0, firstOnPage ? dataRows.indexOf(firstOnPage) : 0);
        } else {
          next = e.key === 'ArrowDown' ? Math.min(dataRows.length - 1, index + 1) : Math.max(0, index - 1);
        }
        focusAndReveal(dataRows[next].id);
        return;
      }
      case 'Enter':
        if (current && options.hasDetail) {
          e.preventDefault();
          options.toggleDetail(current.id);
        }
        return;
      case ' ':
        if (current && options.multiSelect) {
          e.preventDefault();
          current.toggleSelected();
        }
        return;
    }
  };

  useEffect(() => {
    if (focusedId === null || virtual) return;
    const el = Array.from(scrollRef.current?.querySelectorAll<HTMLElement>('tr[data-row-id]') ?? []).find(
      (tr) => tr.dataset.rowId === focusedId,
    );
    el?.scrollIntoView({ block: 'nearest' });
  }, [focusedId, virtual, scrollRef]);

  return { focusAndReveal, onKeyDown };
}
