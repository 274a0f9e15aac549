import { cleanBarcode } from '@po/contract/barcode';
import { DEFAULT_PARCEL_TYPE, Limits, ParcelLimits, Payer, PayType } from '@po/contract/constants';
import {
  composeAddress,
  parcelNumberRule,
  receiverContactRule,
  type ParcelNumberField,
} from '@po/contract/registration';
import type { SessionState } from '@/lib/session';
import type { RegistrationBody } from './api/register';

/** The registration form (spec 002 §2.1): two parties and the parcel. */
export interface PartyForm {
  pid: string;
  name: string;
  office: string | null;
  cityId: number | null;
  villageId: number | null;
  address: string;
  postCode: string;
  zone: number | null;
  /** the receiver's mobile and e-mail for notifications (issue 38; optional) */
  phone?: string;
  email?: string;
}

export interface ParcelForm {
  generate: boolean;
  barcode: string;
  prefix: string;
  payer: number;
  payType: number;
  urgent: boolean;
  doubled: boolean;
  fild1: string;
  fild2: string;
  description: string;
  parcelType: number;
  /** the numbers as typed: never rewritten, checked by `numberError` */
  packages: string;
  weight: string;
  length: string;
  width: string;
  height: string;
  autoPrint: boolean;
}

export interface RegistrationForm {
  sender: PartyForm;
  receiver: PartyForm;
  parcel: ParcelForm;
}

export interface Defaults {
  generate: boolean;
  autoPrint: boolean;
  prefix: string;
}
export const DEFAULTS: Defaults = { generate: true, autoPrint: true, prefix: '' };

export const emptyParty = (): PartyForm => ({
  pid: '',
  name: '',
  office: null,
  cityId: null,
  villageId: null,
  address: '',
  postCode: '',
  zone: null,
});

export const emptyParcel = (d: Defaults = DEFAULTS): ParcelForm => ({
  generate: d.generate,
  barcode: '',
  prefix: d.prefix,
  payer: Payer.Sender,
  payType: PayType.NonCash,
  urgent: false,
  doubled: false,
  fild1: '',
  fild2: '',
  description: '',
  parcelType: DEFAULT_PARCEL_TYPE,
  packages: '1',
  weight: String(Limits.defaultWeight),
  length: '0',
  width: '0',
  height: '0',
  autoPrint: d.autoPrint,
});

/** True for corporate users: their sender is fixed from their account (spec 002 §2.1). */
export const isCorporate = (s: SessionState | null) => !!s && (s.note.IsCorporate || s.Role === 107);

/** The sender as it starts: the user's office; a corporate user's code, name and office fixed. */
export function initialSender(
  s: SessionState | null,
  office?: { CityID: number | null; Sender: string } | null,
): PartyForm {
  const p = emptyParty();
  if (!s) return p;
  p.office = s.note.OfficeGUID || null;
  if (isCorporate(s)) {
    p.pid = s.note.Pid;
    p.name = s.note.OfficeName;
    if (office) {
      p.cityId = office.CityID;
      p.address = cleanAddress(office.Sender);
    }
  }
  return p;
}

/** Address input strips semicolons, dots and apostrophes (spec 002 §2.1). */
export const cleanAddress = (s: string) => s.replace(/[;.'’‘`]/g, '');

/** The composed full-address line: city, village, address, postal index (the city not repeated). */
export function fullAddress(p: PartyForm, cityName?: string, villageName?: string): string {
  return composeAddress({ city: cityName, village: villageName, address: p.address, postCode: p.postCode });
}

/** Prefix as typed: trimmed, Latin letters upper-cased. */
export const normalizePrefix = (s: string) => cleanBarcode(s);

/** The parcel's number fields with their names in the call. */
export const NUMBER_FIELDS = {
  weight: 'Weight',
  length: 'Length',
  width: 'Width',
  height: 'Height',
  packages: 'NumberOfPackages',
} as const satisfies Record<string, ParcelNumberField>;
export type NumberField = keyof typeof NUMBER_FIELDS;
/** The screen's order of the number fields. */
export const NUMBER_ORDER: readonly NumberField[] = ['packages', 'weight', 'length', 'width', 'height'];

/**
 * A number as typed at the counter: digits with one decimal point or comma, optionally negative.
 * Anything else ("abc", "1e9", "0x10") is NaN, never a guess. Empty dimensions mean 0.
 */
export function parseTyped(text: string, field: NumberField): number {
  const s = text.trim();
  if (!s) return field === 'weight' || field === 'packages' ? Number.NaN : 0;
  if (!/^-?\d+([.,]\d+)?$/.test(s)) return Number.NaN;
  return Number(s.replace(',', '.'));
}

/** The limits the number messages name. */
export const LIMIT_PARAMS = {
  min: Limits.defaultWeight,
  weightMax: ParcelLimits.weightMax,
  dimensionMax: ParcelLimits.dimensionMax,
  packagesMax: ParcelLimits.packagesMax,
};

const NUMBER_KEYS: Record<string, RuleKey> = {
  'v.number': 'v.notNumber',
  'v.int': 'v.wholeNumber',
  'registration.weight': 'v.weight',
  'registration.weightMax': 'v.weightMax',
  'registration.dimensions': 'v.dimensions',
  'registration.dimensionMax': 'v.dimensionMax',
  'registration.packagesMax': 'v.packagesMax',
};

/** The message key for a number field as typed (the contract's rule, in the screen's words), or null. */
export function numberError(field: NumberField, text: string): RuleKey | null {
  const broken = parcelNumberRule(NUMBER_FIELDS[field], parseTyped(text, field));
  return broken ? (NUMBER_KEYS[broken.key] ?? 'v.notNumber') : null;
}

/**
 * Whether the number field takes `text` as typed (a keystroke, a paste): numbers only, within the
 * contract's limits. Answers null when it does, else the message key saying why the field kept its value.
 * A value on the way to a good one ("", "1.", "0.") is taken; its own rule shows beside the field.
 */
export function refusedNumber(field: NumberField, text: string): RuleKey | null {
  const s = text.trim();
  if (!s) return null;
  const sign = s.startsWith('-');
  const digits = sign ? s.slice(1) : s;
  const numeric = /^\d*([.,]\d*)?$/.test(digits);
  if (sign) return numeric ? (field === 'weight' ? 'v.weight' : 'v.dimensions') : 'v.notNumber';
  if (!numeric) return 'v.notNumber';
  const decimals = /[.,](\d*)$/.exec(digits)?.[1];
  if (field === 'packages' && decimals !== undefined) return 'v.wholeNumber';
  if (field === 'weight' && decimals !== undefined && decimals.length > 1) return 'v.weight';
  const value = Number(digits.replace(',', '.'));
  if (!Number.isFinite(value)) return null;
  const broken = parcelNumberRule(NUMBER_FIELDS[field], value);
  return broken?.key.endsWith('Max') ? (NUMBER_KEYS[broken.key] ?? null) : null;
}

export type RuleKey =
  | 'v.barcode'
  | 'v.prefix'
  | 'v.universalCode'
  | 'v.senderName'
  | 'v.receiverName'
  | 'v.senderAddress'
  | 'v.receiverAddress'
  | 'v.receiverPhone'
  | 'v.receiverEmail'
  | 'v.weight'
  | 'v.weightMax'
  | 'v.dimensions'
  | 'v.dimensionMax'
  | 'v.packagesMax'
  | 'v.notNumber'
  | 'v.wholeNumber';

/**
 * The rules of spec 002 §5 in the order the server checks them; answers the first broken rule's
 * message key (in the `registration` namespace), or null. Pricing needs no barcode and no names.
 */
export function validate(f: RegistrationForm, kind: 'price' | 'register'): RuleKey | null {
  const { sender: s, receiver: r, parcel: p } = f;
  if (kind === 'register') {
    if (!p.generate && !/^[A-Z0-9]{9,12}$/.test(cleanBarcode(p.barcode))) return 'v.barcode';
    if (p.generate && p.prefix.trim() && !/^[A-Z]{1,2}$/.test(normalizePrefix(p.prefix))) return 'v.prefix';
  }
  if (p.payer === Payer.Sender && !s.pid.trim()) return 'v.universalCode';
  if (p.payer === Payer.Receiver && !r.pid.trim()) return 'v.universalCode';
  if (kind === 'register' && !s.name.trim()) return 'v.senderName';
  if (kind === 'register' && !r.name.trim()) return 'v.receiverName';
  const incomplete = (x: PartyForm) =>
    cleanAddress(x.address).trim().length < Limits.addressMin || !x.postCode.trim() || x.zone == null;
  if (incomplete(s)) return 'v.senderAddress';
  if (incomplete(r)) return 'v.receiverAddress';
  if (kind === 'register') {
    const contact = receiverContactRule({ phone: r.phone ?? '', email: r.email ?? '' });
    if (contact) return contact === 'registration.receiverPhone' ? 'v.receiverPhone' : 'v.receiverEmail';
  }
  for (const f of NUMBER_ORDER) {
    const broken = numberError(f, p[f]);
    if (broken) return broken;
  }
  return null;
}

/** The form's fields that can be in error, by their element id, in screen order. */
export type FieldId =
  | `${'sender' | 'receiver'}-${'pid' | 'name' | 'city' | 'address'}`
  | 'parcel-barcode'
  | 'parcel-prefix'
  | `parcel-${NumberField}`;

/**
 * Every broken rule of the form at once (spec 002 §5), each beside its field: field id → message key,
 * in screen order (the first one is the field to focus). Empty when the parcel can be registered.
 */
export function formErrors(f: RegistrationForm): Array<[FieldId, RuleKey]> {
  const { parcel: p } = f;
  const out: Array<[FieldId, RuleKey]> = [];
  for (const kind of ['sender', 'receiver'] as const) {
    const x = f[kind];
    const payer = kind === 'sender' ? Payer.Sender : Payer.Receiver;
    if (p.payer === payer && !x.pid.trim()) out.push([`${kind}-pid`, 'v.universalCode']);
    if (!x.name.trim()) out.push([`${kind}-name`, kind === 'sender' ? 'v.senderName' : 'v.receiverName']);
    const address = kind === 'sender' ? 'v.senderAddress' : 'v.receiverAddress';
    if (!x.postCode.trim() || x.zone == null) out.push([`${kind}-city`, address]);
    if (cleanAddress(x.address).trim().length < Limits.addressMin) out.push([`${kind}-address`, address]);
  }
  if (!p.generate && !/^[A-Z0-9]{9,12}$/.test(cleanBarcode(p.barcode)))
    out.push(['parcel-barcode', 'v.barcode']);
  if (p.generate && p.prefix.trim() && !/^[A-Z]{1,2}$/.test(normalizePrefix(p.prefix)))
    out.push(['parcel-prefix', 'v.prefix']);
  for (const n of NUMBER_ORDER) {
    const broken = numberError(n, p[n]);
    if (broken) out.push([`parcel-${n}`, broken]);
  }
  return out;
}

/** The sender re-initialised after a registration, keeping what the clerk has typed in the meantime. */
export function keepTyped(typed: PartyForm, fresh: PartyForm): PartyForm {
  const out = { ...fresh };
  for (const k of Object.keys(typed) as Array<keyof PartyForm>) {
    const v = typed[k];
    if (v != null && v !== '') Object.assign(out, { [k]: v });
  }
  return out;
}

/** The request body with the specification's field names (see docs/pricing.md for their meaning). */
export function toRequest(f: RegistrationForm): RegistrationBody {
  const { sender: s, receiver: r, parcel: p } = f;
  return {
    BarCodeGeneration: p.generate,
    BarcodePrefix: p.generate ? normalizePrefix(p.prefix) : '',
    Barcode: p.generate ? '' : cleanBarcode(p.barcode),
    Doubling: p.doubled,
    Urgent: p.urgent,
    Pid: (p.payer === Payer.Sender ? s.pid : r.pid).trim(),
    SenderPid: s.pid.trim(),
    ReceiverPid: r.pid.trim(),
    SenderName: s.name.trim(),
    ReceiverName: r.name.trim(),
    ReceiverPhone: (r.phone ?? '').trim(),
    ReceiverEmail: (r.email ?? '').trim(),
    NotifyLanguage: '',
    SenderZone: s.zone,
    ReceiveZone: r.zone,
    SenderPostCode: s.postCode.trim(),
    ReceiverPostCode: r.postCode.trim(),
    SenderAddres: cleanAddress(s.address).trim(),
    ReceiverAddres: cleanAddress(r.address).trim(),
    SenderCityID: s.cityId,
    SenderVillageID: s.villageId,
    ReceiverCityID: r.cityId,
    ReceiverVillageID: r.villageId,
    TermsOfPaymentID: p.payer,
    PayType: p.payType,
    Weight: parseTyped(p.weight, 'weight'),
    Width: parseTyped(p.width, 'width'),
    Height: parseTyped(p.height, 'height'),
    Length: parseTyped(p.length, 'length'),
    Description: p.description.trim(),
    Fild1: p.fild1.trim(),
    Fild2: p.fild2.trim(),
    ParcelType: p.parcelType,
    NumberOfPackages: parseTyped(p.packages, 'packages'),
    OriginDepotGUID: s.office,
    DestinationDepotGUID: r.office,
  };
}
