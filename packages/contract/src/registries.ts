import { z } from 'zod';
import { defineCall } from './call.ts';
import { barcode, booleanish, clientDate, optClientDate, optText } from './common.ts';
import { Guards } from './guard.ts';
import { label } from './labels.ts';
import type { Message } from './messages.ts';

/**
 * Registries (spec 002 §2.2–§2.5, §3, §7; DOMAIN.md "Registries"): the parcels to print, the next
 * registry name, saving a printed registry, building one by scanning, the journal and the view.
 *
 * Decisions the specification leaves open:
 * - A registry name is `RG-` and a zero-padded sequence number. `GetNextRegName` takes the next number
 *   of a database sequence and records the reservation for the caller, so two operators asking at the
 *   same moment never get one name; saving (`NFAddPrintedReg`) or building (`BuildRegistry` with
 *   `RgName`) needs a name the caller reserved.
 * - Saving a name again (a reprint) adds the barcodes that are not in it yet and marks it printed; the
 *   barcodes already in it stay. Every barcode must be a live parcel: one unknown, deleted or archived
 *   barcode refuses the whole save with its message and nothing is written.
 * - A registry does not change a parcel's status (no status id for it in the specification); the parcel
 *   is found through the parcels core and listed in the registry.
 * - The journal search has no path in the specification: it is `NFRegistryJournal` (POST; Id, Ticket,
 *   StartRegDate, EndRegDate, RgNumber), answering registry rows with their parcel count.
 * - Who sees what (spec §6): role 100 and role 105 without IsAnother see every operator and registry;
 *   IsAnother users only their own; the others those of their office, its distribution centre and the
 *   offices under it.
 * - `RgNumber` takes the name (`RG-000012`) or its number (`12`).
 */

export const REGISTRY_PREFIX = 'RG-';
export const REGISTRY_DIGITS = 6;
/** The most parcels one registry holds (and one search answers). */
export const REGISTRY_MAX = 2000;
/** The registry view's default range: from 7 days ago. */
export const REGISTRY_VIEW_DAYS = 7;

/** A registry's name from its number: RG-000012. */
export const registryName = (n: number) => `${REGISTRY_PREFIX}${String(n).padStart(REGISTRY_DIGITS, '0')}`;
/** The number of a registry name or number as typed (`RG-000012`, `rg-12`, `12`), or null. */
export function registryNumber(text: string): number | null {
  const m = /^(?:RG-?)?0*(\d{1,9})$/i.exec(text.trim());
  return m ? Number(m[1]) : null;
}

const rgNumber = z
  .string({ error: 'v.required' })
  .trim()
  .min(1, { error: 'v.required' })
  .refine((s) => registryNumber(s) !== null, { error: 'registries.badNumber' });
const optRgNumber = z.preprocess(
  (v) => (v == null ? '' : v),
  z
    .string({ error: 'v.text' })
    .trim()
    .refine((s) => s === '' || registryNumber(s) !== null, { error: 'registries.badNumber' }),
);
const rgName = z
  .string({ error: 'v.required' })
  .trim()
  .toUpperCase()
  .min(1, { error: 'registries.nameRequired' })
  .regex(/^RG-\d{6,9}$/, { error: 'registries.badNumber' });

/** A registry parcel row (spec 002 §3). */
export const registryParcelRow = z.object({
  GUID: z.string(),
  BarCode: z.string(),
  CreateDate: z.string(),
  Sender: z.string(),
  Receiver: z.string(),
  /** the case number */
  Fild1: z.string(),
  /** the note */
  Fild2: z.string(),
  Description: z.string(),
  /** who registered the parcel */
  Creator: z.string(),
});
export type RegistryParcelRow = z.output<typeof registryParcelRow>;

/** A registry of the journal and the view (spec 002 §3: Id, RgName, CreateDate). */
export const registryRow = z.object({
  Id: z.number(),
  RgName: z.string(),
  CreateDate: z.string(),
  /** printed (saved by NFAddPrintedReg) or built (scanned with BuildRegistry) */
  Kind: z.string(),
  /** who made it */
  Creator: z.string(),
  Count: z.number(),
  PrintDate: z.string().nullable(),
});
export type RegistryRow = z.output<typeof registryRow>;

/** The registry screens' words (registries.json `fields.*`). */
const registryPrintLabels = {
  StartRegDate: label('საწყისი დრო', 'Start time'),
  EndRegDate: label('საბოლოო დრო', 'End time'),
  Fild1: label('საქმის ნომერი', 'Case number'),
  Fild2: label('შენიშვნა', 'Note'),
  RegistredUserLogin: label('ოპერატორი', 'Operator'),
};
const registryJournalLabels = {
  StartRegDate: label('თარიღიდან', 'From'),
  EndRegDate: label('თარიღამდე', 'To'),
  Sender: label('გამგზავნის სვეტი', 'Sender column'),
};

export const NFRegistryList = defineCall(
  'POST',
  'NFRegistryList',
  z.object({
    StartRegDate: clientDate,
    EndRegDate: clientDate,
    Fild1: optText(200),
    Fild2: optText(200),
    Description: optText(200),
    RegistredUserLogin: optText(100),
  }),
  z.array(registryParcelRow),
  {
    summary: `Parcels to print in a registry: registered in the range, by case number, note, description and operator (at most ${REGISTRY_MAX})`,
    guard: Guards.adminOrOffice,
    parcels: 'see',
    labels: registryPrintLabels,
  },
);

export const NFAddPrintedReg = defineCall(
  'POST',
  'NFAddPrintedReg',
  z.object({
    Name: rgName,
    BarCodes: z
      .array(barcode, { error: 'v.invalid' })
      .min(1, { error: 'registries.empty' })
      .max(REGISTRY_MAX, { error: 'v.tooLong' }),
  }),
  z.object({ Ret: z.number(), Id: z.number(), RgName: z.string(), Count: z.number() }),
  {
    summary:
      'Save a printed registry under a name the caller reserved, with its barcodes (again: adds the missing ones)',
    guard: Guards.adminOrOffice,
    parcels: 'act',
    labels: { Name: label('რეესტრის ნომერი', 'Registry number') },
  },
);

export const GetNextRegName = defineCall('GET', 'GetNextRegName', z.object({}), z.string(), {
  summary: 'Reserve the next registry name (RG-000123) for the caller; never the same name twice',
  guard: Guards.adminOrOffice,
  parcels: 'none',
});

export const BuildRegistry = defineCall(
  'GET',
  'BuildRegistry',
  z.object({ Barcode: barcode, RgName: z.preprocess((v) => (v == null ? '' : v), z.literal('').or(rgName)) }),
  registryParcelRow.nullable(),
  {
    summary:
      'A scanned parcel for a registry being built: null when unknown; with RgName (reserved by the caller) it is added to that registry',
    guard: Guards.adminOrOffice,
    parcels: 'act',
  },
);

export const NFRegistryJournal = defineCall(
  'POST',
  'NFRegistryJournal',
  z.object({ StartRegDate: optClientDate, EndRegDate: optClientDate, RgNumber: optRgNumber }),
  z.array(registryRow),
  {
    summary:
      'The registry journal search (path not in the specification): registries by number and creation date range',
    guard: Guards.adminOrOffice,
    parcels: 'see',
    reads: 'replica',
    labels: registryJournalLabels,
  },
);

export const NFPrintedRegistryList = defineCall(
  'GET',
  'NFPrintedRegistryList',
  z.object({
    StartRegDate: optClientDate,
    EndRegDate: optClientDate,
    RgNumber: optRgNumber,
    /** show the sender column on the printed sheet (the view's sender flag); does not filter */
    Sender: z.preprocess((v) => (v == null ? false : v), booleanish),
  }),
  z.array(registryRow),
  {
    summary: `The registry view: registries created in the range (default the last ${REGISTRY_VIEW_DAYS} days), by number`,
    guard: Guards.adminOrOffice,
    parcels: 'see',
    labels: registryJournalLabels,
  },
);

export const NFGetRegistryByNumber = defineCall(
  'GET',
  'NFGetRegistryByNumber',
  z.object({ RgNumber: rgNumber }),
  z.array(registryParcelRow),
  {
    summary: "A registry's parcels, in the order they were added",
    guard: Guards.adminOrOffice,
    parcels: 'see',
  },
);

export const registriesMessages = {
  'registries.empty': { ka: 'დასაბეჭდი რეესტრი ცარიელია', en: 'The registry to print is empty' },
  'registries.nameRequired': { ka: 'რეესტრის ნომერი სავალდებულოა', en: 'The registry number is required' },
  'registries.badNumber': {
    ka: 'ველი „{field}“: რეესტრის ნომერი არასწორია (მაგ. RG-000012)',
    en: 'Field "{field}": the registry number is invalid (e.g. RG-000012)',
  },
  'registries.notReserved': {
    ka: 'რეესტრის ნომერი {name} თქვენთვის არ არის გამოყოფილი; მოითხოვეთ ახალი ნომერი',
    en: 'Registry number {name} was not reserved for you; ask for a new number',
  },
  'registries.notYours': {
    ka: 'რეესტრი {name} სხვა ოპერატორს ეკუთვნის',
    en: 'Registry {name} belongs to another operator',
  },
  'registries.notFound': {
    ka: 'ფილტრის მიხედვით რეესტრი ვერ მოიძებნა',
    en: 'No registry is found for the filter',
  },
  'registries.full': {
    ka: 'რეესტრში {max} ამანათზე მეტი ვერ ჩაიწერება',
    en: 'A registry cannot hold more than {max} parcels',
  },
  'registries.operatorForbidden': {
    ka: 'ოპერატორის {login} ამანათების ნახვის უფლება არ გაქვთ',
    en: 'You may not see the parcels of operator {login}',
  },
  'registries.badRange': {
    ka: 'საწყისი თარიღი საბოლოოზე გვიან არის',
    en: 'The start date is after the end date',
  },
} satisfies Record<string, Message>;
