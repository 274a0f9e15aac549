import { z } from 'zod';
import { Guards } from './guard.ts';
import { defineCall, writeResult } from './call.ts';
import { booleanish, fastField, INT_MAX, INT_MIN, int, num, NUM_MAX, optGuid, optText } from './common.ts';
import { DEFAULT_PARCEL_TYPE, Limits, ParcelLimits, Payer, PayType } from './constants.ts';
import { label } from './labels.ts';
import type { Message } from './messages.ts';

/**
 * Parcel registration with pricing (spec 002 §2.1, §3, §5, §7) and the tariff administration
 * behind the price (beyond the spec; see docs/pricing.md).
 *
 * Field meanings the specification leaves open, decided here:
 * - `TermsOfPaymentID` is the **payer** (reference group 26): 8700 sender (default), 8701 receiver.
 * - `PayType` is the **payment type**: 1 non-cash (default), 0 cash. CalcPrice has no payment type,
 *   so it ignores `PayType`.
 * - `Pid` is the **payer's** personal code (the sender's when the sender pays, the receiver's when the
 *   receiver pays). `SenderPid` / `ReceiverPid` carry each side's code; an empty side code is taken
 *   from `Pid` when that side pays, and an empty `Pid` from the paying side's code.
 * - Zones come from the city or village (`*CityID` / `*VillageID`) when the server knows it, else from
 *   `SenderZone` / `ReceiveZone`.
 * The domain rules (§5) are checked by the server and answered with the Georgian messages below;
 * the schema here only checks types, so the client and the server share one list of rules.
 */

/** Digits and letters only, as typed (the server trims, upper-cases and checks). */
const code = (max: number) => optText(max);
const optInt = fastField(
  z.preprocess((v) => (v === '' || v == null ? null : v), int.nullable()),
  { kind: 'int', empty: null, min: INT_MIN, max: INT_MAX },
);
/** A zone as tariffs know them (1 to 99), or nothing. */
const optZone = fastField(
  z.preprocess(
    (v) => (v === '' || v == null ? null : v),
    int.min(1, { error: 'v.tooSmall' }).max(99, { error: 'v.tooBig' }).nullable(),
  ),
  { kind: 'int', empty: null, min: 1, max: 99 },
);
const numDefault = (d: number) =>
  fastField(
    z.preprocess((v) => (v === '' || v == null ? d : v), num),
    {
      kind: 'num',
      empty: d,
      min: -NUM_MAX,
      max: NUM_MAX,
    },
  );
const intDefault = (d: number) =>
  fastField(
    z.preprocess((v) => (v === '' || v == null ? d : v), int),
    {
      kind: 'int',
      empty: d,
      min: INT_MIN,
      max: INT_MAX,
    },
  );
const boolDefault = (d: boolean) =>
  fastField(
    z.preprocess((v) => (v == null ? d : v), booleanish),
    { kind: 'bool', empty: d },
  );

/** The pricing part of the body: everything CalcPrice reads. */
export const priceShape = {
  Doubling: boolDefault(false),
  Urgent: boolDefault(false),
  /** the payer's personal code */
  Pid: code(20),
  SenderPid: code(20),
  ReceiverPid: code(20),
  SenderName: optText(200),
  ReceiverName: optText(200),
  SenderZone: optZone,
  ReceiveZone: optZone,
  SenderPostCode: optText(10),
  ReceiverPostCode: optText(10),
  SenderAddres: optText(500),
  ReceiverAddres: optText(500),
  SenderCityID: optInt,
  SenderVillageID: optInt,
  ReceiverCityID: optInt,
  ReceiverVillageID: optInt,
  /** the payer: 8700 sender, 8701 receiver */
  TermsOfPaymentID: intDefault(Payer.Sender),
  /** kg, at least 0.2, step 0.1 */
  Weight: numDefault(Limits.defaultWeight),
  /** cm */
  Width: numDefault(0),
  Height: numDefault(0),
  Length: numDefault(0),
  NumberOfPackages: intDefault(1),
  ParcelType: intDefault(DEFAULT_PARCEL_TYPE),
  OriginDepotGUID: optGuid,
  DestinationDepotGUID: optGuid,
};

export const calcPriceInput = z.object({
  ...priceShape,
  BarCodeGeneration: boolDefault(true),
  BarcodePrefix: optText(10),
  Barcode: optText(100),
  Description: optText(500),
  Fild1: optText(200),
  Fild2: optText(200),
  /** ignored: the price does not depend on the payment type */
  PayType: fastField(z.unknown().optional(), { kind: 'any' }),
});

export const registrationInput = z.object({
  ...priceShape,
  /** true: the server makes the barcode (prefix + 8 digits + check digit) */
  BarCodeGeneration: boolDefault(true),
  /** 1 or 2 Latin letters; empty means the default prefix (PO) */
  BarcodePrefix: optText(10),
  /** the barcode when BarCodeGeneration is false: 9 to 12 letters and digits */
  Barcode: optText(100),
  /** the payment type: 1 non-cash (default), 0 cash */
  PayType: intDefault(PayType.NonCash),
  Description: optText(500),
  /** case number */
  Fild1: optText(200),
  /** extra field */
  Fild2: optText(200),
  /** the recipient's Georgian mobile for notifications (optional; `receiverContactRule`) */
  ReceiverPhone: optText(30),
  /** the recipient's e-mail for notifications (optional) */
  ReceiverEmail: optText(200),
  /** the language of the recipient's messages: 'ka' (default) or 'en' */
  NotifyLanguage: optText(2),
});
export type RegistrationInput = z.input<typeof registrationInput>;
export type RegistrationParsed = z.output<typeof registrationInput>;
export type CalcPriceParsed = z.output<typeof calcPriceInput>;

/** A registered parcel, as Registration answers it (also what the notification card prints). */
export const registeredParcel = z.object({
  GUID: z.string(),
  Barcode: z.string(),
  /** ISO time */
  CreateDate: z.string(),
  /** the collection deadline (ISO time): the end of the Tbilisi day delivery days after registration */
  CollectionDate: z.string().nullable(),
  CurStatus: z.number(),
  CurStatusName: z.string(),
  /** the price in GEL */
  Value: z.number(),
  Sender: z.string(),
  SenderPid: z.string(),
  SenderAddress: z.string(),
  SenderPostCode: z.string(),
  SenderZone: z.number().nullable(),
  Receiver: z.string(),
  ReceiverPid: z.string(),
  ReceiverAddress: z.string(),
  ReceiverPostCode: z.string(),
  ReceiverZone: z.number().nullable(),
  /** the full postal address (city, village, address, postal index) as the card prints it */
  SenderFullAddress: z.string().optional(),
  ReceiverFullAddress: z.string().optional(),
  /** 8700 sender, 8701 receiver */
  Whopays: z.number(),
  /** 1 non-cash, 0 cash */
  PaymetType: z.number(),
  Urgent: z.boolean(),
  Doubling: z.boolean(),
  ParcelType: z.number(),
  ParcelTypeName: z.string(),
  NumberOfPackages: z.number(),
  Weight: z.number(),
  Length: z.number(),
  Width: z.number(),
  Height: z.number(),
  Description: z.string(),
  Fild1: z.string(),
  Fild2: z.string(),
  OriginDepotGUID: z.string().nullable(),
  DestinationDepotGUID: z.string().nullable(),
  Login: z.string(),
});
export type RegisteredParcel = z.output<typeof registeredParcel>;

/** The /registration form's words where they differ from the finders' (registration.json). */
export const registrationLabels = {
  SenderName: label('გამგზავნის სახელი', "Sender's name"),
  ReceiverName: label('მიმღების სახელი', "Receiver's name"),
  ReceiverPhone: label('მიმღების მობილური', "Receiver's mobile"),
  ReceiverEmail: label('მიმღების ელფოსტა', "Receiver's e-mail"),
  NotifyLanguage: label('შეტყობინების ენა', 'Message language'),
  Fild1: label('საქმის ნომერი', 'Case number'),
  Fild2: label('დამატებითი ველი', 'Extra field'),
};
export const CalcPrice = defineCall('POST', 'CalcPrice', calcPriceInput, z.number(), {
  labels: registrationLabels,
  guard: Guards.registration,
  parcels: 'none',
  summary: 'The price of a parcel in GEL (2 decimals) from the tariff of the two zones (see docs/pricing.md)',
});
export const Registration = defineCall(
  'POST',
  'Registration',
  registrationInput,
  z.object({ Parcels: z.array(registeredParcel) }),
  {
    guard: Guards.registration,
    parcels: 'create',
    summary:
      'Register a parcel: checks the rules, makes or checks the barcode, prices it, records the first event',
    labels: registrationLabels,
  },
);

/* ------------------------------------------------------------------ tariffs (administrators) */

export const tariffRow = z.object({
  ID: z.number(),
  SenderZone: z.number(),
  ReceiverZone: z.number(),
  /** null: the general tariff; else the company's own price */
  CompanyID: z.number().nullable(),
  CompanyPid: z.string().nullable(),
  CompanyName: z.string().nullable(),
  BasePrice: z.number(),
  IncludedWeight: z.number(),
  PricePerKg: z.number(),
  VolumetricDivisor: z.number(),
  UrgentMultiplier: z.number(),
  DoubledMultiplier: z.number(),
  DeliveryDays: z.number(),
  UrgentDays: z.number(),
  Enabled: z.boolean(),
  UpdatedAt: z.string().nullable(),
});
export type TariffRow = z.output<typeof tariffRow>;

export const GetTariffs = defineCall(
  'GET',
  'GetTariffs',
  z.object({}),
  z.object({ Tariffs: z.array(tariffRow) }),
  {
    guard: Guards.admin,
    parcels: 'none',
    summary: 'The price model: every tariff (administrators)',
  },
);

const zone = int.min(1, { error: 'v.tooSmall' }).max(99, { error: 'v.tooBig' });
const nonNeg = num.min(0, { error: 'v.tooSmall' });
const positive = num.positive({ error: 'v.tooSmall' });
export const updateTariffInput = z.object({
  /** the tariff to change; 0 or absent: a new tariff (not `ID`: that would collide with the session's `Id`) */
  TariffID: intDefault(0),
  SenderZone: zone,
  ReceiverZone: zone,
  /** a company's personal code for its own price; empty for the general tariff */
  CompanyPid: optText(20),
  BasePrice: nonNeg,
  IncludedWeight: nonNeg,
  PricePerKg: nonNeg,
  VolumetricDivisor: z.preprocess(
    (v) => (v === '' || v == null ? 5000 : v),
    int.min(1, { error: 'v.tooSmall' }),
  ),
  UrgentMultiplier: z.preprocess((v) => (v === '' || v == null ? 1.5 : v), positive),
  DoubledMultiplier: z.preprocess((v) => (v === '' || v == null ? 2 : v), positive),
  DeliveryDays: z.preprocess((v) => (v === '' || v == null ? 2 : v), int.min(0, { error: 'v.tooSmall' })),
  UrgentDays: z.preprocess((v) => (v === '' || v == null ? 1 : v), int.min(0, { error: 'v.tooSmall' })),
  Enabled: boolDefault(true),
});
export const PostUpdateTariff = defineCall('POST', 'PostUpdateTariff', updateTariffInput, writeResult, {
  guard: Guards.admin,
  parcels: 'none',
  summary: 'Create or change a tariff (administrators, audited); Ret is the tariff id',
});

/** The parcel's numeric fields the counter types, by their call names. */
export type ParcelNumberField = 'Weight' | 'Length' | 'Width' | 'Height' | 'NumberOfPackages';
export interface NumberRuleBreak {
  key: string;
  params?: Record<string, number>;
}

/**
 * One rule for each number of the parcel (spec 002 §5 and the sanity limits of `ParcelLimits`), shared
 * by the registration screen (next to the field) and the server (CalcPrice and Registration refuse).
 * Answers null when the value is fine, else the message key of `registrationMessages`.
 */
export function parcelNumberRule(field: ParcelNumberField, value: number): NumberRuleBreak | null {
  if (!Number.isFinite(value)) return { key: 'v.number' };
  if (field === 'Weight') {
    if (value < Limits.defaultWeight - 1e-9 || Math.abs(value * 10 - Math.round(value * 10)) > 1e-6)
      return { key: 'registration.weight' };
    if (value > ParcelLimits.weightMax)
      return { key: 'registration.weightMax', params: { max: ParcelLimits.weightMax } };
    return null;
  }
  if (value < 0) return { key: 'registration.dimensions' };
  if (field === 'NumberOfPackages') {
    if (!Number.isInteger(value)) return { key: 'v.int' };
    if (value > ParcelLimits.packagesMax)
      return { key: 'registration.packagesMax', params: { max: ParcelLimits.packagesMax } };
    return null;
  }
  if (value > ParcelLimits.dimensionMax)
    return { key: 'registration.dimensionMax', params: { max: ParcelLimits.dimensionMax } };
  return null;
}

export const PARCEL_NUMBER_FIELDS: readonly ParcelNumberField[] = [
  'Weight',
  'Length',
  'Width',
  'Height',
  'NumberOfPackages',
];

/** The first broken number rule of a parcel, in the order the screen shows the fields. */
export function parcelNumbersRule(p: Record<ParcelNumberField, number>): NumberRuleBreak | null {
  for (const f of PARCEL_NUMBER_FIELDS) {
    const broken = parcelNumberRule(f, p[f]);
    if (broken) return broken;
  }
  return null;
}

/**
 * The full postal address as a card prints it and the form's "full address" line shows it: city,
 * village, street address, postal index. A part the street address already starts with (a corporate
 * office's address usually names its city) is not repeated.
 */
export function composeAddress(parts: {
  city?: string | null;
  village?: string | null;
  address?: string | null;
  postCode?: string | null;
}): string {
  const address = (parts.address ?? '').trim();
  // toLowerCase: Georgian has no locale-specific case rules (only Lithuanian, Turkish and Azeri do), and
  // the locale-aware form cost a tenth of a price calculation
  const lead = address.toLowerCase();
  const place = [parts.city, parts.village]
    .map((x) => (x ?? '').trim())
    .filter((x) => x && !lead.startsWith(x.toLowerCase()));
  const postCode = (parts.postCode ?? '').trim();
  const tail = postCode && !address.endsWith(postCode) ? postCode : '';
  return [...new Set(place), address, tail].filter(Boolean).join(', ');
}

/**
 * A Georgian mobile as typed (spaces, dashes, brackets, a +995 or 995 lead allowed) → its 9 digits
 * starting with 5, or null when it is not one. '' stays ''.
 */
export function georgianMobile(typed: string): string | null {
  const digits = typed.replace(/[\s\-().]/g, '').replace(/^(\+|00)?995/, '');
  if (digits === '') return '';
  return /^5\d{8}$/.test(digits) ? digits : null;
}
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/**
 * The recipient's contacts for notifications, checked the same way by the form and the server: answers
 * null when both are fine (or empty), else the message key of `registrationMessages`.
 */
export function receiverContactRule(c: { phone: string; email: string; lang?: string }): string | null {
  if (georgianMobile(c.phone.trim()) === null) return 'registration.receiverPhone';
  const email = c.email.trim();
  if (email && (!EMAIL.test(email) || email.length > 200)) return 'registration.receiverEmail';
  if (c.lang && c.lang !== 'ka' && c.lang !== 'en') return 'registration.notifyLanguage';
  return null;
}

/** The default barcode prefix when the request gives none. */
export const DEFAULT_BARCODE_PREFIX = 'PO';

/** The message the client recognises to clear the "doubled" checkbox (spec 002 §2.1). */
export const DOUBLED_PAYER_KEY = 'registration.doubledPayer';

export const registrationMessages = {
  'registration.barcodeFormat': {
    ka: 'შეიყვანეთ შტრიხკოდი სწორი ფორმატით',
    en: 'Enter the barcode in the correct format',
  },
  'registration.prefix': {
    ka: 'შტრიხკოდის პრეფიქსი უნდა იყოს 1 ან 2 ლათინური ასო',
    en: 'The barcode prefix must be 1 or 2 Latin letters',
  },
  'registration.universalCode': { ka: 'შეიყვანეთ საიდენტიფიკაციო კოდი', en: 'Enter the universal code' },
  'registration.senderName': { ka: 'შეიყვანეთ გამგზავნის სახელი', en: "Enter the sender's name" },
  'registration.receiverName': { ka: 'შეიყვანეთ მიმღების სახელი', en: "Enter the receiver's name" },
  'registration.senderAddress': {
    ka: 'გამგზავნის მისამართი არასრულია',
    en: "The sender's address is incomplete",
  },
  'registration.receiverAddress': {
    ka: 'მიმღების მისამართი არასრულია',
    en: "The receiver's address is incomplete",
  },
  'registration.alreadyRegistered': {
    ka: 'ეს ამანათი უკვე რეგისტრირებულია',
    en: 'This parcel is already registered',
  },
  'registration.weight': {
    ka: 'წონა უნდა იყოს მინიმუმ 0.2 კგ, ბიჯით 0.1',
    en: 'The weight must be at least 0.2 kg, in steps of 0.1',
  },
  'registration.dimensions': {
    ka: 'სიგრძე, სიგანე, სიმაღლე და შეფუთვების რაოდენობა არ შეიძლება იყოს უარყოფითი',
    en: 'Length, width, height and package count cannot be negative',
  },
  'registration.weightMax': {
    ka: 'წონა არ შეიძლება აღემატებოდეს {max} კგ-ს',
    en: 'The weight cannot exceed {max} kg',
  },
  'registration.dimensionMax': {
    ka: 'სიგრძე, სიგანე და სიმაღლე არ შეიძლება აღემატებოდეს {max} სმ-ს',
    en: 'Length, width and height cannot exceed {max} cm',
  },
  'registration.packagesMax': {
    ka: 'შეფუთვების რაოდენობა არ შეიძლება აღემატებოდეს {max}-ს',
    en: 'The package count cannot exceed {max}',
  },
  'registration.receiverPhone': {
    ka: 'მიმღების მობილური უნდა იყოს საქართველოს ნომერი: 9 ციფრი, იწყება 5-ით (მაგ. 599 12 34 56)',
    en: "The receiver's mobile must be a Georgian number: 9 digits starting with 5 (e.g. 599 12 34 56)",
  },
  'registration.receiverEmail': {
    ka: 'მიმღების ელფოსტის მისამართი არასწორია',
    en: "The receiver's e-mail address is not valid",
  },
  'registration.notifyLanguage': {
    ka: 'შეტყობინების ენა უნდა იყოს ქართული ან ინგლისური',
    en: 'The message language must be Georgian or English',
  },
  'registration.payer': { ka: 'გადამხდელი არასწორია', en: 'The payer is not valid' },
  'registration.payType': { ka: 'გადახდის ტიპი არასწორია', en: 'The payment type is not valid' },
  'registration.doubledPayer': {
    ka: 'გადამხდელს არ შეუძლია გაორმაგებული ფასის გადახდა',
    en: 'The payer cannot pay a doubled price',
  },
  'registration.noTariff': {
    ka: 'ზონებისთვის {from} → {to} ტარიფი არ არის განსაზღვრული',
    en: 'There is no tariff for zones {from} → {to}',
  },
  'registration.parcelType': { ka: 'ამანათის ტიპი არასწორია', en: 'The parcel type is not valid' },
  'registration.unknownPlace': {
    ka: 'ქალაქი ან სოფელი ვერ მოიძებნა',
    en: 'The city or village was not found',
  },
  'registration.unknownOffice': { ka: 'ფილიალი ვერ მოიძებნა', en: 'The office was not found' },
  'registration.disabled': {
    ka: 'ამანათის რეგისტრაცია თქვენთვის გათიშულია',
    en: 'Parcel registration is disabled for you',
  },
  'registration.barcodeSerialExhausted': {
    ka: 'შტრიხკოდების რიგითი ნომრები ამოიწურა (100 000 000). მიმართეთ ადმინისტრატორს',
    en: 'The barcode serial numbers are used up (100,000,000). Contact the administrator',
  },
  'registration.barcodeExhausted': {
    ka: 'შტრიხკოდის გენერაცია ვერ მოხერხდა, სცადეთ ხელახლა',
    en: 'Could not generate a barcode, try again',
  },
  'registration.companyNotFound': {
    ka: 'კომპანია კოდით {pid} ვერ მოიძებნა',
    en: 'No company with code {pid}',
  },
  'registration.tariffNotFound': { ka: 'ტარიფი ვერ მოიძებნა', en: 'The tariff was not found' },
  'registration.tariffExists': {
    ka: 'ამ ზონებისა და კომპანიის ტარიფი უკვე არსებობს',
    en: 'A tariff for these zones and company exists already',
  },
} satisfies Record<string, Message>;
