import { Limits } from '@po/contract/constants';
import type { RegisteredParcel } from '@po/contract/registration';
import { DEFAULTS, type Defaults, type PartyForm } from './form-state';

/**
 * What the registration screen keeps on this device (spec 002 §3 "Local address book entry" and
 * "other locally saved items"): the address book (at most 2000 entries), the default register
 * settings, and the last registered parcel (so its card can be printed again).
 */
export const BOOK_KEY = 'po.registration.book';
export const DEFAULTS_KEY = 'po.registration.defaults';
export const LAST_PARCEL_KEY = 'po.registration.last';

export interface BookEntry {
  ID: string;
  Name: string;
  Pid: string;
  Zone: number | null;
  office: string | null;
  region: number | null;
  village: number | null;
  postCode: string;
  addresses: string[];
}

function read<T>(store: Storage | undefined, key: string, fallback: T): T {
  try {
    const raw = store?.getItem(key);
    return raw ? (JSON.parse(raw) as T) : fallback;
  } catch {
    return fallback;
  }
}
function write(store: Storage | undefined, key: string, value: unknown): void {
  try {
    store?.setItem(key, JSON.stringify(value));
  } catch {
    /* storage full or unavailable */
  }
}
const local = () => globalThis.localStorage as Storage | undefined;
const session = () => globalThis.sessionStorage as Storage | undefined;

export function loadBook(): BookEntry[] {
  const v = read<unknown>(local(), BOOK_KEY, []);
  return Array.isArray(v) ? (v as BookEntry[]) : [];
}

export type BookResult =
  | { ok: true; book: BookEntry[]; entry?: BookEntry }
  | { ok: false; error: 'nothingToAdd' | 'full' | 'nothingSelected' | 'notFound' };

/**
 * Adds a party to the book: an entry with the same code and name gains the address; otherwise a new
 * entry (refused past 2000 entries).
 */
export function addToBook(party: PartyForm): BookResult {
  const name = party.name.trim();
  if (!name && !party.pid.trim()) return { ok: false, error: 'nothingToAdd' };
  const book = loadBook();
  const address = party.address.trim();
  const same = book.find((e) => e.Pid === party.pid.trim() && e.Name === name);
  if (same) {
    if (address && !same.addresses.includes(address)) same.addresses.unshift(address);
    Object.assign(same, {
      Zone: party.zone,
      office: party.office,
      region: party.cityId,
      village: party.villageId,
      postCode: party.postCode,
    });
    write(local(), BOOK_KEY, book);
    return { ok: true, book, entry: same };
  }
  if (book.length >= Limits.addressBookMax) return { ok: false, error: 'full' };
  const entry: BookEntry = {
    ID: `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`,
    Name: name,
    Pid: party.pid.trim(),
    Zone: party.zone,
    office: party.office,
    region: party.cityId,
    village: party.villageId,
    postCode: party.postCode,
    addresses: address ? [address] : [],
  };
  book.unshift(entry);
  write(local(), BOOK_KEY, book);
  return { ok: true, book, entry };
}

export function deleteFromBook(id: string | null): BookResult {
  if (!id) return { ok: false, error: 'nothingSelected' };
  const book = loadBook();
  const next = book.filter((e) => e.ID !== id);
  if (next.length === book.length) return { ok: false, error: 'notFound' };
  write(local(), BOOK_KEY, next);
  return { ok: true, book: next };
}

export function findInBook(id: string | null): BookResult {
  if (!id) return { ok: false, error: 'nothingSelected' };
  const entry = loadBook().find((e) => e.ID === id);
  return entry ? { ok: true, book: loadBook(), entry } : { ok: false, error: 'notFound' };
}

/** A book entry as the party block's values. */
export function partyFromEntry(e: BookEntry, base: PartyForm): PartyForm {
  return {
    ...base,
    pid: e.Pid,
    name: e.Name,
    office: e.office ?? base.office,
    cityId: e.region,
    villageId: e.village,
    zone: e.Zone,
    postCode: e.postCode ?? '',
    address: e.addresses[0] ?? '',
  };
}

export function loadDefaults(): Defaults {
  return { ...DEFAULTS, ...read<Partial<Defaults>>(local(), DEFAULTS_KEY, {}) };
}
export function saveDefaults(d: Defaults): void {
  write(local(), DEFAULTS_KEY, d);
}

export function loadLastParcel(): RegisteredParcel | null {
  return read<RegisteredParcel | null>(session(), LAST_PARCEL_KEY, null);
}
export function saveLastParcel(p: RegisteredParcel): void {
  write(session(), LAST_PARCEL_KEY, p);
}
