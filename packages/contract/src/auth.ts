import { z } from 'zod';
import { defineCall, writeResult } from './call.ts';
import { optText } from './common.ts';

/** Login. GET with Login and Password as the specification says; POST with the same body is also accepted. */
export const loginInput = z.object({
  Login: z
    .string({ error: 'v.required' })
    .trim()
    .min(1, { error: 'v.required' })
    .max(100, { error: 'v.tooLong' }),
  Password: z.preprocess((v) => v ?? '', z.string({ error: 'v.text' }).max(200, { error: 'v.tooLong' })),
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
});
export const UpdateTicket = defineCall('GET', 'UpdateTicket', z.object({}), userCheckData, {
  summary: 'Renew the session ticket (staff); the old ticket stays valid for a short grace period',
});
export const UpdateTicketMobile = defineCall('GET', 'UpdateTicketMobile', z.object({}), userCheckData, {
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
  Old: z.preprocess((v) => v ?? '', z.string().max(200, { error: 'v.tooLong' })),
  New: z.string({ error: 'v.required' }).max(200, { error: 'v.tooLong' }),
});
export const UserCh = defineCall('POST', 'UserCh', userChangeInput, writeResult, {
  auth: false,
  summary: 'Change a password (old one checked, strength rule, validity restarts)',
});

export const Logout = defineCall('POST', 'Logout', z.object({}), writeResult, {
  summary: 'End the session on the server',
});

/** Public requests from the reset-password and create-account screens. */
export const accountRequestInput = z.object({
  Kind: z.enum(['reset', 'create'], { error: 'v.oneOf' }),
  Login: z
    .string({ error: 'v.required' })
    .trim()
    .min(3, { error: 'v.tooShort' })
    .max(100, { error: 'v.tooLong' }),
  Name: optText(200),
  Phone: optText(50),
  Email: optText(200),
  Office: optText(200),
  Message: optText(1000),
});
export const PostAccountRequest = defineCall('POST', 'PostAccountRequest', accountRequestInput, writeResult, {
  auth: false,
  summary: 'Ask for a password reset or a new account (administrators see it in user administration)',
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
  { summary: 'Open password and account requests (administrators)' },
);
export const PostHandleAccountRequest = defineCall(
  'POST',
  'PostHandleAccountRequest',
  z.object({ ID: z.coerce.number({ error: 'v.number' }).int({ error: 'v.int' }) }),
  writeResult,
  { summary: 'Mark a password or account request as handled (administrators)' },
);
