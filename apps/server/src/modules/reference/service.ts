import { and, asc, eq, sql } from 'drizzle-orm';
import { Code, Group } from '@po/contract';
import {
  LIST_GROUPS,
  STATUS_CALL_GROUPS,
  isFixedReferenceId,
  validateRegion,
  validateStatusOrItem,
  validateVillage,
  type RefIssue,
  type ReferenceRow,
} from '@po/contract/reference';
import type { AuthedCtx } from '../../http/context.ts';
import { audit } from '../../http/context.ts';
import { Serialized } from '../../http/envelope.ts';
import { AppError, badInput, conflict, notFound } from '../../http/errors.ts';
import { rows, type DbOrTx } from '../../db/client.ts';
import { refItems } from '../../db/schema.ts';

type Item = typeof refItems.$inferSelect;

function toRow(r: Item): ReferenceRow {
  return {
    ID: r.id,
    Name: r.name,
    Index: r.postCode ?? null,
    RIndex: r.postCode ?? null,
    Zone: r.zone ?? null,
    Enabled: r.enabled,
    ParentID: r.parentId ?? null,
  };
}

/** The fields of a row as the audit log keeps them. */
const snapshot = (r: Item) => ({
  id: r.id,
  groupId: r.groupId,
  parentId: r.parentId,
  name: r.name,
  postCode: r.postCode,
  zone: r.zone,
  enabled: r.enabled,
});

const failed = (issue: RefIssue | null) => {
  if (issue) throw badInput(issue.key, { field: issue.field });
};
const zoneOf = (z: string): number | null => (z === '' ? null : Number(z));

async function find(db: DbOrTx, id: number): Promise<Item | undefined> {
  const [r] = await db.select().from(refItems).where(eq(refItems.id, id)).limit(1);
  return r;
}

/** Serialises writes to one list (a group, or one region's villages) so the uniqueness checks hold. */
async function lockList(tx: DbOrTx, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`ref_items:${key}`}))`);
}

async function siblings(tx: DbOrTx, groupId: number, parentId: number | null) {
  const where =
    parentId === null
      ? eq(refItems.groupId, groupId)
      : and(eq(refItems.groupId, groupId), eq(refItems.parentId, parentId));
  const list = await tx.select({ ID: refItems.id, Name: refItems.name }).from(refItems).where(where);
  return list;
}

/* ---------------------------------------------------------------- read */

/**
 * PostGetRegion: 20 regions, a region id its villages, 10 all statuses, 99 enabled statuses,
 * 24-28 the lists (disabled items too: the administration screens show them); anything else an empty list.
 * Each list is read and serialised once per version of the cached lists (db/list-cache.ts).
 */
export async function list(ctx: AuthedCtx, rid: number): Promise<Serialized<{ Regions: ReferenceRow[] }>> {
  const fixed =
    rid === Group.Region || rid === Group.Status || rid === Group.StatusList || LIST_GROUPS.includes(rid);
  const region =
    !fixed && (ctx.lists.refItemsNow() ?? (await ctx.lists.refItems())).get(rid)?.groupId === Group.Region;
  // no list for any other number: answered without keeping anything per number asked
  if (!fixed && !region) return new Serialized({ Regions: [] });
  const key = `PostGetRegion:${rid}`;
  const kept = ctx.lists.derivedNow<Serialized<{ Regions: ReferenceRow[] }>>(key);
  if (kept) return kept;
  return ctx.lists.derived(key, async (db) => {
    const found = await readList(db, rid);
    return new Serialized({ Regions: found.map(toRow) });
  });
}

/** The rows of one list of PostGetRegion (a fixed group, or a region's villages), in the order it answers. */
function readList(db: DbOrTx, rid: number): Promise<Item[]> {
  if (rid === Group.Region)
    return db.select().from(refItems).where(eq(refItems.groupId, Group.Region)).orderBy(asc(refItems.name));
  if (rid === Group.Status)
    return db.select().from(refItems).where(eq(refItems.groupId, Group.Status)).orderBy(asc(refItems.id));
  if (rid === Group.StatusList)
    return db
      .select()
      .from(refItems)
      .where(and(eq(refItems.groupId, Group.Status), eq(refItems.enabled, true)))
      .orderBy(asc(refItems.id));
  if (LIST_GROUPS.includes(rid))
    return db.select().from(refItems).where(eq(refItems.groupId, rid)).orderBy(asc(refItems.id));
  return db
    .select()
    .from(refItems)
    .where(and(eq(refItems.groupId, Group.Village), eq(refItems.parentId, rid)))
    .orderBy(asc(refItems.name));
}

/* ---------------------------------------------------------------- regions and villages */

interface RegionInput {
  Rid: number;
  Name: string;
  PostCode: string;
  Zone: string;
}

/** PostInsertRegion: Rid 20 adds a region; a region id adds a village to it. */
export async function insertRegion(ctx: AuthedCtx, input: RegionInput): Promise<{ Ret: number }> {
  return ctx.db.transaction(async (tx) => {
    let values: typeof refItems.$inferInsert;
    if (input.Rid === Group.Region) {
      await lockList(tx, `g${Group.Region}`);
      failed(validateRegion(input, { siblings: await siblings(tx, Group.Region, null) }));
      values = {
        groupId: Group.Region,
        name: input.Name,
        postCode: input.PostCode,
        zone: zoneOf(input.Zone),
      };
    } else {
      const region = await find(tx, input.Rid);
      if (region?.groupId !== Group.Region) throw notFound('reference.parentNotFound');
      await lockList(tx, `p${region.id}`);
      failed(
        validateVillage(input, region.postCode ?? '', {
          siblings: await siblings(tx, Group.Village, region.id),
        }),
      );
      values = {
        groupId: Group.Village,
        parentId: region.id,
        name: input.Name,
        postCode: input.PostCode,
        zone: zoneOf(input.Zone) ?? region.zone,
      };
    }
    const [row] = await tx.insert(refItems).values(values).returning();
    await audit(tx, ctx, {
      action: 'PostInsertRegion',
      entity: 'ref_items',
      entityId: String(row.id),
      after: snapshot(row),
    });
    return { Ret: row.id };
  });
}

/** PostUpdateRegion: Rid is the region's or village's id. */
export async function updateRegion(ctx: AuthedCtx, input: RegionInput): Promise<{ Ret: number }> {
  return ctx.db.transaction(async (tx) => {
    const before = await find(tx, input.Rid);
    if (!before || (before.groupId !== Group.Region && before.groupId !== Group.Village)) {
      throw notFound('reference.regionNotFound');
    }
    let zone: number | null;
    if (before.groupId === Group.Region) {
      await lockList(tx, `g${Group.Region}`);
      failed(validateRegion(input, { siblings: await siblings(tx, Group.Region, null), selfId: before.id }));
      const prefix = input.PostCode.slice(0, 2);
      if (prefix !== (before.postCode ?? '').slice(0, 2)) {
        const [{ n }] = await rows<{ n: number }>(
          tx,
          sql`select count(*)::int as n from ref_items
              where group_id = ${Group.Village} and parent_id = ${before.id} and left(post_code, 2) <> ${prefix}`,
        );
        if (n > 0) throw conflict('reference.regionIndexVillages');
      }
      zone = zoneOf(input.Zone);
    } else {
      const region = before.parentId === null ? undefined : await find(tx, before.parentId);
      await lockList(tx, `p${before.parentId}`);
      failed(
        validateVillage(input, region?.postCode ?? '', {
          siblings: await siblings(tx, Group.Village, before.parentId),
          selfId: before.id,
        }),
      );
      zone = zoneOf(input.Zone) ?? before.zone ?? region?.zone ?? null;
    }
    const [after] = await tx
      .update(refItems)
      .set({ name: input.Name, postCode: input.PostCode, zone, updatedAt: new Date() })
      .where(eq(refItems.id, before.id))
      .returning();
    await audit(tx, ctx, {
      action: 'PostUpdateRegion',
      entity: 'ref_items',
      entityId: String(before.id),
      before: snapshot(before),
      after: snapshot(after),
    });
    return { Ret: before.id };
  });
}

/* ---------------------------------------------------------------- statuses and lists */

interface StatusInput {
  Rid: number;
  Name: string;
  Enabled?: boolean;
  Zone: string;
}

/** PostInsertStatus: Rid is the group (10 statuses, 24-28 the lists). */
export async function insertStatus(ctx: AuthedCtx, input: StatusInput): Promise<{ Ret: number }> {
  const group = input.Rid;
  if (!STATUS_CALL_GROUPS.includes(group)) throw badInput('reference.badGroup', { group });
  failed(validateStatusOrItem(group, input));
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(refItems)
      .values({
        groupId: group,
        name: input.Name,
        enabled: input.Enabled ?? true,
        zone: group === Group.Status ? zoneOf(input.Zone) : null,
      })
      .returning();
    await audit(tx, ctx, {
      action: 'PostInsertStatus',
      entity: 'ref_items',
      entityId: String(row.id),
      after: snapshot(row),
    });
    return { Ret: row.id };
  });
}

/** PostUpdateStatus: Rid is the status's or item's id; Enabled unchanged when omitted. */
export async function updateStatus(ctx: AuthedCtx, input: StatusInput): Promise<{ Ret: number }> {
  return ctx.db.transaction(async (tx) => {
    const before = await find(tx, input.Rid);
    if (!before || !STATUS_CALL_GROUPS.includes(before.groupId)) throw notFound('reference.itemNotFound');
    failed(validateStatusOrItem(before.groupId, input));
    const [after] = await tx
      .update(refItems)
      .set({
        name: input.Name,
        enabled: input.Enabled ?? before.enabled,
        zone: before.groupId === Group.Status ? zoneOf(input.Zone) : null,
        updatedAt: new Date(),
      })
      .where(eq(refItems.id, before.id))
      .returning();
    await audit(tx, ctx, {
      action: 'PostUpdateStatus',
      entity: 'ref_items',
      entityId: String(before.id),
      before: snapshot(before),
      after: snapshot(after),
    });
    return { Ret: before.id };
  });
}

/* ---------------------------------------------------------------- delete */

/** Whether the query finds any row. */
async function exists(tx: DbOrTx, query: ReturnType<typeof sql>): Promise<boolean> {
  const [{ used }] = await rows<{ used: boolean }>(tx, sql`select exists(${query}) as used`);
  return used;
}

const PARCEL_TABLES = ['parcels', 'parcels_archive', 'parcels_old_archive'] as const;
const EVENT_TABLES = ['parcel_events', 'parcel_events_archive', 'parcel_events_old_archive'] as const;

async function parcelsWhere(tx: DbOrTx, columns: string[], id: number): Promise<boolean> {
  for (const table of PARCEL_TABLES) {
    const cond = sql.join(
      columns.map((c) => sql`${sql.identifier(c)} = ${id}`),
      sql` or `,
    );
    if (await exists(tx, sql`select 1 from ${sql.identifier(table)} where ${cond}`)) return true;
  }
  return false;
}

/** The message key when something still uses the row, else null. */
async function inUse(tx: DbOrTx, item: Item): Promise<string | null> {
  const id = item.id;
  switch (item.groupId) {
    case Group.Region:
      if (
        await exists(tx, sql`select 1 from ref_items where group_id = ${Group.Village} and parent_id = ${id}`)
      ) {
        return 'reference.regionHasVillages';
      }
      if (
        (await exists(tx, sql`select 1 from offices where city_id = ${id}`)) ||
        (await parcelsWhere(tx, ['sender_city_id', 'receiver_city_id'], id))
      ) {
        return 'reference.regionInUse';
      }
      return null;
    case Group.Village:
      return (await parcelsWhere(tx, ['sender_village_id', 'receiver_village_id'], id))
        ? 'reference.villageInUse'
        : null;
    case Group.Status: {
      for (const table of EVENT_TABLES) {
        if (await exists(tx, sql`select 1 from ${sql.identifier(table)} where status_id = ${id}`)) {
          return 'reference.statusInUse';
        }
      }
      if (
        (await parcelsWhere(tx, ['cur_status_id'], id)) ||
        (await exists(tx, sql`select 1 from jobs where oper_type = ${id}`))
      ) {
        return 'reference.statusInUse';
      }
      return null;
    }
    case Group.ParcelType:
      return (await parcelsWhere(tx, ['parcel_type_id'], id)) ? 'reference.itemInUse' : null;
    case Group.Payer:
      return (await parcelsWhere(tx, ['payer_id'], id)) ? 'reference.itemInUse' : null;
    case Group.BagType:
      return (await exists(tx, sql`select 1 from bags where bag_type_id = ${id}`))
        ? 'reference.itemInUse'
        : null;
    default:
      return null;
  }
}

/** PostDeleteRegion: deletes any reference row (region, village, status, list item) that nothing uses. */
export async function remove(ctx: AuthedCtx, rid: number): Promise<{ Ret: number }> {
  return ctx.db.transaction(async (tx) => {
    const item = await find(tx, rid);
    if (!item) throw notFound('reference.notFound');
    if (isFixedReferenceId(item.id))
      throw new AppError(Code.Conflict, 'reference.fixedItem', { id: item.id });
    // Lock the row so that no village is added under a region while it is being deleted.
    await tx.execute(sql`select id from ref_items where id = ${item.id} for update`);
    if (item.groupId === Group.Region) await lockList(tx, `p${item.id}`);
    const reason = await inUse(tx, item);
    if (reason) throw conflict(reason);
    await tx.delete(refItems).where(eq(refItems.id, item.id));
    await audit(tx, ctx, {
      action: 'PostDeleteRegion',
      entity: 'ref_items',
      entityId: String(item.id),
      before: snapshot(item),
    });
    return { Ret: item.id };
  });
}
