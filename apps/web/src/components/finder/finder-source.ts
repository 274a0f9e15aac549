import { DeliveryStatus } from '@po/contract/constants';
import type { Handover } from '@po/contract/files';
import type { ParcelPhoto } from '@po/contract/proof/photos';
import type { FinderRow, FinderStats, LastStatusItem } from '@po/contract/parcels/finder';
import type { GridQuery } from '@po/contract/grid';
import type { FinderFilter, FinderLookups } from './finder-form';
import type { HistorySource } from './history-detail';

/** The tick between two last-status requests (spec 001 §4, §9: 10 ms). */
export const LAST_STATUS_TICK_MS = 10;

/** A finder's answer to one page (ParcelFinder and the archive finders answer this shape). */
export interface FinderPage<R extends FinderRow> {
  Parcels: R[];
  Stats: FinderStats;
  Total: number;
  Capped: boolean;
}

/** The progressive fill of the last statuses after each page. */
export interface FinderFill {
  /** the last status and delivery entry of some parcels */
  load: (guis: readonly string[]) => Promise<LastStatusItem[]>;
  /** parcels per `load` call (1 for a per-parcel call such as ArchGetLastParcelStatus) */
  batch: number;
  /** an empty page starts no fill and leaves the progress message as it was (the archive) */
  skipEmpty?: boolean;
}

/** The focused parcel's files. */
export interface ParcelFiles {
  /** query key prefix (the feature's, e.g. `['parcels']`) */
  key: readonly unknown[];
  /** GetSignatureToBase64 (deliver 0 delivered, 1 not delivered): the image as base64, or '' */
  signature: (barcode: string, deliver: 0 | 1, signal?: AbortSignal) => Promise<string>;
  /** GetBillJpgToBase64: the scanned bill as base64, or '' */
  bill: (barcode: string, signal?: AbortSignal) => Promise<string>;
  /** GetParcelHandover: the courier's outcome, comment and name (shown and printed with the signature) */
  handover: (barcode: string, signal?: AbortSignal) => Promise<Handover>;
  /** GetParcelPhotos: the courier's proof photos (issue 40), shown and printed with the signature */
  photos: (gui: string, signal?: AbortSignal) => Promise<ParcelPhoto[]>;
}

/**
 * The calls a finder screen uses: the live finder's, or an archive's. Define it once at module level
 * (its identity is part of the grid's query key and of the fill's callbacks).
 */
export interface FinderSource<R extends FinderRow> {
  /** query key prefix of the grid's pages (e.g. `['parcels', 'finder']`); a refresh invalidates it */
  key: readonly unknown[];
  find: (filter: FinderFilter, q: GridQuery, signal?: AbortSignal) => Promise<FinderPage<R>>;
  /** none: no fill (the old archive) */
  fill?: FinderFill;
  /** the master-detail history */
  history: HistorySource;
  /** the filter form's lists */
  lookups: FinderLookups;
  files: ParcelFiles;
}

/** `deliver` of GetSignatureToBase64 for a status: 0 delivered, 1 not delivered, none in progress. */
export function deliverOf(status: string): 0 | 1 | null {
  if (status === DeliveryStatus.Delivered) return 0;
  if (status === DeliveryStatus.NotDelivered) return 1;
  return null;
}

/**
 * Runs `load` over `ids` in batches, one tick apart, reporting progress; stops when `alive()` turns
 * false (a new search or page).
 */
export async function progressiveFill(
  ids: readonly string[],
  batch: number,
  load: (guis: readonly string[]) => Promise<LastStatusItem[]>,
  on: {
    items: (items: LastStatusItem[]) => void;
    progress: (done: number, total: number) => void;
    alive: () => boolean;
    error: (e: unknown) => void;
  },
  tickMs = LAST_STATUS_TICK_MS,
): Promise<void> {
  on.progress(0, ids.length);
  for (let i = 0; i < ids.length; i += batch) {
    if (!on.alive()) return;
    try {
      const items = await load(ids.slice(i, i + batch));
      if (!on.alive()) return;
      on.items(items);
    } catch (e) {
      if (on.alive()) on.error(e);
      return;
    }
    on.progress(Math.min(ids.length, i + batch), ids.length);
    if (i + batch < ids.length) await new Promise((r) => setTimeout(r, tickMs));
  }
}
