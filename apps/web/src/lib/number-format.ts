/**
 * Numbers the way `Intl.NumberFormat('ka-GE', { useGrouping: 'always' })` writes them (decimal comma,
 * no-break-space groups: `1 234,50 ₾`), done by hand: browsers built with a reduced ICU (Debian's
 * Chromium among them) lack the Georgian data and would fall back to `GEL 1,234.50`. One module for
 * the whole app: the grid's cells, summaries, exports and the screens. A test keeps it equal to Intl.
 */
export const NBSP = '\u00a0';

/** Groups thousands with a no-break space: 1 234, 12 345. */
function groupDigits(int: string): string {
  return int.replace(/\B(?=(\d{3})+(?!\d))/g, NBSP);
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

/** A number with `minFraction` to `maxFraction` decimals, decimal comma and grouped thousands. */
export function formatDecimal(value: number, minFraction: number, maxFraction: number): string {
  if (!Number.isFinite(value)) return String(value);
  const [int, rawFraction = ''] = roundDecimal(Math.abs(value), maxFraction).split('.');
  let fraction = rawFraction.replace(/0+$/, '');
  if (fraction.length < minFraction) fraction = fraction.padEnd(minFraction, '0');
  const zero = /^0*$/.test(int + fraction);
  return `${value < 0 && !zero ? '-' : ''}${groupDigits(int)}${fraction ? `,${fraction}` : ''}`;
}

/** `1234.5` → `1 234,50 ₾` (no-break spaces), as ka-GE currency GEL. */
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
