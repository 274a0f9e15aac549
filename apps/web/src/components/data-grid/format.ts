import dayjs from 'dayjs';

/** Display formats shared by the grid's cells, summaries, export and print. */
export const DATE_FORMAT = 'DD.MM.YYYY';
export const DATETIME_FORMAT = 'DD.MM.YYYY HH:mm';

const NBSP = '\u00a0';

/** Georgian groups thousands with a no-break space, and only from five digits on (1234, 12 345). */
function groupDigits(int: string): string {
  return int.length < 5 ? int : int.replace(/\B(?=(\d{3})+(?!\d))/g, NBSP);
}

/**
 * Rounds half away from zero on the number's shortest decimal form (what ICU does, so 99999.995
 * becomes 100000.00 although the double is a hair below it; `toFixed` would give 99999.99).
 */
function roundDecimal(abs: number, digits: number): string {
  const text = String(abs);
  if (/e/i.test(text)) return abs.toFixed(digits);
  const [int, fraction = ''] = text.split('.');
  if (fraction.length <= digits) return fraction ? `${int}.${fraction}` : int;
  const kept = int + fraction.slice(0, digits);
  let rounded = kept;
  if (Number(fraction[digits]) >= 5) {
    // Add one to the last kept digit, carrying leftwards.
    const chars = kept.split('');
    let i = chars.length - 1;
    while (i >= 0 && chars[i] === '9') {
      chars[i] = '0';
      i -= 1;
    }
    if (i < 0) chars.unshift('1');
    else chars[i] = String(Number(chars[i]) + 1);
    rounded = chars.join('');
  }
  const intLength = rounded.length - digits;
  return digits ? `${rounded.slice(0, intLength)}.${rounded.slice(intLength)}` : rounded;
}

/**
 * A number the way `Intl.NumberFormat('ka-GE')` writes it (decimal comma, no-break-space groups),
 * done by hand: browsers built with a reduced ICU (Debian's Chromium among them) lack the Georgian
 * data and would fall back to `GEL 1,234.50`. A test keeps this equal to Intl where Intl has `ka`.
 */
export function formatDecimal(value: number, minFraction: number, maxFraction: number): string {
  if (!Number.isFinite(value)) return String(value);
  const [int, rawFraction = ''] = roundDecimal(Math.abs(value), maxFraction).split('.');
  let fraction = rawFraction.replace(/0+$/, '');
  if (fraction.length < minFraction) fraction = fraction.padEnd(minFraction, '0');
  const zero = /^0*$/.test(int + fraction);
  return `${value < 0 && !zero ? '-' : ''}${groupDigits(int)}${fraction ? `,${fraction}` : ''}`;
}

/** `1234.5` → `1234,50 ₾`, `12345.5` → `12 345,50 ₾` (no-break spaces), as ka-GE currency GEL. */
export function formatMoney(value: number): string {
  return `${formatDecimal(value, 2, 2)}${NBSP}₾`;
}

/** Kilograms with two decimals: `12.5` → `12,50`. */
export function formatWeight(value: number): string {
  return formatDecimal(value, 2, 2);
}

export function formatNumber(value: number): string {
  return formatDecimal(value, 0, 10);
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
