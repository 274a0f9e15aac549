import { z } from 'zod';
import { Guards } from './guard.ts';
import { defineCall, writeResult } from './call.ts';
import { guid, optClientDate, text } from './common.ts';
import { label } from './labels.ts';
import type { Message } from './messages.ts';
import { registrationInput } from './registration.ts';

/**
 * The shipper (issue 39): API keys an administrator makes for a corporate client's office, and the
 * shipper REST API (`/api/v1`) a shop's own system calls with `Authorization: Bearer <key>`.
 *
 * A key acts as its office's corporate client: it sees the parcels of that office (and the offices under
 * it) and no other, registers as that office (the sender is the office, the client's tariff) and may
 * cancel what it registered while the deletion rules allow. Its scopes say which of the API's calls it
 * may make: `register` (POST parcels), `read` (GET parcels, labels, proof of delivery exports), `cancel`
 * (DELETE a parcel).
 */
export const API_SCOPES = ['register', 'read', 'cancel'] as const;
export type ApiScope = (typeof API_SCOPES)[number];
/** The largest batch `POST /api/v1/parcels` takes. */
export const SHIPPER_BATCH_MAX = 100;
/** The largest page `GET /api/v1/parcels` answers. */
export const SHIPPER_PAGE_MAX = 200;

/* ------------------------------------------------------------------ keys (administrators) */

export const apiKeyRow = z.object({
  Id: z.string(),
  OfficeGUID: z.string(),
  OfficeName: z.string(),
  Name: z.string(),
  /** the key's first characters, as it begins (the rest is never kept) */
  Prefix: z.string(),
  Scopes: z.array(z.enum(API_SCOPES)),
  CreatedAt: z.string(),
  ExpiresAt: z.string().nullable(),
  LastUsedAt: z.string().nullable(),
  RevokedAt: z.string().nullable(),
  /** 'active', 'expired' or 'revoked' */
  State: z.enum(['active', 'expired', 'revoked']),
});
export type ApiKeyRow = z.output<typeof apiKeyRow>;

export const GetApiKeys = defineCall(
  'GET',
  'GetApiKeys',
  z.object({}),
  z.object({ Keys: z.array(apiKeyRow) }),
  {
    guard: Guards.admin,
    parcels: 'none',
    summary: 'The shipper API keys (administrators): prefix, scopes, creation, last use, expiry, state',
  },
);

export const createApiKeyInput = z.object({
  OfficeGUID: guid,
  Name: text(100).min(2, { error: 'shipper.nameMin' }),
  Scopes: z
    .array(z.enum(API_SCOPES, { error: 'shipper.scope' }), { error: 'shipper.scopes' })
    .min(1, { error: 'shipper.scopes' }),
  /** optional: the key stops working after this moment */
  ExpiresAt: optClientDate,
});
export const CreateApiKey = defineCall(
  'POST',
  'CreateApiKey',
  createApiKeyInput,
  z.object({
    Ret: z.number(),
    /** the secret, shown this once: only its hash is kept */
    Key: z.string(),
    Row: apiKeyRow,
  }),
  {
    guard: Guards.admin,
    parcels: 'none',
    summary: "Make an API key for a corporate client's office; Data.Key is the secret, answered once",
    labels: {
      Name: label('გასაღების სახელი', 'Key name'),
      Scopes: label('უფლებები', 'Scopes'),
      ExpiresAt: label('ვადა', 'Expires'),
    },
  },
);

/**
 * `KeyId`, not `Id`: every session call's `Id` is the signed-in user's GUID (the platform checks it against
 * the ticket), so the key is named apart.
 */
export const RevokeApiKey = defineCall('POST', 'RevokeApiKey', z.object({ KeyId: guid }), writeResult, {
  guard: Guards.admin,
  parcels: 'none',
  summary: 'Revoke an API key: it stops working at once',
  labels: { KeyId: label('გასაღები', 'Key') },
});

/* ------------------------------------------------------------------ the REST API's shapes (OpenAPI) */

/** One parcel to register: the registration fields as the Registration call names them. */
export const shipperParcelInput = registrationInput.meta({
  example: {
    SenderPostCode: '0100',
    SenderCityID: 320,
    ReceiverName: 'დავით მაისურაძე',
    ReceiverAddres: 'ჭავჭავაძის ქ 51',
    ReceiverPostCode: '6000',
    ReceiverCityID: 321,
    ReceiverPhone: '599123456',
    Weight: 1.5,
    NumberOfPackages: 1,
    Fild1: 'order-1042',
  },
});

/** A registered line of a batch, or its own error. */
export const shipperRegistered = z
  .object({
    /** the line's place in the batch, from 0 */
    Line: z.number(),
    Status: z.boolean(),
    Barcode: z.string().optional(),
    Price: z.number().optional(),
    TrackingUrl: z.string().optional(),
    Code: z.number().optional(),
    Error: z.string().optional(),
    ErrorEn: z.string().optional(),
    Key: z.string().optional(),
  })
  .meta({
    example: {
      Line: 0,
      Status: true,
      Barcode: 'PO123456785',
      Price: 7.5,
      TrackingUrl: 'https://post.example.ge/track/PO123456785',
    },
  });
export const shipperRegisterAnswer = z.object({
  Registered: z.number(),
  Failed: z.number(),
  Parcels: z.array(shipperRegistered),
});

export const shipperEvent = z.object({ At: z.string(), Status: z.string() });
export const shipperParcel = z.object({
  Barcode: z.string(),
  StatusId: z.number(),
  Status: z.string(),
  CreatedAt: z.string(),
  Price: z.number(),
  Receiver: z.string(),
  ReceiverAddress: z.string(),
  Deleted: z.boolean(),
  TrackingUrl: z.string(),
  History: z.array(shipperEvent).optional(),
});
export const shipperParcelPage = z.object({
  Parcels: z.array(shipperParcel),
  Page: z.number(),
  Limit: z.number(),
  /** the next page's address, when there is one (also in the Link header, rel="next") */
  Next: z.string().nullable(),
});
export const shipperListQuery = z.object({
  from: optClientDate,
  to: optClientDate,
  status: z.coerce.number({ error: 'v.int' }).int({ error: 'v.int' }).optional(),
  page: z.coerce
    .number({ error: 'v.int' })
    .int({ error: 'v.int' })
    .min(1, { error: 'v.tooSmall' })
    .default(1),
  limit: z.coerce
    .number({ error: 'v.int' })
    .int({ error: 'v.int' })
    .min(1, { error: 'v.tooSmall' })
    .max(SHIPPER_PAGE_MAX, { error: 'v.tooBig' })
    .default(50),
});
export const shipperLabelsInput = z.object({
  Barcodes: z.array(z.string()).min(1, { error: 'v.required' }).max(SHIPPER_BATCH_MAX, { error: 'v.tooBig' }),
  Size: z.enum(['A6', 'A4']).default('A6'),
});
/**
 * The bulk proof of delivery through the API (issue 40; proof/export.ts): the key's office unless it
 * names an office under it. The body is checked by PodExport's own input schema.
 */
export const shipperPodExportInput = z.object({
  StartDate: z.string().meta({ example: '2026-11-01' }),
  EndDate: z.string().meta({ example: '2026-11-30' }),
  Format: z.enum(['pdf', 'zip']).default('pdf'),
  OfficeGUID: z.string().optional(),
});
/** A failure of the REST API: the product's Code and message key, in Georgian and English. */
export const shipperError = z.object({
  Status: z.literal(false),
  Code: z.number(),
  Key: z.string(),
  Error: z.string(),
  ErrorEn: z.string(),
});

export const shipperMessages = {
  'shipper.nameMin': {
    ka: 'გასაღების სახელი მინიმუმ 2 სიმბოლოა',
    en: 'The key name has at least 2 characters',
  },
  'shipper.scopes': {
    ka: 'აირჩიეთ ერთი უფლება მაინც (რეგისტრაცია, ნახვა, გაუქმება)',
    en: 'Choose at least one scope (register, read, cancel)',
  },
  'shipper.scope': { ka: 'უცნობი უფლება', en: 'Unknown scope' },
  'shipper.officeNotCorporate': {
    ka: 'API გასაღები მხოლოდ კორპორატიული კლიენტის ოფისს ეძლევა',
    en: "An API key is given to a corporate client's office only",
  },
  'shipper.expiryPast': { ka: 'ვადა უკვე გასულია', en: 'The expiry is in the past' },
  'shipper.keyNotFound': { ka: 'გასაღები ვერ მოიძებნა', en: 'Key not found' },
  'shipper.keyRequired': {
    ka: 'საჭიროა API გასაღები (Authorization: Bearer <key>)',
    en: 'An API key is required (Authorization: Bearer <key>)',
  },
  'shipper.keyInvalid': {
    ka: 'API გასაღები არასწორია, გაუქმებულია ან ვადაგასულია',
    en: 'The API key is wrong, revoked or expired',
  },
  'shipper.scopeMissing': {
    ka: 'გასაღებს არ აქვს უფლება „{scope}“',
    en: 'The key lacks the "{scope}" scope',
  },
  'shipper.batchSize': {
    ka: 'ერთ მოთხოვნაში 1-დან {max} ამანათამდე',
    en: 'From 1 to {max} parcels in one request',
  },
  'shipper.parcelNotFound': { ka: 'ამანათი {barcode} ვერ მოიძებნა', en: 'Parcel {barcode} not found' },
  'shipper.labelsUnavailable': {
    ka: 'ეტიკეტის PDF ჯერ არ არის ხელმისაწვდომი',
    en: 'Label PDFs are not available yet',
  },
} satisfies Record<string, Message>;
