import { useEffect, useRef, useState } from 'react';
import { useDebouncedCallback } from '@mantine/hooks';
import { FILTER_DEBOUNCE_MS } from './filter-timing';

/**
 * The text of a box that filters as the user types: the box keeps its own text while typing and reports
 * it after a pause (`FILTER_DEBOUNCE_MS`, one pass per pause, not per key), at once on Enter or when
 * cleared. A value set from outside (the grid's imperative API, "clear filters") replaces what is typed.
 * The grid's filter cells and its search box use it.
 */
export function useTypedFilter(external: string, onCommit: (text: string) => void) {
  const [text, setText] = useState(external);
  const committed = useRef(external);
  const report = (next: string) => {
    committed.current = next;
    onCommit(next);
  };
  const later = useDebouncedCallback(report, FILTER_DEBOUNCE_MS);

  useEffect(() => {
    if (external !== committed.current) {
      committed.current = external;
      setText(external);
    }
  }, [external]);

  const now = (next: string) => {
    later.cancel();
    report(next);
  };
  return {
    text,
    /** the user typed `next` */
    type(next: string) {
      setText(next);
      later(next);
    },
    /** Enter: report what is typed now */
    commit: () => now(text),
    /** the clear button */
    clear() {
      setText('');
      now('');
    },
  };
}
