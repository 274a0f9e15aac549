import { useEffect, useState, type RefObject } from 'react';

/**
 * Whether the grid's scrolling frame hides columns to the left (`start`) or right (`end`): the frame
 * then shows an edge shade on that side (`data-scroll-start` / `data-scroll-end`), so a grid wider
 * than the screen says that it scrolls. It also keeps the frame's inner width in `--grid-view-width`,
 * which the "no data" message takes, so that it stands in the part of a wide grid the user sees.
 */
export function useScrollCue(scrollRef: RefObject<HTMLDivElement | null>) {
  const [cue, setCue] = useState({ start: false, end: false });
  useEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    const update = () => {
      el.style.setProperty('--grid-view-width', `${el.clientWidth}px`);
      const start = el.scrollLeft > 1;
      const end = el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
      setCue((prev) => (prev.start === start && prev.end === end ? prev : { start, end }));
    };
    update();
    el.addEventListener('scroll', update, { passive: true });
    const observer = new ResizeObserver(update);
    observer.observe(el);
    const table = el.firstElementChild;
    if (table) observer.observe(table);
    return () => {
      el.removeEventListener('scroll', update);
      observer.disconnect();
    };
  }, [scrollRef]);
  return cue;
}
