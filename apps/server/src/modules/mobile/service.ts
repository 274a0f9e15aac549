/**
 * The courier's mobile mode (spec 003; DOMAIN.md "Couriers and their jobs"): the job, the scan checks and
 * the journals. A job is one transaction: its JobId row is inserted first (a second copy waits on that
 * row, then finds it and answers the stored answer), every parcel is locked in barcode order and each
 * status change is appended through the parcels core; lines that cannot apply go to the error journal.
 */
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import {
  Code,
  FAILURE_STATUSES,
  Group,
  Status,
  formatMessage,
  tbilisiDay,
  tbilisiDayStart,
  cleanBarcode,
} from '@po/contract';
import { MobileLimits, REGISTRY_PREFIX, type MobSendJob } from '@po/contract/mobile';
import type { CallData, CallParsed } from '@po/contract';
import { audit, type AuthedCtx } from '../../http/context.ts';
import { AppError, badInput, forbidden } from '../../http/errors.ts';
import { rows, type DbOrTx, type Tx } from '../../db/client.ts';
import { tableName } from '../../db/statement.ts';
import {
  courierErrors,
  jobLines,
  jobs,
  parcels,
  registries,
  registryParcels,
  signatures,
} from '../../db/schema.ts';
import { appendEvents, findByBarcode, lockLive, type ParcelRow } from '../parcels/core.ts';
import { sniff } from '../files/service.ts';
import { checkPhotos } from '../proof/images.ts';
import { enforceRules, keepJobPhotos } from '../proof/service.ts';

type JobInput = CallParsed<typeof MobSendJob>;
type JobAnswer = CallData<typeof MobSendJob>;
type LineError = JobAnswer['Errors'][number];

const SOURCE = { scanner: 'სკანერი', qr: 'QR' } as const;
const DAY_MS = 86_400_000;
/** parcels per UPDATE/INSERT of a job */
const BATCH = 500;

/** The signature of a job as image bytes, or a 400 when it is not a PNG or JPEG. */
function decodeSignature(b64: string): Buffer {
  const bare = b64.replace(/^data:image\/[a-z+.-]+;base64,/i, '').replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(bare)) throw badInput('mobile.signatureBad', { field: 'ImageB64' });
  const buf = Buffer.from(bare, 'base64');
  const type = sniff(buf);
  if (type !== 'image/png' && type !== 'image/jpeg')
    throw badInput('mobile.signatureBad', { field: 'ImageB64' });
  return buf;
}

/** Checks what the phone checks before sending (spec 003 §5 "Sending"); nothing is written on failure. */
function checkJob(input: JobInput): Buffer | null {
  const status = input.Status;
  if (status === 0) throw badInput('mobile.chooseStatus', { field: 'Status' });
  const needsComment = status === Status.Delivered || FAILURE_STATUSES.includes(status);
  if (needsComment && input.Comment.length < MobileLimits.commentMin)
    throw badInput('mobile.commentMin', { field: 'Comment' });
  const image = input.ImageB64.trim();
  if (status === Status.Delivered && image.length < MobileLimits.signatureMin)
    throw badInput('mobile.signatureRequired', { field: 'ImageB64' });
  // A signature is kept for a handover, a refusal signed on the phone and a hand to courier signed there.
  if (image.length >= MobileLimits.signatureMin && (needsComment || status === Status.HandToCourier))
    return decodeSignature(image);
  return null;
}

interface Target {
  barcode: string;
  registry: string;
  registryId: number | null;
  source: string;
  gui: string;
}

/** The parcels a job names: single barcodes, and the parcels of each registry line (or its error). */
async function expand(
  tx: Tx,
  input: JobInput,
): Promise<{ targets: Target[]; registryErrors: Array<Target & { error: string }> }> {
  const targets: Target[] = [];
  const registryErrors: Array<Target & { error: string }> = [];
  for (const line of input.Ji) {
    const code = cleanBarcode(line.Barcode);
    const isRegistry = line.Stack || code.startsWith(REGISTRY_PREFIX);
    if (!isRegistry) {
      targets.push({
        barcode: code,
        registry: '',
        registryId: null,
        source: line.Source || SOURCE.scanner,
        gui: line.Gui,
      });
      continue;
    }
    const list = await rows<{ id: number; barcode: string | null }>(
      tx,
      sql`select r.id, rp.barcode from ${registries} r
          left join ${registryParcels} rp on rp.registry_id = r.id
          where r.rg_name = ${code} order by rp.position, rp.barcode`,
    );
    const base = {
      barcode: code,
      registry: code,
      registryId: null,
      source: line.Source || SOURCE.qr,
      gui: line.Gui,
    };
    if (list.length === 0) {
      registryErrors.push({ ...base, error: formatMessage('mobile.registryUnknown', { registry: code }) });
      continue;
    }
    const parcelsOf = list.filter((r) => r.barcode);
    if (parcelsOf.length === 0) {
      registryErrors.push({ ...base, error: formatMessage('mobile.registryEmpty', { registry: code }) });
      continue;
    }
    for (const r of parcelsOf)
      targets.push({ ...base, barcode: cleanBarcode(r.barcode!), registryId: list[0].id });
  }
  // A parcel named twice (or also inside a registry) is applied once: the first mention wins.
  const seen = new Set<string>();
  return {
    targets: targets.filter((t) => (seen.has(t.barcode) ? false : (seen.add(t.barcode), true))),
    registryErrors,
  };
}

/** The latest event's user and whether a delivery exists, for each parcel. */
async function eventFacts(tx: DbOrTx, guids: string[]) {
  const facts = new Map<string, { lastUser: string | null; delivered: boolean }>();
  if (guids.length === 0) return facts;
  const list = await rows<{ guid: string; last_user: string | null; delivered: boolean }>(
    tx,
    sql`select parcel_guid as guid,
               (array_agg(user_guid order by created_at desc, id desc))[1] as last_user,
               bool_or(status_id = ${Status.Delivered}) as delivered
        from parcel_events
        where parcel_guid in (${sql.join(
          guids.map((g) => sql`${g}::uuid`),
          sql`, `,
        )})
        group by parcel_guid`,
  );
  for (const r of list) facts.set(r.guid, { lastUser: r.last_user, delivered: r.delivered });
  return facts;
}

/** Why a line's parcel cannot take the job's status, as a message key (its parameter the barcode); null when it can. */
function refusalOf(
  parcel: ParcelRow,
  status: number,
  courier: string,
  facts: { lastUser: string | null; delivered: boolean } | undefined,
): 'mobile.alreadyDelivered' | 'mobile.alreadyDone' | null {
  if (parcel.curStatusId === Status.Delivered || facts?.delivered) return 'mobile.alreadyDelivered';
  if (parcel.curStatusId === status && (facts?.lastUser ?? null) === courier) return 'mobile.alreadyDone';
  return null;
}

/** Why the scope refuses this courier the parcel with this status (pickup, or a parcel they hold), or null. */
function actRefusal(ctx: AuthedCtx, parcel: ParcelRow, status: number): string | null {
  try {
    ctx.scope.checkAct(parcel, status);
    return null;
  } catch (err) {
    if (err instanceof AppError) return err.text();
    throw err;
  }
}

/**
 * A job's lines, each either to apply or refused with its reason: the live parcels the courier may see
 * are locked in barcode order (two jobs over the same parcels never wait on each other in a circle);
 * the rest say why (unknown, deleted, archived) the way the parcels core says it.
 */
async function sortLines(tx: Tx, ctx: AuthedCtx, input: JobInput) {
  const status = input.Status;
  const courier = ctx.user.guid;
  const { targets, registryErrors } = await expand(tx, input);
  const errors: Array<Target & { error: string }> = [...registryErrors];
  const applied: Array<Target & { parcel: ParcelRow }> = [];

  // Lock the live parcels in barcode order (two jobs over the same parcels never wait on each other in a circle).
  const byCode = new Map<string, ParcelRow>();
  // the parcels this courier may see (a parcel outside the scope answers as an unknown barcode)
  const visible = ctx.scope.where(tableName(parcels)) ?? undefined;
  const codes = [...new Set(targets.map((t) => t.barcode))].sort();
  if (codes.length) {
    const locked = await tx
      .select()
      .from(parcels)
      .where(
        and(
          sql`${parcels.barcode} in (${sql.join(
            codes.map((c) => sql`${c}`),
            sql`, `,
          )})`,
          isNull(parcels.deletedAt),
          visible,
        ),
      )
      .orderBy(parcels.barcode)
      .for('update');
    for (const p of locked) byCode.set(p.barcode, p);
  }
  const facts = await eventFacts(
    tx,
    [...byCode.values()].map((p) => p.guid),
  );

  for (const t of targets) {
    let parcel = byCode.get(t.barcode);
    if (!parcel) {
      // Not live: say why (unknown, deleted, archived) the way the core says it.
      try {
        parcel = await lockLive(tx, ctx.scope, { barcode: t.barcode });
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        errors.push({ ...t, error: err.text() });
        continue;
      }
    }
    const key = refusalOf(parcel, status, courier, facts.get(parcel.guid));
    const why = key ? formatMessage(key, { barcode: parcel.barcode }) : actRefusal(ctx, parcel, status);
    if (why) {
      errors.push({ ...t, error: why });
      continue;
    }
    applied.push({ ...t, parcel });
  }

  return { applied, errors };
}

/**
 * MobSendJob: applies the job once. Validation first (400, nothing written); then, in one transaction,
 * the job row (keyed by JobId), each parcel's event through the parcels core, the signature for a
 * handover, the job's lines and the error journal's rows, and one audit record.
 */
export async function sendJob(ctx: AuthedCtx, input: JobInput): Promise<JobAnswer> {
  const image = checkJob(input);
  // the photos checked by their content before anything is written (issue 40)
  const photos = await checkPhotos(input.Photos);
  const status = input.Status;
  const courier = ctx.user.guid;
  return ctx.db.transaction(async (tx) => {
    const inserted = await tx
      .insert(jobs)
      .values({
        jobId: input.JobId,
        userGuid: courier,
        operType: status,
        comment: input.Comment,
        mobile: input.Mobile,
        carNumber: input.CarNumber,
        driverId: input.DriverId,
        lat: input.lat ?? null,
        lng: input.lng ?? null,
        deviceTime: input.Dt ?? null,
      })
      .onConflictDoNothing()
      .returning({ jobId: jobs.jobId });
    if (inserted.length === 0) {
      const [prev] = await tx.select().from(jobs).where(eq(jobs.jobId, input.JobId));
      if (!prev || prev.userGuid !== courier) throw forbidden('mobile.jobForeign');
      const stored = (prev.response ?? {
        Ret: 1,
        Applied: prev.applied,
        Failed: prev.failed,
        Errors: [],
      }) as Omit<JobAnswer, 'JobId' | 'Repeated'>;
      return { ...stored, JobId: input.JobId, Repeated: true };
    }

    // the proof the rules ask for this operation and reason (a refusal rolls the job row back)
    await enforceRules(tx, status, { signature: !!image, photos: photos.length });
    const { applied, errors } = await sortLines(tx, ctx, input);
    const device = input.Mobile || null;

    // Every status change through the parcels core, in batches (one UPDATE and one INSERT each).
    const holds = status === Status.Pickup || status === Status.HandToCourier;
    for (let i = 0; i < applied.length; i += BATCH) {
      const part = applied.slice(i, i + BATCH);
      await appendEvents(tx, ctx.scope, part, {
        statusId: status,
        comment: input.Comment,
        lat: input.lat ?? null,
        lng: input.lng ?? null,
        deviceTime: input.Dt ?? null,
        mobile: device,
        jobId: input.JobId,
        set: holds ? { courierGuid: courier } : undefined,
      });
      if (image) {
        const mime = sniff(image) ?? 'image/png';
        await tx.insert(signatures).values(
          part.map((a) => ({
            parcelGuid: a.parcel.guid,
            barcode: a.parcel.barcode,
            mime,
            image,
            jobId: input.JobId,
          })),
        );
      }
    }

    await keepJobPhotos(
      tx,
      ctx.config,
      { jobId: input.JobId, status, userGuid: courier },
      applied.map((a) => a.parcel.guid),
      photos,
    );

    const lineRows = [
      ...applied.map((a) => ({
        jobId: input.JobId,
        gui: a.gui,
        barcode: a.parcel.barcode,
        stack: !!a.registry,
        applied: true,
        source: a.source,
        registry: a.registry,
      })),
      ...errors.map((e) => ({
        jobId: input.JobId,
        gui: e.gui,
        barcode: e.barcode,
        stack: !!e.registry,
        applied: false,
        error: e.error,
        source: e.source,
        registry: e.registry,
      })),
    ];
    for (let i = 0; i < lineRows.length; i += 500)
      await tx.insert(jobLines).values(lineRows.slice(i, i + 500));
    if (errors.length) {
      await tx.insert(courierErrors).values(
        errors.map((e) => ({
          userGuid: courier,
          // a registry's own error has no parcel barcode: the registry column names it
          barcode: e.registry && e.barcode === e.registry ? '' : e.barcode,
          source: e.source,
          comment: e.error,
          registry: e.registry,
          jobId: input.JobId,
        })),
      );
    }
    const Errors: LineError[] = errors.map((e) => ({
      Barcode: e.registry && e.barcode === e.registry ? '' : e.barcode,
      Registry: e.registry,
      Error: e.error,
    }));
    const answer = { Ret: 1, Applied: applied.length, Failed: errors.length, Errors };
    await tx
      .update(jobs)
      .set({ applied: applied.length, failed: errors.length, response: answer })
      .where(eq(jobs.jobId, input.JobId));
    await audit(tx, ctx, {
      action: 'mobile.job',
      entity: 'job',
      entityId: input.JobId,
      after: {
        status,
        applied: applied.length,
        failed: errors.length,
        signed: !!image,
        photos: photos.map((p) => p.hash),
      },
    });
    return { ...answer, JobId: input.JobId, Repeated: false };
  });
}

/** CheckBarcode: 2 when a live, not deleted parcel has the code, 1 otherwise. */
export async function checkBarcode(ctx: AuthedCtx, input: { Barcode: string }): Promise<number> {
  const found = await findByBarcode(ctx.db, ctx.scope, input.Barcode, { tiers: ['live'] });
  return found ? 2 : 1;
}

/**
 * CheckJobParcel: what a job of `Status` would do with the parcel, asked before it is listed. A parcel
 * the courier may not see, or may not take because another courier holds it, answers as an unknown one.
 * Status 0 (a status change before the reason is chosen) is checked as any failure reason.
 */
export async function checkJobParcel(
  ctx: AuthedCtx,
  input: { Barcode: string; Status: number },
): Promise<{ Ret: number; Refusal: string }> {
  const found = await findByBarcode(ctx.db, ctx.scope, input.Barcode, { tiers: ['live'] });
  if (!found) return { Ret: 1, Refusal: '' };
  const parcel = found.parcel;
  const facts = await eventFacts(ctx.db, [parcel.guid]);
  const key = refusalOf(parcel, input.Status, ctx.user.guid, facts.get(parcel.guid));
  if (key) return { Ret: 2, Refusal: key };
  const refusal = ctx.scope.actRefusal(parcel, input.Status || FAILURE_STATUSES[0]);
  if (refusal?.code === Code.NotFound) return { Ret: 1, Refusal: '' };
  return { Ret: 2, Refusal: refusal?.key ?? '' };
}

/** ` and <the scope's condition on p>`, or nothing when the courier sees every parcel. */
function scoped(ctx: AuthedCtx): SQL {
  const visible = ctx.scope.where('p');
  return visible ? sql` and ${visible}` : sql``;
}

/** CheckRegitry: the number of parcels in the registry, 0 when it is unknown. */
export async function checkRegistry(ctx: AuthedCtx, input: { Qrode: string }): Promise<number> {
  const [r] = await rows<{ n: number }>(
    ctx.db,
    sql`select count(p.guid)::int as n from ${registries} r
        left join ${registryParcels} rp on rp.registry_id = r.id
        left join parcels p on p.guid = rp.parcel_guid${scoped(ctx)}
        where r.rg_name = ${cleanBarcode(input.Qrode)}`,
  );
  return r?.n ?? 0;
}

/** GetRegList: the registry's barcodes in its order. */
export async function regList(ctx: AuthedCtx, input: { RegName: string }) {
  const code = cleanBarcode(input.RegName);
  const list = await rows<{ barcode: string }>(
    ctx.db,
    sql`select rp.barcode from ${registries} r
        join ${registryParcels} rp on rp.registry_id = r.id
        join parcels p on p.guid = rp.parcel_guid${scoped(ctx)}
        where r.rg_name = ${code} order by rp.position, rp.barcode`,
  );
  return list.map((r) => ({ Registry: code, Barcode: r.barcode }));
}

/** The Tbilisi day of `dt` as [start, end). */
function dayRange(dt: Date): [Date, Date] {
  const start = tbilisiDayStart(tbilisiDay(dt));
  return [start, new Date(start.getTime() + DAY_MS)];
}
const iso = (d: Date | string) => new Date(d).toISOString();

/** ERRMessageList: the courier's error journal of the day. */
export async function errorJournal(ctx: AuthedCtx, input: { Dt: Date }) {
  const [from, to] = dayRange(input.Dt);
  const list = await rows<{
    id: number;
    barcode: string;
    source: string;
    comment: string;
    registry: string;
    at: Date;
  }>(
    ctx.db,
    sql`select id::int as id, barcode, source, comment, registry, created_at as at from ${courierErrors}
        where user_guid = ${ctx.user.guid} and created_at >= ${from.toISOString()} and created_at < ${to.toISOString()}
        order by created_at desc, id desc`,
  );
  return list.map((r) => ({
    Id: r.id,
    Barcode: r.barcode,
    Source: r.source,
    Time: iso(r.at),
    Comment: r.comment,
    Registry: r.registry,
  }));
}

/** RsMessageList: the courier's transport (waybill) journal of the day. */
export async function transportJournal(ctx: AuthedCtx, input: { Type: number; Dt: Date }) {
  const [from, to] = dayRange(input.Dt);
  const list = await rows<{ id: number; barcode: string; comment: string; registry: string; at: Date }>(
    ctx.db,
    sql`select id::int as id, barcode, comment, registry, created_at as at from rs_messages
        where user_guid = ${ctx.user.guid} and type = ${input.Type}
          and created_at >= ${from.toISOString()} and created_at < ${to.toISOString()}
        order by created_at desc, id desc`,
  );
  return list.map((r) => ({
    Id: r.id,
    Barcode: r.barcode,
    Comment: r.comment,
    Time: iso(r.at),
    Registry: r.registry,
  }));
}

/** GetStatusMessages: the statuses the courier set that day. */
export async function statusJournal(ctx: AuthedCtx, input: { Dt: Date }) {
  const [from, to] = dayRange(input.Dt);
  const list = await rows<{ id: number; barcode: string; status: string | null; comment: string; at: Date }>(
    ctx.db,
    sql`select e.id::int as id, p.barcode, s.name as status, e.comment, e.created_at as at
        from parcel_events e
        join parcels p on p.guid = e.parcel_guid
        left join ref_items s on s.id = e.status_id and s.group_id = ${Group.Status}
        where e.user_guid = ${ctx.user.guid}
          and e.created_at >= ${from.toISOString()} and e.created_at < ${to.toISOString()}
        order by e.created_at desc, e.id desc`,
  );
  return list.map((r) => ({
    Id: r.id,
    Barcode: r.barcode,
    Status: r.status ?? '',
    Time: iso(r.at),
    Comment: r.comment,
  }));
}
