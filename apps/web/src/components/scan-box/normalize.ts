import { upperLatin } from '@po/contract/fields';

/**
 * A scanned or typed code as the scan screens send it (spec 002 §1): trimmed, with its Latin letters
 * upper-cased. Only a–z change: `toUpperCase()` would turn Georgian Mkhedruli letters into Mtavruli
 * capitals (ა → Ა), which is not what the operator typed.
 */
export function normalizeScan(raw: string): string {
  return upperLatin(raw.trim());
}
