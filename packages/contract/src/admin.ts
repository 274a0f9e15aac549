import { z } from 'zod';
import { Guards } from './guard.ts';
import { defineCall, writeResult, type FieldLabel } from './call.ts';
import { booleanish, guid, int, optGuid, optText } from './common.ts';
import { Limits, Role } from './constants.ts';
import { FIELD_MAX } from './fields.ts';
import type { Message } from './messages.ts';

/**
 * Administration of offices, courier devices and users (spec 001 §2.1–2.3, §5, §7), the finders'
 * operator list, the driver check and the built-in revenue-service registry (beyond the spec).
 */

/* ------------------------------------------------------------------ shared rules */

const str = (v: unknown): string => (v == null ? '' : String(v).trim());
const digits = (max: number, min = 0) => new RegExp(`^\\d{${min},${max}}$`);

/**
 * The validation rules of spec 001 §5, shared by the server schemas and the web grids.
 * Each answers null when the value is fine, or the message key to show (see `adminMessages`).
 */
export const adminRules = {
  officeName: (v: unknown) => (str(v).length >= Limits.officeNameMin ? null : 'admin.officeNameMin'),
  personalCode: (v: unknown) => (digits(Limits.personalCodeMax).test(str(v)) ? null : 'admin.pidDigits'),
  mobileName: (v: unknown) => (str(v).length >= 4 ? null : 'admin.mobileNameMin'),
  driverId: (v: unknown) => (/^\d{0,20}$/.test(str(v)) ? null : 'admin.driverNumeric'),
  login: (v: unknown) => (str(v).length >= Limits.loginMin ? null : 'admin.loginMin'),
  dashboardDays: (v: unknown) =>
    digits(Limits.dashboardDaysMax, 1).test(str(v)) ? null : 'admin.daysDigits',
  dashboardParcels: (v: unknown) =>
    digits(Limits.dashboardParcelsMax, 1).test(str(v)) ? null : 'admin.parcelsDigits',
  /** the comment: only couriers (106) have one, of up to 9 digits */
  courierComment: (v: unknown, roleId: unknown) =>
    Number(roleId) !== Role.Courier || digits(Limits.courierCommentMax).test(str(v))
      ? null
      : 'admin.commentDigits',
  /** a personal number (11 digits) or a company code (9 digits) */
  tin: (v: unknown) => (/^\d{9}$|^\d{11}$/.test(str(v)) ? null : 'admin.tinFormat'),
} as const;

/** Login uniqueness as the users screen checks it against the loaded users (the server checks the database). */
export function isLoginTaken(
  login: string,
  users: readonly { GUID: string; Login: string }[],
  selfGuid?: string,
): boolean {
  const l = login.trim().toLowerCase();
  return users.some(
    (u) => u.Login.trim().toLowerCase() === l && u.GUID.toLowerCase() !== (selfGuid ?? '').toLowerCase(),
  );
}

/** The random code a courier without a comment gets when edited (spec 001 §4). */
export function courierCode(random: () => number = Math.random): string {
  return String(100000 + Math.floor(random() * 900000));
}

/** New-user defaults (spec 001 §4, §9): role 105, dashboard 4 days / 5 parcels, enabled, validity one month. */
export const NEW_USER_DEFAULTS = {
  RoleId: Role.Operator,
  StatisticDefDay: 4,
  StatisticParcelsNumber: 5,
  Enabled: true,
  IsAnother: false,
  RegistrationDisable: false,
  Info: '',
} as const;
/** How long an administrator's reset password stays open for the user to set a new one. */
export const RESET_WINDOW_HOURS = 72;
/** Driver checks a single address may make per minute (CheckDriver works without a session). */
export const CHECK_DRIVER_PER_MINUTE = 60;

/* ------------------------------------------------------------------ schema helpers */

/** A text field checked by one of the shared rules. */
const ruled = (rule: (v: unknown) => string | null, max = 200) =>
  optText(max).superRefine((v, ctx) => {
    const key = rule(v);
    if (key) ctx.addIssue({ code: 'custom', message: key });
  });

/** A whole number that must be given: empty or missing is `requiredKey`. */
const requiredInt = (requiredKey: string) =>
  z.preprocess(
    (v) => (v === '' || v == null ? undefined : typeof v === 'string' ? Number(v.trim()) : v),
    z.number({ error: requiredKey }).int({ error: 'v.int' }),
  );
/** A GUID that must be given: empty or missing is `requiredKey`. */
const requiredGuid = (requiredKey: string) =>
  z.preprocess((v) => (v === '' || v == null ? undefined : v), z.string({ error: requiredKey }).pipe(guid));
/** A short digits-only number (dashboard settings): checked as text, answered as a number. */
const digitsInt = (rule: (v: unknown) => string | null) =>
  z
    .union([z.string(), z.number()], { error: 'v.number' })
    .transform((v) => String(v).trim())
    .superRefine((v, ctx) => {
      const key = rule(v);
      if (key) ctx.addIssue({ code: 'custom', message: key });
    })
    .transform(Number);

/* ------------------------------------------------------------------ field labels */

const L = (ka: string, en: string): FieldLabel => ({ ka, en });
const recordLabels = { Guid: L('ჩანაწერის კოდი', 'Record code'), gui: L('ჩანაწერის კოდი', 'Record code') };
/** The office fields as the /offices screen names them (validation messages name the field by them). */
export const officeLabels = {
  ...recordLabels,
  Name: L('დასახელება', 'Name'),
  CityID: L('მდებარეობა', 'Location'),
  IsCorporate: L('კორპორატიული კლიენტი', 'Corporate client'),
  DistrGuid: L('სადისტრიბუციო ოფისი', 'Distribution office'),
  DestGuig: L('ნაგულისხმევი მიმღები ოფისი', 'Default receiving office'),
  Sender: L('მისამართი', 'Address'),
  Pid: L('პირადი ნომერი', 'Personal code'),
  IsDistrCenter: L('სადისტრიბუციო ცენტრი', 'Distribution centre'),
};
/** The device fields as /mobiles names them. */
export const mobileLabels = {
  ...recordLabels,
  Name: L('დასახელება', 'Name'),
  IsActive: L('აქტიური', 'Active'),
  OfficeGUID: L('ოფისი', 'Office'),
  UserGUID: L('კურიერი', 'Courier'),
  CarNumber: L('მანქანის ნომერი', 'Car number'),
  DriverId: L('მძღოლი', 'Driver'),
  SharedCourier: L('კურიერი ორ მოწყობილობაზე', 'One courier on two devices'),
};
/** The user fields as /users names them. */
export const userLabels = {
  ...recordLabels,
  Name: L('მომხმარებელი', 'Login'),
  RoleId: L('როლი', 'Role'),
  OfficeGUID: L('ოფისი', 'Office'),
  Enabled: L('აქტიური', 'Enabled'),
  IsAnother: L('არ არის კომპანიის თანამშრომელი', 'Not a company employee'),
  RegistrationDisable: L('რეგისტრაცია აკრძალულია', 'Registration disabled'),
  StatisticDefDay: L('დეშბორდის დღეები', 'Dashboard days'),
  StatisticParcelsNumber: L('დეშბორდის ამანათები', 'Dashboard parcels'),
  Info: L('კომენტარი', 'Comment'),
  User: L('მომხმარებელი', 'User'),
  pass: L('ახალი პაროლი', 'New password'),
};

/* ------------------------------------------------------------------ offices */

export const officeRow = z.object({
  GUID: z.string(),
  Name: z.string(),
  CityID: z.number().nullable(),
  /** the office's distribution centre (empty for a centre) */
  DistributionCenter: z.string().nullable(),
  DefaultDestinationDepotGUID: z.string().nullable(),
  /** the address */
  Sender: z.string(),
  PID: z.string(),
  IsDistrCenter: z.boolean(),
  IsCorporate: z.boolean(),
});
export type OfficeRow = z.output<typeof officeRow>;

export const PostGetOffices = defineCall(
  'GET',
  'PostGetOffices',
  z.object({ Rid: int.optional() }),
  z.object({ Offices: z.array(officeRow) }),
  {
    guard: Guards.staff,
    parcels: 'none',
    summary: 'Every office (Rid 0); readable by every working role (registration and bags use it)',
  },
);

export const officeInput = z.object({
  Name: ruled(adminRules.officeName, FIELD_MAX.officeName),
  CityID: requiredInt('admin.cityRequired'),
  IsCorporate: booleanish.default(false),
  /** the distribution office (cleared for a distribution centre) */
  DistrGuid: optGuid.default(null),
  /** the default receiving office */
  DestGuig: optGuid.default(null),
  /** the address */
  Sender: optText(FIELD_MAX.address),
  Pid: ruled(adminRules.personalCode, FIELD_MAX.personalCode),
  IsDistrCenter: booleanish.default(false),
});
export const officeWriteResult = z.object({ Ret: z.number(), Guid: z.string() });
export const PostInsertOffice = defineCall('POST', 'PostInsertOffice', officeInput, officeWriteResult, {
  guard: Guards.admin,
  parcels: 'none',
  summary: 'Add an office (administrators)',
  labels: officeLabels,
});
export const PostUpdateOffice = defineCall(
  'POST',
  'PostUpdateOffice',
  officeInput.extend({ Guid: guid }),
  officeWriteResult,
  {
    guard: Guards.admin,
    parcels: 'none',
    summary: 'Update an office (administrators)',
    labels: officeLabels,
  },
);
export const PostDeleteOffice = defineCall('GET', 'PostDeleteOffice', z.object({ gui: guid }), writeResult, {
  guard: Guards.admin,
  parcels: 'none',
  summary:
    'Delete an office that nothing refers to (administrators); Code 409 when it has users, parcels or devices',
  labels: officeLabels,
});

/* ------------------------------------------------------------------ mobile devices */

export const mobileRow = z.object({
  GUID: z.string(),
  Name: z.string(),
  OfficeGUID: z.string().nullable(),
  UserGUID: z.string().nullable(),
  CarNumber: z.string(),
  DriverId: z.string(),
  IsActive: z.boolean(),
});
export type MobileRow = z.output<typeof mobileRow>;
export const PostGetMobiles = defineCall(
  'GET',
  'PostGetMobiles',
  z.object({}),
  z.object({ Mobiles: z.array(mobileRow) }),
  {
    guard: Guards.admin,
    parcels: 'none',
    summary: 'Courier devices (administrators)',
  },
);

export const mobileUserRow = z.object({
  UserGUID: z.string(),
  Name: z.string(),
  OfficeGUID: z.string().nullable(),
  OfficeName: z.string(),
});
export type MobileUserRow = z.output<typeof mobileUserRow>;
export const PostGetMobileUsers = defineCall(
  'GET',
  'PostGetMobileUsers',
  z.object({}),
  z.object({ Users: z.array(mobileUserRow) }),
  {
    guard: Guards.admin,
    parcels: 'none',
    summary: 'Couriers (role 106) for the device grid’s drop-down (administrators)',
  },
);

export const mobileInput = z.object({
  Name: ruled(adminRules.mobileName, FIELD_MAX.mobileName),
  IsActive: booleanish.default(true),
  OfficeGUID: requiredGuid('admin.officeRequired'),
  /** the courier (role 106); empty for a device nobody carries */
  UserGUID: optGuid.default(null),
  CarNumber: optText(FIELD_MAX.carNumber),
  DriverId: ruled(adminRules.driverId, FIELD_MAX.driverId),
  /**
   * The administrator confirmed giving the courier a second device: without it, a courier who already
   * carries another device is refused with Code 409 and `admin.courierShared` (the screen asks first).
   */
  SharedCourier: booleanish.default(false),
});
export const mobileWriteResult = officeWriteResult;
export const PostIsertMobiles = defineCall('POST', 'PostIsertMobiles', mobileInput, mobileWriteResult, {
  guard: Guards.admin,
  parcels: 'none',
  summary: 'Add a courier device (administrators)',
  labels: mobileLabels,
});
export const PostUpdateMobiles = defineCall(
  'POST',
  'PostUpdateMobiles',
  mobileInput.extend({ Guid: guid }),
  mobileWriteResult,
  {
    guard: Guards.admin,
    parcels: 'none',
    summary: 'Update a courier device (administrators)',
    labels: mobileLabels,
  },
);
export const PostDeleteMobiles = defineCall(
  'GET',
  'PostDeleteMobiles',
  z.object({ gui: guid }),
  writeResult,
  {
    guard: Guards.admin,
    parcels: 'none',
    summary: 'Delete a courier device (administrators)',
    labels: mobileLabels,
  },
);

/** Driver / personal-code name lookup with the revenue service. Works without a session (throttled per address). */
export const CheckDriver = defineCall(
  'GET',
  'CheckDriver',
  z.object({
    DriverId: z
      .string({ error: 'v.required' })
      .trim()
      .min(1, { error: 'v.required' })
      .regex(/^\d{1,11}$/, { error: 'admin.driverNumeric' }),
  }),
  z.string(),
  { auth: false, summary: 'The registered name of a personal number or company code ("" when not found)' },
);

/* ------------------------------------------------------------------ users and roles */

export const userRow = z.object({
  GUID: z.string(),
  Login: z.string(),
  OfficeGUID: z.string().nullable(),
  RoleId: z.number(),
  StatisticDefDay: z.number(),
  StatisticParcelsNumber: z.number(),
  /** ISO date and time the password stops being valid */
  PasswordValid: z.string(),
  IsAnother: z.boolean(),
  Enabled: z.boolean(),
  RegistrationDisable: z.boolean(),
  Info: z.string(),
  /** the user's distribution centre (the office itself when it is one) */
  DistributionCenter: z.string().nullable(),
});
export type UserRow = z.output<typeof userRow>;

export const PostGetAllUsers = defineCall(
  'GET',
  'PostGetAllUsers',
  z.object({ mode: int.optional() }),
  z.object({ AllUsers: z.array(userRow) }),
  {
    guard: Guards.adminOrOffice,
    parcels: 'none',
    summary:
      'Users (administrators); with mode=1 the finders’ operator list as the caller may see it (roles 100, 104, 105, 107)',
  },
);

export const roleRow = z.object({ RoleId: z.number(), RoleName: z.string() });
export type RoleRow = z.output<typeof roleRow>;
export const PostGetRoles = defineCall(
  'GET',
  'PostGetRoles',
  z.object({}),
  z.object({ Roles: z.array(roleRow) }),
  {
    guard: Guards.admin,
    parcels: 'none',
    summary: 'Roles (administrators)',
  },
);

const userFields = {
  /** the login */
  Name: ruled(adminRules.login, FIELD_MAX.login),
  RoleId: requiredInt('admin.roleRequired'),
  OfficeGUID: requiredGuid('admin.officeRequired'),
  Enabled: booleanish,
  IsAnother: booleanish,
  RegistrationDisable: booleanish,
  StatisticDefDay: digitsInt(adminRules.dashboardDays),
  StatisticParcelsNumber: digitsInt(adminRules.dashboardParcels),
  /** the comment: a code of up to 9 digits for couriers (106); other roles have none */
  Info: optText(FIELD_MAX.userInfo),
};
/** Insert: a field left out takes the new-user default; a field sent empty is checked (role and office required). */
export const userInsertInput = z.object({
  /** a GUID made on the client, or none (the server makes one) */
  Guid: optGuid.default(null),
  Name: userFields.Name,
  RoleId: userFields.RoleId.default(NEW_USER_DEFAULTS.RoleId),
  OfficeGUID: userFields.OfficeGUID,
  Enabled: userFields.Enabled.default(true),
  IsAnother: userFields.IsAnother.default(false),
  RegistrationDisable: userFields.RegistrationDisable.default(false),
  StatisticDefDay: userFields.StatisticDefDay.default(NEW_USER_DEFAULTS.StatisticDefDay),
  StatisticParcelsNumber: userFields.StatisticParcelsNumber.default(NEW_USER_DEFAULTS.StatisticParcelsNumber),
  Info: userFields.Info,
});
/** Update: a field left out keeps its value. */
export const userUpdateInput = z.object({
  Guid: guid,
  Name: userFields.Name,
  RoleId: userFields.RoleId.optional(),
  OfficeGUID: userFields.OfficeGUID.optional(),
  Enabled: userFields.Enabled.optional(),
  IsAnother: userFields.IsAnother.optional(),
  RegistrationDisable: userFields.RegistrationDisable.optional(),
  StatisticDefDay: userFields.StatisticDefDay.optional(),
  StatisticParcelsNumber: userFields.StatisticParcelsNumber.optional(),
  Info: z.preprocess((v) => (v === null ? '' : v), userFields.Info.optional()),
});
export const userWriteResult = officeWriteResult;
export const PostInsertUser = defineCall('POST', 'PostInsertUser', userInsertInput, userWriteResult, {
  guard: Guards.admin,
  parcels: 'none',
  summary: 'Add a user (administrators); the new user has no password until an administrator sets one',
  labels: userLabels,
});
export const PostUpdateUser = defineCall('POST', 'PostUpdateUser', userUpdateInput, userWriteResult, {
  guard: Guards.admin,
  parcels: 'none',
  summary: 'Update a user (administrators); a courier without a comment gets a 6-digit code and is disabled',
  labels: userLabels,
});
export const PostDeleteUser = defineCall(
  'GET',
  'PostDeleteUser',
  z.object({ gui: guid }),
  z.object({ Ret: z.number(), MessageKey: z.string().optional() }),
  {
    guard: Guards.admin,
    parcels: 'none',
    summary:
      'Delete a user (administrators): Ret 1 deleted; Ret 2 when the user has parcels or events and was disabled instead',
    labels: userLabels,
  },
);
export const PostUserChangePaswword = defineCall(
  'GET',
  'PostUserChangePaswword',
  z.object({
    User: guid,
    pass: z.preprocess((v) => v ?? '', z.string({ error: 'v.text' }).max(200, { error: 'v.tooLong' })),
  }),
  /** a reset answers the one-time recovery code for /change-password/{code}, shown once to the administrator */
  writeResult.extend({ RecoveryCode: z.string().optional() }),
  {
    guard: Guards.admin,
    parcels: 'none',
    summary:
      'Reset (empty pass: answers a one-time recovery code for /change-password/{code}) or set a user’s password (administrators)',
    labels: userLabels,
  },
);

/* ------------------------------------------------------------------ the built-in revenue-service registry */

export const rsRegistryRow = z.object({
  Tin: z.string(),
  Name: z.string(),
  Kind: z.enum(['person', 'company']),
  CreateDate: z.string(),
});
export type RsRegistryRow = z.output<typeof rsRegistryRow>;
export const RsRegistryList = defineCall(
  'GET',
  'RsRegistryList',
  z.object({ Q: optText(100) }),
  z.object({ Registry: z.array(rsRegistryRow) }),
  {
    guard: Guards.admin,
    parcels: 'none',
    summary:
      'The built-in registry of names by personal number / company code (administrators; beyond the spec)',
  },
);
export const RsRegistrySave = defineCall(
  'POST',
  'RsRegistrySave',
  z.object({
    Tin: ruled(adminRules.tin, 11),
    Name: z
      .string({ error: 'v.required' })
      .trim()
      .min(1, { error: 'v.required' })
      .max(300, { error: 'v.tooLong' }),
    Kind: z.enum(['person', 'company'], { error: 'v.oneOf' }),
  }),
  writeResult,
  {
    guard: Guards.admin,
    parcels: 'none',
    summary: 'Add or change a name in the built-in registry (administrators; beyond the spec)',
    labels: { Name: L('დასახელება', 'Name'), Kind: L('პირი ან კომპანია', 'Person or company') },
  },
);
export const RsRegistryDelete = defineCall(
  'GET',
  'RsRegistryDelete',
  z.object({ Tin: ruled(adminRules.tin, 11) }),
  writeResult,
  {
    guard: Guards.admin,
    parcels: 'none',
    summary: 'Remove a name from the built-in registry (administrators; beyond the spec)',
  },
);

/* ------------------------------------------------------------------ messages */

export const adminMessages = {
  'admin.officeNameMin': {
    ka: 'დასახელება უნდა შეიცავდეს 4-ზე მეტ სიმბოლოს',
    en: 'The name must be more than 4 characters',
  },
  'admin.pidDigits': { ka: 'პირადი ნომერი: ციფრები 0..11', en: 'Personal code: digits 0..11' },
  'admin.cityRequired': { ka: 'ქალაქი სავალდებულოა', en: 'The city is required' },
  'admin.cityUnknown': { ka: 'ასეთი ქალაქი არ არსებობს', en: 'No such city' },
  'admin.officeNameTaken': {
    ka: 'ასეთი დასახელების ოფისი უკვე არსებობს',
    en: 'An office with this name exists already',
  },
  'admin.distrUnknown': {
    ka: 'სადისტრიბუციო ოფისი ვერ მოიძებნა',
    en: 'The distribution office was not found',
  },
  'admin.distrNotCenter': {
    ka: 'არჩეული სადისტრიბუციო ოფისი არ არის სადისტრიბუციო ცენტრი',
    en: 'The chosen distribution office is not a distribution centre',
  },
  'admin.destUnknown': {
    ka: 'ნაგულისხმევი მიმღები ოფისი ვერ მოიძებნა',
    en: 'The default receiving office was not found',
  },
  'admin.centerInUse': {
    ka: 'ოფისი {offices} სხვა ოფისის სადისტრიბუციო ცენტრია: ჯერ შეცვალეთ მათი სადისტრიბუციო ოფისი',
    en: 'The office is the distribution centre of {offices} other offices: change their distribution office first',
  },
  'admin.officeInUse': {
    ka: 'ოფისის წაშლა შეუძლებელია: მას აქვს მომხმარებლები ({users}), ამანათები ({parcels}), მოწყობილობები ({mobiles}) ან მასზე მიბმული ოფისები ({offices})',
    en: 'The office cannot be deleted: it has users ({users}), parcels ({parcels}), devices ({mobiles}) or offices linked to it ({offices})',
  },
  'admin.mobileNameMin': {
    ka: 'მოწყობილობის დასახელება უნდა შეიცავდეს მინიმუმ 4 სიმბოლოს',
    en: 'The device name needs at least 4 characters',
  },
  'admin.driverNumeric': {
    ka: 'მძღოლის პირადი ნომერი უნდა იყოს რიცხვი',
    en: 'The driver’s personal number must be numeric',
  },
  'admin.officeRequired': { ka: 'ოფისი სავალდებულოა', en: 'The office is required' },
  'admin.officeUnknown': { ka: 'ოფისი ვერ მოიძებნა', en: 'The office was not found' },
  'admin.courierShared': {
    ka: 'კურიერი უკვე მიბმულია მოწყობილობაზე „{device}“: დაადასტურეთ, რომ მას ორი მოწყობილობა ექნება',
    en: 'The courier is already assigned to the device “{device}”: confirm that the courier gets two devices',
  },
  'admin.courierUnknown': {
    ka: 'კურიერი ვერ მოიძებნა (საჭიროა 106 როლის მომხმარებელი)',
    en: 'The courier was not found (a user with role 106 is needed)',
  },
  'admin.loginMin': {
    ka: 'მომხმარებლის სახელი უნდა შეიცავდეს მინიმუმ 3 სიმბოლოს',
    en: 'The login needs at least 3 characters',
  },
  'admin.loginNotUnique': { ka: 'მომხმარებლის სახელი არ არის უნიკალური', en: 'User name is not unique' },
  'admin.roleRequired': { ka: 'როლი სავალდებულოა', en: 'The role is required' },
  'admin.roleUnknown': { ka: 'ასეთი როლი არ არსებობს', en: 'No such role' },
  'admin.daysDigits': {
    ka: 'დეშბორდის დღეები: მხოლოდ ციფრი, მაქსიმუმ 1 სიმბოლო',
    en: 'Dashboard days: digits only, at most 1 character',
  },
  'admin.parcelsDigits': {
    ka: 'დეშბორდის ამანათები: მხოლოდ ციფრები, მაქსიმუმ 2 სიმბოლო',
    en: 'Dashboard parcels: digits only, at most 2 characters',
  },
  'admin.commentDigits': {
    ka: 'კომენტარი: მხოლოდ ციფრები, მაქსიმუმ 9 სიმბოლო',
    en: 'Comment: digits only, at most 9 characters',
  },
  'admin.selfDelete': { ka: 'საკუთარი თავის წაშლა შეუძლებელია', en: 'You cannot delete yourself' },
  'admin.selfDisable': { ka: 'საკუთარი თავის გათიშვა შეუძლებელია', en: 'You cannot disable yourself' },
  'admin.selfRole': { ka: 'საკუთარი როლის შეცვლა შეუძლებელია', en: 'You cannot change your own role' },
  'admin.selfPassword': {
    ka: 'საკუთარი პაროლი შეცვალეთ პაროლის შეცვლის გვერდზე',
    en: 'Change your own password on the change-password page',
  },
  'admin.userDisabledNotDeleted': {
    ka: 'მომხმარებელს აქვს ამანათები ან ოპერაციები, ამიტომ ის გაითიშა და არ წაიშალა',
    en: 'The user has parcels or operations, so the user was disabled instead of deleted',
  },
  'admin.rsError': { ka: 'შეცდომა RS-თან დაკავშირებისას', en: 'Error on RS' },
  'admin.driverNotFound': { ka: 'მძღოლი {id} ვერ მოიძებნა', en: 'Driver {id} not found' },
  'admin.tinFormat': {
    ka: 'საიდენტიფიკაციო ნომერი უნდა იყოს 9 ან 11 ციფრი',
    en: 'The identification number must be 9 or 11 digits',
  },
} satisfies Record<string, Message>;
