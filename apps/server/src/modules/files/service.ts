/**
 * Signatures and scanned bills (spec 001 §2.9, §4, §7; DOMAIN.md "Files"). Reading answers the image as
 * base64 text ('' when there is none); the finders' users see only the parcels they may see.
 */
import { desc, eq, sql } from 'drizzle-orm';
import { Code, FAILURE_STATUSES, Group, Role, Status, cleanBarcode } from '@po/contract';
import { BILL_MAX_BYTES, Deliver, type Handover } from '@po/contract/files';
import { rows } from '../../db/client.ts';
import { scannedBills, signatures } from '../../db/schema.ts';
import { AppError, badInput, forbidden, notFound } from '../../http/errors.ts';
import { audit, type AuthedCtx } from '../../http/context.ts';
import { findByBarcode, tierTables } from '../parcels/core.ts';

const isAdmin = (ctx: AuthedCtx) => ctx.user.roleId === Role.Admin && !ctx.user.isCorporate;

/** The parcel of a barcode in any store (deleted too) if the user may see it. */
async function visibleParcel(ctx: AuthedCtx, barcode: string) {
  const found = await findByBarcode(ctx.db, ctx.scope, barcode, { includeDeleted: true });
  if (!found) return null;
  return found;
}

/** GetSignatureToBase64 (deliver 0, 1 or -3). */
export async function signature(
  ctx: AuthedCtx,
  input: { barcode: string; deliver: number },
): Promise<string> {
  if (input.deliver === Deliver.FileFinder && !isAdmin(ctx)) throw forbidden('files.fileFinderAdmin');
  const code = cleanBarcode(input.barcode);
  const found = await visibleParcel(ctx, code);
  if (!found) return '';
  if (input.deliver === Deliver.Delivered) {
    const e = tierTables[found.tier].events;
    const [r] = await rows<{ ok: boolean }>(
      ctx.db,
      sql`select exists(select 1 from ${e} e where e.parcel_guid = ${found.parcel.guid}
            and e.status_id = ${Status.Delivered}) as ok`,
    );
    if (!r?.ok) return '';
  }
  const [sig] = await ctx.db
    .select({ image: signatures.image })
    .from(signatures)
    .where(eq(signatures.parcelGuid, found.parcel.guid))
    .orderBy(desc(signatures.createdAt), desc(signatures.id))
    .limit(1);
  return sig ? sig.image.toString('base64') : '';
}

const NO_HANDOVER: Handover = {
  Found: false,
  Status: '',
  Date: null,
  Comment: '',
  CourierName: '',
  CourierLogin: '',
};
const OUTCOMES = sql.raw([Status.Delivered, ...FAILURE_STATUSES].map((n) => String(Math.trunc(n))).join(','));

/**
 * GetParcelHandover: the parcel's latest courier outcome (its status, time, the courier's comment and
 * name), or, without one, the courier holding the parcel; a parcel the caller may not see: NO_HANDOVER.
 */
export async function handover(ctx: AuthedCtx, input: { barcode: string }): Promise<Handover> {
  const found = await visibleParcel(ctx, cleanBarcode(input.barcode));
  if (!found) return NO_HANDOVER;
  const e = tierTables[found.tier].events;
  const [r] = await rows<{
    status: string | null;
    at: Date | null;
    comment: string | null;
    name: string | null;
    login: string | null;
  }>(
    ctx.db,
    sql`select s.name as status, o.created_at as at, o.comment, u.name, u.login
        from (select 1) one
        left join lateral (
          select e.status_id, e.created_at, e.comment, e.user_guid from ${e} e
          where e.parcel_guid = ${found.parcel.guid} and e.status_id in (${OUTCOMES})
          order by e.created_at desc, e.id desc limit 1
        ) o on true
        left join ref_items s on s.id = o.status_id and s.group_id = ${Group.Status}
        left join users u on u.guid = coalesce(o.user_guid, ${found.parcel.courierGuid}::uuid)`,
  );
  return {
    Found: true,
    Status: r?.status ?? '',
    Date: r?.at ? new Date(r.at).toISOString() : null,
    Comment: r?.comment ?? '',
    CourierName: r?.name || r?.login || '',
    CourierLogin: r?.login ?? '',
  };
}

/** GetBillJpgToBase64: the latest scanned bill of the barcode. */
export async function bill(ctx: AuthedCtx, input: { barcode: string }): Promise<string> {
  const code = cleanBarcode(input.barcode);
  if (!isAdmin(ctx) && !(await visibleParcel(ctx, code))) return '';
  const [b] = await ctx.db
    .select({ image: scannedBills.image })
    .from(scannedBills)
    .where(eq(scannedBills.barcode, code))
    .orderBy(desc(scannedBills.createdAt), desc(scannedBills.id))
    .limit(1);
  return b ? b.image.toString('base64') : '';
}

/** The type of a file from its first bytes (JPEG, PNG, PDF), or null. */
export function sniff(buf: Buffer): 'image/jpeg' | 'image/png' | 'application/pdf' | null {
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'image/jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (buf.length >= 8 && png.every((b, i) => buf[i] === b)) return 'image/png';
  if (buf.length >= 5 && buf.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  return null;
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** PostUploadBill: checks size and type, ties the file to the parcel, records it with an audit entry. */
export async function uploadBill(
  ctx: AuthedCtx,
  input: { Barcode: string; FileName: string; Data: string },
): Promise<{ Ret: number }> {
  const text = input.Data.replace(/^data:[^,]*,/, '').replace(/\s+/g, '');
  if (!text || !BASE64.test(text) || text.length % 4 !== 0)
    throw badInput('files.badData', { field: 'Data' });
  const buf = Buffer.from(text, 'base64');
  if (buf.length > BILL_MAX_BYTES) throw badInput('files.tooBig', { field: 'Data' });
  const mime = sniff(buf);
  if (!mime) throw badInput('files.badType', { field: 'Data' });
  const code = cleanBarcode(input.Barcode);
  const found = await findByBarcode(ctx.db, ctx.scope, code, { includeDeleted: true });
  if (!found) throw notFound('parcels.notFound', { barcode: code });
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(scannedBills)
      .values({ parcelGuid: found.parcel.guid, barcode: code, mime, image: buf, uploadedBy: ctx.user.guid })
      .returning({ id: scannedBills.id });
    if (!row) throw new AppError(Code.Internal, 'http.internal');
    await audit(tx, ctx, {
      action: 'upload',
      entity: 'scanned_bill',
      entityId: String(row.id),
      after: { barcode: code, parcel: found.parcel.guid, mime, bytes: buf.length, fileName: input.FileName },
    });
    return { Ret: row.id };
  });
}
