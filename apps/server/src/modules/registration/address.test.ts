/** The address clean-up every price and registration runs (spec 002 §2.1), against its plain definition. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { cleanAddress } from './service.ts';

const plain = (s: string) =>
  s
    .replace(/[;.'’‘`]/g, '')
    .replace(/\s+/g, ' ')
    .trim();

describe('cleanAddress', () => {
  it('strips semicolons, dots and apostrophes and folds whitespace, as the plain replacements do', () => {
    // addresses made of the characters that matter: letters, the stripped ones, every kind of space
    const char = fc.constantFrom(..."აბგ a1;.'’‘` \t\n\r\u00a0\u2003,-".split(''));
    fc.assert(
      fc.property(
        fc.array(char, { maxLength: 24 }),
        (cs) => cleanAddress(cs.join('')) === plain(cs.join('')),
      ),
      { numRuns: 5_000 },
    );
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (s) => cleanAddress(s) === plain(s)));
    expect(cleanAddress(" წერეთლის  გამზ.\t116; ბ'ინა ")).toBe('წერეთლის გამზ 116 ბინა');
  });
});
