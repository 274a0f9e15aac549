import { z } from 'zod';
import { defineCall } from './call.ts';
import { int, optText, plainText, scannedCode } from './common.ts';
import { Guards } from './guard.ts';
import type { Message } from './messages.ts';

/**
 * Signatures and scanned bills (spec 001 §2.9, §4, §7; DOMAIN.md "Files").
 * - `GetSignatureToBase64` `deliver`: 0 the delivery (8712) signature of a delivered parcel; 1 the latest
 *   signature of a parcel that is not delivered (a refusal signed on the phone); -3 (the file finder,
 *   administrators) the latest signature whatever the state. `Data` is the image as base64 text, or ''.
 * - `GetBillJpgToBase64`: the latest scanned bill as base64 text, or '' (the client then says
 *   'original bill not found').
 * - `PostUploadBill` (beyond the spec; administrators): a JPEG, PNG or PDF of at most BILL_MAX_BYTES,
 *   checked by its first bytes, tied to the parcel with that barcode (any store).
 */
export const Deliver = { Delivered: 0, NotDelivered: 1, FileFinder: -3 } as const;
export const BILL_MAX_BYTES = 3 * 1024 * 1024;
export const BILL_TYPES = ['image/jpeg', 'image/png', 'application/pdf'] as const;

export const GetSignatureToBase64 = defineCall(
  'GET',
  'GetSignatureToBase64',
  z.object({
    barcode: scannedCode,
    deliver: int.refine((v) => v === 0 || v === 1 || v === -3, { error: 'v.oneOf' }),
  }),
  z.string(),
  {
    summary: 'A parcel’s signature image as base64 (deliver 0, 1 or -3), or empty',
    guard: Guards.adminOrOffice,
    parcels: 'see',
  },
);

/**
 * The handover of a parcel as the finders and the detailed report show it beside the signature (issue
 * 37): the latest courier outcome (delivered or a failure) with the comment the courier typed and the
 * courier's name; without an outcome, the courier holding the parcel. A parcel the caller may not see
 * answers like a missing one: `Found` false and every field empty.
 */
export const handoverData = z.object({
  Found: z.boolean(),
  /** the outcome's status name, '' without one */
  Status: z.string(),
  /** when the outcome was recorded (ISO), null without one */
  Date: z.string().nullable(),
  /** the comment the courier typed with the outcome */
  Comment: z.string(),
  /** the courier's full name (their login when the name is empty), '' when no courier */
  CourierName: z.string(),
  CourierLogin: z.string(),
});
export type Handover = z.output<typeof handoverData>;
export const GetParcelHandover = defineCall(
  'GET',
  'GetParcelHandover',
  z.object({ barcode: scannedCode }),
  handoverData,
  {
    summary:
      'A parcel’s latest courier outcome: status, date, the courier’s comment and name (beyond the spec)',
    guard: Guards.adminOrOffice,
    parcels: 'see',
  },
);

export const GetBillJpgToBase64 = defineCall(
  'GET',
  'GetBillJpgToBase64',
  z.object({ barcode: scannedCode }),
  z.string(),
  { summary: 'A parcel’s scanned bill as base64, or empty', guard: Guards.adminOrOffice, parcels: 'see' },
);

export const PostUploadBill = defineCall(
  'POST',
  'PostUploadBill',
  z.object({
    Barcode: scannedCode,
    FileName: optText(200),
    /** the file as base64 (a data: URL prefix is accepted) */
    Data: plainText()
      .min(1, { error: 'v.required' })
      .max(Math.ceil((BILL_MAX_BYTES * 4) / 3) + 200, {
        error: 'files.tooBig',
      }),
  }),
  z.object({ Ret: z.number() }),
  {
    summary: 'Uploads a scanned bill (JPEG, PNG or PDF up to 3 MB; administrators)',
    guard: Guards.admin,
    parcels: 'act',
  },
);

export const filesMessages = {
  'files.tooBig': {
    ka: 'ფაილი ძალიან დიდია: დასაშვებია არაუმეტეს 3 მბ',
    en: 'The file is too large: at most 3 MB is allowed',
  },
  'files.badType': {
    ka: 'ფაილის ტიპი დაუშვებელია: ატვირთეთ JPEG, PNG ან PDF',
    en: 'This type of file is not allowed: upload a JPEG, PNG or PDF',
  },
  'files.badData': {
    ka: 'ფაილის შიგთავსი დაზიანებულია (base64)',
    en: 'The file content is damaged (base64)',
  },
  'files.fileFinderAdmin': {
    ka: 'ფაილების ძიება მხოლოდ ადმინისტრატორს შეუძლია',
    en: 'Only an administrator may use the file finder',
  },
} satisfies Record<string, Message>;
