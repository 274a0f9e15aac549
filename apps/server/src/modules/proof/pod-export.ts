/**
 * The bulk proof of delivery (issue 40; contract: proof/export.ts). `startPodExport` records the
 * export (state `running`) in the request's transaction and starts the work in the background of this
 * process; the work finds the office's parcels delivered in the range through the parcels' scope
 * condition, draws a page per parcel (pod-page.ts) into a file under DATA_DIR/pod-exports (a PDF, or a
 * ZIP of one PDF per parcel), writing its progress to the row as it goes, so any process answers
 * `GetPodExport`. The row and the file are removed by the housekeeping a day later; a running export
 * whose row has not moved for STALE_MS (its process stopped) answers `failed`.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { and, eq, lt, sql } from 'drizzle-orm';
import { Zip, ZipPassThrough } from 'fflate';
import { Role, Status, formatMessage } from '@po/contract';
import {
  GetPodExportFile,
  POD_KEEP_HOURS,
  POD_MAX_PARCELS,
  type PodExportState,
} from '@po/contract/proof/export';
import { dayRangeInstants, reportDays } from '@po/contract/reports';
import { rows, type Db } from '../../db/client.ts';
import { podExports, signatures } from '../../db/schema.ts';
import type { Lists } from '../../db/list-cache.ts';
import { audit, type AuthedCtx } from '../../http/context.ts';
import type { Config } from '../../config.ts';
import { AppError, badInput, conflict, notFound } from '../../http/errors.ts';
import { FileAnswer } from '../../http/file-answer.ts';
import { finish, newDocument, type PdfDoc } from '../../lib/pdf.ts';
import { TIERS, tierTables, type Tier } from '../parcels/core.ts';
import type { ParcelScope } from '../parcels/scope.ts';
import { placeOf } from '../labels/service.ts';
import { photoTables } from './service.ts';
import { photoStore } from '../../lib/photo-store.ts';
import { drawEmptyPage, drawPodPage, type PodHeader, type PodParcel } from './pod-page.ts';

/** A running export not updated for this long was interrupted (its process stopped). */
export const STALE_MS = 5 * 60_000;
/** Parcels drawn between two progress writes. */
const CHUNK = 50;

type Row = typeof podExports.$inferSelect;

/** What the background work needs: the database, the settings, the lists, the caller's scope. */
export interface PodWork {
  db: Db;
  config: Config;
  lists: Lists;
  scope: ParcelScope;
  log: (err: unknown) => void;
}

/** The exports under way in this process (the server waits for them when it closes). */
export const podRuns = new Set<Promise<void>>();

const dirOf = (config: Pick<Config, 'DATA_DIR'>) => path.join(config.DATA_DIR, 'pod-exports');

/** The office if the caller may export it: any for an administrator, its own (or one under it) for a client. */
async function allowedOffice(ctx: Pick<AuthedCtx, 'user' | 'lists'>, officeGuid: string) {
  const office = (await ctx.lists.offices()).get(officeGuid);
  if (!office) return null;
  const u = ctx.user;
  if (u.roleId === Role.Admin && !u.isCorporate) return office;
  if (!u.isCorporate || !u.officeGuid) return null;
  return office.guid === u.officeGuid || office.distributionCenter === u.officeGuid ? office : null;
}

/** PodExport: records the export and starts it; answers its id. */
export async function startPodExport(
  ctx: AuthedCtx,
  input: { StartDate: Date; EndDate: Date; OfficeGUID: string; Format: 'pdf' | 'zip' },
  log: (err: unknown) => void,
): Promise<{ Id: string }> {
  const office = await allowedOffice(ctx, input.OfficeGUID);
  if (!office) throw notFound('proof.exportOfficeNotFound');
  const { from, to } = reportDays(input.StartDate, input.EndDate);
  const row = await ctx.db.transaction(async (tx) => {
    const [r] = await tx
      .insert(podExports)
      .values({
        officeGuid: office.guid,
        requestedBy: ctx.user.guid,
        startDay: from,
        endDay: to,
        format: input.Format,
      })
      .returning();
    await audit(tx, ctx, { action: 'PodExport', entity: 'pod_exports', entityId: r.id, after: r });
    return r;
  });
  const work: PodWork = { db: ctx.db, config: ctx.config, lists: ctx.lists, scope: ctx.scope, log };
  const run = runPodExport(work, row).finally(() => podRuns.delete(run));
  podRuns.add(run);
  return { Id: row.id };
}

/** The export if the caller may see it (an administrator: any; a client: its office's), else 404. */
async function visibleExport(ctx: AuthedCtx, id: string): Promise<Row> {
  const [r] = await ctx.db.select().from(podExports).where(eq(podExports.id, id));
  if (!r || !(await allowedOffice(ctx, r.officeGuid))) throw notFound('proof.exportNotFound');
  return r;
}

const expiresAt = (r: Row) => new Date(r.createdAt.getTime() + POD_KEEP_HOURS * 3_600_000);

/** GetPodExport: the state, progress and, when ready, the download address. */
export async function podExportState(ctx: AuthedCtx, id: string): Promise<PodExportState> {
  let r = await visibleExport(ctx, id);
  if (r.state === 'running' && Date.now() - r.updatedAt.getTime() > STALE_MS) {
    r = (await failExport(ctx.db, r.id, 'proof.exportInterrupted')) ?? r;
  }
  const ready = r.state === 'ready';
  return {
    Id: r.id,
    State: r.state as PodExportState['State'],
    Format: r.format as PodExportState['Format'],
    OfficeGUID: r.officeGuid,
    StartDate: r.startDay,
    EndDate: r.endDay,
    Done: r.done,
    Total: r.total,
    Progress: ready ? 100 : r.total ? Math.floor((100 * r.done) / r.total) : 0,
    Url: ready ? `${GetPodExportFile.path}?ID=${r.id}` : null,
    Bytes: ready ? r.bytes : null,
    Error: r.error ? formatMessage(r.error, {}, 'ka') : '',
    CreatedAt: r.createdAt.toISOString(),
    ExpiresAt: expiresAt(r).toISOString(),
  };
}

/** GetPodExportFile: the ready file. */
export async function podExportFile(ctx: AuthedCtx, id: string): Promise<FileAnswer> {
  const r = await visibleExport(ctx, id);
  if (r.state !== 'ready' || !r.fileName) throw conflict('proof.exportNotReady');
  const file = path.join(dirOf(ctx.config), r.fileName);
  const size = await stat(file).then(
    (s) => s.size,
    () => null,
  );
  if (size == null) throw notFound('proof.exportExpired');
  const type = r.format === 'zip' ? 'application/zip' : 'application/pdf';
  return new FileAnswer(createReadStream(file), type, `pod-${r.startDay}-${r.endDay}.${r.format}`, 0, size);
}

async function failExport(db: Db, id: string, key: string): Promise<Row | undefined> {
  const [r] = await db
    .update(podExports)
    .set({ state: 'failed', error: key, finishedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(podExports.id, id), eq(podExports.state, 'running')))
    .returning();
  return r;
}

interface Found {
  tier: Tier;
  guid: string;
  barcode: string;
  receiver_name: string;
  receiver_city_id: number | null;
  receiver_village_id: number | null;
  receiver_address: string;
  receiver_post_code: string;
  sender_name: string;
  delivered_at: Date | string;
  lat: number | null;
  lng: number | null;
  courier: string | null;
}

/** The office's parcels delivered in [from, until) that the scope sees, in one tier. */
async function deliveredIn(
  work: PodWork,
  tier: Tier,
  office: string,
  from: Date,
  until: Date,
): Promise<Found[]> {
  const t = tierTables[tier];
  const visible = work.scope.where('p', tier);
  const found = await rows<Omit<Found, 'tier'>>(
    work.db,
    sql`select p.guid, p.barcode, p.receiver_name, p.receiver_city_id, p.receiver_village_id,
          p.receiver_address, p.receiver_post_code, p.sender_name,
          d.created_at as delivered_at, d.lat, d.lng, coalesce(nullif(u.name, ''), u.login) as courier
        from ${t.parcels} p
        join lateral (
          select e.created_at, e.lat, e.lng, e.user_guid from ${t.events} e
          where e.parcel_guid = p.guid and e.status_id = ${Status.Delivered}
          order by e.created_at desc, e.id desc limit 1
        ) d on true
        left join users u on u.guid = d.user_guid
        where (p.registered_office = ${office}::uuid
            or p.registered_office in (select o.guid from offices o where o.distribution_center = ${office}::uuid))
          and p.deleted_at is null and p.create_date < ${until}
          and d.created_at >= ${from} and d.created_at < ${until}
          ${visible ? sql`and (${visible})` : sql``}`,
  );
  return found.map((f) => ({ tier, ...f }));
}

/** The latest signature of each parcel. */
async function signaturesOf(db: Db, guids: string[]): Promise<Map<string, Buffer>> {
  if (!guids.length) return new Map();
  const list = sql.join(
    guids.map((g) => sql`${g}::uuid`),
    sql`, `,
  );
  const found = await rows<{ parcel_guid: string; image: Buffer | Uint8Array }>(
    db,
    sql`select distinct on (parcel_guid) parcel_guid, image from ${signatures}
        where parcel_guid in (${list}) order by parcel_guid, created_at desc, id desc`,
  );
  return new Map(found.map((r) => [r.parcel_guid, Buffer.from(r.image)]));
}

/** The photos taken with each parcel's delivery (status 8712), at most three, oldest first. */
async function photosOfDelivery(work: PodWork, found: Found[]): Promise<Map<string, Buffer[]>> {
  const out = new Map<string, Buffer[]>();
  const store = photoStore(work.config);
  for (const tier of TIERS) {
    const guids = found.filter((f) => f.tier === tier).map((f) => f.guid);
    if (!guids.length) continue;
    const list = sql.join(
      guids.map((g) => sql`${g}::uuid`),
      sql`, `,
    );
    const links = await rows<{ parcel_guid: string; hash: string }>(
      work.db,
      sql`select parcel_guid, hash from ${photoTables[tier]}
          where parcel_guid in (${list}) and status_id = ${Status.Delivered}
          order by parcel_guid, created_at, job_id, position`,
    );
    for (const l of links) {
      const have = out.get(l.parcel_guid) ?? [];
      if (have.length >= 3) continue;
      const bytes = await store.get(l.hash);
      if (bytes) out.set(l.parcel_guid, [...have, bytes]);
    }
  }
  return out;
}

/** The parcels of an export, in delivery order. */
async function parcelsOf(work: PodWork, r: Row): Promise<Found[]> {
  const { from, until } = dayRangeInstants(r.startDay, r.endDay);
  const all = (
    await Promise.all(TIERS.map((tier) => deliveredIn(work, tier, r.officeGuid, from, until)))
  ).flat();
  const at = (f: Found) => new Date(f.delivered_at).getTime();
  return all.sort((a, b) => at(a) - at(b) || a.barcode.localeCompare(b.barcode));
}

/** Where the pages go: one PDF, or a ZIP of one PDF per parcel. */
interface Sink {
  page(p: PodParcel, head: PodHeader, n: number, total: number): Promise<void>;
  close(): Promise<void>;
}

function pdfSink(file: string, title: string, head: PodHeader): Sink {
  const doc = newDocument({ size: 'A4', title, margin: 0 });
  let pages = 0;
  const out = createWriteStream(file);
  doc.pipe(out);
  const written = new Promise<void>((resolve, reject) => {
    out.on('finish', resolve);
    out.on('error', reject);
  });
  return {
    page: (p, _head, n, total) => {
      pages++;
      return drawPodPage(doc, p, head, n, total);
    },
    close: () => {
      if (!pages) drawEmptyPage(doc, head);
      doc.end();
      return written;
    },
  };
}

function zipSink(file: string): Sink {
  const out = createWriteStream(file);
  const written = new Promise<void>((resolve, reject) => {
    out.on('finish', resolve);
    out.on('error', reject);
  });
  const zip = new Zip((err, chunk, final) => {
    if (err) out.destroy(err);
    else {
      out.write(chunk);
      if (final) out.end();
    }
  });
  return {
    async page(p, head) {
      const doc: PdfDoc = newDocument({ size: 'A4', title: `PostOffice ${p.barcode}`, margin: 0 });
      await drawPodPage(doc, p, head, 1, 1);
      const entry = new ZipPassThrough(`${p.barcode}.pdf`);
      zip.add(entry);
      entry.push(await finish(doc), true);
    },
    close: () => {
      zip.end();
      return written;
    },
  };
}

/** Makes the export's file; the row says how far it got. Never throws: a failure is the row's state. */
export async function runPodExport(work: PodWork, r: Row): Promise<void> {
  const dir = dirOf(work.config);
  const fileName = `${r.id}.${r.format}`;
  const part = path.join(dir, `${fileName}.part`);
  try {
    await mkdir(dir, { recursive: true });
    const found = await parcelsOf(work, r);
    if (found.length > POD_MAX_PARCELS) throw badInput('proof.exportTooMany');
    await work.db
      .update(podExports)
      .set({ total: found.length, updatedAt: new Date() })
      .where(eq(podExports.id, r.id));
    const [refs, offices] = await Promise.all([work.lists.refItems(), work.lists.offices()]);
    const head: PodHeader = {
      officeName: offices.get(r.officeGuid)?.name ?? '',
      range: `${r.startDay.split('-').reverse().join('.')} – ${r.endDay.split('-').reverse().join('.')}`,
    };
    const sink =
      r.format === 'zip' ? zipSink(part) : pdfSink(part, `PostOffice ${head.officeName} ${head.range}`, head);
    for (let i = 0; i < found.length; i += CHUNK) {
      const chunk = found.slice(i, i + CHUNK);
      const [sigs, photos] = await Promise.all([
        signaturesOf(
          work.db,
          chunk.map((f) => f.guid),
        ),
        photosOfDelivery(work, chunk),
      ]);
      for (const [k, f] of chunk.entries()) {
        const parcel: PodParcel = {
          barcode: f.barcode,
          receiver: f.receiver_name,
          receiverPlace: placeOf(
            refs,
            f.receiver_city_id,
            f.receiver_village_id,
            f.receiver_address,
            f.receiver_post_code,
          ),
          sender: f.sender_name,
          deliveredAt: new Date(f.delivered_at),
          lat: f.lat,
          lng: f.lng,
          courier: f.courier ?? '',
          signature: sigs.get(f.guid) ?? null,
          photos: photos.get(f.guid) ?? [],
        };
        await sink.page(parcel, head, i + k + 1, found.length);
      }
      await work.db
        .update(podExports)
        .set({ done: i + chunk.length, updatedAt: new Date() })
        .where(eq(podExports.id, r.id));
      // let the requests waiting on this process in between two chunks
      await nextTurn();
    }
    await sink.close();
    await rename(part, path.join(dir, fileName));
    const { size } = await stat(path.join(dir, fileName));
    await work.db
      .update(podExports)
      .set({ state: 'ready', fileName, bytes: size, finishedAt: new Date(), updatedAt: new Date() })
      .where(eq(podExports.id, r.id));
  } catch (err) {
    await rm(part, { force: true }).catch(() => undefined);
    const key = err instanceof AppError ? err.key : 'proof.exportFailed';
    if (!(err instanceof AppError)) work.log(err);
    await failExport(work.db, r.id, key).catch((e: unknown) => work.log(e));
  }
}

/** Housekeeping: removes the exports (rows and files) older than POD_KEEP_HOURS; answers how many. */
export async function purgePodExports(db: Db, config: Pick<Config, 'DATA_DIR'>): Promise<number> {
  const before = new Date(Date.now() - POD_KEEP_HOURS * 3_600_000);
  const gone = await db.delete(podExports).where(lt(podExports.createdAt, before)).returning();
  await Promise.all(
    gone.flatMap((r) =>
      [r.fileName, `${r.id}.${r.format}.part`]
        .filter(Boolean)
        .map((f) => rm(path.join(dirOf(config), f!), { force: true })),
    ),
  );
  return gone.length;
}
