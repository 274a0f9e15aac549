import { DEFAULT_PARCEL_TYPE, Limits, Payer, PayType } from '@po/contract/constants';
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
  packages: number;
  weight: number;
  length: number;
  width: number;
  height: number;
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
  packages: 1,
  weight: Limits.defaultWeight,
  length: 0,
  width: 0,
  height: 0,
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

/** The composed full-address line: city, village, address, postal index. */
export function fullAddress(p: PartyForm, cityName?: string, villageName?: string): string {
  return [cityName, villageName, p.address.trim(), p.postCode]
    .filter((x) => x && String(x).trim())
    .join(', ');
}

/** Prefix as typed: trimmed, upper-cased. */
export const normalizePrefix = (s: string) => s.trim().toUpperCase();

export type RuleKey =
  | 'v.barcode'
  | 'v.prefix'
  | 'v.universalCode'
  | 'v.senderName'
  | 'v.receiverName'
  | 'v.senderAddress'
  | 'v.receiverAddress'
  | 'v.weight'
  | 'v.dimensions';

/**
 * The rules of spec 002 §5 in the order the server checks them; answers the first broken rule's
 * message key (in the `registration` namespace), or null. Pricing needs no barcode and no names.
 */
export function validate(f: RegistrationForm, kind: 'price' | 'register'): RuleKey | null {
  const { sender: s, receiver: r, parcel: p } = f;
  if (kind === 'register') {
    if (!p.generate && !/^[A-Z0-9]{9,12}$/.test(p.barcode.trim().toUpperCase())) return 'v.barcode';
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
  const w = Number(p.weight);
  if (!(w >= Limits.defaultWeight - 1e-9) || Math.abs(w * 10 - Math.round(w * 10)) > 1e-6) return 'v.weight';
  if ([p.length, p.width, p.height, p.packages].some((v) => !(Number(v) >= 0))) return 'v.dimensions';
  return null;
}

/** The request body with the specification's field names (see docs/pricing.md for their meaning). */
export function toRequest(f: RegistrationForm): RegistrationBody {
  const { sender: s, receiver: r, parcel: p } = f;
  return {
    BarCodeGeneration: p.generate,
    BarcodePrefix: p.generate ? normalizePrefix(p.prefix) : '',
    Barcode: p.generate ? '' : p.barcode.trim().toUpperCase(),
    Doubling: p.doubled,
    Urgent: p.urgent,
    Pid: (p.payer === Payer.Sender ? s.pid : r.pid).trim(),
    SenderPid: s.pid.trim(),
    ReceiverPid: r.pid.trim(),
    SenderName: s.name.trim(),
    ReceiverName: r.name.trim(),
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
    Weight: p.weight,
    Width: p.width,
    Height: p.height,
    Length: p.length,
    Description: p.description.trim(),
    Fild1: p.fild1.trim(),
    Fild2: p.fild2.trim(),
    ParcelType: p.parcelType,
    NumberOfPackages: p.packages,
    OriginDepotGUID: s.office,
    DestinationDepotGUID: r.office,
  };
}
