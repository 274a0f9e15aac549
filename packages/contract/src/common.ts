import { z } from 'zod';
import { Limits, TIME_ZONE } from './constants.ts';
import { cleanBarcode } from './barcode.ts';

/**
 * A field the server may check without zod (apps/server/src/http/fast-input.ts) when its value is of
 * the plain kind named here: the helpers below register their schemas. For any other value zod
 * decides, so what a call answers, and every message, stays zod's; a test compares the two.
 * - text: `optText(max)`: nothing is '', a string without NUL is trimmed and at most `max` long
 * - int / num: nothing is `empty`, a number (or its plain decimal text) within `min`…`max`
 * - bool: nothing is `empty`, a boolean is itself
 * - guid: nothing (or '') is null, a GUID is trimmed and lower-cased
 * - any: taken as it is
 */
export type FastField =
  | { kind: 'text'; max: number }
  | { kind: 'int'; empty: number | null | 'required'; min: number; max: number }
  | { kind: 'num'; empty: number; min: number; max: number }
  | { kind: 'bool'; empty: boolean }
  | { kind: 'guid' }
  | { kind: 'any' };
export const fastFields = new WeakMap<z.ZodType, FastField>();
/** Registers `schema` as a field of kind `field` (see FastField) and answers it. */
export function fastField<T extends z.ZodType>(schema: T, field: FastField): T {
  fastFields.set(schema, field);
  return schema;
}

/**
 * Building blocks for call schemas. Error messages are message keys (see messages.ts);
 * the server turns them into Georgian sentences naming the field.
 */

/** Id (user GUID) and Ticket: every call but login carries them. */
export const sessionShape = {
  Id: z
    .string({ error: 'v.required' })
    .trim()
    .min(1, { error: 'v.required' })
    .max(100, { error: 'v.tooLong' }),
  Ticket: z
    .string({ error: 'v.required' })
    .trim()
    .min(1, { error: 'v.required' })
    .max(200, { error: 'v.tooLong' }),
};
export const session = z.object(sessionShape);

const TRUE = new Set(['true', '1', 'on', 'yes']);
const FALSE = new Set(['false', '0', 'off', 'no', '']);
/** A boolean that also accepts the query-string forms true/false/1/0. */
export const booleanish = z.preprocess(
  (v) => {
    if (typeof v === 'string') {
      const s = v.trim().toLowerCase();
      if (TRUE.has(s)) return true;
      if (FALSE.has(s)) return false;
    }
    if (typeof v === 'number') return v !== 0;
    return v;
  },
  z.boolean({ error: 'v.boolean' }),
);

/** The range of PostgreSQL's `integer`: every whole number a call takes fits a column. */
export const INT_MIN = -2147483648;
export const INT_MAX = 2147483647;
/** The largest magnitude of a decimal a call takes (money columns are numeric(12,2)). */
export const NUM_MAX = 1_000_000_000;

/**
 * The plain decimal form a number may take in a query string or a JSON string: no `0x10`, `1e3`,
 * `" 12"` or `Infinity`. The server checks every numeric field's text against it before parsing
 * (apps/server/src/http/validation.ts), whatever schema the field uses.
 */
export const NUMBER_TEXT = /^-?\d{1,15}(\.\d{1,9})?$/;

/** A whole number (also its string form) within PostgreSQL's integer range. */
export const int = z.coerce
  .number({ error: 'v.number' })
  .int({ error: 'v.int' })
  .min(INT_MIN, { error: 'v.tooSmall' })
  .max(INT_MAX, { error: 'v.tooBig' });
/** A decimal number (also its string form), finite and within ±NUM_MAX. */
export const num = z.coerce
  .number({ error: 'v.number' })
  .min(-NUM_MAX, { error: 'v.tooSmall' })
  .max(NUM_MAX, { error: 'v.tooBig' });

/** True when a text holds a NUL character (PostgreSQL's text cannot store it). */
export const hasNul = (s: string): boolean => s.includes('\u0000');
/** Any text a call takes: no NUL characters. */
export const plainText = () =>
  z
    .string({ error: (iss) => (iss.input === undefined ? 'v.required' : 'v.text') })
    .refine((s) => !hasNul(s), { error: 'v.nul' });

/** Optional text: trimmed, empty becomes ''. */
export const text = (max = 500) =>
  z
    .string({ error: 'v.text' })
    .refine((s) => !hasNul(s), { error: 'v.nul' })
    .trim()
    .max(max, { error: 'v.tooLong' });
export const optText = (max = 500) =>
  fastField(
    z.preprocess((v) => (v == null ? '' : v), text(max)),
    { kind: 'text', max },
  );

/** A GUID's text (any case). */
export const GUID_TEXT = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
export const guid = z
  .string({ error: 'v.guid' })
  .trim()
  .regex(GUID_TEXT, { error: 'v.guid' })
  .transform((s) => s.toLowerCase());
/** A GUID or nothing (empty string and null mean nothing). */
export const optGuid = fastField(
  z.preprocess((v) => (v === '' || v == null ? null : v), guid.nullable()),
  { kind: 'guid' },
);

/** A parcel barcode: cleaned (`cleanBarcode`), 9 to 12 characters of letters and digits. */
export const barcode = z
  .string({ error: 'v.barcode' })
  .overwrite(cleanBarcode)
  .regex(/^[A-Z0-9]{9,12}$/, { error: 'v.barcode' });
/** A scanned code as typed: cleaned (`cleanBarcode`), not yet checked for length. */
export const scannedCode = z
  .string({ error: 'v.required' })
  .overwrite(cleanBarcode)
  .min(1, { error: 'v.required' });

export const BARCODE_MIN = Limits.barcodeMin;

/* ---------------------------------------------------------------- dates */

/** Asia/Tbilisi has been UTC+4 all year since 2005. */
export const TBILISI_OFFSET_MINUTES = 240;
export { TIME_ZONE };

const US = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:,?\s+(\d{1,2}):(\d{2})(?::(\d{2}))?\s*(AM|PM|am|pm)?)?$/;
const ISO_LOCAL = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?$/;

/**
 * Parses the date forms clients send: US short `MM/DD/YYYY` (optionally with a time, 24-hour or AM/PM),
 * ISO text with a zone (taken as is) or without one (taken as Tbilisi local time). Returns null if invalid.
 */
export function parseClientDate(input: string): Date | null {
  const s = input.trim();
  let m = US.exec(s);
  if (m) {
    let h = Number(m[4] ?? 0);
    const ampm = m[7]?.toUpperCase();
    if (ampm === 'PM' && h < 12) h += 12;
    if (ampm === 'AM' && h === 12) h = 0;
    return tbilisiLocal(Number(m[3]), Number(m[1]), Number(m[2]), h, Number(m[5] ?? 0), Number(m[6] ?? 0));
  }
  m = ISO_LOCAL.exec(s);
  if (m) {
    return tbilisiLocal(
      Number(m[1]),
      Number(m[2]),
      Number(m[3]),
      Number(m[4] ?? 0),
      Number(m[5] ?? 0),
      Number(m[6] ?? 0),
    );
  }
  if (/^\d{4}-\d{2}-\d{2}T.*(Z|[+-]\d{2}:?\d{2})$/.test(s)) {
    const d = new Date(s);
    return Number.isNaN(d.getTime()) ? null : d;
  }
  return null;
}

function tbilisiLocal(y: number, mo: number, d: number, h: number, mi: number, se: number): Date | null {
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || se > 59) return null;
  const utc = Date.UTC(y, mo - 1, d, h, mi, se) - TBILISI_OFFSET_MINUTES * 60_000;
  const check = new Date(utc + TBILISI_OFFSET_MINUTES * 60_000);
  if (check.getUTCDate() !== d || check.getUTCMonth() !== mo - 1) return null;
  return new Date(utc);
}

/** The Tbilisi calendar day of an instant as `YYYY-MM-DD`. */
export function tbilisiDay(at: Date): string {
  return new Date(at.getTime() + TBILISI_OFFSET_MINUTES * 60_000).toISOString().slice(0, 10);
}
/** The instant a Tbilisi day (`YYYY-MM-DD`) starts. */
export function tbilisiDayStart(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) - TBILISI_OFFSET_MINUTES * 60_000);
}

/** A date from a client in any accepted form. */
export const clientDate = z
  .string({ error: 'v.date' })
  .trim()
  .transform((s, ctx) => {
    const d = parseClientDate(s);
    if (!d) {
      ctx.addIssue({ code: 'custom', message: 'v.date' });
      return z.NEVER;
    }
    return d;
  });
export const optClientDate = z.preprocess(
  (v) => (v === '' || v == null ? undefined : v),
  clientDate.optional(),
);

/** Inclusive end of day: a date without a time given as an end of range means the whole day. */
export function endOfDayIfMidnight(raw: string, d: Date): Date {
  const hasTime = /\d{1,2}:\d{2}/.test(raw);
  return hasTime ? d : new Date(d.getTime() + 86_400_000 - 1);
}
