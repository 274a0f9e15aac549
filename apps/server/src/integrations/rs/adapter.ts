import type { DbOrTx } from '../../db/client.ts';

/**
 * The revenue service (rs.ge): name lookup by personal number or company code, and transport
 * waybills. Two implementations behind this one interface: the built-in registry kept in the
 * database (default, used by tests) and a SOAP client for the real WayBillService.
 */
export type RsLookup =
  | { kind: 'found'; name: string }
  | { kind: 'notFound' }
  /** the service could not be reached or answered with an error */
  | { kind: 'error'; message: string };

/** A waybill to save (save_waybill): sender as seller, receiver as buyer, the parcel as one goods line. */
export interface WaybillDraft {
  /** our reference, kept in the waybill's comment: finds the waybill again when an answer was lost */
  ref: string;
  sellerTin: string;
  buyerTin: string;
  driverTin: string;
  carNumber: string;
  startAddress: string;
  endAddress: string;
  goods: { name: string; unit: string; quantity: number; price: number };
}

/** The service's waybill statuses: 0 saved, 1 active, 8 sent to the transporter, 2 closed, -1 deleted, -2 cancelled. */
export const RsWaybillStatus = {
  Saved: 0,
  Active: 1,
  Closed: 2,
  SentToTransporter: 8,
  Deleted: -1,
  Cancelled: -2,
} as const;

export interface RsWaybillInfo {
  id: number;
  number: string;
  status: number;
}

/**
 * A waybill operation's answer: done; refused by the service (its negative code and a Georgian text);
 * or the service could not be reached or answered nonsense (nothing is known about what it did).
 */
export type RsAnswer<T> =
  | { kind: 'ok'; value: T }
  | { kind: 'refused'; code: number; message: string }
  | { kind: 'unreachable'; message: string };

/** Where the built-in service keeps its records: the caller's transaction (ignored by SOAP). */
export interface RsCallOptions {
  tx?: DbOrTx;
}

export interface RsAdapter {
  readonly mode: 'builtin' | 'soap';
  /** get_name_from_tin: a personal number (11 digits) or company code (9 digits) to a name */
  nameFromTin(tin: string): Promise<RsLookup>;
  /** save_waybill: a new waybill in status 0 */
  saveWaybill(draft: WaybillDraft, opts?: RsCallOptions): Promise<RsAnswer<RsWaybillInfo>>;
  /** send_waybill: activates a saved waybill (status 1) */
  sendWaybill(id: number, opts?: RsCallOptions): Promise<RsAnswer<RsWaybillInfo>>;
  /** close_waybill: closes an active waybill (status 2) */
  closeWaybill(id: number, opts?: RsCallOptions): Promise<RsAnswer<RsWaybillInfo>>;
  /** del_waybill: deletes a saved waybill (-1) or cancels an active one (-2) */
  delWaybill(id: number, opts?: RsCallOptions): Promise<RsAnswer<RsWaybillInfo>>;
  /** get_waybill: the waybill by id, null when the service has none */
  getWaybill(id: number, opts?: RsCallOptions): Promise<RsAnswer<RsWaybillInfo | null>>;
  /** the newest waybill, not deleted or cancelled, carrying our reference; null when there is none */
  findWaybill(ref: string, opts?: RsCallOptions): Promise<RsAnswer<RsWaybillInfo | null>>;
}
