import { upperLatin } from './fields.ts';

/**
 * A barcode or scanned code as typed, scanned or read by a camera, cleaned the one way the contract, the
 * server and the screens agree on: surrounding white space dropped, Latin letters a–z upper-cased, every
 * other character kept as it is. `toUpperCase()` is not used: it turns Georgian Mkhedruli letters into
 * Mtavruli capitals (ა → Ა), which nobody typed (spec 002 §1), and folds a few other letters into Latin
 * capitals (ß → SS, ı → I) that would then pass as a barcode. Without zod: the small bundles import it.
 */
export function cleanBarcode(text: string): string {
  return upperLatin(text.trim());
}
