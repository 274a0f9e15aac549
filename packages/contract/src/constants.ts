/** Business constants of the specification, in one place for server and web. */

export const Role = {
  Admin: 100,
  LocalAdmin: 101,
  Supervisor: 102,
  Supervisor2: 103,
  BagMaker: 104,
  Operator: 105,
  Courier: 106,
  CorporateOperator: 107,
} as const;
export type RoleId = number;

/** Only these roles may work in the system (spec 000 §1). */
export const WORKING_ROLES: readonly number[] = [100, 104, 105, 106, 107];
/** Roles that work on parcels at a counter (104 to 107). */
export const PARCEL_ROLES: readonly number[] = [104, 105, 106, 107];
/** Office roles that do parcel work on the staff screens (not the courier). */
export const OFFICE_ROLES: readonly number[] = [104, 105, 107];

/** Reference-data group ids (PostGetRegion `Rid`). */
export const Group = {
  Status: 10,
  Region: 20,
  /** villages: stored with their region as parent; addressed by the region id */
  Village: 21,
  Client: 24,
  ParcelType: 25,
  Payer: 26,
  Currency: 27,
  BagType: 28,
  /** the status list used by lookups (enabled statuses only) */
  StatusList: 99,
} as const;
export const REFERENCE_GROUPS: readonly number[] = [10, 20, 24, 25, 26, 27, 28];

export const Status = {
  HandToCourier: 8707,
  Pickup: 8711,
  Delivered: 8712,
  RefusesToAccept: 8717,
  NobodyAtAddress: 8718,
  TakenOutAgain: 8722,
  AddressIncomplete: 8731,
  AddressWrong: 8732,
  Confirmed: 8734,
  Received: 8736,
  RefusesPersonally: 8738,
  RefusesFamilyMember: 8739,
  RefusesCompany: 8742,
  UnclearRefusal: 8743,
  // Steps the specification names without an id (DOMAIN.md): 8744 and up.
  Registered: 8744,
  PutInBag: 8745,
  ReturnedToSender: 8746,
  Deleted: 8747,
  Restored: 8748,
  CommentChanged: 8749,
} as const;

/** Courier outcomes that mean the delivery failed (spec 003 status-change options). */
export const FAILURE_STATUSES: readonly number[] = [8717, 8718, 8722, 8731, 8732, 8738, 8739, 8742, 8743];

export const Payer = { Sender: 8700, Receiver: 8701 } as const;
export const PayType = { Cash: 0, NonCash: 1 } as const;
export const DEFAULT_PARCEL_TYPE = 8698;
export const DEFAULT_CITY = 320;

export const DeliveryStatus = {
  InProgress: 'პროცესშია',
  Delivered: 'ჩაბარებულია',
  NotDelivered: 'არ_ჩაბარებულა',
} as const;
export const CONFIRMED_STATUS_NAME = 'დადასტურებულია';

export const Limits = {
  barcodeMin: 9,
  barcodeMax: 12,
  mobileBarcodeMax: 11,
  prefixMax: 2,
  addressMin: 5,
  defaultWeight: 0.2,
  addressBookMax: 2000,
  regionIndexLength: 4,
  passwordMin: 6,
  officeNameMin: 4,
  personalCodeMax: 11,
  loginMin: 3,
  courierCommentMax: 9,
  dashboardDaysMax: 1,
  dashboardParcelsMax: 2,
  mobileCommentMin: 5,
  mobileCommentMax: 100,
  signatureMin: 10,
  manifestReceiverMax: 170,
} as const;

/**
 * Sanity limits of a parcel at the counter (beyond the spec; issue 18): what one person can hand
 * over and one courier can carry. The client and the server refuse anything above them.
 */
export const ParcelLimits = {
  /** kg */
  weightMax: 500,
  /** cm, each of length, width and height */
  dimensionMax: 300,
  packagesMax: 100,
} as const;

export const Toast = { connecting: 2000, normal: 3000, auth: 5000, waybillProgress: 500 } as const;
/** The waybill run's pace (spec 003 §4, §9): 1 s between parcels; after the last, 2 s to the end popup, then 1 s. */
export const WaybillPace = { stepMs: 1000, endPopupMs: 2000, endClearMs: 1000 } as const;
export const PageSizes = {
  default: 10,
  finance: [10, 15, 20],
  attendance: [5, 10, 20],
  unconfirmed: [10, 15, 20],
  finder: [25, 35, 45],
  archive: [10, 15, 20],
} as const;
export const Breakpoints = { xs: 600, md: 960, lg: 1280 } as const;
export const DEFAULT_REPORT_DAYS = 14;
export const ARCHIVE_DAYS = 180;
export const OLD_ARCHIVE_DAYS = 1825;
export const TIME_ZONE = 'Asia/Tbilisi';
export const DEFAULT_LOCATION = { lat: 41.726, lng: 44.766 } as const;

/** Password strength (spec 000 §5): 6+ chars with lower, upper, digit and a special character. */
export const PASSWORD_SPECIALS = '!@#$%^&*()_-+=|/.,:;[]{}';
export interface PasswordCheck {
  length: boolean;
  lower: boolean;
  upper: boolean;
  digit: boolean;
  special: boolean;
}
export function checkPassword(pw: string): PasswordCheck {
  return {
    length: pw.length >= Limits.passwordMin,
    lower: /[a-z]/.test(pw),
    upper: /[A-Z]/.test(pw),
    digit: /[0-9]/.test(pw),
    special: [...pw].some((c) => PASSWORD_SPECIALS.includes(c)),
  };
}
export function isStrongPassword(pw: string): boolean {
  return Object.values(checkPassword(pw)).every(Boolean);
}

/** The label of a role, or `unknown: {role}` for any other. */
export const ROLE_NAMES: Record<number, { ka: string; en: string }> = {
  100: { ka: 'გლობალური ადმინისტრატორი', en: 'Global administrator' },
  101: { ka: 'ლოკალური ადმინისტრატორი', en: 'Local administrator' },
  102: { ka: 'გლობალური სუპერვაიზერი', en: 'Global supervisor' },
  103: { ka: 'გლობალური სუპერვაიზერი', en: 'Global supervisor' },
  104: { ka: 'პუნქტის ტომრის შემქმნელი', en: 'Bag creator of a point' },
  105: { ka: 'ოპერატორი', en: 'Operator' },
  106: { ka: 'კურიერი / მობილური მომხმარებელი', en: 'Courier / mobile user' },
  107: { ka: 'კორპორატიული კლიენტის ოპერატორი', en: 'Corporate client operator' },
};
