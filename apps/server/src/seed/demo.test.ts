import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { Status } from '@po/contract';
import { rows } from '../db/client.ts';
import { useHarness } from '../test/harness.ts';
import { callAs, post } from '../test/factories.ts';
import { ActivateWaybillforSender, CloseWaybill } from '@po/contract/waybills';
import { MobSendJob } from '@po/contract/mobile';
import { seedDemo } from './demo.ts';
import { DEMO_PASSWORD } from './accounts.ts';
import { isValidS10, PNG_MAGIC } from './parcels.ts';

const h = useHarness();

const STATES = [
  Status.Registered,
  Status.Confirmed,
  Status.Received,
  Status.PutInBag,
  Status.HandToCourier,
  Status.Pickup,
  Status.Delivered,
  Status.RefusesToAccept,
  Status.NobodyAtAddress,
  Status.AddressIncomplete,
  Status.AddressWrong,
  Status.RefusesPersonally,
  Status.RefusesFamilyMember,
  Status.RefusesCompany,
  Status.UnclearRefusal,
  Status.Deleted,
];
const STORES = [
  ['parcels', 'parcel_events'],
  ['parcels_archive', 'parcel_events_archive'],
  ['parcels_old_archive', 'parcel_events_old_archive'],
] as const;

describe('demo data', () => {
  it(
    'loads accounts that log in and parcels with a consistent history in all three stores',
    { timeout: 180_000 },
    async () => {
      const { app, db } = h();
      const started = Date.now();
      await seedDemo(db);
      const ms = Date.now() - started;
      expect(ms).toBeLessThan(60_000);

      // every demo account logs in with the demo password, except the supervisor (not a working role)
      const sessions: Record<string, { Id: string; Ticket: string }> = {};
      for (const login of ['admin', 'operator', 'branch', 'bagmaker', 'corporate', 'courier', 'courier2']) {
        const res = await post<{ UserId: string; Ticket: string }>(app, 'PostGetUser', {
          Login: login,
          Password: DEMO_PASSWORD,
        });
        expect(res.Status, login).toBe(true);
        sessions[login] = { Id: res.Data!.UserId, Ticket: res.Data!.Ticket };
      }
      expect((await post(app, 'PostGetUser', { Login: 'supervisor', Password: DEMO_PASSWORD })).Status).toBe(
        false,
      );

      // the live store has parcels in every state, some of them from today
      const states = await rows<{ s: number }>(db, sql`select distinct cur_status_id as s from parcels`);
      const have = new Set(states.map((r) => r.s));
      for (const s of STATES) expect(have.has(s), `live parcels in state ${s}`).toBe(true);
      const [recent] = await rows<{ d14: number; total: number }>(
        db,
        sql`select count(*) filter (where create_date > now() - interval '14 days')::int as d14, count(*)::int as total from parcels`,
      );
      expect(recent.d14).toBeGreaterThan(100);

      for (const [p, e] of STORES) {
        const P = sql.raw(p);
        const E = sql.raw(e);
        const [c] = await rows<{ n: number; events: number }>(
          db,
          sql`select (select count(*)::int from ${P}) as n, (select count(*)::int from ${E}) as events`,
        );
        expect(c.n, p).toBeGreaterThan(100);
        expect(c.events, e).toBeGreaterThan(c.n);
        // the current status is the latest event's, and every event is in the parcel's store
        const [bad] = await rows<{ n: number; orphans: number }>(
          db,
          sql`select
          (select count(*)::int from ${P} x
            where x.cur_status_id is distinct from (
              select ev.status_id from ${E} ev where ev.parcel_guid = x.guid order by ev.created_at desc, ev.id desc limit 1)
              or x.cur_status_at is distinct from (select max(ev.created_at) from ${E} ev where ev.parcel_guid = x.guid)) as n,
          (select count(*)::int from ${E} ev where not exists (select 1 from ${P} x where x.guid = ev.parcel_guid)) as orphans`,
        );
        expect(bad, p).toEqual({ n: 0, orphans: 0 });
        // barcodes: 2 letters, 8 digits and the S10 check digit
        const codes = await rows<{ barcode: string }>(db, sql`select barcode from ${P}`);
        expect(codes.filter((r) => !isValidS10(r.barcode))).toEqual([]);
      }
      // the stores hold the right ages
      const [ages] = await rows<{ live: number; arch: number; old: number }>(
        db,
        sql`select
        (select count(*)::int from parcels where create_date < now() - interval '180 days') as live,
        (select count(*)::int from parcels_archive where create_date >= now() - interval '180 days'
           or create_date < now() - interval '1825 days') as arch,
        (select count(*)::int from parcels_old_archive where create_date >= now() - interval '1825 days') as old`,
      );
      expect(ages).toEqual({ live: 0, arch: 0, old: 0 });

      // signatures are PNG images
      const sigs = await rows<{ image: Uint8Array }>(db, sql`select image from signatures limit 50`);
      expect(sigs.length).toBeGreaterThan(0);
      for (const s of sigs) expect(Buffer.from(s.image).subarray(0, 8).equals(PNG_MAGIC)).toBe(true);

      // the rest of the demo: registries, bags, companies, attendance, jobs, waybills, fines
      const [o] = await rows<Record<string, number>>(
        db,
        sql`select
        (select count(*)::int from registries where rg_name ~ '^RG-[0-9]{6}$') as registries,
        (select count(*)::int from registries) as "allRegistries",
        (select count(*)::int from registry_parcels) as "registryParcels",
        (select count(*)::int from bags where bag_name ~ '^BG-[0-9]{8}-[0-9]{4}$') as bags,
        (select count(*)::int from bag_parcels) as "bagParcels",
        (select count(*)::int from companies) as companies,
        (select count(*)::int from attendance) as attendance,
        (select count(*)::int from jobs) as jobs,
        (select count(*)::int from job_lines) as "jobLines",
        (select count(*)::int from courier_errors) as errors,
        (select count(*)::int from waybills where status in (1, 2)) as waybills,
        (select count(*)::int from waybills w join rs_waybills r on r.id = w.rs_id::int
           and r.status = w.status and r.ref = 'PO-' || w.parcel_guid) as "rsWaybills",
        (select count(*)::int from rs_messages) as "rsMessages",
        (select count(*)::int from parcels where parcel_type_id = 8696 and description like 'ჯარიმა №%') as fines,
        (select count(*)::int from parcels where deleted_at is not null and deleted_by is not null) as deleted`,
      );
      expect(o.registries).toBe(o.allRegistries);
      // the built-in revenue service holds each waybill, in the same status, under our reference
      expect(o.rsWaybills).toBe(o.waybills);
      for (const [k, v] of Object.entries(o)) expect(v, k).toBeGreaterThan(0);
      expect(o.companies).toBeGreaterThanOrEqual(25);

      // with the built-in revenue service the demo courier closes a seeded waybill of a parcel it holds
      // (another courier's waybill is refused: scope.courierNotHeld) and starts a new one
      const [active] = await rows<{ id: number; barcode: string; rsId: string }>(
        db,
        sql`select w.id, w.barcode, w.rs_id as "rsId" from waybills w join parcels p on p.guid = w.parcel_guid
            where w.status = 1 and p.deleted_at is null and p.courier_guid = ${sessions.courier.Id}::uuid
            order by w.id limit 1`,
      );
      const closed = await callAs(app, CloseWaybill, sessions.courier, { BarCode: active.barcode });
      expect(closed.Data, `${closed.Error ?? ''} ${JSON.stringify(closed)}`).toBe(active.id);
      const [rs] = await rows<{ status: number }>(
        db,
        sql`select status from rs_waybills where id = ${Number(active.rsId)}`,
      );
      expect(rs.status).toBe(2);
      const [fresh] = await rows<{ barcode: string }>(
        db,
        sql`select barcode from parcels where deleted_at is null and waybill_id is null
            and courier_guid is null and cur_status_id not in (8712, 8713, 8714)
            and sender_pid ~ '^([0-9]{9}|[0-9]{11})$' order by create_date desc limit 1`,
      );
      // a waybill goes with a parcel the courier holds: they pick it up first
      const picked = await callAs(app, MobSendJob, sessions.courier, {
        JobId: randomUUID(),
        Status: Status.Pickup,
        Ji: [{ Gui: randomUUID(), Barcode: fresh.barcode, Stack: false, Number: 1 }],
      });
      expect(picked.Data).toMatchObject({ Applied: 1 });
      const activated = await callAs(app, ActivateWaybillforSender, sessions.courier, {
        BarCode: fresh.barcode,
      });
      expect(activated.Data).toBeGreaterThan(active.id);

      // the next registry name continues after the seeded ones
      const [seq] = await rows<{ next: number }>(db, sql`select nextval('registry_seq')::int as next`);
      expect(seq.next).toBe(o.allRegistries + 1);
    },
  );
});
