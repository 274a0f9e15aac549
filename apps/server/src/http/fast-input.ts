/**
 * A call's input read without zod when every field of its schema is of a kind the contract's helpers
 * registered (`fastFields`, packages/contract/src/common.ts) and every value is of that kind's plain
 * form: what zod would answer for it, at a fraction of the cost (zod's pipes were a sixth of a price
 * calculation's time in the server). Anything else answers NOT_PLAIN and zod decides, with its own
 * messages; http/fast-input.test.ts compares the two on generated inputs.
 */
import { z } from 'zod';
import { fastFields, GUID_TEXT, hasNul, INT_MAX, INT_MIN, NUMBER_TEXT, type FastField } from '@po/contract';

/** The answer when zod must decide. */
export const NOT_PLAIN: unique symbol = Symbol('not plain');

const INTEGER_TEXT = /^-?\d{1,15}$/;

/** One field's value as zod would answer it, or NOT_PLAIN: a function for each kind. */
const kinds = {
  text(f: FastField & { kind: 'text' }, v: unknown): unknown {
    if (v === null || v === undefined) return '';
    if (typeof v !== 'string' || hasNul(v)) return NOT_PLAIN;
    const t = v.trim();
    return t.length <= f.max ? t : NOT_PLAIN;
  },
  int(f: FastField & { kind: 'int' }, v: unknown): unknown {
    // a required number left out: zod's message says so
    if (v === '' || v === null || v === undefined) return f.empty === 'required' ? NOT_PLAIN : f.empty;
    const n = typeof v === 'number' ? v : typeof v === 'string' && INTEGER_TEXT.test(v) ? Number(v) : NaN;
    return Number.isInteger(n) && n >= f.min && n <= f.max ? n : NOT_PLAIN;
  },
  num(f: FastField & { kind: 'num' }, v: unknown): unknown {
    if (v === '' || v === null || v === undefined) return f.empty;
    const n = typeof v === 'number' ? v : typeof v === 'string' && NUMBER_TEXT.test(v) ? Number(v) : NaN;
    return Number.isFinite(n) && n >= f.min && n <= f.max ? n : NOT_PLAIN;
  },
  bool(f: FastField & { kind: 'bool' }, v: unknown): unknown {
    if (v === null || v === undefined) return f.empty;
    return typeof v === 'boolean' ? v : NOT_PLAIN;
  },
  guid(_f: FastField, v: unknown): unknown {
    if (v === '' || v === null || v === undefined) return null;
    if (typeof v !== 'string') return NOT_PLAIN;
    const t = v.trim();
    return GUID_TEXT.test(t) ? t.toLowerCase() : NOT_PLAIN;
  },
  any(_f: FastField, v: unknown): unknown {
    return v;
  },
} as const;

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
      reader = compileReader(list);
    }
  }
  readers.set(schema, reader);
  return reader;
}

/**
 * A reader written out for its fields, once per schema: each field read by its name and checked by its
 * kind's function, the answer made as one literal (lib/object-maker.ts says why). Read in a loop by
 * computed names, the fields cost V8's slowest property loads, and the reader was the largest of the
 * server's own parts of a price calculation.
 */
function compileReader(list: ReadonlyArray<readonly [string, FastField]>): Reader {
  const name = (i: number) => JSON.stringify(list[i][0]);
  const lines: string[] = ['let every = true;'];
  list.forEach(([, f], i) => {
    lines.push(
      `const v${i} = ${f.kind}(F${i}, input[${name(i)}]);`,
      `if (v${i} === NP) return NP;`,
      `if (v${i} === undefined && !hasOwn(input, ${name(i)})) every = false;`,
    );
  });
  // every field answered: made in one step; an optional field left out stays out, as in zod's answer
  lines.push(`if (every) return {${list.map((_, i) => `${name(i)}: v${i}`).join(', ')}};`, 'const out = {};');
  list.forEach((_, i) =>
    lines.push(`if (v${i} !== undefined || hasOwn(input, ${name(i)})) out[${name(i)}] = v${i};`),
  );
  lines.push('return out;');
  // the names are the contract's own field names, quoted as JSON all the same
  const constants = [
    `const { ${Object.keys(kinds).join(', ')} } = K;`,
    ...list.map((_, i) => `const F${i} = F[${i}];`),
  ];
  const make = new Function(
    'K',
    'F',
    'NP',
    'hasOwn',
    `${constants.join('\n')}\nreturn (input) => {\n${lines.join('\n')}\n};`,
  );
  return make(
    kinds,
    list.map(([, f]) => f),
    NOT_PLAIN,
    Object.hasOwn,
  ) as Reader;
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
