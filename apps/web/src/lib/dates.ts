import dayjs from '@/lib/dayjs';

/** Today in Tbilisi as `YYYY-MM-DD` (the date inputs' form). */
export function tbilisiToday(now = new Date()): string {
  return new Date(now.getTime() + 4 * 3_600_000).toISOString().slice(0, 10);
}

/** A `YYYY-MM-DD` day moved by some days. */
export function addDays(day: string, days: number): string {
  return dayjs(day).add(days, 'day').format('YYYY-MM-DD');
}

/** `YYYY-MM-DD` as the calls take dates (US short `MM/DD/YYYY`); '' stays ''. */
export function toUsDate(day: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day.trim());
  return m ? `${m[2]}/${m[3]}/${m[1]}` : '';
}
