import dayjs from '@/lib/dayjs';
import i18n from '@/i18n';
import { formatMoney as money, formatWeight as kg } from '@/lib/number-format';

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

/** GEL amounts: `1 234,50 ₾` (no-break spaces). */
export function formatMoney(n: number | null | undefined): string {
  return money(Number(n ?? 0));
}

/** Weight with 2 decimals and the Georgian unit: `1,50 კგ`. */
export function formatWeight(n: number | null | undefined): string {
  return `${kg(Number(n ?? 0))}\u00a0კგ`;
}
