/**
 * Factories that make the data a test needs, unique per call, and helpers to call the API.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/client.ts';
import { offices, users, type parcels } from '../db/schema.ts';
import { hashPassword } from '../modules/auth/passwords.ts';
import { tierTables, type ParcelRow, type Tier } from '../modules/parcels/core.ts';
import type { App } from '../app.ts';
import { Status, type CallData, type CallDef, type CallInput, type Envelope } from '@po/contract';
import { registrationBody } from '@po/contract/testing';

export const PASSWORD = 'Test#2026a';
let hashed: Promise<string> | null = null;
const passwordHash = () => (hashed ??= hashPassword(PASSWORD));
let seq = 0;

/**
 * A registration body (Registration, CalcPrice) the way the counter sends one (`registrationBody`,
 * shared with the browser journeys), Tbilisi to Tbilisi and 1 kg: the prices these tests expect;
 * `over` changes any field.
 */
export const parcelBody = (over: Record<string, unknown> = {}) => ({
  ...registrationBody({ ReceiverCityID: 320, Weight: 1, NumberOfPackages: 1 }),
  ...over,
});
/**
 * The same body with the sender's and the receiver's tariff zones (1 and 1) given instead of their
 * cities, no dimensions and empty free-text fields; `over` changes any field.
 */
export const parcelBodyByZone = (over: Record<string, unknown> = {}) => {
  const { SenderCityID: _sender, ReceiverCityID: _receiver, ...rest } = parcelBody();
  return {
    ...rest,
    SenderZone: 1,
    ReceiveZone: 1,
    Width: 0,
    Height: 0,
    Length: 0,
    Fild1: '',
    Fild2: '',
    Description: '',
    ...over,
  };
};
export const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${(seq++).toString(36)}`;

export async function makeOffice(db: Db, over: Partial<typeof offices.$inferInsert> = {}) {
  const [o] = await db
    .insert(offices)
    .values({ name: unique('ოფისი '), cityId: 320, ...over })
    .returning();
  return o;
}

export interface TestUser {
  guid: string;
  login: string;
  password: string;
  roleId: number;
  officeGuid: string | null;
}

export async function makeUser(
  db: Db,
  over: Partial<typeof users.$inferInsert> & { password?: string } = {},
): Promise<TestUser> {
  const { password, ...rest } = over;
  const officeGuid = rest.officeGuid === undefined ? (await makeOffice(db)).guid : rest.officeGuid;
  const [u] = await db
    .insert(users)
    .values({
      guid: randomUUID(),
      login: unique('user'),
      name: 'ტესტ მომხმარებელი',
      roleId: 105,
      passwordHash: password ? await hashPassword(password) : await passwordHash(),
      passwordValid: new Date(Date.now() + 30 * 86_400_000),
      ...rest,
      officeGuid,
    })
    .returning();
  return {
    guid: u.guid,
    login: u.login,
    password: password ?? PASSWORD,
    roleId: u.roleId,
    officeGuid: u.officeGuid,
  };
}

// A type alias (not an interface) so a session can be passed as query parameters.
export type Session = { Id: string; Ticket: string; Note: string };

/** Logs a user in through the real call and answers the Id and Ticket to send. */
export async function login(app: App, user: { login: string; password: string }): Promise<Session> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/PostGetUser',
    payload: { Login: user.login, Password: user.password },
  });
  const body = res.json() as Envelope<{ UserId: string; Ticket: string; Note: string }>;
  if (!body.Status || !body.Data) throw new Error(`login failed: ${body.Error}`);
  return { Id: body.Data.UserId, Ticket: body.Data.Ticket, Note: body.Data.Note };
}

/** A user of the given role, logged in. */
export async function signIn(app: App, db: Db, over: Parameters<typeof makeUser>[1] = {}) {
  const user = await makeUser(db, over);
  const session = await login(app, user);
  return { user, session };
}

type Params = Record<string, string | number | boolean | undefined | null>;

/** GET a call with query parameters; answers the parsed envelope. */
export async function get<T = unknown>(app: App, name: string, params: Params = {}): Promise<Envelope<T>> {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null) q.set(k, String(v));
  const res = await app.inject({ method: 'GET', url: `/api/${name}?${q.toString()}` });
  if (res.statusCode !== 200) throw new Error(`HTTP ${res.statusCode}`);
  return res.json() as Envelope<T>;
}

/** POST a call with a JSON body; answers the parsed envelope. */
export async function post<T = unknown>(
  app: App,
  name: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Envelope<T>> {
  const res = await app.inject({ method: 'POST', url: `/api/${name}`, payload: body as object, headers });
  if (res.statusCode !== 200) throw new Error(`HTTP ${res.statusCode}`);
  return res.json() as Envelope<T>;
}

/* ------------------------------------------------------------------ typed calls */

/** A call's input as a test may send it: the declared names, any values (bad input is a test too). */
export type LooseInput<C extends CallDef> = { [K in keyof CallInput<C>]?: unknown };

/**
 * Makes a call by its contract definition, as `session` (null: without a session): GET sends the input
 * as query parameters (arrays repeated), POST as a JSON body; answers the envelope typed by the call.
 */
export async function callAs<C extends CallDef>(
  app: App,
  def: C,
  session: Pick<Session, 'Id' | 'Ticket'> | null,
  input: LooseInput<C> = {},
  headers: Record<string, string> = {},
): Promise<Envelope<CallData<C>>> {
  const all: Record<string, unknown> = { ...(input as Record<string, unknown>) };
  if (session) Object.assign(all, { Id: session.Id, Ticket: session.Ticket });
  let res;
  if (def.method === 'GET') {
    const q = new URLSearchParams();
    for (const [k, v] of Object.entries(all)) {
      if (v === undefined || v === null) continue;
      for (const x of Array.isArray(v) ? (v as unknown[]) : [v])
        q.append(
          k,
          x instanceof Date ? x.toISOString() : typeof x === 'object' ? JSON.stringify(x) : String(x),
        );
    }
    res = await app.inject({ method: 'GET', url: `${def.path}?${q.toString()}`, headers });
  } else {
    res = await app.inject({ method: 'POST', url: def.path, payload: all, headers });
  }
  if (res.statusCode !== 200) throw new Error(`HTTP ${res.statusCode}`);
  return res.json() as Envelope<CallData<C>>;
}

/* ------------------------------------------------------------------ parcels */

export type ParcelOver = Partial<typeof parcels.$inferInsert> & {
  /** the store the parcel is in (default live) */
  tier?: Tier;
  /** statuses after the registration event (8744), oldest first; the last is the current one */
  statuses?: number[];
};

let barcodeSeq = 0;
/** A unique barcode in the format of the real ones (2 letters, 9 digits). */
export const uniqueBarcode = () =>
  `TS${String((Date.now() % 100_000) * 10_000 + (barcodeSeq++ % 10_000)).padStart(9, '0')}`;

/**
 * A parcel in the given tier, with its registration event (8744) and one event per given status, an
 * hour apart from the registration time; the current status is the last one.
 */
export async function makeParcel(db: Db, over: ParcelOver = {}): Promise<ParcelRow> {
  const { tier = 'live', statuses = [], ...values } = over;
  const t = tierTables[tier];
  const createDate = values.createDate ?? new Date();
  const all = [Status.Registered as number, ...statuses];
  const at = (i: number) => new Date(createDate.getTime() + i * 3_600_000);
  const last = all.length - 1;
  const [p] = await db
    .insert(t.parcels)
    .values({
      guid: randomUUID(),
      barcode: uniqueBarcode(),
      senderName: 'ტესტ გამგზავნი',
      receiverName: 'ტესტ მიმღები',
      senderAddress: 'თბილისი, ტესტის ქ. 1',
      receiverAddress: 'ბათუმი, ტესტის ქ. 2',
      ...values,
      createDate,
      curStatusId: values.curStatusId ?? all[last],
      curStatusAt: values.curStatusAt ?? at(last),
    })
    .returning();
  await db.insert(t.events).values(
    all.map((statusId, i) => ({
      parcelGuid: p.guid,
      statusId,
      createdAt: at(i),
      userGuid: values.registeredBy ?? null,
      officeGuid: values.registeredOffice ?? null,
    })),
  );
  return p as ParcelRow;
}
