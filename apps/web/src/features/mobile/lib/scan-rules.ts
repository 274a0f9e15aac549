import { MobileLimits, REGISTRY_PREFIX } from '@po/contract/mobile';
import { ApiError } from '@/api/client';
import { checkBarcode, regList } from '../api/mobile-api';

/**
 * The scan-entry rules every courier flow shares (spec 003 §5 "Scan entry"); each screen words the
 * outcomes as its flow says.
 */

/** A code beginning with 'RG-' is a registry code. */
export const isRegistryCode = (code: string): boolean => code.startsWith(REGISTRY_PREFIX);

/** A single parcel's code is 9 to 11 characters. */
export const hasStandardLength = (code: string): boolean =>
  code.length >= MobileLimits.codeMin && code.length <= MobileLimits.codeMax;

/** True when the call failed because the server could not be reached (the courier has no signal). */
export const isOffline = (err: unknown): boolean => err instanceof ApiError && err.code === 0;

/**
 * A single parcel checked on the server: `known`, `unknown` (CheckBarcode answered 1), or `offline` (no
 * connection: the flow decides whether to list it unchecked). Other refusals are thrown.
 */
export async function checkParcel(code: string): Promise<'known' | 'unknown' | 'offline'> {
  try {
    return (await checkBarcode(code)) === 2 ? 'known' : 'unknown';
  } catch (err) {
    if (isOffline(err)) return 'offline';
    throw err;
  }
}

/** The barcodes of a registry in its order (empty when the registry is unknown); throws when offline. */
export async function registryBarcodes(code: string): Promise<string[]> {
  return (await regList(code)).map((r) => r.Barcode);
}
