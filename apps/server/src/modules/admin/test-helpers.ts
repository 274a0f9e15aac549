/** Helpers shared by the administration tests. */
import { sql } from 'drizzle-orm';
import type { App } from '../../app.ts';
import type { Db } from '../../db/client.ts';
import { rows } from '../../db/client.ts';
import { parcelEvents, parcels } from '../../db/schema.ts';
import { get, makeOffice, post, signIn, unique } from '../../test/factories.ts';

/** An administrator (role 100) of a plain office, signed in. */
export async function signInAdmin(app: App, db: Db) {
  const office = await makeOffice(db);
  return signIn(app, db, { roleId: 100, officeGuid: office.guid });
}

/** The three callers every administration call must refuse: none, an operator, a corporate administrator. */
export async function refusals(app: App, db: Db) {
  const operator = await signIn(app, db, { roleId: 105 });
  const corporateOffice = await makeOffice(db, { isCorporate: true });
  const corporateAdmin = await signIn(app, db, { roleId: 100, officeGuid: corporateOffice.guid });
  return { operator: operator.session, corporateAdmin: corporateAdmin.session };
}

export async function callAs(
  app: App,
  method: 'GET' | 'POST',
  name: string,
  session: { Id: string; Ticket: string } | null,
  params: Record<string, string | number | boolean | null | undefined> = {},
) {
  const all = { ...(session ? { Id: session.Id, Ticket: session.Ticket } : {}), ...params };
  return method === 'GET' ? get(app, name, all) : post(app, name, all);
}

export async function count(db: Db, table: string): Promise<number> {
  const [r] = await rows<{ c: number }>(db, sql.raw(`select count(*)::int as c from ${table}`));
  return Number(r.c);
}

/** A parcel registered by a user at an office, with its registration event. */
export async function makeParcel(
  db: Db,
  over: { registeredBy?: string | null; registeredOffice?: string | null } = {},
) {
  const [p] = await db
    .insert(parcels)
    .values({
      barcode: unique('P').toUpperCase().slice(0, 12),
      curStatusId: 8744,
      registeredBy: over.registeredBy ?? null,
      registeredOffice: over.registeredOffice ?? null,
    })
    .returning();
  await db.insert(parcelEvents).values({
    parcelGuid: p.guid,
    statusId: 8744,
    userGuid: over.registeredBy ?? null,
    officeGuid: over.registeredOffice ?? null,
  });
  return p;
}
