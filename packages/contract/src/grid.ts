import { z } from 'zod';
import { int, optText } from './common.ts';

/**
 * The server-side grid: optional parameters a list call adds to its specification input so the
 * DataGrid's server mode can page, sort and filter on the server. Without them a call answers as the
 * specification says (the whole result, capped at `GRID_MAX_ROWS`).
 * - `Skip`, `Take`: the page (Take at most GRID_MAX_TAKE).
 * - `Sort`: `Field` or `Field desc`, several separated by commas (fields as the answer's rows name them).
 * - `Filter`: JSON object of the grid's filter row, `{ "Barcode": "AB12", "Weight": [1, 5] }`: text is
 *   "contains", a two-element array is a range (either end may be null), anything else equals.
 */
export const GRID_MAX_TAKE = 500;
export const GRID_MAX_ROWS = 10_000;

export const gridQueryShape = {
  Skip: z.preprocess(
    (v) => (v === '' || v == null ? undefined : v),
    int.min(0, { error: 'v.tooSmall' }).optional(),
  ),
  Take: z.preprocess(
    (v) => (v === '' || v == null ? undefined : v),
    int.min(1, { error: 'v.tooSmall' }).max(GRID_MAX_TAKE, { error: 'v.tooBig' }).optional(),
  ),
  Sort: optText(300),
  Filter: optText(4000),
};

/** What a paged answer adds beside its rows: the total matching, and whether the total was capped. */
export const gridPageShape = {
  Total: z.number(),
  Capped: z.boolean(),
};

export interface GridQuery {
  Skip?: number;
  Take?: number;
  Sort?: string;
  Filter?: string;
}
