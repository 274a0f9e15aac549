import { upperLatin } from './fields.ts';

/**
 * A tracking link (issue 38: `PUBLIC_URL/track/<barcode>`, what the notification card's QR code and the
 * messages carry), with or without a path before `/track` and a query (the stop link's `?stop=…`) after
 * the barcode. Any host: the contract does not know the server's PUBLIC_URL, and the barcode is what counts.
 */
const TRACK_LINK = /^https?:\/\/[^/?#\s]+(?:\/[^?#\s]*)?\/track\/([^/?#\s]+)\/?(?:[?#]\S*)?$/i;

/** The barcode a tracking link carries (percent-decoded, as the server encodes it), or the text itself. */
function barcodeOfLink(text: string): string {
  const link = TRACK_LINK.exec(text);
  if (!link) return text;
  try {
    return decodeURIComponent(link[1]).trim();
  } catch {
    return link[1]; // a broken escape: the text as it stands (the barcode check then refuses it)
  }
}

/**
 * A barcode or scanned code as typed, scanned or read by a camera, cleaned the one way the contract, the
 * server and the screens agree on: surrounding white space dropped, a tracking link (the notification
 * card's QR code) turned into its barcode, Latin letters a–z upper-cased, every other character kept as
 * it is. `toUpperCase()` is not used: it turns Georgian Mkhedruli letters into Mtavruli capitals
 * (ა → Ა), which nobody typed (spec 002 §1), and folds a few other letters into Latin capitals
 * (ß → SS, ı → I) that would then pass as a barcode. Without zod: the small bundles import it.
 */
export function cleanBarcode(text: string): string {
  return upperLatin(barcodeOfLink(text.trim()));
}
