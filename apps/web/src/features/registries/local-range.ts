/** `YYYY-MM-DDTHH:mm` of a local date and time (the value of a datetime-local input). */
export function localDateTime(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}

/** Today 00:00 to 23:59 (the default range of the registry and bag screens). */
export function todayRange(now = new Date()): { from: string; to: string } {
  const day = localDateTime(now).slice(0, 10);
  return { from: `${day}T00:00`, to: `${day}T23:59` };
}

/** `YYYY-MM-DD` of a local date, `days` days from `now`. */
export function localDay(days = 0, now = new Date()): string {
  return localDateTime(new Date(now.getTime() + days * 86_400_000)).slice(0, 10);
}
