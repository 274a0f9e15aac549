import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import {
  compileFilter,
  dateFilterBounds,
  isEmptyFilter,
  matchNumber,
  normalizeText,
  parseNumberFilter,
} from './filters';
import { formatDate, formatMoney, formatNumber, formatWeight, parseNumber, toTimestamp } from './format';

describe('number filter expressions', () => {
  it.each([
    ['5', { op: 'eq', value: 5 }],
    ['4,5', { op: 'eq', value: 4.5 }],
    ['>5', { op: 'gt', value: 5 }],
    ['>= 2.5', { op: 'gte', value: 2.5 }],
    ['<10', { op: 'lt', value: 10 }],
    ['<=1 000', { op: 'lte', value: 1000 }],
    ['=-3', { op: 'eq', value: -3 }],
    ['1..2', { op: 'range', min: 1, max: 2 }],
    ['10 - 5', { op: 'range', min: 5, max: 10 }],
    ['-5..-1', { op: 'range', min: -5, max: -1 }],
  ])('reads %s', (text, expected) => {
    expect(parseNumberFilter(text)).toEqual(expected);
  });

  it.each(['', '  ', 'abc', '>', '5..', '1,2,3'])('ignores %j', (text) => {
    expect(parseNumberFilter(text)).toBeNull();
  });

  it('matches values, ranges inclusive, never empty values', () => {
    const range = parseNumberFilter('1..2');
    expect(range && [0.5, 1, 1.5, 2, 2.5].filter((v) => matchNumber(range, v))).toEqual([1, 1.5, 2]);
    const eq = parseNumberFilter('0,1');
    expect(eq && matchNumber(eq, 0.1 + 0.2 - 0.2)).toBe(true);
    expect(eq && matchNumber(eq, null)).toBe(false);
  });
});

describe('text matching', () => {
  it('is case-insensitive for Georgian Mtavruli and Latin, and normalizes composed forms', () => {
    expect(normalizeText('ᲗᲑᲘᲚᲘᲡᲘ')).toBe('თბილისი');
    expect(normalizeText('Levan')).toBe('levan');
    expect(normalizeText('e\u0301')).toBe(normalizeText('\u00e9'));
  });

  it('compiles a contains filter over the cached text', () => {
    const rows = ['თბილისი', 'ქუთაისი', 'Tbilisi'];
    const f = compileFilter<string>({ kind: 'text', text: ' ᲗᲑ ' }, { text: normalizeText, value: (r) => r });
    expect(f && rows.filter(f)).toEqual(['თბილისი']);
    expect(
      compileFilter<string>({ kind: 'text', text: '  ' }, { text: (r) => r, value: (r) => r }),
    ).toBeNull();
  });

  it('compiles list, yes/no and number filters', () => {
    const ids = [1, 2, 3, null];
    const list = compileFilter<number | null>(
      { kind: 'list', values: [1, '3'] },
      { text: String, value: (r) => r },
    );
    expect(list && ids.filter(list)).toEqual([1, 3]);
    const bool = compileFilter<boolean>({ kind: 'boolean', value: false }, { text: String, value: (r) => r });
    expect(bool && [true, false].filter(bool)).toEqual([false]);
    const num = compileFilter<number>({ kind: 'number', text: 'oops' }, { text: String, value: (r) => r });
    expect(num).toBeNull();
  });

  it('knows empty filters', () => {
    expect(isEmptyFilter({ kind: 'text', text: ' ' })).toBe(true);
    expect(isEmptyFilter({ kind: 'date', from: null, to: null })).toBe(true);
    expect(isEmptyFilter({ kind: 'list', values: [] })).toBe(true);
    expect(isEmptyFilter({ kind: 'boolean', value: false })).toBe(false);
  });
});

describe('date filters', () => {
  it('covers whole local days; one date means that day', () => {
    const day = dateFilterBounds('2024-03-05', null);
    expect(day).toEqual([
      dayjs('2024-03-05').startOf('day').valueOf(),
      dayjs('2024-03-05').endOf('day').valueOf(),
    ]);
    const range = dateFilterBounds('2024-03-05', '2024-03-07');
    const f = compileFilter<number | null>(
      { kind: 'date', from: '2024-03-05', to: '2024-03-07' },
      { text: String, value: (r) => r },
    );
    const stamps = ['2024-03-04T23:59', '2024-03-05T00:00', '2024-03-07T23:59', '2024-03-08T00:00'].map((s) =>
      dayjs(s).valueOf(),
    );
    expect(range?.[0]).toBe(stamps[1]);
    expect(f && [...stamps, null].filter(f)).toEqual([stamps[1], stamps[2]]);
  });
});

describe('formats', () => {
  it('formats GEL, kilograms and 24-hour dates', () => {
    expect(formatMoney(1234.5)).toBe('1\u00a0234,50\u00a0₾');
    expect(formatMoney(12345.5)).toBe('12\u00a0345,50\u00a0₾');
    expect(formatWeight(2)).toBe('2,00');
    expect(formatDate(toTimestamp('2024-03-05T17:45:00'), true)).toBe('05.03.2024 17:45');
    expect(formatDate(toTimestamp('03/05/2024'), false)).toBe('05.03.2024');
    expect(toTimestamp('')).toBeNull();
    expect(toTimestamp('not a date')).toBeNull();
  });

  it('writes numbers exactly as Intl ka-GE does (where the runtime has the Georgian data)', () => {
    // Grouping from four digits on (`1 234,50 ₾`), as the product shows amounts.
    const always = 'always' as unknown as boolean;
    const money = new Intl.NumberFormat('ka-GE', { style: 'currency', currency: 'GEL', useGrouping: always });
    const weight = new Intl.NumberFormat('ka-GE', {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
      useGrouping: always,
    });
    const plain = new Intl.NumberFormat('ka-GE', { maximumFractionDigits: 10, useGrouping: always });
    expect(money.format(1234.5)).toBe('1\u00a0234,50\u00a0₾'); // the runtime does have it
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647) * 2 - 1;
    const values = [0, 1, 0.125, 0.005, 9999.995, 10000, 99999.995, 1e6, 1234567.891, -1234.5, 12345.678];
    for (let i = 0; i < 500; i++) values.push(Math.round(random() * 10 ** (i % 9) * 1000) / 1000);
    for (const v of values) {
      if (Math.abs(v) < 0.005 && v !== 0) continue; // Intl writes "-0,00" for tiny negatives; the grid writes "0,00"
      expect(formatMoney(v)).toBe(money.format(v));
      expect(formatWeight(v)).toBe(weight.format(v));
      expect(formatNumber(v)).toBe(plain.format(v));
    }
    expect(formatMoney(-0.001)).toBe('0,00\u00a0₾');
  });

  it('reads numbers with a decimal comma', () => {
    expect(parseNumber('12,5')).toBe(12.5);
    expect(parseNumber('1 234,5')).toBe(1234.5);
    expect(parseNumber('x')).toBeNull();
  });
});
