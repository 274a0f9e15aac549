import { z } from 'zod';
import { defineCall } from './call.ts';
import { guid } from './common.ts';
import { ARCHIVE_DAYS, OLD_ARCHIVE_DAYS } from './constants.ts';
import {
  deliveryRow,
  filterRange,
  finderRow,
  finderStats,
  PARCEL_GRID_FIELDS,
  searchFilterShape,
  statusRow,
} from './parcels/finder.ts';
import { Guards } from './guard.ts';
import { label } from './labels.ts';
import { gridPageShape, gridQueryShape } from './grid.ts';
import type { Message } from './messages.ts';

/**
 * The archive and old-archive finders (spec 001 §2.7, §2.8, §4, §7; DOMAIN.md "Archives"): the same
 * search filter and server-side grid as ParcelFinder, each reading only its own store.
 *
 * Decisions the specification leaves open:
 * - Rows are the finder's rows plus `ArchiveDate` (when the parcel entered its store), in both archives.
 * - OldArchParcelFinder takes the filter without the operator fields and without the description; such
 *   fields, when sent, are ignored (as any unknown parameter).
 * - The answers carry `Stats` like ParcelFinder (the old-archive screen shows no chart, but the counts
 *   cost nothing extra and keep one answer shape).
 * - ArchGetLastParcelStatus and ArchGetParcelStatuses read the archive; OldArchGetParcelStatuses the old
 *   archive. A parcel not in that store (or not the user's to see) is 404.
 */

/** Default range of the archive screen (spec 001 §4): ends ARCHIVE_DAYS ago, starts 14 days before. */
export const ARCHIVE_RANGE_DAYS = 14;
export { ARCHIVE_DAYS, OLD_ARCHIVE_DAYS };

const dateOrder = (f: { StartRegDate?: string; EndRegDate?: string }, ctx: z.RefinementCtx) => {
  const { from, to } = filterRange(f);
  if (from && to && to < from)
    ctx.addIssue({ code: 'custom', path: ['EndRegDate'], message: 'finder.dateOrder' });
};

export const archiveRow = finderRow.extend({
  /** when the parcel entered this store */
  ArchiveDate: z.string(),
});
export type ArchiveRow = z.output<typeof archiveRow>;

export const archiveAnswer = z.object({
  Parcels: z.array(archiveRow),
  ParcelsStatuses: z.array(statusRow),
  Stats: finderStats,
  ...gridPageShape,
});
export type ArchiveAnswer = z.output<typeof archiveAnswer>;

/** The old archive's filter: the archive's without the operator and the description (spec 001 §2.8). */
export const oldArchiveFilterShape = {
  StartRegDate: searchFilterShape.StartRegDate,
  EndRegDate: searchFilterShape.EndRegDate,
  Barcode: searchFilterShape.Barcode,
  SenderName: searchFilterShape.SenderName,
  ReceiverName: searchFilterShape.ReceiverName,
  SenderRegion: searchFilterShape.SenderRegion,
  ReceiverRegion: searchFilterShape.ReceiverRegion,
  Fild1: searchFilterShape.Fild1,
  Fild2: searchFilterShape.Fild2,
};

/** Sortable and filterable grid fields of the archives (the finder's, and the archive date). */
export const ARCHIVE_GRID_FIELDS = [...PARCEL_GRID_FIELDS, 'ArchiveDate'] as const;

/** The archive finders' form names some fields in its own words (archive.json `finder.*`). */
export const archiveFinderLabels = {
  StartRegDate: label('რეგისტრაცია (დან)', 'Registered from'),
  EndRegDate: label('რეგისტრაცია (მდე)', 'Registered to'),
  Fild1: label('დამატებითი ველი 1', 'Extra field 1'),
  Fild2: label('დამატებითი ველი 2', 'Extra field 2'),
  RegistredUserLogin: label('ოპერატორი', 'Operator'),
  RegistredUserGUID: label('ოპერატორი', 'Operator'),
};

export const ArchParcelFinder = defineCall(
  'POST',
  'ArchParcelFinder',
  z.object({ ...searchFilterShape, ...gridQueryShape }).superRefine(dateOrder),
  archiveAnswer,
  {
    summary:
      'Archive parcel finder (spec 001 §2.7): the search filter over the archive (parcels older than ' +
      `${ARCHIVE_DAYS} days), optional server-side paging; rows with their delivery entry and ArchiveDate`,
    guard: Guards.adminOrOffice,
    parcels: 'see',
    reads: 'replica',
    labels: archiveFinderLabels,
  },
);

export const OldArchParcelFinder = defineCall(
  'POST',
  'OldArchParcelFinder',
  z.object({ ...oldArchiveFilterShape, ...gridQueryShape }).superRefine(dateOrder),
  archiveAnswer,
  {
    summary:
      'Old archive finder (spec 001 §2.8): the filter without operator and description over the old ' +
      `archive (parcels older than ${OLD_ARCHIVE_DAYS} days), optional server-side paging`,
    guard: Guards.adminOrOffice,
    parcels: 'see',
    reads: 'replica',
    labels: archiveFinderLabels,
  },
);

export const ArchGetLastParcelStatus = defineCall(
  'GET',
  'ArchGetLastParcelStatus',
  z.object({ gui: guid }),
  z.object({ ParcelsStatuses: z.array(statusRow), ParcelsDeliverys: z.array(deliveryRow) }),
  {
    summary: 'An archived parcel’s last status and delivery entry',
    guard: Guards.adminOrOffice,
    parcels: 'see',
    reads: 'replica',
  },
);

export const ArchGetParcelStatuses = defineCall(
  'GET',
  'ArchGetParcelStatuses',
  z.object({ gui: guid }),
  z.object({ ParcelsStatuses: z.array(statusRow) }),
  {
    summary: 'An archived parcel’s status history, oldest first',
    guard: Guards.adminOrOffice,
    parcels: 'see',
    reads: 'replica',
  },
);

export const OldArchGetParcelStatuses = defineCall(
  'GET',
  'OldArchGetParcelStatuses',
  z.object({ gui: guid }),
  z.object({ ParcelsStatuses: z.array(statusRow) }),
  {
    summary: 'An old-archive parcel’s status history, oldest first',
    guard: Guards.adminOrOffice,
    parcels: 'see',
    reads: 'replica',
  },
);

const minMax = z.object({ Min: z.string().nullable(), Max: z.string().nullable() });

export const ArchGetMinMaXDate = defineCall('GET', 'ArchGetMinMaXDate', z.object({}), minMax, {
  summary: 'The earliest and latest registration date in the archive',
  guard: Guards.adminOrOffice,
  parcels: 'see',
  reads: 'replica',
});

export const OldArchGetMinMaXDate = defineCall('GET', 'OldArchGetMinMaXDate', z.object({}), minMax, {
  summary: 'The earliest and latest registration date in the old archive',
  guard: Guards.adminOrOffice,
  parcels: 'see',
  reads: 'replica',
});

export const archiveMessages = {
  'archive.notFound': {
    ka: 'ამანათი {gui} არქივში ვერ მოიძებნა',
    en: 'Parcel {gui} was not found in the archive',
  },
  'archive.notFoundOld': {
    ka: 'ამანათი {gui} ძველ არქივში ვერ მოიძებნა',
    en: 'Parcel {gui} was not found in the old archive',
  },
} satisfies Record<string, Message>;
