/** What the demo data's builders share: time, barcodes, the demo staff as actors, the row types. */
import type { parcelEvents, parcels } from '../db/schema.ts';
import { OFFICE, USER, DEMO_DRIVERS } from './accounts.ts';
import { prng, type Rng } from './random.ts';

export type ParcelRow = typeof parcels.$inferInsert;
export type EventRow = typeof parcelEvents.$inferInsert;

export const MIN = 60_000;
export const HOUR = 60 * MIN;
export const DAY = 24 * HOUR;
/** Georgia keeps UTC+4 all year. */
const TB = 4 * HOUR;

/** The start (as an instant) of the Tbilisi day holding `t`. */
export const tbDay = (t: number) => Math.floor((t + TB) / DAY) * DAY - TB;
/** Tbilisi calendar date as YYYY-MM-DD. */
export const tbDate = (t: number) => new Date(t + TB).toISOString().slice(0, 10);
/** 0 Sunday … 6 Saturday, in Tbilisi. */
export const tbWeekday = (t: number) => new Date(t + TB).getUTCDay();

/** The generator and the clock every builder reads: all times are counted back from `now`. */
export interface SeedContext {
  rng: Rng;
  now: number;
  /** the start of today in Tbilisi */
  today: number;
  /** nothing happens after this (a minute before `now`) */
  latest: number;
}

export function seedContext(now: number, seed: number): SeedContext {
  return { rng: prng(seed), now, today: tbDay(now), latest: now - MIN };
}

const S10_WEIGHTS = [8, 6, 4, 2, 3, 5, 9, 7];
/** The UPU S10 check digit of an 8-digit serial. */
export function s10CheckDigit(serial: string): number {
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += Number(serial[i]) * S10_WEIGHTS[i];
  const c = 11 - (sum % 11);
  return c === 10 ? 0 : c === 11 ? 5 : c;
}
export function makeBarcode(prefix: string, n: number): string {
  const serial = String(n).padStart(8, '0');
  return `${prefix}${serial}${s10CheckDigit(serial)}`;
}
/** True when a barcode is 2 letters, 8 digits and the right check digit. */
export function isValidS10(barcode: string): boolean {
  const m = /^[A-Z]{2}(\d{8})(\d)$/.exec(barcode);
  return !!m && s10CheckDigit(m[1]) === Number(m[2]);
}

export interface Actor {
  guid: string;
  role: number;
  office: string;
}
export const A: Record<
  'admin' | 'operator' | 'branch' | 'bagmaker' | 'corporate' | 'courier' | 'courier2',
  Actor
> = {
  admin: { guid: USER.admin, role: 100, office: OFFICE.central },
  operator: { guid: USER.operator, role: 105, office: OFFICE.central },
  branch: { guid: USER.branch, role: 105, office: OFFICE.batumi },
  bagmaker: { guid: USER.bagmaker, role: 104, office: OFFICE.central },
  corporate: { guid: USER.corporate, role: 107, office: OFFICE.corporate },
  courier: { guid: USER.courier, role: 106, office: OFFICE.central },
  courier2: { guid: USER.courier2, role: 106, office: OFFICE.batumi },
};
/** The couriers' phones, as the mobile devices of accounts.ts. */
export const MOBILE: Record<string, { name: string; car: string; driver: string }> = {
  [USER.courier]: { name: 'Samsung A54 #1', car: 'AA-123-BB', driver: DEMO_DRIVERS[0][0] },
  [USER.courier2]: { name: 'Xiaomi Redmi #2', car: 'BT-777-TB', driver: DEMO_DRIVERS[1][0] },
};

/** A parcel with its events. */
export interface Built {
  row: ParcelRow;
  events: EventRow[];
}
