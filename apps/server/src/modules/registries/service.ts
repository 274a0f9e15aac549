/**
 * Registries (spec 002 §2.2–§2.5; DOMAIN.md "Registries"): the parcels to print, reserving a name,
 * saving a printed registry, building one by scanning, the journal, the view and a registry's parcels.
 * Parcels are found and locked through the parcels core; a registry does not change their status.
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import { Code, fieldLabels } from '@po/contract';
import {
  REGISTRY_MAX,
  REGISTRY_VIEW_DAYS,
  registryName,
  registryNumber,
  type RegistryParcelRow,
  type RegistryRow,
} from '@po/contract/registries';
import { rows, type DbOrTx, type Tx } from '../../db/client.ts';
import { registries, registryParcels, registryReservations } from '../../db/schema.ts';
import { audit, type AuthedCtx } from '../../http/context.ts';
import { AppError, badInput, conflict, forbidden, notFound } from '../../http/errors.ts';
import { containsPattern, lockLive, type ParcelRow, type Tier } from '../parcels/core.ts';
import { workScope } from './scope.ts';

interface RawParcel {
  guid: string;
  barcode: string;
  create_date: Date | string;
  sender_name: string;
  sender_address: string;
  receiver_name: string;
  receiver_address: string;
  fild1: string;
  fild2: string;
  description: string;
  login: string | null;
}
const iso = (d: Date | string) => new Date(d).toISOString();
const joinText = (...parts: string[]) =>
  parts
    .map((s) => s.trim())
    .filter(Boolean)
    .join(', ');

function toParcelRow(r: RawParcel): RegistryParcelRow {
  return {
    GUID: r.guid,
    BarCode: r.barcode,
    CreateDate: iso(r.create_date),
    Sender: joinText(r.sender_name, r.sender_address),
    Receiver: joinText(r.receiver_name, r.receiver_address),
    Fild1: r.fild1,
    Fild2: r.fild2,
    Description: r.description,
    Creator: r.login ?? '',
  };
}
const PARCEL_COLUMNS = sql`p.guid, p.barcode, p.create_date, p.sender_name, p.sender_address, p.receiver_name,
  p.receiver_address, p.fild1, p.fild2, p.description, u.login`;

/* ------------------------------------------------------------------ NFRegistryList */

export interface ListInput {
  StartRegDate: Date;
  EndRegDate: Date;
  Fild1: string;
  Fild2: string;
  Description: string;
  RegistredUserLogin: string;
}

/** The live parcels registered in the range, by the filters, that the caller may see; oldest first. */
export async function registryParcelsToPrint(ctx: AuthedCtx, input: ListInput): Promise<RegistryParcelRow[]> {
  if (input.StartRegDate > input.EndRegDate) throw badInput('registries.badRange', { field: 'StartRegDate' });
  const where: SQL[] = [
    sql`p.deleted_at is null`,
    sql`p.create_date >= ${input.StartRegDate}`,
    sql`p.create_date <= ${input.EndRegDate}`,
    workScope(ctx.user, sql`p.registered_by`, sql`p.registered_office`),
  ];
  const visible = ctx.scope.where('p');
  if (visible) where.push(visible);
  if (input.Fild1) where.push(sql`p.fild1 ilike ${containsPattern(input.Fild1)}`);
  if (input.Fild2) where.push(sql`p.fild2 ilike ${containsPattern(input.Fild2)}`);
  if (input.Description) where.push(sql`p.description ilike ${containsPattern(input.Description)}`);
  if (input.RegistredUserLogin) {
    const [op] = await rows<{ guid: string; visible: boolean }>(
      ctx.db,
      sql`select u.guid, (${workScope(ctx.user, sql`u.guid`, sql`u.office_guid`)}) as visible
          from users u where lower(u.login) = lower(${input.RegistredUserLogin}) limit 1`,
    );
    if (!op) return [];
    if (!op.visible) throw forbidden('registries.operatorForbidden', { login: input.RegistredUserLogin });
    where.push(sql`p.registered_by = ${op.guid}`);
  }
  const list = await rows<RawParcel>(
    ctx.db,
    sql`select ${PARCEL_COLUMNS}
        from parcels p left join users u on u.guid = p.registered_by
        where ${sql.join(where, sql` and `)}
        order by p.create_date, p.guid
        limit ${REGISTRY_MAX}`,
  );
  return list.map(toParcelRow);
}

/* ------------------------------------------------------------------ names */

/**
 * Reserves the next registry name for the caller: the next number of `registry_seq` (a sequence never
 * hands one number out twice, whatever the concurrency), skipping numbers a registry already uses.
 */
export async function nextRegistryName(ctx: AuthedCtx): Promise<string> {
  return ctx.db.transaction(async (tx) => {
    for (let i = 0; i < 1000; i++) {
      const [{ n }] = await rows<{ n: number }>(tx, sql`select nextval('registry_seq')::int as n`);
      const name = registryName(n);
      const [used] = await tx
        .select({ id: registries.id })
        .from(registries)
        .where(eq(registries.rgName, name))
        .limit(1);
      if (used) continue;
      const inserted = await tx
        .insert(registryReservations)
        .values({ rgName: name, reservedBy: ctx.user.guid })
        .onConflictDoNothing()
        .returning();
      if (inserted.length === 0) continue;
      return name;
    }
    throw new AppError(Code.Conflict, 'common.conflict');
  });
}

/**
 * The registry a name stands for, for the caller to write in: the name must be reserved by the caller
 * (the reservation row is locked, so two saves of one name run one after the other); the registry is
 * made when it does not exist yet.
 */
async function registryForWrite(
  tx: Tx,
  ctx: AuthedCtx,
  name: string,
  kind: 'printed' | 'built',
): Promise<{ id: number; created: boolean }> {
  const [res] = await tx
    .select()
    .from(registryReservations)
    .where(eq(registryReservations.rgName, name))
    .limit(1)
    .for('update');
  if (!res || res.reservedBy !== ctx.user.guid) throw conflict('registries.notReserved', { name });
  const [existing] = await tx.select().from(registries).where(eq(registries.rgName, name)).limit(1);
  if (existing) {
    if (existing.createdBy !== ctx.user.guid) throw conflict('registries.notYours', { name });
    return { id: existing.id, created: false };
  }
  const [made] = await tx
    .insert(registries)
    .values({ rgName: name, kind, createdBy: ctx.user.guid, officeGuid: ctx.user.officeGuid })
    .returning({ id: registries.id });
  return { id: made.id, created: true };
}

async function registryCount(db: DbOrTx, id: number): Promise<number> {
  const [{ n }] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from registry_parcels where registry_id = ${id}`,
  );
  return n;
}

/** Adds parcels to a registry after the ones it holds; answers how many were new. */
async function addParcels(tx: Tx, ctx: AuthedCtx, id: number, list: ParcelRow[]): Promise<number> {
  if (list.length === 0) return 0;
  const [{ pos }] = await rows<{ pos: number }>(
    tx,
    sql`select coalesce(max(position), 0)::int as pos from registry_parcels where registry_id = ${id}`,
  );
  const added = await tx
    .insert(registryParcels)
    .values(
      list.map((p, i) => ({
        registryId: id,
        parcelGuid: p.guid,
        barcode: p.barcode,
        position: pos + i + 1,
        addedBy: ctx.user.guid,
      })),
    )
    .onConflictDoNothing()
    .returning({ guid: registryParcels.parcelGuid });
  const count = await registryCount(tx, id);
  if (count > REGISTRY_MAX) throw conflict('registries.full', { max: REGISTRY_MAX });
  return added.length;
}

/* ------------------------------------------------------------------ NFAddPrintedReg */

/**
 * Saves a printed registry: every barcode must be a live parcel (else its message, nothing written);
 * the barcodes not yet in the registry are added after the others, and it is marked printed now.
 */
export async function savePrinted(
  ctx: AuthedCtx,
  input: { Name: string; BarCodes: string[] },
): Promise<{ Ret: number; Id: number; RgName: string; Count: number }> {
  const codes = [...new Set(input.BarCodes)];
  return ctx.db.transaction(async (tx) => {
    const reg = await registryForWrite(tx, ctx, input.Name, 'printed');
    const parcels: ParcelRow[] = [];
    for (const code of codes) parcels.push(await lockLive(tx, ctx.scope, { barcode: code }));
    const added = await addParcels(tx, ctx, reg.id, parcels);
    await tx
      .update(registries)
      .set({ printedAt: sql`now()` })
      .where(eq(registries.id, reg.id));
    const count = await registryCount(tx, reg.id);
    await audit(tx, ctx, {
      action: reg.created ? 'registry.create' : 'registry.print',
      entity: 'registry',
      entityId: String(reg.id),
      after: { name: input.Name, added, count },
    });
    return { Ret: 1, Id: reg.id, RgName: input.Name, Count: count };
  });
}

/* ------------------------------------------------------------------ BuildRegistry */

async function parcelRowByGuid(db: DbOrTx, guid: string): Promise<RegistryParcelRow | null> {
  const [r] = await rows<RawParcel>(
    db,
    sql`select ${PARCEL_COLUMNS} from parcels p left join users u on u.guid = p.registered_by
        where p.guid = ${guid} limit 1`,
  );
  return r ? toParcelRow(r) : null;
}

/**
 * A scanned parcel for a registry being built: null when no store knows the barcode; a deleted or
 * archived parcel is refused with its message. With `RgName` the parcel is added to that registry
 * (made on the first scan, of kind "built"); scanning it again changes nothing.
 */
export async function buildScan(
  ctx: AuthedCtx,
  input: { Barcode: string; RgName: string },
): Promise<RegistryParcelRow | null> {
  try {
    const guid = await ctx.db.transaction(async (tx) => {
      if (!input.RgName) return (await lockLive(tx, ctx.scope, { barcode: input.Barcode })).guid;
      const reg = await registryForWrite(tx, ctx, input.RgName, 'built');
      const parcel = await lockLive(tx, ctx.scope, { barcode: input.Barcode });
      const added = await addParcels(tx, ctx, reg.id, [parcel]);
      if (added > 0) {
        await audit(tx, ctx, {
          action: 'registry.build',
          entity: 'registry',
          entityId: String(reg.id),
          after: { name: input.RgName, barcode: parcel.barcode },
        });
      }
      return parcel.guid;
    });
    return await parcelRowByGuid(ctx.db, guid);
  } catch (err) {
    if (err instanceof AppError && err.key === 'parcels.notFound') return null;
    throw err;
  }
}

/* ------------------------------------------------------------------ journal and view */

interface RawRegistry {
  id: number;
  rg_name: string;
  created_at: Date | string;
  kind: string;
  login: string | null;
  n: number;
  printed_at: Date | string | null;
}

async function registryRows(ctx: AuthedCtx, where: SQL[]): Promise<RegistryRow[]> {
  where.push(workScope(ctx.user, sql`r.created_by`, sql`r.office_guid`));
  const list = await rows<RawRegistry>(
    ctx.db,
    sql`select r.id, r.rg_name, r.created_at, r.kind, u.login, r.printed_at,
          (select count(*)::int from registry_parcels rp where rp.registry_id = r.id) as n
        from registries r left join users u on u.guid = r.created_by
        where ${sql.join(where, sql` and `)}
        order by r.created_at desc, r.id desc
        limit ${REGISTRY_MAX}`,
  );
  return list.map((r) => ({
    Id: Number(r.id),
    RgName: r.rg_name,
    CreateDate: iso(r.created_at),
    Kind: r.kind,
    Creator: r.login ?? '',
    Count: Number(r.n),
    PrintDate: r.printed_at == null ? null : iso(r.printed_at),
  }));
}

function nameCondition(rg: string): SQL | null {
  const n = rg ? registryNumber(rg) : null;
  return n == null ? null : sql`r.rg_name = ${registryName(n)}`;
}

/** The journal search: registries by number and creation range (both optional), newest first. */
export async function journal(
  ctx: AuthedCtx,
  input: { StartRegDate?: Date; EndRegDate?: Date; RgNumber: string },
): Promise<RegistryRow[]> {
  const where: SQL[] = [];
  if (input.StartRegDate && input.EndRegDate && input.StartRegDate > input.EndRegDate)
    throw badInput('registries.badRange', { field: 'StartRegDate' });
  if (input.StartRegDate) where.push(sql`r.created_at >= ${input.StartRegDate}`);
  if (input.EndRegDate) where.push(sql`r.created_at <= ${input.EndRegDate}`);
  const byName = nameCondition(input.RgNumber);
  if (byName) where.push(byName);
  return registryRows(ctx, where);
}

/** The registry view: as the journal, the range defaulting to the last REGISTRY_VIEW_DAYS days. */
export async function printedList(
  ctx: AuthedCtx,
  input: { StartRegDate?: Date; EndRegDate?: Date; RgNumber: string },
): Promise<RegistryRow[]> {
  const end = input.EndRegDate ?? new Date();
  const start = input.StartRegDate ?? new Date(end.getTime() - REGISTRY_VIEW_DAYS * 86_400_000);
  return journal(ctx, { StartRegDate: start, EndRegDate: end, RgNumber: input.RgNumber });
}

/** A registry's parcels in the order they were added, from whichever store holds each now. */
export async function byNumber(ctx: AuthedCtx, input: { RgNumber: string }): Promise<RegistryParcelRow[]> {
  const byName = nameCondition(input.RgNumber);
  if (!byName) throw badInput('registries.badNumber', { field: fieldLabels.RgNumber });
  const [reg] = await rows<{ id: number }>(
    ctx.db,
    sql`select r.id from registries r
        where ${byName} and ${workScope(ctx.user, sql`r.created_by`, sql`r.office_guid`)} limit 1`,
  );
  if (!reg) throw notFound('registries.notFound');
  const cols = sql.raw(`p.guid, p.barcode, p.create_date, p.sender_name, p.sender_address, p.receiver_name,
      p.receiver_address, p.fild1, p.fild2, p.description, p.registered_by`);
  // each store's parcels that the caller sees: a parcel outside the scope is left out of the registry
  const branch = (table: string, tier: Tier) => {
    const visible = ctx.scope.where('p', tier);
    return sql`select ${cols} from ${sql.raw(table)} p${visible ? sql` where ${visible}` : sql``}`;
  };
  const tiers = sql`(${branch('parcels', 'live')} union all ${branch('parcels_archive', 'archive')}
    union all ${branch('parcels_old_archive', 'oldArchive')})`;
  const list = await rows<RawParcel>(
    ctx.db,
    sql`select ${PARCEL_COLUMNS}
        from registry_parcels rp
        join lateral (select * from ${tiers} t where t.guid = rp.parcel_guid limit 1) p on true
        left join users u on u.guid = p.registered_by
        where rp.registry_id = ${reg.id}
        order by rp.position, rp.added_at`,
  );
  return list.map(toParcelRow);
}
