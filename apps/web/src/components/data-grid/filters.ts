import dayjs from 'dayjs';
import type { GridFilterValue } from './types';
import { parseNumber } from './format';

export type GridFilterKind = GridFilterValue['kind'];

export function isFilterValue(value: unknown): value is GridFilterValue {
  return typeof value === 'object' && value !== null && 'kind' in value;
}

/** True when the value filters nothing (the control is empty). */
export function isEmptyFilter(value: GridFilterValue | undefined): boolean {
  if (!value) return true;
  switch (value.kind) {
    case 'text':
    case 'number':
      return value.text.trim() === '';
    case 'date':
      return !value.from && !value.to;
    case 'boolean':
      return false;
    case 'list':
      return value.values.length === 0;
  }
}

/**
 * Case-insensitive form of a text for "contains" matching. Georgian Mkhedruli has no case, but
 * Mtavruli capitals (ᲗᲑᲘᲚᲘᲡᲘ) lower-case to it, and NFC makes composed and decomposed forms equal.
 */
export function normalizeText(text: string): string {
  return text.normalize('NFC').toLowerCase();
}

export type NumberCondition =
  { op: 'eq' | 'gt' | 'gte' | 'lt' | 'lte'; value: number } | { op: 'range'; min: number; max: number };

const NUM = String.raw`-?\d+(?:[.,]\d+)?`;
const COMPARE_RE = new RegExp(String.raw`^(>=|<=|=>|=<|>|<|=)?\s*(${NUM})$`);
const RANGE_RE = new RegExp(String.raw`^(${NUM})\s*(?:\.\.|…|-|–|—)\s*(${NUM})$`);

/**
 * Parses a number filter: `5` (equals), `>5`, `>=5`, `<5`, `<=5`, a range `5..10` or `5-10`
 * (inclusive). Decimal comma or point. Returns null for empty or unreadable text.
 */
export function parseNumberFilter(text: string): NumberCondition | null {
  // "1 234,5": spaces between digits are thousands separators.
  const t = text.trim().replace(/(\d)[\s\u00a0]+(?=\d)/g, '$1');
  if (!t) return null;
  const range = RANGE_RE.exec(t);
  if (range) {
    const a = parseNumber(range[1]);
    const b = parseNumber(range[2]);
    if (a === null || b === null) return null;
    return { op: 'range', min: Math.min(a, b), max: Math.max(a, b) };
  }
  const cmp = COMPARE_RE.exec(t);
  if (!cmp) return null;
  const value = parseNumber(cmp[2]);
  if (value === null) return null;
  switch (cmp[1]) {
    case '>':
      return { op: 'gt', value };
    case '>=':
    case '=>':
      return { op: 'gte', value };
    case '<':
      return { op: 'lt', value };
    case '<=':
    case '=<':
      return { op: 'lte', value };
    default:
      return { op: 'eq', value };
  }
}

export function matchNumber(cond: NumberCondition, value: number | null): boolean {
  if (value === null || Number.isNaN(value)) return false;
  switch (cond.op) {
    case 'eq':
      return Math.abs(value - cond.value) < 1e-9;
    case 'gt':
      return value > cond.value;
    case 'gte':
      return value >= cond.value;
    case 'lt':
      return value < cond.value;
    case 'lte':
      return value <= cond.value;
    case 'range':
      return value >= cond.min && value <= cond.max;
  }
}

/** Inclusive local-day bounds of a date filter; one date alone means that day. */
export function dateFilterBounds(from: string | null, to: string | null): [number, number] | null {
  const first = from ?? to;
  if (!first) return null;
  const last = from && to ? to : first;
  const a = dayjs(first);
  const b = dayjs(last);
  if (!a.isValid() || !b.isValid()) return null;
  const start = a.startOf('day').valueOf();
  const end = b.endOf('day').valueOf();
  return start <= end ? [start, end] : [b.startOf('day').valueOf(), a.endOf('day').valueOf()];
}

/** A compiled filter: built once per filtering pass, then called for every row. */
export type RowPredicate<T> = (row: T) => boolean;

export interface FilterSubject<T> {
  /** Normalized display text of the row's cell (cached by the caller). */
  text: (row: T) => string;
  /** Comparable value: number for numeric columns, epoch ms for dates, the id for lookups. */
  value: (row: T) => unknown;
}

/** Turns a filter value into a row predicate, or null when it filters nothing (or cannot be read). */
export function compileFilter<T>(filter: GridFilterValue, subject: FilterSubject<T>): RowPredicate<T> | null {
  switch (filter.kind) {
    case 'text': {
      const needle = normalizeText(filter.text.trim());
      if (!needle) return null;
      return (row) => subject.text(row).includes(needle);
    }
    case 'number': {
      const cond = parseNumberFilter(filter.text);
      if (!cond) return null;
      return (row) => {
        const v = subject.value(row);
        return matchNumber(cond, typeof v === 'number' ? v : null);
      };
    }
    case 'date': {
      const bounds = dateFilterBounds(filter.from, filter.to);
      if (!bounds) return null;
      const [start, end] = bounds;
      return (row) => {
        const v = subject.value(row);
        return typeof v === 'number' && v >= start && v <= end;
      };
    }
    case 'boolean': {
      const wanted = filter.value;
      return (row) => Boolean(subject.value(row)) === wanted;
    }
    case 'list': {
      if (!filter.values.length) return null;
      const set = new Set(filter.values.map(String));
      return (row) => {
        const v = subject.value(row);
        return v !== null && v !== undefined && set.has(String(v));
      };
    }
  }
}
