import { defaultReportRange } from '@po/contract/reports';

/** `YYYY-MM-DD` → the US short date the attendance and parcel reports send (`MM/DD/YYYY`). */
export const usDate = (day: string) => `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;
/** `YYYY-MM-DD` → ISO text of the day's start in Tbilisi time (the organisation report's form). */
export const isoDay = (day: string) => `${day}T00:00:00`;
/** The default period (000 §9): the last 14 days up to today, in Tbilisi days. */
export const defaultRange = () => defaultReportRange();
/** Today in Tbilisi (`YYYY-MM-DD`). */
export const today = () => defaultReportRange().to;
/** `DD.MM.YYYY` of a `YYYY-MM-DD` day (export names, grid cells). */
export const dottedDay = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}`;
/** `HH:mm` of an instant in Tbilisi time (UTC+4 all year), whatever the browser's zone. */
export const tbilisiTime = (iso: string) =>
  new Date(Date.parse(iso) + 240 * 60_000).toISOString().slice(11, 16);
/** `DD.MM.YYYY HH:mm` of an instant in Tbilisi time. */
export const tbilisiDateTime = (iso: string) => {
  const s = new Date(Date.parse(iso) + 240 * 60_000).toISOString();
  return `${dottedDay(s.slice(0, 10))} ${s.slice(11, 16)}`;
};
