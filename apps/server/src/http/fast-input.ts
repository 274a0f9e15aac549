/**
 * A call's input read without zod when every field of its schema is of a kind the contract's helpers
 * registered (`fastFields`, packages/contract/src/common.ts) and every value is of that kind's plain
 * form: what zod would answer for it, at a fraction of the cost (zod's pipes were a sixth of a price
 * calculation's time in the server). Anything else answers NOT_PLAIN and zod decides, with its own
 * messages; http/fast-input.test.ts compares the two on generated inputs.
 */
import { z } from 'zod';
import { objectMaker } from '../lib/object-maker.ts';
import { fastFields, GUID_TEXT, hasNul, INT_MAX, INT_MIN, NUMBER_TEXT, type FastField } from '@po/contract';

/** The answer when zod must decide. */
export const NOT_PLAIN: unique symbol = Symbol('not plain');

const INTEGER_TEXT = /^-?\d{1,15}$/;

/** One field's value as zod would answer it, or NOT_PLAIN. */
function field(f: FastField, v: unknown): unknown {
  switch (f.kind) {
    case 'text': {
      if (v === null || v === undefined) return '';
      if (typeof v !== 'string' || hasNul(v)) return NOT_PLAIN;
      const t = v.trim();
      return t.length <= f.max ? t : NOT_PLAIN;
    }
    case 'int':
    case 'num': {
      // a required number left out: zod's message says so
      if (v === '' || v === null || v === undefined) return f.empty === 'required' ? NOT_PLAIN : f.empty;
      const n =
        typeof v === 'number'
          ? v
          : typeof v === 'string' && (f.kind === 'int' ? INTEGER_TEXT : NUMBER_TEXT).test(v)
            ? Number(v)
            : NaN;
      if (!Number.isFinite(n) || n < f.min || n > f.max) return NOT_PLAIN;
      return f.kind === 'int' && !Number.isInteger(n) ? NOT_PLAIN : n;
    }
    case 'bool':
      if (v === null || v === undefined) return f.empty;
      return typeof v === 'boolean' ? v : NOT_PLAIN;
    case 'guid': {
      if (v === '' || v === null || v === undefined) return null;
      if (typeof v !== 'string') return NOT_PLAIN;
      const t = v.trim();
      return GUID_TEXT.test(t) ? t.toLowerCase() : NOT_PLAIN;
    }
    case 'any':
      return v;
  }
}

type Reader = (input: Record<string, unknown>) => Record<string, unknown> | typeof NOT_PLAIN;
const readers = new WeakMap<z.ZodType, Reader | null>();
/**
 * The fields of a readable schema whose kind does not keep its numbers within PostgreSQL's integers
 * (`any`, or bounds beyond them): the only ones the range check (validation.ts) must look at in a
 * plain reading.
 */
const unbounded = new WeakMap<z.ZodType, readonly string[]>();
const bounded = (f: FastField) =>
  f.kind === 'text' ||
  f.kind === 'bool' ||
  f.kind === 'guid' ||
  ((f.kind === 'int' || f.kind === 'num') && f.min >= INT_MIN && f.max <= INT_MAX);

/** The reader of an object schema whose every field has a kind (unknown keys dropped, as zod does). */
function readerOf(schema: z.ZodType): Reader | null {
  const known = readers.get(schema);
  if (known !== undefined) return known;
  let reader: Reader | null = null;
  if (schema instanceof z.ZodObject && schema._zod.def.catchall === undefined) {
    const fields = Object.entries(schema.shape as Record<string, z.ZodType>).map(
      ([key, s]) => [key, fastFields.get(s)] as const,
    );
    if (fields.every(([, f]) => f !== undefined)) {
      const list = fields as ReadonlyArray<readonly [string, FastField]>;
      unbounded.set(
        schema,
        list.filter(([, f]) => !bounded(f)).map(([key]) => key),
      );
      const make = objectMaker(list.map(([key]) => key));
      reader = (input) => {
        const values = new Array<unknown>(list.length);
        let every = true;
        for (let i = 0; i < list.length; i++) {
          const [key, f] = list[i];
          const v = field(f, input[key]);
          if (v === NOT_PLAIN) return NOT_PLAIN;
          if (v === undefined && !Object.hasOwn(input, key)) every = false;
          values[i] = v;
        }
        // every field answered: made in one step (lib/object-maker.ts)
        if (every) return make(values, 0);
        // an optional field left out stays out, as in zod's answer
        const out: Record<string, unknown> = {};
        for (let i = 0; i < list.length; i++) {
          const key = list[i][0];
          if (values[i] !== undefined || Object.hasOwn(input, key)) out[key] = values[i];
        }
        return out;
      };
    }
  }
  readers.set(schema, reader);
  return reader;
}

/** What `schema` answers for `input` when zod is not needed to know it, else NOT_PLAIN. */
export function readPlain(schema: z.ZodType, input: unknown): unknown {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) return NOT_PLAIN;
  const reader = readerOf(schema);
  return reader ? reader(input as Record<string, unknown>) : NOT_PLAIN;
}

/** The fields of a plain reading of `schema` that the range check must still see (see `unbounded`). */
export function unboundedFields(schema: z.ZodType): readonly string[] {
  return unbounded.get(schema) ?? Object.keys((schema as z.ZodObject).shape ?? {});
}
