import { z } from 'zod';
import {
  Code,
  fastFields,
  INT_MAX,
  INT_MIN,
  NUMBER_TEXT,
  hasNul,
  messages,
  type FieldLabel,
} from '@po/contract';
import { NOT_PLAIN, readPlain, unboundedFields } from './fast-input.ts';
import { AppError } from './errors.ts';

type Labels = Readonly<Record<string, FieldLabel>> | undefined;

/**
 * The field a message names: its label when the call gives one (the label of the path's last named
 * part: `Rows.0.Name` reads as Name's label), else the raw path as the specification spells it.
 */
export function fieldName(path: readonly PropertyKey[], labels?: Labels): string | FieldLabel {
  if (!path.length) return 'request';
  const named = [...path].reverse().find((p): p is string => typeof p === 'string');
  const label = named !== undefined ? labels?.[named] : undefined;
  return label ?? path.map(String).join('.');
}

/** Turns the first zod issue into a Georgian sentence that names the field and says why. */
export function validationError(error: z.ZodError, labels?: Labels): AppError {
  const issue = error.issues[0];
  const field = fieldName(issue?.path ?? [], labels);
  let key = issue?.message && messages[issue.message] ? issue.message : '';
  if (!key) {
    switch (issue?.code) {
      case 'invalid_type':
        key = issue.input === undefined ? 'v.required' : 'v.invalid';
        break;
      case 'too_small':
        key = 'v.tooSmall';
        break;
      case 'too_big':
        key = 'v.tooBig';
        break;
      case 'invalid_value':
        key = 'v.oneOf';
        break;
      default:
        key = 'v.invalid';
    }
  }
  const params: Record<string, unknown> = { field };
  if (issue && 'minimum' in issue) params.min = issue.minimum;
  if (issue && 'maximum' in issue) params.max = issue.maximum;
  return new AppError(Code.BadInput, key, params);
}

const fieldError = (key: string, path: readonly (string | number)[], labels?: Labels) =>
  new AppError(Code.BadInput, key, { field: fieldName([...path], labels) });

/** How deep a request's values may nest (the calls take flat objects, arrays of scalars or of rows). */
export const MAX_DEPTH = 6;

/**
 * Checks the raw input of every call before its schema sees it, whatever the schema: no NUL
 * characters in any text or name (PostgreSQL's text cannot hold them), no deeper nesting than
 * MAX_DEPTH.
 */
export function checkRaw(value: unknown, path: (string | number)[] = [], depth = 0, labels?: Labels): void {
  if (typeof value === 'string') {
    if (hasNul(value)) throw fieldError('v.nul', path, labels);
    return;
  }
  if (value === null || typeof value !== 'object') return;
  if (depth >= MAX_DEPTH) throw fieldError('v.tooDeep', path, labels);
  // one path, grown and shrunk on the way (a copy only for a message): this runs on every request
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      path.push(i);
      checkRaw(value[i], path, depth + 1, labels);
      path.pop();
    }
    return;
  }
  for (const k in value) {
    if (!Object.hasOwn(value, k)) continue;
    if (hasNul(k)) throw fieldError('v.nul', path, labels);
    path.push(k);
    checkRaw((value as Record<string, unknown>)[k], path, depth + 1, labels);
    path.pop();
  }
}

/** Which fields of a call's input are numbers: found once per schema by probing each field with "7". */
const numericFields = new WeakMap<z.ZodObject, Map<string, 'scalar' | 'array'>>();
function numericOf(schema: z.ZodObject): Map<string, 'scalar' | 'array'> {
  let found = numericFields.get(schema);
  if (found) return found;
  found = new Map();
  for (const [k, f] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
    const one = f.safeParse('7');
    if (one.success && one.data === 7) {
      found.set(k, 'scalar');
      continue;
    }
    const many = f.safeParse(['7']);
    if (many.success && Array.isArray(many.data) && many.data[0] === 7) found.set(k, 'array');
  }
  numericFields.set(schema, found);
  return found;
}

/**
 * The number fields that a plain reading takes as they are (kind `any`, http/fast-input.ts): the only
 * ones the number check must still see there, since the number kinds take plain numbers only.
 */
const looseNumbers = new WeakMap<z.ZodObject, ReadonlyMap<string, 'scalar' | 'array'>>();
function looseNumericOf(schema: z.ZodObject): ReadonlyMap<string, 'scalar' | 'array'> {
  let found = looseNumbers.get(schema);
  if (!found) {
    const shape = schema.shape as Record<string, z.ZodType>;
    found = new Map([...numericOf(schema)].filter(([k]) => fastFields.get(shape[k])?.kind === 'any'));
    looseNumbers.set(schema, found);
  }
  return found;
}

/** A value a number field may take as it is: a finite number, its plain decimal text, or nothing. */
function plainNumber(v: unknown): boolean {
  if (v === undefined || v === null || v === '') return true;
  if (typeof v === 'number') return Number.isFinite(v);
  return typeof v === 'string' && NUMBER_TEXT.test(v);
}

/**
 * A number field takes a JSON number or its plain decimal text only: `0x10`, `1e3`, `" 12"`, `true`
 * or `[]` are refused for every call, even where a schema would coerce them. (A value the field's
 * schema refuses anyway is left to it, so the field's own message is the one the user reads.)
 */
export function checkNumbers(
  schema: z.ZodObject,
  raw: Record<string, unknown>,
  labels?: Labels,
  fields: ReadonlyMap<string, 'scalar' | 'array'> = numericOf(schema),
): void {
  const shape = schema.shape as Record<string, z.ZodType>;
  for (const [k, kind] of fields) {
    const v = raw[k];
    if (!Array.isArray(v) && plainNumber(v)) continue;
    const items = kind === 'array' && Array.isArray(v) ? v : [v];
    const bad = items.findIndex((item) => !plainNumber(item));
    if (bad < 0 || !shape[k].safeParse(v).success) continue;
    throw fieldError('v.number', kind === 'array' && Array.isArray(v) ? [k, bad] : [k], labels);
  }
}

/** Every number a call passes on fits PostgreSQL's integer range (decimals are bounded by their schema). */
function checkRange(value: unknown, path: (string | number)[], labels?: Labels): void {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw fieldError('v.number', path, labels);
    if (Number.isInteger(value) && (value > INT_MAX || value < INT_MIN))
      throw fieldError(value > 0 ? 'v.tooBig' : 'v.tooSmall', path, labels);
    return;
  }
  if (value === null || typeof value !== 'object' || value instanceof Date) return;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      path.push(i);
      checkRange(value[i], path, labels);
      path.pop();
    }
    return;
  }
  for (const k in value) {
    if (!Object.hasOwn(value, k)) continue;
    path.push(k);
    checkRange((value as Record<string, unknown>)[k], path, labels);
    path.pop();
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  !!v && typeof v === 'object' && !Array.isArray(v);

/**
 * Whether an input is one flat object (no value an object or an array) with no NUL in any name or text:
 * what checkRaw passes without a word, found in one walk of its fields.
 */
function flatAndClean(input: Record<string, unknown>): boolean {
  for (const k in input) {
    if (hasNul(k)) return false;
    const v = input[k];
    if (typeof v === 'string') {
      if (hasNul(v)) return false;
    } else if (v !== null && typeof v === 'object') return false;
  }
  return true;
}

/** A plain reading's fields without bounds of their own, checked against PostgreSQL's integers. */
function checkUnbounded(schema: z.ZodType, out: Record<string, unknown>, labels?: Labels): void {
  for (const k of unboundedFields(schema)) checkRange(out[k], [k], labels);
}

/** Parses input with a schema, throwing a Georgian 400 on failure (naming the field by its label, if given). */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, labels?: Labels): z.output<S> {
  // What the web app and the phone send: a flat object of plain values that the call's reader takes
  // (http/fast-input.ts). The raw check has nothing to say about it, and the number kinds take plain
  // numbers only, so only the fields read as they are meet the number check. Anything else goes the
  // long way below, which gives the same answers and the same messages.
  if (schema instanceof z.ZodObject && isRecord(input) && flatAndClean(input)) {
    const plain = readPlain(schema, input);
    if (plain !== NOT_PLAIN) {
      const loose = looseNumericOf(schema);
      if (loose.size) checkNumbers(schema, input, labels, loose);
      checkUnbounded(schema, plain as Record<string, unknown>, labels);
      return plain as z.output<S>;
    }
  }
  return parseLongWay(schema, input, labels);
}

/**
 * Every check in turn (the raw check, the number check, the plain reading or zod, the range check):
 * what parseInput answers for any input, the long way. Exported for the test that holds the two to the
 * same answers.
 */
export function parseLongWay<S extends z.ZodType>(schema: S, input: unknown, labels?: Labels): z.output<S> {
  checkRaw(input, [], 0, labels);
  if (schema instanceof z.ZodObject && isRecord(input)) checkNumbers(schema, input, labels);
  // the plain case without zod (http/fast-input.ts), zod for the rest
  const plain = readPlain(schema, input);
  if (plain !== NOT_PLAIN) {
    // the plain kinds bound their numbers: only the fields without such bounds are left to check
    checkUnbounded(schema, plain as Record<string, unknown>, labels);
    return plain as z.output<S>;
  }
  const res = schema.safeParse(input);
  if (!res.success) throw validationError(res.error, labels);
  checkRange(res.data, [], labels);
  return res.data;
}
