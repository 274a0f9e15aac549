/**
 * The parcel scope (DOMAIN.md "Parcel scope"; issue 35, points 1–6): each way the probe found to reach
 * a parcel outside the caller's circle now answers as for a parcel that does not exist, and the parcel
 * is left as it was. The generated test over every call is src/test/parcel-scope.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { Code, Role, Status } from '@po/contract';
import {
  PostUpCommentByBarcode,
  PostUpStatbyBarcode,
  GetSubOrgParcels,
  PosParcelPayed,
} from '@po/contract/parcels/scans';
import {
  BuildRegistry,
  GetNextRegName,
  NFAddPrintedReg,
  NFGetRegistryByNumber,
  NFPrintedRegistryList,
} from '@po/contract/registries';
import { GetParcelforRanshit } from '@po/contract/couriers';
import { MobSendJob } from '@po/contract/mobile';
import { PostGetOffices } from '@po/contract/admin';
import { useHarness } from '../../test/harness.ts';
import { callAs, makeOffice, makeParcel, signIn, uniqueBarcode } from '../../test/factories.ts';
import { rows } from '../../db/client.ts';
import { parcels, registries, registryParcels } from '../../db/schema.ts';

const h = useHarness();

const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

/** A network like the demo's: a Tbilisi centre, the Batumi partner branch, a corporate client. */
async function network() {
  const { app, db } = h();
  const tbilisi = await makeOffice(db, { isDistrCenter: true });
  const batumi = await makeOffice(db, { distributionCenter: tbilisi.guid });
  const client = await makeOffice(db, { isCorporate: true, distributionCenter: tbilisi.guid });
  const operator = await signIn(app, db, { roleId: Role.Operator, officeGuid: tbilisi.guid });
  const branch = await signIn(app, db, { roleId: Role.Operator, officeGuid: batumi.guid, isAnother: true });
  const corporate = await signIn(app, db, { roleId: Role.CorporateOperator, officeGuid: client.guid });
  const courier = await signIn(app, db, { roleId: Role.Courier, officeGuid: tbilisi.guid });
  const courier2 = await signIn(app, db, { roleId: Role.Courier, officeGuid: tbilisi.guid });
  /** a parcel of Tbilisi that neither comes from nor goes to Batumi */
  const tbilisiParcel = () =>
    makeParcel(db, {
      registeredBy: operator.user.guid,
      registeredOffice: tbilisi.guid,
      originDepotGuid: tbilisi.guid,
      destinationDepotGuid: tbilisi.guid,
    });
  return { app, db, tbilisi, batumi, client, operator, branch, corporate, courier, courier2, tbilisiParcel };
}

/** The parcel's status, comment and number of events. */
async function stateOf(guid: string) {
  const [p] = await h().db.select().from(parcels).where(eq(parcels.guid, guid));
  const [{ n }] = await rows<{ n: number }>(
    h().db,
    sql`select count(*)::int as n from parcel_events where parcel_guid = ${guid}`,
  );
  return { status: p.curStatusId, comment: p.comment, courier: p.courierGuid, events: n };
}

/** The answer without the codes it names, to compare a foreign parcel's with a missing one's. */
const plain = (answer: unknown, code: string) => JSON.stringify(answer).split(code).join('<code>');

describe('parcel scope: the probe’s findings (issue 35)', () => {
  it('1. a corporate user and a partner branch change no status of a parcel outside their circle', async () => {
    const n = await network();
    const p = await n.tbilisiParcel();
    const before = await stateOf(p.guid);
    const missing = uniqueBarcode();
    for (const who of [n.corporate, n.branch]) {
      for (const status of [8723, 8725, 8713, 8714, Status.Confirmed]) {
        const foreign = await callAs(n.app, PostUpStatbyBarcode, who.session, {
          Status: status,
          Barcode: p.barcode,
        });
        const none = await callAs(n.app, PostUpStatbyBarcode, who.session, {
          Status: status,
          Barcode: missing,
        });
        expect(foreign.Code).toBe(Code.NotFound);
        expect(plain(foreign, p.barcode)).toBe(plain(none, missing));
      }
    }
    expect(await stateOf(p.guid)).toEqual(before);
    // on their own parcel a corporate user confirms, but sets no courier or office status
    const own = await makeParcel(n.db, {
      registeredBy: n.corporate.user.guid,
      registeredOffice: n.client.guid,
    });
    for (const status of [8723, 8713, 8714]) {
      const r = await callAs(n.app, PostUpStatbyBarcode, n.corporate.session, {
        Status: status,
        Barcode: own.barcode,
      });
      expect(r).toMatchObject({ Status: false, Code: Code.Forbidden });
      expect(r.Error).toBe('კორპორატიულ კლიენტს ამ სტატუსის მინიჭება არ შეუძლია');
    }
    const paid = await callAs(n.app, PosParcelPayed, n.corporate.session, { Barcode: own.barcode });
    expect(paid.Code).toBe(Code.Forbidden);
    const confirmed = await callAs(n.app, PostUpStatbyBarcode, n.corporate.session, {
      Status: Status.Confirmed,
      Barcode: own.barcode,
    });
    expect(confirmed.Status).toBe(true);
    // the branch still works the parcels bound for Batumi
    const toBatumi = await makeParcel(n.db, {
      registeredOffice: n.tbilisi.guid,
      destinationDepotGuid: n.batumi.guid,
    });
    const received = await callAs(n.app, PostUpStatbyBarcode, n.branch.session, {
      Status: Status.Received,
      Barcode: toBatumi.barcode,
    });
    expect(received.Status).toBe(true);
  });

  it('2. a corporate user reads no other client’s parcel through registries and the route sheet', async () => {
    const n = await network();
    const p = await n.tbilisiParcel();
    const missing = uniqueBarcode();
    const s = n.corporate.session;
    const built = await callAs(n.app, BuildRegistry, s, { Barcode: p.barcode, RgName: '' });
    const none = await callAs(n.app, BuildRegistry, s, { Barcode: missing, RgName: '' });
    expect(plain(built, p.barcode)).toBe(plain(none, missing));
    expect(JSON.stringify(built)).not.toContain(p.senderName);
    const line = await callAs(n.app, GetParcelforRanshit, s, { ParcelGUID: p.guid });
    const noLine = await callAs(n.app, GetParcelforRanshit, s, { ParcelGUID: randomUUID() });
    expect(line.Code).toBe(Code.NotFound);
    expect(line.Code).toBe(noLine.Code);
    expect(JSON.stringify(line)).not.toContain(p.senderName);
    const name = (await callAs(n.app, GetNextRegName, s)).Data!;
    const added = await callAs(n.app, NFAddPrintedReg, s, { Name: name, BarCodes: [p.barcode] });
    expect(added.Code).toBe(Code.NotFound);
    expect(await n.db.select().from(registryParcels).where(eq(registryParcels.parcelGuid, p.guid))).toEqual(
      [],
    );
    // a registry the corporate user made before the fix, holding another client's parcel, shows without it
    const [reg] = await n.db
      .insert(registries)
      .values({ rgName: 'RG-099002', createdBy: n.corporate.user.guid, officeGuid: n.client.guid })
      .returning();
    await n.db.insert(registryParcels).values({ registryId: reg.id, parcelGuid: p.guid, barcode: p.barcode });
    const view = await callAs(n.app, NFGetRegistryByNumber, s, { RgNumber: 'RG-099002' });
    expect(view.Status).toBe(true);
    expect(JSON.stringify(view)).not.toContain(p.barcode);
  });

  it('3. a courier hands over, picks up or takes only what the rules give them', async () => {
    const n = await network();
    const job = (status: number, barcode: string) => ({
      JobId: randomUUID(),
      Status: status,
      Comment: 'ჩაბარდა კარგად',
      ImageB64: status === Status.Delivered ? PNG : '',
      Mobile: 'Samsung A52',
      CarNumber: 'AA-001-AA',
      DriverId: '01001012345',
      Ji: [{ Gui: randomUUID(), Barcode: barcode, Stack: false, Number: 1 }],
    });
    const registered = await n.tbilisiParcel();
    const before = await stateOf(registered.guid);
    for (const status of [Status.Delivered, 8718]) {
      const r = await callAs(n.app, MobSendJob, n.courier.session, job(status, registered.barcode));
      expect(r.Data).toMatchObject({ Applied: 0, Failed: 1 });
    }
    expect(await stateOf(registered.guid)).toEqual(before);
    // another courier's parcel cannot be picked up from under them
    const held = await makeParcel(n.db, {
      registeredOffice: n.tbilisi.guid,
      courierGuid: n.courier2.user.guid,
      statuses: [Status.Pickup],
    });
    for (const status of [Status.Pickup, Status.HandToCourier, Status.Delivered]) {
      const taken = await callAs(n.app, MobSendJob, n.courier.session, job(status, held.barcode));
      expect(taken.Data).toMatchObject({ Applied: 0, Failed: 1 });
    }
    expect((await stateOf(held.guid)).courier).toBe(n.courier2.user.guid);
    // the rules' own way: pick up, then hand over
    const picked = await callAs(n.app, MobSendJob, n.courier.session, job(Status.Pickup, registered.barcode));
    expect(picked.Data).toMatchObject({ Applied: 1, Failed: 0 });
    const handed = await callAs(
      n.app,
      MobSendJob,
      n.courier.session,
      job(Status.Delivered, registered.barcode),
    );
    expect(handed.Data).toMatchObject({ Applied: 1, Failed: 0 });
  });

  it('4. the sub-organisation list keeps a partner branch to its own circle', async () => {
    const n = await network();
    const p = await n.tbilisiParcel();
    const list = await callAs(n.app, GetSubOrgParcels, n.branch.session, { Office: n.tbilisi.guid });
    expect(list.Data?.Parcels.map((r) => r.Barcode) ?? []).not.toContain(p.barcode);
    const own = await callAs(n.app, GetSubOrgParcels, n.operator.session, { Office: n.tbilisi.guid });
    expect(own.Data?.Parcels.map((r) => r.Barcode)).toContain(p.barcode);
  });

  it('5. a partner branch changes no comment of a parcel outside its circle', async () => {
    const n = await network();
    const p = await n.tbilisiParcel();
    const before = await stateOf(p.guid);
    const r = await callAs(n.app, PostUpCommentByBarcode, n.branch.session, {
      Comment: 'სხვისი',
      Barcode: p.barcode,
    });
    const none = await callAs(n.app, PostUpCommentByBarcode, n.branch.session, {
      Comment: 'სხვისი',
      Barcode: uniqueBarcode(),
    });
    expect(r.Data).toEqual(none.Data);
    expect(await stateOf(p.guid)).toEqual(before);
  });

  it('6. a corporate user sees only their own registries; a courier gets no office list', async () => {
    const n = await network();
    await n.db
      .insert(registries)
      .values({ rgName: 'RG-0099003', createdBy: n.operator.user.guid, officeGuid: n.tbilisi.guid });
    await n.db
      .insert(registries)
      .values({ rgName: 'RG-0099004', createdBy: n.corporate.user.guid, officeGuid: n.client.guid });
    const range = {
      StartRegDate: new Date(Date.now() - 86_400_000).toISOString(),
      EndRegDate: new Date(Date.now() + 86_400_000).toISOString(),
    };
    const list = await callAs(n.app, NFPrintedRegistryList, n.corporate.session, { ...range, RgNumber: '' });
    const names = JSON.stringify(list.Data);
    expect(names).toContain('RG-0099004');
    expect(names).not.toContain('RG-0099003');
    const offices = await callAs(n.app, PostGetOffices, n.courier.session, { Rid: 0 });
    expect(offices.Code).toBe(Code.Forbidden);
  });
});
