/**
 * Typing in a filter box waits this long before the rows are filtered (one pass per pause, not per key).
 * A module of its own, without imports, so that the DataGrid benchmark (bench/grid-browser.ts) reads the
 * same number the grid uses.
 */
export const FILTER_DEBOUNCE_MS = 200;
