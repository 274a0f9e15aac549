import { z } from 'zod';
import { Guards } from './guard.ts';
import { defineCall, writeResult } from './call.ts';
import { booleanish, fastField, int, INT_MAX, INT_MIN, optText } from './common.ts';
import { Group, Limits } from './constants.ts';
import { label } from './labels.ts';
import type { Message } from './messages.ts';

/** The reference screens' columns (reference.json `columns.*`). */
const referenceLabels = { Name: label('დასახელება', 'Name') };

/*
 * Reference data (spec 000 §2.6, §3, §5, §7; 002 §7): regions and their villages, statuses and the
 * simple lists (clients, parcel types, payers, currency, bag types), all read with PostGetRegion.
 * Regions and villages are written with the Region calls; statuses and the lists with the Status calls;
 * PostDeleteRegion deletes any of them. The validation rules below are shared by the server and the web.
 */

export const referenceMessages = {
  'reference.nameRequired': { ka: 'შეიყვანეთ დასახელება', en: 'Enter the name' },
  'reference.nameMin4': { ka: 'დასახელება: 4 სიმბოლო ან მეტი', en: 'Name: 4 symbols or more' },
  'reference.indexRequired': { ka: 'შეიყვანეთ ინდექსი', en: 'Enter the index' },
  'reference.indexDigits': { ka: 'ინდექსი 4 ციფრი 0..9!', en: 'Index 4 digits 0..9!' },
  'reference.index4': { ka: 'ინდექსი: 4 ციფრი', en: 'Index: 4 digits' },
  'reference.regionIndex00': {
    ka: 'რეგიონის ინდექსი უნდა მთავრდებოდეს 00-ით',
    en: 'The region index must end in 00',
  },
  'reference.villageIndex': {
    ka: 'სოფლის ინდექსი არ შეესაბამება რეგიონის ინდექსს',
    en: 'The village index does not match the region index',
  },
  'reference.zoneRequired': { ka: 'შეიყვანეთ ზონა', en: 'Enter the zone' },
  'reference.zoneDigit': {
    ka: 'ზონა უნდა იყოს ერთი ციფრი (0..9)',
    en: 'The zone must be a single digit (0..9)',
  },
  'reference.villageExists': {
    ka: 'ასეთი სოფლის დასახელება უკვე არსებობს',
    en: 'Such a village name already exists',
  },
  'reference.regionExists': {
    ka: 'ასეთი რეგიონის დასახელება უკვე არსებობს',
    en: 'Such a region name already exists',
  },
  'reference.regionIndexVillages': {
    ka: 'რეგიონის ინდექსის პირველი ორი ციფრის შეცვლა შეუძლებელია: მის სოფლებს სხვა ინდექსი აქვთ',
    en: 'The first two digits of the region index cannot change: its villages have other indexes',
  },
  'reference.regionNotFound': { ka: 'რეგიონი ან სოფელი ვერ მოიძებნა', en: 'Region or village not found' },
  'reference.parentNotFound': {
    ka: 'რეგიონი ვერ მოიძებნა (Rid: 20 ახალი რეგიონისთვის ან რეგიონის ID სოფლისთვის)',
    en: 'Region not found (Rid: 20 for a new region or the region id for a village)',
  },
  'reference.itemNotFound': {
    ka: 'სტატუსი ან ცნობარის ჩანაწერი ვერ მოიძებნა',
    en: 'Status or reference item not found',
  },
  'reference.badGroup': {
    ka: 'ასეთი ცნობარი არ არსებობს: {group}',
    en: 'No such reference list: {group}',
  },
  'reference.notFound': { ka: 'ჩანაწერი ვერ მოიძებნა', en: 'Record not found' },
  'reference.fixedItem': {
    ka: 'სისტემური ჩანაწერის ({id}) წაშლა შეუძლებელია',
    en: 'A system record ({id}) cannot be deleted',
  },
  'reference.regionHasVillages': {
    ka: 'რეგიონს აქვს სოფლები: ჯერ წაშალეთ ისინი',
    en: 'The region has villages: delete them first',
  },
  'reference.regionInUse': {
    ka: 'რეგიონი გამოიყენება ამანათებში ან ოფისებში და მისი წაშლა შეუძლებელია',
    en: 'The region is used by parcels or offices and cannot be deleted',
  },
  'reference.villageInUse': {
    ka: 'სოფელი გამოიყენება ამანათებში და მისი წაშლა შეუძლებელია',
    en: 'The village is used by parcels and cannot be deleted',
  },
  'reference.statusInUse': {
    ka: 'სტატუსი გამოიყენება ამანათების ისტორიაში და მისი წაშლა შეუძლებელია',
    en: 'The status is used in parcel histories and cannot be deleted',
  },
  'reference.itemInUse': {
    ka: 'ჩანაწერი გამოიყენება ამანათებში ან ტომრებში და მისი წაშლა შეუძლებელია',
    en: 'The item is used by parcels or bags and cannot be deleted',
  },
} satisfies Record<string, Message>;
export type ReferenceMessageKey = keyof typeof referenceMessages;

/* ---------------------------------------------------------------- groups */

/** The groups written with PostInsertStatus / PostUpdateStatus. */
export const STATUS_CALL_GROUPS: readonly number[] = [
  Group.Status,
  Group.Client,
  Group.ParcelType,
  Group.Payer,
  Group.Currency,
  Group.BagType,
];
/** The simple lists (ID, Name, Enabled). */
export const LIST_GROUPS: readonly number[] = [
  Group.Client,
  Group.ParcelType,
  Group.Payer,
  Group.Currency,
  Group.BagType,
];

/** Ids the specification relies on: never deleted (default city, parcel type, payers, statuses 8707-8749). */
export function isFixedReferenceId(id: number): boolean {
  return id === 320 || id === 8698 || id === 8700 || id === 8701 || (id >= 8707 && id <= 8749);
}

/** Minimum name length of a group (spec 000 §5): parcel types 1, everything else 4. */
export function nameMinFor(group: number): number {
  return group === Group.ParcelType ? 1 : 4;
}

/* ---------------------------------------------------------------- shared validation */

export type RefField = 'Name' | 'PostCode' | 'Zone';
/** The first rule a row breaks: the field and the message key (see referenceMessages). */
export interface RefIssue {
  field: RefField;
  key: ReferenceMessageKey;
}
/** Another row of the same list, for the uniqueness rules. */
export interface RefSibling {
  ID: number;
  Name: string;
}
type Loose = string | number | null | undefined;

const str = (v: Loose): string => (v == null ? '' : String(v)).trim();
const sameName = (a: string, b: string) => a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();
const taken = (name: string, siblings: readonly RefSibling[], selfId: number | undefined) =>
  siblings.some((s) => s.ID !== selfId && sameName(s.Name, name));

function checkName(name: Loose, min: number): RefIssue | null {
  const n = str(name);
  if (n.length === 0) return { field: 'Name', key: 'reference.nameRequired' };
  if (n.length < min)
    return { field: 'Name', key: min === 4 ? 'reference.nameMin4' : 'reference.nameRequired' };
  return null;
}

/** Index rules shared by regions and villages: required, digits only, exactly 4. */
function checkIndex(index: Loose): RefIssue | null {
  const i = str(index);
  if (i.length === 0) return { field: 'PostCode', key: 'reference.indexRequired' };
  if (!/^[0-9]+$/.test(i)) return { field: 'PostCode', key: 'reference.indexDigits' };
  if (i.length !== Limits.regionIndexLength) return { field: 'PostCode', key: 'reference.index4' };
  return null;
}

function checkZone(zone: Loose, required: boolean): RefIssue | null {
  const z = str(zone);
  if (z.length === 0) return required ? { field: 'Zone', key: 'reference.zoneRequired' } : null;
  if (!/^[0-9]$/.test(z)) return { field: 'Zone', key: 'reference.zoneDigit' };
  return null;
}

export interface RegionValues {
  Name: Loose;
  PostCode: Loose;
  Zone: Loose;
}
interface SiblingOpts {
  /** the other rows of the list (the region's villages, or all regions) */
  siblings?: readonly RefSibling[];
  /** the id of the row being changed (not compared with itself) */
  selfId?: number;
}
const only = (issues: Array<RefIssue | null>): RefIssue[] => issues.filter((i): i is RefIssue => i !== null);

/** Every field's first broken rule for a region (city): name 4+ and unique, index 4 digits ending in 00, zone a digit. */
export function regionIssues(v: RegionValues, opts: SiblingOpts = {}): RefIssue[] {
  const name =
    checkName(v.Name, 4) ??
    (taken(str(v.Name), opts.siblings ?? [], opts.selfId)
      ? { field: 'Name', key: 'reference.regionExists' }
      : null);
  const index =
    checkIndex(v.PostCode) ??
    (str(v.PostCode).endsWith('00') ? null : { field: 'PostCode', key: 'reference.regionIndex00' });
  return only([name, index, checkZone(v.Zone, true)]);
}

/**
 * Every field's first broken rule for a village: name 4+ and unique (case-insensitively) among its region's
 * villages, index 4 digits whose first two match the region's; zone optional (one digit; the region's when empty).
 */
export function villageIssues(v: RegionValues, regionIndex: string, opts: SiblingOpts = {}): RefIssue[] {
  const name =
    checkName(v.Name, 4) ??
    (taken(str(v.Name), opts.siblings ?? [], opts.selfId)
      ? { field: 'Name', key: 'reference.villageExists' }
      : null);
  const index =
    checkIndex(v.PostCode) ??
    (str(v.PostCode).slice(0, 2) === regionIndex.trim().slice(0, 2)
      ? null
      : { field: 'PostCode', key: 'reference.villageIndex' });
  return only([name, index, checkZone(v.Zone, false)]);
}

/** Every field's first broken rule for a status (name 4+, zone a digit) or a list item (name 4+, parcel types 1+). */
export function statusOrItemIssues(group: number, v: { Name: Loose; Zone?: Loose }): RefIssue[] {
  if (group === Group.Status) return only([checkName(v.Name, 4), checkZone(v.Zone, true)]);
  return only([checkName(v.Name, nameMinFor(group))]);
}

/** The first broken rule of a region, or null (the server answers it as a 400). */
export const validateRegion = (v: RegionValues, opts: SiblingOpts = {}): RefIssue | null =>
  regionIssues(v, opts)[0] ?? null;
/** The first broken rule of a village, or null. */
export const validateVillage = (
  v: RegionValues,
  regionIndex: string,
  opts: SiblingOpts = {},
): RefIssue | null => villageIssues(v, regionIndex, opts)[0] ?? null;
/** The first broken rule of a status or list item, or null. */
export const validateStatusOrItem = (group: number, v: { Name: Loose; Zone?: Loose }): RefIssue | null =>
  statusOrItemIssues(group, v)[0] ?? null;

/* ---------------------------------------------------------------- calls */

/** Rid: required whole number. */
const rid = fastField(
  z.preprocess(
    (v) => (v === '' || v == null ? undefined : v),
    z
      .unknown()
      .refine((v): boolean => v !== undefined, { error: 'v.required' })
      .pipe(int),
  ),
  { kind: 'int', empty: 'required', min: INT_MIN, max: INT_MAX },
);
/** Zone as the grid sends it (number or text); the rules above check it. */
const zoneText = z.preprocess(
  (v) => (v == null ? '' : typeof v === 'number' ? String(v) : v),
  z.string({ error: 'v.text' }).trim().max(5, { error: 'v.tooLong' }),
);
/** Enabled: optional booleanish (insert: true when omitted; update: unchanged when omitted). */
const optEnabled = z.preprocess((v) => (v === '' || v == null ? undefined : v), booleanish.optional());

/** One row of PostGetRegion (regions, villages, statuses and list items share it). */
export const referenceRow = z.object({
  ID: z.number(),
  Name: z.string(),
  /** postal index (regions and villages), else null */
  Index: z.string().nullable(),
  /** the same postal index, under the name the office screens use */
  RIndex: z.string().nullable(),
  Zone: z.number().nullable(),
  Enabled: z.boolean(),
  /** a village's region, else null */
  ParentID: z.number().nullable(),
});
export type ReferenceRow = z.output<typeof referenceRow>;

export const getRegionInput = z.object({ Rid: rid });
export const PostGetRegion = defineCall(
  'GET',
  'PostGetRegion',
  getRegionInput,
  z.object({ Regions: z.array(referenceRow) }),
  {
    guard: Guards.working,
    parcels: 'none',
    summary:
      'Reference lists by Rid: 20 regions, a region id its villages, 10 statuses, 99 enabled statuses, ' +
      '24 clients, 25 parcel types, 26 payers, 27 currency, 28 bag types; anything else an empty list',
  },
);

export const regionWriteInput = z.object({
  Rid: rid,
  Name: optText(200),
  PostCode: optText(10),
  Zone: zoneText,
});
export const PostUpdateRegion = defineCall('GET', 'PostUpdateRegion', regionWriteInput, writeResult, {
  labels: referenceLabels,
  guard: Guards.admin,
  parcels: 'none',
  summary: 'Change a region or village (Rid = its id): Name, PostCode, Zone. Administrators.',
});
export const PostInsertRegion = defineCall('GET', 'PostInsertRegion', regionWriteInput, writeResult, {
  labels: referenceLabels,
  guard: Guards.admin,
  parcels: 'none',
  summary:
    'Add a region (Rid = 20) or a village (Rid = its region id): Name, PostCode, Zone. Ret = the new id.',
});
export const PostDeleteRegion = defineCall('GET', 'PostDeleteRegion', z.object({ Rid: rid }), writeResult, {
  guard: Guards.admin,
  parcels: 'none',
  summary:
    'Delete a region, village, status or reference item that nothing uses (409 otherwise). Administrators.',
});

export const statusWriteInput = z.object({
  Rid: rid,
  Name: optText(200),
  Enabled: optEnabled,
  Zone: zoneText,
});
export const PostUpdateStatus = defineCall('GET', 'PostUpdateStatus', statusWriteInput, writeResult, {
  labels: referenceLabels,
  guard: Guards.admin,
  parcels: 'none',
  summary:
    'Change a status or reference item (Rid = its id): Name, Enabled, Zone (statuses only). Administrators.',
});
export const PostInsertStatus = defineCall('GET', 'PostInsertStatus', statusWriteInput, writeResult, {
  labels: referenceLabels,
  guard: Guards.admin,
  parcels: 'none',
  summary:
    'Add a status or reference item (Rid = group 10, 24, 25, 26, 27 or 28): Name, Enabled (default true), ' +
    'Zone (statuses). Ret = the new id.',
});
