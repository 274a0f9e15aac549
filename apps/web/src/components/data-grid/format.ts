import dayjs from 'dayjs';

/** Display formats shared by the grid's cells, summaries, export and print. */
export const DATE_FORMAT = 'DD.MM.YYYY';
export const DATETIME_FORMAT = 'DD.MM.YYYY HH:mm';

export { formatDecimal, formatMoney, formatNumber, formatWeight } from '@/lib/number-format';

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
