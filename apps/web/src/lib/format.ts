import dayjs from '@/lib/dayjs';
import i18n from '@/i18n';

type DateInput = string | number | Date | null | undefined;

function lang(): string {
  return i18n.language === 'en' ? 'en' : 'ka';
}

function toDay(d: DateInput) {
  if (d === null || d === undefined || d === '') return null;
  const v = dayjs(d);
  return v.isValid() ? v.locale(lang()) : null;
}

/** Weekday, day, month and year: `ორშაბათი, 5 მაისი 2025`. */
export function formatDate(d: DateInput): string {
  return toDay(d)?.format('dddd, D MMMM YYYY') ?? '';
}

/** Day, month, year and a 24-hour time: `5 მაისი 2025, 14:30`. */
export function formatDateTime(d: DateInput): string {
  return toDay(d)?.format('D MMMM YYYY, HH:mm') ?? '';
}

/** A short numeric date: `05.05.2025`. */
export function formatShortDate(d: DateInput): string {
  return toDay(d)?.format('DD.MM.YYYY') ?? '';
}

/** A 24-hour time: `14:30`. */
export function formatTime(d: DateInput): string {
  return toDay(d)?.format('HH:mm') ?? '';
}

/** Group thousands even in 4-digit amounts (ka-GE groups only from 5 digits by default); ES2023 option. */
const always = 'always' as unknown as boolean;
const money = new Intl.NumberFormat('ka-GE', { style: 'currency', currency: 'GEL', useGrouping: always });
const weight = new Intl.NumberFormat('ka-GE', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  useGrouping: always,
});

/** GEL amounts: `1 234,50 ₾` (no-break spaces). */
export function formatMoney(n: number | null | undefined): string {
  return money.format(Number(n ?? 0));
}

/** Weight with 2 decimals and the Georgian unit: `1,50 კგ`. */
export function formatWeight(n: number | null | undefined): string {
  return `${weight.format(Number(n ?? 0))}\u00a0კგ`;
}
