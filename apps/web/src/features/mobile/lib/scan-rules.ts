import { MobileLimits, REGISTRY_PREFIX } from '@po/contract/mobile';
import { ApiError } from '@/api/client';
import { checkBarcode, checkJobParcel, regList } from '../api/mobile-api';

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

/**
 * A single parcel checked on the server for a job of `status` (0: a status change before the reason is
 * chosen): `ok`, `unknown`, `refused` with the message key of what the job would refuse it for
 * (delivered already, not with the courier …), or `offline` (no connection: listed unchecked, the
 * server answers at the send). Other failures are thrown.
 */
export type JobParcelCheck =
  { kind: 'ok' } | { kind: 'unknown' } | { kind: 'offline' } | { kind: 'refused'; key: string };
export async function checkParcelForJob(code: string, status: number): Promise<JobParcelCheck> {
  try {
    const r = await checkJobParcel(code, status);
    if (r.Ret !== 2) return { kind: 'unknown' };
    return r.Refusal ? { kind: 'refused', key: r.Refusal } : { kind: 'ok' };
  } catch (err) {
    if (isOffline(err)) return { kind: 'offline' };
    throw err;
  }
}

/** The barcodes of a registry in its order (empty when the registry is unknown); throws when offline. */
export async function registryBarcodes(code: string): Promise<string[]> {
  return (await regList(code)).map((r) => r.Barcode);
}
