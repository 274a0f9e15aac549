/**
 * Proof of delivery on the server (issue 40): the photos a courier's job carries (checked in images.ts,
 * kept once by content hash in the photo store, linked to each parcel of the job on the parcel's tier),
 * the rules per operation and reason that refuse a job without its proof, and the office's reads.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { Group } from '@po/contract';
import type { ParcelPhoto } from '@po/contract/proof/photos';
import { proofBreak, ruleIssue, type ProofRule, type ProofOperationName } from '@po/contract/proof/rules';
import type { Config } from '../../config.ts';
import { rows, type DbOrTx, type Tx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import {
  parcelPhotos,
  parcelPhotosArchive,
  parcelPhotosOldArchive,
  proofPhotos,
  proofRules,
} from '../../db/schema.ts';
import { audit, type AuthedCtx } from '../../http/context.ts';
import { badInput, conflict, notFound } from '../../http/errors.ts';
import { FileAnswer } from '../../http/file-answer.ts';
import { findByGuid, type Tier } from '../parcels/core.ts';
import type { CheckedPhoto } from './images.ts';
import { photoStore } from './storage.ts';

/** The photo links of each parcel tier (the archive mover moves them with the parcel). */
export const photoTables = {
  live: parcelPhotos,
  archive: parcelPhotosArchive,
  oldArchive: parcelPhotosOldArchive,
} as const;

/* ------------------------------------------------------------------ rules */

export async function readRules(db: DbOrTx): Promise<ProofRule[]> {
  const list = await db.select().from(proofRules).orderBy(asc(proofRules.operation), asc(proofRules.id));
  return list.map((r) => ({
    Id: r.id,
    Operation: r.operation as ProofOperationName,
    ReasonId: r.reasonId,
    Signature: r.signature,
    Photo: r.photo,
    Message: r.message,
    MessageEn: r.messageEn,
  }));
}

/** Refuses a job that breaks a rule, with the rule's message (400, nothing written). */
export async function enforceRules(
  tx: DbOrTx,
  status: number,
  carries: { signature: boolean; photos: number },
): Promise<void> {
  const broken = proofBreak(await readRules(tx), status, carries);
  if (!broken) return;
  const field = broken.missing === 'photo' ? 'Photos' : 'ImageB64';
  const { Message, MessageEn } = broken.rule;
  if (!Message.trim())
    throw badInput(broken.missing === 'photo' ? 'proof.photoRequired' : 'proof.signatureRequired', { field });
  throw badInput('proof.rule', { field, text: { ka: Message, en: MessageEn.trim() || Message } });
}

type RuleInput = {
  RuleId: number;
  Operation: ProofOperationName;
  ReasonId?: number | null;
  Signature: boolean;
  Photo: boolean;
  Message: string;
  MessageEn: string;
};

/** SaveProofRule: a new rule (Id 0) or a change; one rule per operation and reason. */
export async function saveRule(ctx: AuthedCtx, input: RuleInput): Promise<{ Ret: number }> {
  const issue = ruleIssue(input);
  if (issue) throw badInput(issue.key, { field: issue.field });
  const values = {
    operation: input.Operation,
    reasonId: input.ReasonId ?? null,
    signature: input.Signature,
    photo: input.Photo,
    message: input.Message,
    messageEn: input.MessageEn,
    updatedAt: new Date(),
  };
  try {
    return await ctx.db.transaction(async (tx) => {
      let id = input.RuleId;
      let before: unknown = null;
      if (id === 0) {
        const [row] = await tx.insert(proofRules).values(values).returning({ id: proofRules.id });
        id = row.id;
      } else {
        const [old] = await tx.select().from(proofRules).where(eq(proofRules.id, id)).for('update');
        if (!old) throw notFound('proof.ruleNotFound');
        before = old;
        await tx.update(proofRules).set(values).where(eq(proofRules.id, id));
      }
      await audit(tx, ctx, {
        action: 'proof.rule.save',
        entity: 'proof_rule',
        entityId: String(id),
        before,
        after: values,
      });
      return { Ret: id };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('proof.ruleExists');
    throw err;
  }
}

export async function deleteRule(ctx: AuthedCtx, input: { RuleId: number }): Promise<{ Ret: number }> {
  return ctx.db.transaction(async (tx) => {
    const [old] = await tx.delete(proofRules).where(eq(proofRules.id, input.RuleId)).returning();
    if (!old) throw notFound('proof.ruleNotFound');
    await audit(tx, ctx, {
      action: 'proof.rule.delete',
      entity: 'proof_rule',
      entityId: String(input.RuleId),
      before: old,
    });
    return { Ret: input.RuleId };
  });
}

/* ------------------------------------------------------------------ a job's photos */

/**
 * A photo's lock until the transaction ends: the job that keeps a photo and the housekeeping that
 * removes a stray file of the same hash take it, so a file is never removed under a job writing it.
 */
const lockPhoto = (tx: DbOrTx, hash: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(4040, hashtext(${hash}))`);

/**
 * Keeps a job's photos and links them to the job's parcels (live), in the job's transaction: each
 * photo's row first (its lock keeps the housekeeping from removing the file meanwhile), then the file
 * when the store lacks it, then the links. A photo already stored is not written again.
 */
export async function keepJobPhotos(
  tx: Tx,
  config: Config,
  job: { jobId: string; status: number; userGuid: string },
  parcelGuids: readonly string[],
  photos: readonly CheckedPhoto[],
): Promise<void> {
  if (photos.length === 0 || parcelGuids.length === 0) return;
  const store = photoStore(config);
  for (const p of photos) {
    await tx
      .insert(proofPhotos)
      .values({ hash: p.hash, mime: p.mime, bytes: p.body.length, width: p.width, height: p.height })
      .onConflictDoUpdate({ target: proofPhotos.hash, set: { createdAt: sql`now()` } });
    await lockPhoto(tx, p.hash);
    await store.put(p.hash, p.body, p.mime);
  }
  const links = parcelGuids.flatMap((guid) =>
    photos.map((p, i) => ({
      parcelGuid: guid,
      jobId: job.jobId,
      hash: p.hash,
      position: i,
      statusId: job.status,
      userGuid: job.userGuid,
    })),
  );
  for (let i = 0; i < links.length; i += 500)
    await tx
      .insert(parcelPhotos)
      .values(links.slice(i, i + 500))
      .onConflictDoNothing();
}

/* ------------------------------------------------------------------ the office's reads */

const photoUrl = (gui: string, hash: string) =>
  `/api/GetParcelPhoto?gui=${encodeURIComponent(gui)}&hash=${hash}`;

/** A parcel's photos on its tier, oldest first. */
export async function photosOf(db: DbOrTx, tier: Tier, guid: string): Promise<ParcelPhoto[]> {
  const links = photoTables[tier];
  const list = await rows<{
    hash: string;
    mime: string;
    bytes: number;
    width: number;
    height: number;
    status_id: number;
    status: string | null;
    at: Date;
    name: string | null;
    login: string | null;
  }>(
    db,
    sql`select l.hash, f.mime, f.bytes, f.width, f.height, l.status_id, s.name as status, l.created_at as at,
               u.name, u.login
        from ${links} l
        join ${proofPhotos} f on f.hash = l.hash
        left join ref_items s on s.id = l.status_id and s.group_id = ${Group.Status}
        left join users u on u.guid = l.user_guid
        where l.parcel_guid = ${guid}
        order by l.created_at, l.job_id, l.position`,
  );
  return list.map((r) => ({
    Hash: r.hash,
    Type: r.mime === 'image/png' ? 'image/png' : 'image/jpeg',
    Bytes: r.bytes,
    Width: r.width,
    Height: r.height,
    StatusId: r.status_id,
    Status: r.status ?? '',
    Date: new Date(r.at).toISOString(),
    CourierName: r.name || r.login || '',
    Url: photoUrl(guid, r.hash),
  }));
}

/** GetParcelPhotos: a parcel the caller may not see answers as a missing one, an empty list. */
export async function parcelPhotosFor(ctx: AuthedCtx, input: { gui: string }): Promise<ParcelPhoto[]> {
  const found = await findByGuid(ctx.db, ctx.scope, input.gui, { includeDeleted: true });
  if (!found) return [];
  return photosOf(ctx.db, found.tier, found.parcel.guid);
}

/** GetParcelPhoto: the file of a photo of a parcel the caller may see; 404 otherwise. */
export async function photoFile(ctx: AuthedCtx, input: { gui: string; hash: string }): Promise<FileAnswer> {
  const found = await findByGuid(ctx.db, ctx.scope, input.gui, { includeDeleted: true });
  if (!found) throw notFound('proof.photoNotFound');
  const links = photoTables[found.tier];
  const [link] = await ctx.db
    .select({ mime: proofPhotos.mime })
    .from(links)
    .innerJoin(proofPhotos, eq(proofPhotos.hash, links.hash))
    .where(and(eq(links.parcelGuid, found.parcel.guid), eq(links.hash, input.hash)))
    .limit(1);
  if (!link) throw notFound('proof.photoNotFound');
  const body = await photoStore(ctx.config).get(input.hash);
  if (!body) throw notFound('proof.photoNotFound');
  return new FileAnswer(body, link.mime, '', 86_400);
}

/* ------------------------------------------------------------------ housekeeping */

/** A file younger than this is left alone: the job that wrote it may not have committed yet. */
export const PHOTO_GRACE_MS = 60 * 60_000;

export interface PhotoSweep {
  /** links whose parcel is gone from its tier */
  links: number;
  /** photos no parcel refers to any more, removed with their files */
  photos: number;
  /** files in the store without a photo row (a job that did not commit) */
  strays: number;
}

/**
 * Removes the photos no parcel refers to: links whose parcel left its tier's table (the mover moves the
 * links with the parcel, so these are parcels removed for good), then the photos without a link in any
 * tier (their rows and files, in one transaction that keeps their rows locked until the files are gone),
 * then stray files older than PHOTO_GRACE_MS that have no row.
 */
export async function sweepPhotos(db: DbOrTx, config: Config, now = new Date()): Promise<PhotoSweep> {
  const store = photoStore(config);
  const cut = new Date(now.getTime() - PHOTO_GRACE_MS);
  let links = 0;
  for (const [table, parcels] of [
    ['parcel_photos', 'parcels'],
    ['parcel_photos_archive', 'parcels_archive'],
    ['parcel_photos_old_archive', 'parcels_old_archive'],
  ] as const) {
    const gone = await rows<{ n: number }>(
      db,
      sql`with d as (delete from ${sql.raw(table)} l where not exists (
            select 1 from ${sql.raw(parcels)} p where p.guid = l.parcel_guid) returning 1)
          select count(*)::int as n from d`,
    );
    links += gone[0]?.n ?? 0;
  }
  const photos = await db.transaction(async (tx) => {
    const dead = await rows<{ hash: string }>(
      tx,
      sql`delete from ${proofPhotos} f where f.created_at < ${cut.toISOString()}::timestamptz
            and not exists (select 1 from parcel_photos l where l.hash = f.hash)
            and not exists (select 1 from parcel_photos_archive l where l.hash = f.hash)
            and not exists (select 1 from parcel_photos_old_archive l where l.hash = f.hash)
          returning f.hash`,
    );
    for (const d of dead) await store.delete(d.hash);
    return dead.length;
  });
  let strays = 0;
  for await (const file of store.list()) {
    if (file.at >= cut) continue;
    const removed = await db.transaction(async (tx) => {
      await lockPhoto(tx, file.hash);
      const [known] = await tx
        .select({ hash: proofPhotos.hash })
        .from(proofPhotos)
        .where(eq(proofPhotos.hash, file.hash));
      if (known) return false;
      await store.delete(file.hash);
      return true;
    });
    if (removed) strays++;
  }
  return { links, photos, strays };
}
