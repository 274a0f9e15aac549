import { z } from 'zod';
import { Guards } from './guard.ts';
import { defineCall, writeResult } from './call.ts';
import { int, optText, plainText } from './common.ts';
import { FIELD_MAX, contactRules } from './fields.ts';
import type { Message } from './messages.ts';

/** Login. GET with Login and Password as the specification says; POST with the same body is also accepted. */
export const loginInput = z.object({
  Login: plainText().trim().min(1, { error: 'v.required' }).max(100, { error: 'v.tooLong' }),
  Password: z.preprocess((v) => v ?? '', plainText().max(200, { error: 'v.tooLong' })),
});
export const loginData = z.object({
  Name: z.string(),
  Ticket: z.string(),
  Note: z.string(),
  Role: z.number(),
  UserId: z.string(),
  /** true when the password's validity has passed */
  PasswordExp: z.boolean(),
  /** the courier's phone (role 106), else '' */
  Mobile: z.string(),
  CarNumber: z.string(),
  DriverId: z.string(),
  /** beyond the spec: a one-time code for /change-password/{code} when PasswordExp is true */
  RecoveryCode: z.string().nullable(),
  AvatarUrl: z.string().nullable(),
  /**
   * beyond the spec: an administrator set the password; the session may only change it (UserCh with
   * Old and New), renew and log out until the user has chosen their own
   */
  PasswordTemporary: z.boolean(),
});
export const PostGetUser = defineCall('GET', 'PostGetUser', loginInput, loginData, {
  auth: false,
  summary: 'Log in; answers the session ticket and the encoded note',
});
export const PostGetUserPost = defineCall('POST', 'PostGetUser', loginInput, loginData, {
  auth: false,
  summary: 'Log in with the credentials in a JSON body (keeps the password out of URLs)',
});

/** The user check / ticket renewal answer (spec 000 §3 "Server user check returns"). */
export const userCheckData = z.object({
  Ticket: z.string(),
  ticket: z.string(),
  id: z.string(),
  role: z.number(),
  name: z.string(),
  /** password expired */
  Exp: z.boolean(),
  avatarUrl: z.string().nullable(),
  Note: z.string(),
  RecoveryCode: z.string().nullable(),
  /** the password is temporary (set by an administrator): the user must choose their own */
  PasswordTemporary: z.boolean(),
});
export const UpdateTicket = defineCall('GET', 'UpdateTicket', z.object({}), userCheckData, {
  guard: Guards.working,
  parcels: 'none',
  temporaryPassword: true,
  summary: 'Renew the session ticket (staff); the old ticket stays valid for a short grace period',
});
export const UpdateTicketMobile = defineCall('GET', 'UpdateTicketMobile', z.object({}), userCheckData, {
  guard: Guards.courier,
  parcels: 'none',
  temporaryPassword: true,
  summary: 'Renew the session ticket (courier mode)',
});

/**
 * Password change. With a session: Old and New (Guid may carry the recovery code of an expired password).
 * Without a session: Guid is the recovery code of a reset or expired password, and New the new password.
 */
export const userChangeInput = z.object({
  Id: optText(100),
  Ticket: optText(200),
  Guid: optText(100),
  Old: z.preprocess((v) => v ?? '', plainText().max(200, { error: 'v.tooLong' })),
  New: plainText().max(200, { error: 'v.tooLong' }),
});
export const UserCh = defineCall('POST', 'UserCh', userChangeInput, writeResult, {
  auth: false,
  summary: 'Change a password (old one checked, strength rule, validity restarts)',
  labels: { Guid: { ka: 'აღდგენის კოდი', en: 'Recovery code' } },
});

export const Logout = defineCall('POST', 'Logout', z.object({}), writeResult, {
  guard: Guards.working,
  parcels: 'none',
  temporaryPassword: true,
  summary: 'End the session on the server',
});

/** Public requests from the reset-password and create-account screens. */
const contact = (rule: (v: unknown) => string | null, max: number) =>
  optText(max).superRefine((v, ctx) => {
    const key = rule(v);
    if (key) ctx.addIssue({ code: 'custom', message: key });
  });
export const accountRequestInput = z.object({
  Kind: z.enum(['reset', 'create'], { error: 'v.oneOf' }),
  Login: plainText().trim().min(3, { error: 'v.tooShort' }).max(FIELD_MAX.login, { error: 'v.tooLong' }),
  Name: optText(FIELD_MAX.personName),
  Phone: contact(contactRules.phone, FIELD_MAX.phone),
  Email: contact(contactRules.email, FIELD_MAX.email),
  Office: optText(FIELD_MAX.office),
  Message: optText(FIELD_MAX.message),
});
/** The request form's fields as /reset-password and /create-account name them. */
export const accountRequestLabels = {
  Kind: { ka: 'მოთხოვნა', en: 'Request' },
  Login: { ka: 'მომხმარებლის სახელი', en: 'User name' },
  Name: { ka: 'სახელი და გვარი', en: 'Full name' },
  Phone: { ka: 'ტელეფონი', en: 'Phone' },
  Email: { ka: 'ელ. ფოსტა', en: 'Email' },
  Office: { ka: 'ოფისი', en: 'Office' },
  Message: { ka: 'შეტყობინება', en: 'Message' },
};
export const PostAccountRequest = defineCall('POST', 'PostAccountRequest', accountRequestInput, writeResult, {
  auth: false,
  summary: 'Ask for a password reset or a new account (administrators see it in user administration)',
  labels: accountRequestLabels,
});

export const accountRequestRow = z.object({
  ID: z.number(),
  Kind: z.string(),
  Login: z.string(),
  Name: z.string(),
  Phone: z.string(),
  Email: z.string(),
  Office: z.string(),
  Message: z.string(),
  CreateDate: z.string(),
  Handled: z.boolean(),
  HandledBy: z.string().nullable(),
});
export const GetAccountRequests = defineCall(
  'GET',
  'GetAccountRequests',
  z.object({}),
  z.object({ Requests: z.array(accountRequestRow) }),
  { guard: Guards.admin, parcels: 'none', summary: 'Open password and account requests (administrators)' },
);
export const PostHandleAccountRequest = defineCall(
  'POST',
  'PostHandleAccountRequest',
  z.object({ ID: int }),
  writeResult,
  {
    guard: Guards.admin,
    parcels: 'none',
    summary: 'Mark a password or account request as handled (administrators)',
    labels: { ID: { ka: 'მოთხოვნა', en: 'Request' } },
  },
);

/** Messages of the platform's protections (input, HTTP, sessions, password reset). */
export const securityMessages = {
  'v.nul': {
    ka: 'ველი „{field}“ შეიცავს დაუშვებელ სიმბოლოს',
    en: 'Field "{field}" contains a character that is not allowed',
  },
  'v.tooDeep': {
    ka: 'ველი „{field}“ ძალიან ღრმად არის ჩადგმული',
    en: 'Field "{field}" is nested too deeply',
  },
  'http.jsonOnly': {
    ka: 'მონაცემები უნდა გაიგზავნოს JSON ფორმატში (application/json)',
    en: 'Send the data as JSON (application/json)',
  },
  'http.timeout': {
    ka: 'მოთხოვნას ძალიან დიდი დრო დასჭირდა',
    en: 'The request took too long',
  },
  'http.tooMany': {
    ka: 'ძალიან ბევრი მოთხოვნა. სცადეთ ცოტა ხანში',
    en: 'Too many requests. Try again shortly',
  },
  'http.urlTooLong': {
    ka: 'მოთხოვნის მისამართი ან სათაურები ძალიან გრძელია',
    en: 'The request address or headers are too long',
  },
  'http.notReady': {
    ka: 'სერვერი ახლა ვერ იღებს მოთხოვნებს ({reason})',
    en: 'The server cannot take requests now ({reason})',
  },
  'http.pending': {
    ka: 'იგივე ოპერაცია ჯერ კიდევ სრულდება. სცადეთ ცოტა ხანში',
    en: 'The same operation is still under way. Try again shortly',
  },
} satisfies Record<string, Message>;
