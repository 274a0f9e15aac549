import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Code, Status } from '@po/contract';
import { GetBillJpgToBase64, GetSignatureToBase64, PostUploadBill } from '@po/contract/files';
import { useHarness } from '../../test/harness.ts';
import { callAs, makeOffice, makeParcel, signIn } from '../../test/factories.ts';
import { auditLog, scannedBills, signatures } from '../../db/schema.ts';

const harness = useHarness();
const h = {
  get app() {
    return harness().app;
  },
  get db() {
    return harness().db;
  },
};

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 0xff, 0xd9]);
const PDF = Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n', 'latin1');

async function withSignature(over: Parameters<typeof makeParcel>[1] = {}) {
  const p = await makeParcel(h.db, over);
  await h.db.insert(signatures).values({ parcelGuid: p.guid, barcode: p.barcode, image: PNG });
  return p;
}

describe('GetSignatureToBase64', () => {
  it('answers the delivery signature (0), the latest signature (1), and any in the file finder (-3)', async () => {
    const { session } = await signIn(h.app, h.db, { roleId: 100 });
    const delivered = await withSignature({ statuses: [Status.HandToCourier, Status.Delivered] });
    const refused = await withSignature({ statuses: [Status.HandToCourier, Status.RefusesPersonally] });
    const plain = await makeParcel(h.db);
    const b64 = PNG.toString('base64');
    expect(
      (await callAs(h.app, GetSignatureToBase64, session, { barcode: delivered.barcode, deliver: 0 })).Data,
    ).toBe(b64);
    expect(
      (await callAs(h.app, GetSignatureToBase64, session, { barcode: refused.barcode, deliver: 0 })).Data,
    ).toBe('');
    expect(
      (await callAs(h.app, GetSignatureToBase64, session, { barcode: refused.barcode, deliver: 1 })).Data,
    ).toBe(b64);
    expect(
      (await callAs(h.app, GetSignatureToBase64, session, { barcode: plain.barcode, deliver: 1 })).Data,
    ).toBe('');
    expect(
      (
        await callAs(h.app, GetSignatureToBase64, session, {
          barcode: ` ${refused.barcode.toLowerCase()}`,
          deliver: -3,
        })
      ).Data,
    ).toBe(b64);
    expect(
      (await callAs(h.app, GetSignatureToBase64, session, { barcode: 'NOSUCH00001', deliver: -3 })).Data,
    ).toBe('');
  });

  it('refuses a bad deliver value (400), no session (401), a courier (403), the file finder to non-admins (403)', async () => {
    const { session } = await signIn(h.app, h.db, { roleId: 100 });
    const p = await withSignature({ statuses: [Status.Delivered] });
    const bad = await callAs(h.app, GetSignatureToBase64, session, { barcode: p.barcode, deliver: 7 });
    expect(bad).toMatchObject({ Status: false, Code: Code.BadInput });
    expect(bad.Error).toContain('„ხელმოწერის სახე“');
    expect(await callAs(h.app, GetSignatureToBase64, session, { barcode: '', deliver: 0 })).toMatchObject({
      Code: Code.BadInput,
    });
    expect(await callAs(h.app, GetSignatureToBase64, null, { barcode: p.barcode, deliver: 0 })).toMatchObject(
      {
        Code: Code.Unauthorized,
      },
    );
    const { session: courier } = await signIn(h.app, h.db, { roleId: 106 });
    expect(
      await callAs(h.app, GetSignatureToBase64, courier, { barcode: p.barcode, deliver: 0 }),
    ).toMatchObject({
      Code: Code.Forbidden,
    });
    const { session: op } = await signIn(h.app, h.db, { roleId: 105 });
    const ff = await callAs(h.app, GetSignatureToBase64, op, { barcode: p.barcode, deliver: -3 });
    expect(ff).toMatchObject({ Status: false, Code: Code.Forbidden });
    expect(ff.Error).toMatch(/[ა-ჰ]/);
  });

  it('shows a corporate user only the signatures of their office’s parcels', async () => {
    const corporate = await makeOffice(h.db, { isCorporate: true });
    const own = await withSignature({ registeredOffice: corporate.guid, statuses: [Status.Delivered] });
    const foreign = await withSignature({
      registeredOffice: (await makeOffice(h.db)).guid,
      statuses: [Status.Delivered],
    });
    const { session } = await signIn(h.app, h.db, { roleId: 107, officeGuid: corporate.guid });
    expect(
      (await callAs(h.app, GetSignatureToBase64, session, { barcode: own.barcode, deliver: 0 })).Data,
    ).not.toBe('');
    expect(
      (await callAs(h.app, GetSignatureToBase64, session, { barcode: foreign.barcode, deliver: 0 })).Data,
    ).toBe('');
    await h.db.insert(scannedBills).values({ barcode: foreign.barcode, mime: 'image/png', image: PNG });
    expect((await callAs(h.app, GetBillJpgToBase64, session, { barcode: foreign.barcode })).Data).toBe('');
  });
});

describe('PostUploadBill and GetBillJpgToBase64', () => {
  it('uploads a JPEG, PNG or PDF for a parcel and reads the latest back', async () => {
    const { session } = await signIn(h.app, h.db, { roleId: 100 });
    const p = await makeParcel(h.db);
    expect((await callAs(h.app, GetBillJpgToBase64, session, { barcode: p.barcode })).Data).toBe('');
    for (const [file, mime] of [
      [PNG, 'image/png'],
      [PDF, 'application/pdf'],
      [JPEG, 'image/jpeg'],
    ] as const) {
      const up = await callAs(h.app, PostUploadBill, session, {
        Barcode: p.barcode,
        FileName: 'bill',
        Data: `data:${mime};base64,${file.toString('base64')}`,
      });
      expect(up.Status).toBe(true);
      expect(up.Data!.Ret).toBeGreaterThan(0);
      const [row] = await h.db.select().from(scannedBills).where(eq(scannedBills.id, up.Data!.Ret));
      expect(row.mime).toBe(mime);
    }
    expect((await callAs(h.app, GetBillJpgToBase64, session, { barcode: p.barcode })).Data).toBe(
      JPEG.toString('base64'),
    );
    expect(await h.db.select().from(auditLog).where(eq(auditLog.entity, 'scanned_bill'))).toHaveLength(3);
    // an archived parcel takes a bill too, and an operator of its circle reads it
    const old = await makeParcel(h.db, {
      tier: 'archive',
      createDate: new Date(Date.now() - 200 * 86_400_000),
    });
    expect(
      (await callAs(h.app, PostUploadBill, session, { Barcode: old.barcode, Data: PNG.toString('base64') }))
        .Status,
    ).toBe(true);
    const { session: op } = await signIn(h.app, h.db, { roleId: 105 });
    expect((await callAs(h.app, GetBillJpgToBase64, op, { barcode: old.barcode })).Data).toBe(
      PNG.toString('base64'),
    );
  });

  it('refuses other types, too large files, damaged data and unknown parcels in Georgian, writing nothing', async () => {
    const { session } = await signIn(h.app, h.db, { roleId: 100 });
    const p = await makeParcel(h.db);
    const gif = await callAs(h.app, PostUploadBill, session, {
      Barcode: p.barcode,
      Data: Buffer.from('GIF89a....').toString('base64'),
    });
    expect(gif).toMatchObject({ Status: false, Code: Code.BadInput });
    expect(gif.Error).toContain('JPEG');
    const big = Buffer.concat([JPEG.subarray(0, 4), Buffer.alloc(3 * 1024 * 1024 + 10)]);
    const tooBig = await callAs(h.app, PostUploadBill, session, {
      Barcode: p.barcode,
      Data: big.toString('base64'),
    });
    expect(tooBig).toMatchObject({ Status: false, Code: Code.BadInput });
    expect(tooBig.Error).toContain('3');
    const damaged = await callAs(h.app, PostUploadBill, session, {
      Barcode: p.barcode,
      Data: '@@not base64@@',
    });
    expect(damaged).toMatchObject({ Status: false, Code: Code.BadInput });
    expect(damaged.Error).toMatch(/[ა-ჰ]/);
    const missing = await callAs(h.app, PostUploadBill, session, { Barcode: p.barcode });
    expect(missing).toMatchObject({ Status: false, Code: Code.BadInput });
    expect(missing.Error).toContain('„ფაილი (სურათი ან PDF, არაუმეტეს 3 მბ)“');
    const unknown = await callAs(h.app, PostUploadBill, session, {
      Barcode: 'NOSUCH00001',
      Data: PNG.toString('base64'),
    });
    expect(unknown).toMatchObject({ Status: false, Code: Code.NotFound });
    expect(await h.db.select().from(scannedBills)).toHaveLength(0);
    expect(await h.db.select().from(auditLog).where(eq(auditLog.entity, 'scanned_bill'))).toHaveLength(0);
  });

  it('answers 401 without a session and 403 to non-administrators', async () => {
    const p = await makeParcel(h.db);
    const body = { Barcode: p.barcode, Data: PNG.toString('base64') };
    expect(await callAs(h.app, PostUploadBill, null, body)).toMatchObject({ Code: Code.Unauthorized });
    expect(await callAs(h.app, GetBillJpgToBase64, null, { barcode: p.barcode })).toMatchObject({
      Code: Code.Unauthorized,
    });
    for (const roleId of [105, 107, 104]) {
      const { session } = await signIn(h.app, h.db, { roleId });
      expect(await callAs(h.app, PostUploadBill, session, body)).toMatchObject({ Code: Code.Forbidden });
    }
    const { session: courier } = await signIn(h.app, h.db, { roleId: 106 });
    expect(await callAs(h.app, GetBillJpgToBase64, courier, { barcode: p.barcode })).toMatchObject({
      Code: Code.Forbidden,
    });
    expect(await h.db.select().from(scannedBills)).toHaveLength(0);
  });
});
