/**
 * The parcels area (spec 001 §2.5–2.8, §7; spec 002 §2, §7): the parcels core's messages and the
 * parcel calls. Other parcel calls (finders, scans, statuses) add their definitions and messages here.
 */
import { z } from 'zod';
import { defineCall } from '../call.ts';
import { clientDate, guid, parseClientDate } from '../common.ts';
import { Guards } from '../guard.ts';
import type { Message } from '../messages.ts';

export const parcelsMessages = {
  'parcels.notFound': {
    ka: 'ამანათი {barcode} ბაზაში ვერ მოიძებნა',
    en: 'Parcel {barcode} is not found in the database',
  },
  'parcels.archived': {
    ka: 'ამანათი {barcode} არქივშია და მისი შეცვლა შეუძლებელია',
    en: 'Parcel {barcode} is in the archive and cannot be changed',
  },
  'parcels.deleted': {
    ka: 'ამანათი {barcode} წაშლილია',
    en: 'Parcel {barcode} has been deleted',
  },
  'parcels.deleteMoved': {
    ka: 'ამანათის {barcode} წაშლა შეუძლებელია: მასზე უკვე შესრულდა ოპერაციები',
    en: 'Parcel {barcode} cannot be deleted: it has moved on since registration',
  },
  'parcels.deleteNotOwner': {
    ka: 'ამანათის {barcode} წაშლა შეუძლია მხოლოდ მის დამრეგისტრირებელს ან ადმინისტრატორს',
    en: 'Only the user who registered parcel {barcode} or an administrator may delete it',
  },
  'parcels.notDeleted': {
    ka: 'ამანათი {barcode} წაშლილი არ არის',
    en: 'Parcel {barcode} is not deleted',
  },
  'parcels.badRange': {
    ka: 'პერიოდის დასასრული „{field}“ საწყის თარიღზე ადრეა',
    en: 'The end of the period "{field}" is before its start',
  },
} satisfies Record<string, Message>;

/* ------------------------------------------------------------------ deletion (spec 002 §7, 001 §2.5, §7) */

/** `Data.Ret` of DeleteParcel when the parcel was deleted. */
export const DELETED_RET = 1;
/** `Data.Ret` of undeleteParcel: restored, or refused because the barcode was registered again since. */
export const RestoreRet = { Restored: 2, RegisteredAgain: -6 } as const;

export const DeleteParcel = defineCall(
  'GET',
  'DeleteParcel',
  z.object({ gui: guid }),
  z.object({ Ret: z.literal(DELETED_RET) }),
  {
    summary:
      'Soft-delete a parcel (who, when, from which address; event 8747) while its EnableDelete holds: nothing ' +
      'happened to it since registration, and the caller registered it or is an administrator. Ret 1 = deleted',
    guard: Guards.adminOrOffice,
    parcels: 'act',
  },
);

export const undeleteParcel = defineCall(
  'GET',
  'undeleteParcel',
  z.object({ gui: guid }),
  z.object({ Ret: z.union([z.literal(RestoreRet.Restored), z.literal(RestoreRet.RegisteredAgain)]) }),
  {
    summary:
      'Restore a deleted parcel (event 8748). Ret 2 = restored; Ret -6 = impossible, the barcode was registered again since',
    guard: Guards.admin,
    parcels: 'act',
  },
);

/** A row of the deleted-parcels list (spec 001 §2.5, §3): `Signature` is the deletion address there. */
export const deletedParcelRow = z.object({
  GUID: z.string(),
  Barcode: z.string(),
  /** registration date */
  CreateDate: z.string(),
  CurStatusName: z.string(),
  Receiver: z.string(),
  Sender: z.string(),
  /** the payer's personal code */
  PID: z.string(),
  /** registered by */
  Login: z.string(),
  /** deleted by (login) */
  WhoDeleted: z.string(),
  /** the address the deletion came from */
  Signature: z.string(),
  /** when it was deleted (beyond the specification) */
  DeletedDate: z.string(),
});
export type DeletedParcelRow = z.infer<typeof deletedParcelRow>;

export const GetDeletedParcels = defineCall(
  'GET',
  'GetDeletedParcels',
  z.object({
    StartDate: clientDate,
    /** kept as sent: without a time it means the end of that day */
    EndDate: z
      .string({ error: 'v.date' })
      .trim()
      .refine((s) => parseClientDate(s) !== null, { error: 'v.date' }),
  }),
  z.object({ Parcels: z.array(deletedParcelRow) }),
  {
    summary:
      'Parcels deleted between StartDate and EndDate (US short dates or ISO; an end date without a time is the whole day), newest first',
    guard: Guards.admin,
    parcels: 'see',
  },
);
