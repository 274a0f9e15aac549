/**
 * The archive and old-archive finders (spec 001 §2.7, §2.8, §7; DOMAIN.md "Archives"): the live
 * finder's search (filter, visibility, server-side grid, cap, chart counts) over one archive store, and
 * the statuses and date range of that store. Each call reads only its own store.
 */
import { sql } from 'drizzle-orm';
import type { GridQuery } from '@po/contract/grid';
import type { ArchiveAnswer, ArchiveRow } from '@po/contract/archive';
import type { DeliveryRow, SearchFilter, StatusRow } from '@po/contract/parcels/finder';
import { rows } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';
import type { AuthedCtx } from '../../http/context.ts';
import { history, tierTables } from '../parcels/core.ts';
import { lastStatuses, loadRows, search } from '../parcels/finder.ts';
import { canSee } from '../parcels/visibility.ts';

export type ArchiveTier = 'archive' | 'oldArchive';

const iso = (v: Date | string | null | undefined) => (v == null ? null : new Date(v).toISOString());
const missing = (tier: ArchiveTier, gui: string) =>
  notFound(tier === 'archive' ? 'archive.notFound' : 'archive.notFoundOld', { gui });

/** The archive dates of these parcels of the tier. */
async function archiveDates(
  ctx: Pick<AuthedCtx, 'db'>,
  tier: ArchiveTier,
  ids: readonly string[],
): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const t = tierTables[tier].parcels;
  const list = await rows<{ guid: string; at: Date | string }>(
    ctx.db,
    sql`select p.guid, p.archived_at as at from ${t} p
        where p.guid = any(string_to_array(${ids.join(',')}, ',')::uuid[])`,
  );
  return new Map(list.map((r) => [r.guid, iso(r.at)!]));
}

/** ArchParcelFinder / OldArchParcelFinder: the finder's search over the tier, rows with ArchiveDate. */
export async function archiveFinder(
  ctx: AuthedCtx,
  tier: ArchiveTier,
  input: SearchFilter & GridQuery,
): Promise<ArchiveAnswer> {
  const found = await search(ctx, input, { tier });
  const dates = await archiveDates(
    ctx,
    tier,
    found.Parcels.map((p) => p.GUID),
  );
  const Parcels: ArchiveRow[] = found.Parcels.map((p) => ({ ...p, ArchiveDate: dates.get(p.GUID) ?? '' }));
  return { ...found, Parcels };
}

/** The visible parcel of the tier with this id, or 404 naming the store. */
async function visible(ctx: AuthedCtx, tier: ArchiveTier, gui: string): Promise<string> {
  const id = gui.trim().toLowerCase();
  const t = tierTables[tier].parcels;
  const [r] = await rows<{ guid: string }>(ctx.db, sql`select p.guid from ${t} p where p.guid = ${id}`);
  if (!r || !(await canSee(ctx.db, ctx.scope, r.guid, tier))) throw missing(tier, gui);
  return r.guid;
}

/** ArchGetLastParcelStatus: the last status and the delivery entry of an archived parcel. */
export async function lastStatus(
  ctx: AuthedCtx,
  tier: ArchiveTier,
  gui: string,
): Promise<{ ParcelsStatuses: StatusRow[]; ParcelsDeliverys: DeliveryRow[] }> {
  const id = await visible(ctx, tier, gui);
  const [[p], statuses] = await Promise.all([loadRows(ctx.db, [id], tier), lastStatuses(ctx.db, [id], tier)]);
  if (!p) throw missing(tier, gui);
  const s = statuses[0];
  return {
    ParcelsStatuses: [
      {
        ParcelGUID: p.GUID,
        CreatedDate: s?.CreatedDate ?? p.StatusDate,
        StatusName: s?.StatusName ?? p.CurStatusName,
        Login: s?.Login ?? '',
      },
    ],
    ParcelsDeliverys: [
      {
        DeliveryStatus: p.DeliveryStatus,
        DeliveryDate: p.DeliveryDate,
        Lname: p.Lname,
        Ldate: p.Ldate,
        Late: p.Late,
      },
    ],
  };
}

/** ArchGetParcelStatuses / OldArchGetParcelStatuses: the history, oldest first. */
export async function statuses(
  ctx: AuthedCtx,
  tier: ArchiveTier,
  gui: string,
): Promise<{ ParcelsStatuses: StatusRow[] }> {
  const id = await visible(ctx, tier, gui);
  return { ParcelsStatuses: await history(ctx.db, ctx.scope, id, tier) };
}

/** ArchGetMinMaXDate / OldArchGetMinMaXDate: the store's earliest and latest registration date. */
export async function minMaxDate(
  ctx: AuthedCtx,
  tier: ArchiveTier,
): Promise<{ Min: string | null; Max: string | null }> {
  const t = tierTables[tier].parcels;
  const [r] = await rows<{ min: Date | string | null; max: Date | string | null }>(
    ctx.db,
    sql`select (select create_date from ${t} order by create_date asc limit 1) as min,
               (select create_date from ${t} order by create_date desc limit 1) as max`,
  );
  return { Min: iso(r?.min), Max: iso(r?.max) };
}
