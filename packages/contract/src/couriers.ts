import { z } from 'zod';
import { defineCall } from './call.ts';
import { clientDate, guid } from './common.ts';
import { Guards } from './guard.ts';
import { label } from './labels.ts';
import type { Message } from './messages.ts';
import { parcelRow } from './parcels/scans.ts';

/**
 * Courier activity and the route sheet (spec 002 §2.16, §2.17, §7, §9; DOMAIN.md "Couriers and their
 * jobs").
 *
 * Decisions the specification leaves open:
 * - Activity for a date: the events the couriers (role 106) recorded that Tbilisi day, newest first,
 *   one row per event with the courier; the screen groups them by courier.
 * - A courier's parcels (`GetParcelsView`, the route sheet): the live parcels the courier holds, i.e.
 *   whose courier is them and whose current status is the pickup (8711) or the hand-over to a courier
 *   (8707): not delivered, not failed.
 * - `GetParcelforRanshit`: one parcel's manifest line (receiver name, address and post code) and its
 *   status history.
 * - Couriers are the enabled, not deleted users of role 106.
 */

/** The manifest: receiver text cut to this many characters; parcels per printed block; print delay. */
export const MANIFEST_RECEIVER_MAX = 170;
export const MANIFEST_BLOCK = 4;
export const MANIFEST_PRINT_DELAY_MS = 2000;
export const ACTIVITY_PAGE_SIZE = 20;
export const ACTIVITY_PAGE_SIZES = [10, 15, 20] as const;

export const courierUserRow = z.object({
  GUID: z.string(),
  Login: z.string(),
  Name: z.string(),
  OfficeGUID: z.string().nullable(),
});

/** One courier event of the day. */
export const activityRow = z.object({
  ID: z.number(),
  CourierGUID: z.string(),
  Courier: z.string(),
  CourierName: z.string(),
  ParcelGUID: z.string(),
  Barcode: z.string(),
  Status: z.number(),
  StatusName: z.string(),
  CreateDate: z.string(),
  Receiver: z.string(),
  Comment: z.string(),
});
export type ActivityRow = z.output<typeof activityRow>;

/** A route-sheet (manifest) line. */
export const ranshitRow = z.object({
  GUID: z.string(),
  Barcode: z.string(),
  CreateDate: z.string(),
  /** receiver name, address and post code, cut to MANIFEST_RECEIVER_MAX characters */
  Receiver: z.string(),
  Sender: z.string(),
  CurStatusName: z.string(),
  Value: z.number(),
  PaymetType: z.number(),
  Whopays: z.number(),
});
export type RanshitRow = z.output<typeof ranshitRow>;

const historyRow = z.object({
  ParcelGUID: z.string(),
  CreatedDate: z.string(),
  StatusName: z.string(),
  Login: z.string(),
});

export const GetAllCouriers = defineCall(
  'GET',
  'GetAllCouriers',
  z.object({}),
  z.object({ AllUsers: z.array(courierUserRow) }),
  { summary: 'The couriers (role 106), by login', guard: Guards.office, parcels: 'none' },
);

export const GetCourierActivity = defineCall(
  'GET',
  'GetCourierActivity',
  z.object({ StartDate: clientDate }),
  z.object({ Parcels: z.array(activityRow) }),
  {
    summary: 'The events couriers recorded on a (Tbilisi) day, newest first',
    guard: Guards.office,
    parcels: 'see',
    labels: { StartDate: label('თარიღი', 'Date') },
  },
);

export const GetParcelsView = defineCall(
  'GET',
  'GetParcelsView',
  z.object({ CourierGUID: guid }),
  z.object({ Parcels: z.array(parcelRow) }),
  {
    summary: 'The parcels a courier holds now (picked up or handed to them, not delivered or failed)',
    guard: Guards.office,
    parcels: 'see',
  },
);

export const GetParcelforRanshit = defineCall(
  'GET',
  'GetParcelforRanshit',
  z.object({ ParcelGUID: guid }),
  z.object({ Parcels: z.array(ranshitRow), ParcelsStatuses: z.array(historyRow) }),
  { summary: "A parcel's route-sheet line and its status history", guard: Guards.routeSheet, parcels: 'see' },
);

export const couriersMessages = {
  'couriers.notCourier': {
    ka: 'ველი „{field}“: კურიერი ვერ მოიძებნა',
    en: 'Field "{field}": the courier is not found',
  },
  'couriers.parcelNotFound': {
    ka: 'ამანათი ვერ მოიძებნა',
    en: 'The parcel is not found',
  },
} satisfies Record<string, Message>;
