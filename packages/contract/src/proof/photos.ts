/**
 * Proof of delivery: the photos a courier's job carries (issue 40) and how the office reads them.
 *
 * - `MobSendJob` (mobile.ts) takes `Photos`: at most PHOTOS_MAX base64 JPEG or PNG images (a
 *   `data:image/...;base64,` prefix is accepted), beside the signature in `ImageB64`. The server checks
 *   each by its content (magic bytes and the header's dimensions), not by a name: a photo that is not a
 *   readable JPEG/PNG, or larger than PHOTO_MAX_BYTES or PHOTO_MAX_SIDE pixels, refuses the whole job
 *   and stores nothing. A photo is stored once by its content's sha256, whatever the number of jobs
 *   and parcels that carry it; a resend with the same JobId stores nothing twice.
 * - `GetParcelPhotos?gui=` lists a parcel's photos (live, archive or old archive) with the scope of its
 *   signature; a parcel the caller may not see answers an empty list, exactly as a missing one.
 * - `GetParcelPhoto?gui=&hash=` answers the image file itself (image/jpeg or image/png, not the JSON
 *   envelope) for a parcel the caller may see; a parcel or photo it may not see answers Code 404.
 *   Its address with the session is each row's `Url` plus `&Id=…&Ticket=…`.
 */
import { z } from 'zod';
import { defineCall } from '../call.ts';
import { guid, plainText } from '../common.ts';
import { Guards } from '../guard.ts';
import { label } from '../labels.ts';
import type { Message } from '../messages.ts';

export const PHOTOS_MAX = 3;
/** one photo's file (the phone sends about 300 KB: JPEG, long side 1600 px) */
export const PHOTO_MAX_BYTES = 1_500_000;
/** the longest side a photo may have, in pixels */
export const PHOTO_MAX_SIDE = 4096;
export const PHOTO_TYPES = ['image/jpeg', 'image/png'] as const;
export type PhotoType = (typeof PHOTO_TYPES)[number];
/** base64 text of PHOTO_MAX_BYTES, with room for a data: prefix */
export const PHOTO_MAX_CHARS = Math.ceil(PHOTO_MAX_BYTES / 3) * 4 + 100;
export const PHOTO_HASH = /^[0-9a-f]{64}$/;

/** `Photos` of a courier's job: optional; absent, null or '' is none. */
export const jobPhotos = z.preprocess(
  (v) => (v === null || v === '' ? undefined : v),
  z
    .array(plainText().max(PHOTO_MAX_CHARS, { error: 'proof.photoTooBig' }), { error: 'v.invalid' })
    .max(PHOTOS_MAX, { error: 'proof.tooManyPhotos' })
    .optional()
    .default([]),
);

export const photoLabels = {
  Photos: label('ფოტოები', 'Photos'),
  hash: label('ფოტო', 'Photo'),
};

export const parcelPhoto = z.object({
  /** the file's sha256, hex */
  Hash: z.string(),
  Type: z.enum(PHOTO_TYPES),
  Bytes: z.number(),
  Width: z.number(),
  Height: z.number(),
  /** the status the job set (8712 handover, 8707 hand to courier, a failure reason) */
  StatusId: z.number(),
  /** the status's name */
  Status: z.string(),
  /** when the job was applied (ISO) */
  Date: z.string(),
  CourierName: z.string(),
  /** the download address without the session: add `&Id=…&Ticket=…` */
  Url: z.string(),
});
export type ParcelPhoto = z.output<typeof parcelPhoto>;

export const GetParcelPhotos = defineCall(
  'GET',
  'GetParcelPhotos',
  z.object({ gui: guid }),
  z.array(parcelPhoto),
  {
    summary: 'A parcel’s proof photos from the couriers’ jobs, oldest first (issue 40)',
    guard: Guards.adminOrOffice,
    parcels: 'see',
  },
);

export const GetParcelPhoto = defineCall(
  'GET',
  'GetParcelPhoto',
  z.object({ gui: guid, hash: z.string({ error: 'v.required' }).regex(PHOTO_HASH, { error: 'v.invalid' }) }),
  z.string().describe('the image file (image/jpeg or image/png), not the JSON envelope'),
  {
    summary: 'One proof photo of a parcel as a file (image/jpeg or image/png)',
    guard: Guards.adminOrOffice,
    parcels: 'see',
    labels: photoLabels,
  },
);

export const photosMessages = {
  'proof.photoBad': {
    ka: 'ფოტო №{n} არ არის წაკითხვადი სურათი (საჭიროა JPEG ან PNG): ოპერაცია არ შესრულდა',
    en: 'Photo {n} is not a readable image (JPEG or PNG needed): the job was not applied',
  },
  'proof.photoTooBig': {
    ka: 'ფოტო ძალიან დიდია (მაქსიმუმ 1,5 მბ): ოპერაცია არ შესრულდა',
    en: 'The photo is too large (at most 1.5 MB): the job was not applied',
  },
  'proof.photoTooManyPixels': {
    ka: 'ფოტო №{n} ძალიან დიდია (მაქსიმუმ 4096 პიქსელი გვერდზე): ოპერაცია არ შესრულდა',
    en: 'Photo {n} is too large (at most 4096 pixels a side): the job was not applied',
  },
  'proof.tooManyPhotos': {
    ka: 'ერთ ოპერაციას შეიძლება ახლდეს მაქსიმუმ 3 ფოტო',
    en: 'One job may carry at most 3 photos',
  },
  'proof.photoNotFound': { ka: 'ფოტო ვერ მოიძებნა', en: 'Photo not found' },
} satisfies Record<string, Message>;
