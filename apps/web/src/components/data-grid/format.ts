import dayjs from 'dayjs';

/** Display formats shared by the grid's cells, summaries, export and print. */
export const DATE_FORMAT = 'DD.MM.YYYY';
export const DATETIME_FORMAT = 'DD.MM.YYYY HH:mm';

const moneyFormat = new Intl.NumberFormat('ka-GE', { style: 'currency', currency: 'GEL' });
const weightFormat = new Intl.NumberFormat('ka-GE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const numberFormat = new Intl.NumberFormat('ka-GE', { maximumFractionDigits: 10 });

/** `1234.5` → `1234,50 ₾` (the ka-GE currency format; groups of thousands from 10 000, no-break spaces). */
export function formatMoney(value: number): string {
  return moneyFormat.format(value);
}

/** Kilograms with two decimals: `12.5` → `12,50`. */
export function formatWeight(value: number): string {
  return weightFormat.format(value);
}

export function formatNumber(value: number): string {
  return numberFormat.format(value);
}

/** Milliseconds since the epoch (or null) from what the server sends: ISO text, `MM/DD/YYYY`, a Date or a number. */
export function toTimestamp(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.getTime();
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string') {
    const d = dayjs(value);
    return d.isValid() ? d.valueOf() : null;
  }
  return null;
}

export function formatDate(timestamp: number | null, withTime: boolean): string {
  if (timestamp === null) return '';
  return dayjs(timestamp).format(withTime ? DATETIME_FORMAT : DATE_FORMAT);
}

/** Accepts `12`, `12.5`, `12,5`, `-3`, `1 234,5`; anything else is null. */
export function parseNumber(text: string): number | null {
  const cleaned = text.replace(/[\s\u00a0]/g, '').replace(',', '.');
  if (!/^-?\d*\.?\d+$|^-?\d+\.$/.test(cleaned)) return null;
  const n = Number(cleaned);
  return Number.isFinite(n) ? n : null;
}
