/**
 * The SOAP waybill methods end to end: a courier's start and close through the app against a local
 * server that answers as rs.ge's WayBillService does (save_waybill, send_waybill, close_waybill,
 * del_waybill, get_waybill, get_waybills), including negative codes, a time-out after the service did
 * the work, malformed XML and the service going away mid-run.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ActivateWaybillforSender, CloseWaybill } from '@po/contract/waybills';
import { testConfig } from '../../config.ts';
import { courierErrors, rsMessages, waybills } from '../../db/schema.ts';
import { useHarness } from '../../test/harness.ts';
import { callAs, makeParcel, signIn } from '../../test/factories.ts';
import { soapRs, waybillXml } from './soap.ts';

type Fault = 'none' | 'slow' | 'malformed' | 'down' | number;
interface FakeWaybill {
  id: number;
  status: number;
  number: string;
  comment: string;
  driver: string;
}
const fake = {
  waybills: [] as FakeWaybill[],
  nextId: 900001,
  /** the fault of the next call of a method (the service still does the work when slow) */
  faults: new Map<string, Fault>(),
  calls: [] as string[],
  bodies: [] as string[],
};

const envelope = (method: string, result: string) =>
  '<?xml version="1.0" encoding="utf-8"?>' +
  '<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/">' +
  `<soap:Body><${method}Response xmlns="http://tempuri.org/"><${method}Result>${result}</${method}Result></${method}Response></soap:Body></soap:Envelope>`;
const val = (xml: string, name: string) => new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml)?.[1] ?? '';
const node = (w: FakeWaybill) =>
  `<WAYBILL><ID>${w.id}</ID><STATUS>${w.status}</STATUS><WAYBILL_NUMBER>${w.number}</WAYBILL_NUMBER><COMMENT>${w.comment}</COMMENT></WAYBILL>`;

/** What the service does and answers for one call (the real service's rules, briefly). */
function serve(method: string, body: string): string {
  const id = Number(val(body, 'waybill_id'));
  const w = fake.waybills.find((x) => x.id === id);
  switch (method) {
    case 'save_waybill': {
      const xml = /<waybill>([\s\S]*)<\/waybill>/.exec(body)?.[1] ?? '';
      const driver = val(xml, 'DRIVER_TIN');
      if (driver !== '01024055123') return '<RESULT><STATUS>-1009</STATUS></RESULT>';
      const nw = { id: fake.nextId++, status: 0, number: '', comment: val(xml, 'COMMENT'), driver };
      fake.waybills.push(nw);
      return `<RESULT><STATUS>0</STATUS><ID>${nw.id}</ID></RESULT>`;
    }
    case 'send_waybill':
      if (!w) return '-1020';
      if (w.status !== 0) return '-1021';
      w.status = 1;
      w.number = `0${w.id}`;
      return w.number;
    case 'close_waybill':
      if (!w) return '-1020';
      if (w.status !== 1) return '-1021';
      w.status = 2;
      return '1';
    case 'del_waybill':
      if (!w) return '-1020';
      if (w.status === 2 || w.status < 0) return '-1021';
      w.status = w.status === 0 ? -1 : -2;
      return '1';
    case 'get_waybill':
      return w ? node(w) : '';
    case 'get_waybills': {
      const c = val(body, 'comment');
      return `<WAYBILL_LIST>${fake.waybills
        .filter((x) => x.comment === c)
        .map(node)
        .join('')}</WAYBILL_LIST>`;
    }
    default:
      return '-1';
  }
}

let server: http.Server;
let url = '';
beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      const method = String(req.headers.soapaction ?? '').replace(/^"http:\/\/tempuri.org\/|"$/g, '');
      fake.calls.push(method);
      fake.bodies.push(body);
      const fault = fake.faults.get(method) ?? 'none';
      fake.faults.delete(method);
      if (fault === 'down') {
        req.socket.destroy();
        return;
      }
      const result = typeof fault === 'number' ? String(fault) : serve(method, body);
      const reply =
        fault === 'malformed'
          ? `<soap:Envelope><soap:Body><${method}Result>${result}`
          : envelope(method, result);
      const send = () => {
        if (!res.destroyed) res.writeHead(200, { 'Content-Type': 'text/xml; charset=utf-8' }).end(reply);
      };
      if (fault === 'slow') setTimeout(send, 1200);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/WayBillService.asmx`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const config = () =>
  testConfig({
    RS_MODE: 'soap',
    RS_URL: url,
    RS_USER: 'svc:206322102',
    RS_PASSWORD: 'secret<&>',
    RS_TIMEOUT_MS: 400,
  });
const h = useHarness({ rs: () => soapRs(config()) });

beforeEach(() => {
  fake.waybills.length = 0;
  fake.faults.clear();
  fake.calls.length = 0;
  fake.bodies.length = 0;
});

async function setup() {
  const c = await signIn(h().app, h().db, { roleId: 106 });
  const p = await makeParcel(h().db, { senderPid: '204567890', receiverPid: '', description: 'წიგნი <A&B>' });
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
