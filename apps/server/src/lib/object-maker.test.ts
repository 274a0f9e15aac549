import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { objectMaker } from './object-maker.ts';

describe('objectMaker', () => {
  it('makes the object a loop of assignments would, keys in order, from any offset', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.string({ maxLength: 12 }), { minLength: 1, maxLength: 70 }),
        fc.nat({ max: 5 }),
        (keys, offset) => {
          // not __proto__: an assignment would set the prototype, a literal key does not (the server's
          // keys are its schema's)
          const own = keys.filter((k) => k !== '__proto__');
          const values = [...Array(offset).fill('skip'), ...own.map((k, i) => (i % 2 ? i : `${k}!`))];
          const made = objectMaker(own)(values, offset);
          const built: Record<string, unknown> = {};
          own.forEach((k, i) => (built[k] = values[offset + i]));
          expect(made).toStrictEqual(built);
          expect(Object.keys(made)).toEqual(Object.keys(built));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('takes keys that would break code as plain text', () => {
    const keys = ['a"b', "c'd", 'e\\f', '}; throw 1; ({', '\u2028'];
    expect(objectMaker(keys)([1, 2, 3, 4, 5], 0)).toEqual(Object.fromEntries(keys.map((k, i) => [k, i + 1])));
  });
});
