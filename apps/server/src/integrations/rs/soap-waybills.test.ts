/**
 * The SOAP waybill methods end to end: a courier's start and close through the app against a local
 * server that answers as rs.ge's WayBillService does (save_waybill, send_waybill, close_waybill,
 * del_waybill, get_waybill, get_waybills), including negative codes, a time-out after the service did
 * the work, malformed XML and the service going away mid-run.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ActivateWaybillforSender, CloseWaybill } from '@po/contract/waybills';
import { testConfig } from '../../config.ts';
import { courierErrors, rsMessages, waybills } from '../../db/schema.ts';
import { useHarness } from '../../test/harness.ts';
import { callAs, makeParcel, signIn } from '../../test/factories.ts';
import { startFakeWaybillService, type FakeWaybillService } from '../../test/rs-waybill-service.ts';
import { soapRs, waybillXml } from './soap.ts';

let fake: FakeWaybillService;
let url = '';
beforeAll(async () => {
  fake = await startFakeWaybillService();
  url = fake.url;
});
afterAll(() => fake.stop());

const config = () =>
  testConfig({
    RS_MODE: 'soap',
    RS_URL: url,
    RS_USER: 'svc:206322102',
    RS_PASSWORD: 'secret<&>',
    RS_TIMEOUT_MS: 400,
  });
const h = useHarness({ rs: () => soapRs(config()) });

beforeEach(() => fake.reset());

async function setup() {
  const c = await signIn(h().app, h().db, { roleId: 106 });
  // a waybill goes with a parcel the courier holds
  const p = await makeParcel(h().db, {
    senderPid: '204567890',
    receiverPid: '',
    description: 'წიგნი <A&B>',
    courierGuid: c.user.guid,
  });
  const start = (over: Record<string, unknown> = {}) =>
    callAs(h().app, ActivateWaybillforSender, c.session, {
      BarCode: p.barcode,
      Registry: 'RG-9',
      CarNumber: 'AA-001-AA',
      DriverId: '01024055123',
      ...over,
    });
  const close = (over: Record<string, unknown> = {}) =>
    callAs(h().app, CloseWaybill, c.session, { BarCode: p.barcode, ...over });
  return { ...c, p, start, close };
}
const errors = () => h().db.select().from(courierErrors);

describe('SOAP waybills', () => {
  it('start saves, sends and keeps the service id; close closes; credentials and the XML are proper', async () => {
    const { p, start, close } = await setup();
    const id = (await start()).Data!;
    expect(id).toBeGreaterThan(0);
    expect(fake.calls).toEqual(['get_waybills', 'save_waybill', 'send_waybill', 'get_waybill']);
    expect(fake.waybills).toMatchObject([{ status: 1, comment: `PO-${p.guid}` }]);
    const save = fake.bodies[1];
    expect(save).toContain('<su>svc:206322102</su><sp>secret&lt;&amp;&gt;</sp>');
    expect(save).toContain('<waybill><WAYBILL><GOODS_LIST>');
    expect(save).toContain('<W_NAME>წიგნი &lt;A&amp;B&gt;</W_NAME>');
    expect(save).toContain('<SELER_UN_ID>204567890</SELER_UN_ID>');
    const [w] = await h().db.select().from(waybills).where(eq(waybills.parcelGuid, p.guid));
    expect(w).toMatchObject({ id, status: 1, rsId: String(fake.waybills[0].id) });
    expect((await close()).Data).toBe(id);
    expect(fake.waybills[0].status).toBe(2);
    expect((await close({ IsRepied: true })).Data).toBe(id);
  });

  it('a save whose answer timed out is found again, never saved twice', async () => {
    const { start } = await setup();
    fake.faults.set('save_waybill', 'slow');
    const started = Date.now();
    expect((await start()).Data).toBe(-2);
    expect(Date.now() - started).toBeLessThan(1100);
    expect(fake.waybills).toMatchObject([{ status: 0 }]);
    const again = await start({ IsRepied: true });
    expect(again.Data).toBeGreaterThan(0);
    expect(fake.waybills).toHaveLength(1);
    expect(fake.waybills[0].status).toBe(1);
  });

  it('negative codes become -1 with Georgian text in the journals', async () => {
    const { start } = await setup();
    expect((await start({ DriverId: '01999999999' })).Data).toBe(-1);
    fake.faults.set('get_waybills', -1072);
    expect((await start()).Data).toBe(-1);
    const comments = (await errors()).map((e) => e.comment);
    expect(comments).toEqual(
      expect.arrayContaining([
        'შეცდომა -1009: მძღოლის პირადი ნომერი უცნობია',
        'შეცდომა -1072: შემოსავლების სამსახურმა მოთხოვნა არ მიიღო',
      ]),
    );
    expect(fake.waybills).toHaveLength(0);
    const messages = await h().db.select().from(rsMessages);
    expect(messages.every((m) => !m.ok)).toBe(true);
  });

  it('malformed XML and a service gone away are -2; the run resumes once it is back', async () => {
    const { p, start } = await setup();
    fake.faults.set('get_waybills', 'malformed');
    expect((await start()).Data).toBe(-2);
    fake.faults.set('send_waybill', 'down');
    expect((await start()).Data).toBe(-2);
    expect(fake.waybills).toMatchObject([{ status: 0 }]);
    const [w] = await h().db.select().from(waybills).where(eq(waybills.parcelGuid, p.guid));
    expect(w.status).toBe(0);
    expect((await start({ IsRepied: true })).Data).toBe(w.id);
    expect(fake.waybills).toMatchObject([{ status: 1 }]);
    expect((await errors()).map((e) => e.comment)).toEqual([
      'შემოსავლების სამსახურთან კავშირის პრობლემა',
      'შემოსავლების სამსახურთან კავშირის პრობლემა',
    ]);
  });

  it('a stopped service is -2 and nothing is saved; once it is back the same parcel gets one waybill', async () => {
    const { start, close } = await setup();
    await fake.stop();
    try {
      expect((await start()).Data).toBe(-2);
    } finally {
      await fake.start();
    }
    expect(fake.waybills).toHaveLength(0);
    expect(await h().db.select().from(waybills)).toHaveLength(0);
    const id = (await start({ IsRepied: true })).Data!;
    expect(id).toBeGreaterThan(0);
    await fake.stop();
    try {
      expect((await close()).Data).toBe(-2);
    } finally {
      await fake.start();
    }
    expect((await close({ IsRepied: true })).Data).toBe(id);
    expect(fake.waybills).toMatchObject([{ status: 2 }]);
  });

  it('waybillXml escapes every text and marks a buyer without a code unchecked', () => {
    const xml = waybillXml(
      {
        ref: 'PO-1',
        sellerTin: '204567890',
        buyerTin: '',
        driverTin: '01024055123',
        carNumber: 'AA-001-AA',
        startAddress: 'თბილისი, "A" & <B>',
        endAddress: 'ბათუმი',
        goods: { name: 'x', unit: 'ცალი', quantity: 2, price: 1.5 },
      },
      new Date('2026-11-23T10:00:00Z'),
    );
    expect(xml).toContain('<START_ADDRESS>თბილისი, &quot;A&quot; &amp; &lt;B&gt;</START_ADDRESS>');
    expect(xml).toContain('<CHEK_BUYER_TIN>0</CHEK_BUYER_TIN>');
    expect(xml).toContain('<FULL_AMOUNT>3.00</FULL_AMOUNT>');
    expect(xml).toContain('<BEGIN_DATE>2026-11-23T10:00:00</BEGIN_DATE>');
  });
});
