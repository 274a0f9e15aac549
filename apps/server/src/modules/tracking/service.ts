/**
 * The recipient's tracking page (issue 38): a parcel's journey in plain words from its events, its
 * cities and expected date, and nothing that names a person (no name, address, phone, personal code,
 * signature, price or staff member; at most the recipient's initials). Any tier, never a deleted parcel;
 * an unknown barcode answers "not found" and nothing more. And the stop link of the messages.
 */
import { sql } from 'drizzle-orm';
import { FAILURE_STATUSES, Status } from '@po/contract';
import type { TrackAnswer, TrackStepRow } from '@po/contract/tracking';
import type { Ctx } from '../../http/context.ts';
import { audit } from '../../http/context.ts';
import { badInput, notFound } from '../../http/errors.ts';
import { rows } from '../../db/client.ts';
import type { Office } from '../../db/list-cache.ts';
import { findByBarcode, tierTables, type ParcelRow } from '../parcels/core.ts';
import { notifySecret, verifyStop } from '../notifications/stop-link.ts';

const FAILED = new Set(FAILURE_STATUSES);

/** "ნინო ბერიძე" → "ნ. ბ." (two words at most). */
export function initialsOf(name: string): string {
  return (
    name
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      // only Latin letters are capitalised: Georgian's capitals (Mtavruli) are not used in names
      .map((w) => `${/[a-z]/.test([...w][0]) ? [...w][0].toUpperCase() : [...w][0]}.`)
      .join(' ')
  );
}

interface EventFact {
  status_id: number;
  at: Date | string;
  office_guid: string | null;
}

function journey(
  p: ParcelRow,
  events: EventFact[],
  offices: ReadonlyMap<string, Office>,
  city: (id: number | null | undefined) => string,
): TrackStepRow[] {
  // an office is named unless it is a corporate client's (its name would name the sender): then its city
  const placeOf = (guid: string | null) => {
    const o = guid ? offices.get(guid) : undefined;
    if (!o) return '';
    return o.isCorporate ? city(o.cityId) : o.name;
  };
  const steps: TrackStepRow[] = [];
  for (const e of events) {
    const at = new Date(e.at).toISOString();
    let step: TrackStepRow['Step'] | null = null;
    let place = '';
    let reason: number | null = null;
    if (e.status_id === Status.Registered) [step, place] = ['registered', placeOf(e.office_guid)];
    else if (e.status_id === Status.PutInBag) [step, place] = ['onTheWay', city(p.receiverCityId)];
    else if (e.status_id === Status.Received)
      [step, place] = [
        e.office_guid === p.destinationDepotGuid ? 'arrived' : 'atOffice',
        placeOf(e.office_guid),
      ];
    else if (e.status_id === Status.HandToCourier || e.status_id === Status.Pickup)
      [step, place] = ['withCourier', city(p.receiverCityId)];
    else if (e.status_id === Status.Delivered) [step, place] = ['delivered', city(p.receiverCityId)];
    else if (e.status_id === Status.ReturnedToSender) [step, place] = ['returned', city(p.senderCityId)];
    else if (FAILED.has(e.status_id))
      [step, place, reason] = ['notDelivered', city(p.receiverCityId), e.status_id];
    if (!step) continue;
    const last = steps.at(-1);
    // a courier handing over and then picking up is one "with the courier"
    if (last && last.Step === step && step === 'withCourier') continue;
    steps.push({ Step: step, At: at, Place: place, Reason: reason });
  }
  return steps;
}

function stateOf(steps: TrackStepRow[]): TrackAnswer['State'] {
  if (steps.some((s) => s.Step === 'delivered')) return 'delivered';
  const outcome = [...steps].reverse().find((s) => s.Step === 'withCourier' || s.Step === 'notDelivered');
  return outcome?.Step === 'notDelivered' ? 'notDelivered' : 'inProgress';
}

export async function trackParcel(ctx: Ctx, barcode: string): Promise<TrackAnswer> {
  const found = await findByBarcode(ctx.db, ctx.scope, barcode);
  if (!found) throw notFound('tracking.notFound');
  const { tier, parcel: p } = found;
  const events = await rows<EventFact>(
    ctx.db,
    sql`select e.status_id, e.created_at as at, e.office_guid from ${tierTables[tier].events} e
        where e.parcel_guid = ${p.guid} order by e.created_at, e.id`,
  );
  const [refs, offices] = await Promise.all([ctx.lists.refItems(), ctx.lists.offices()]);
  const city = (id: number | null | undefined) => (id == null ? '' : (refs.get(id)?.name ?? ''));
  const steps = journey(p, events, offices, city);
  return {
    Barcode: p.barcode,
    State: stateOf(steps),
    OriginCity: city(p.senderCityId),
    DestinationCity: city(p.receiverCityId),
    ExpectedDate: p.collectionDate?.toISOString() ?? null,
    Initials: initialsOf(p.receiverName),
    Steps: steps,
    NotificationsStopped: p.notifyStoppedAt !== null,
  };
}

/** The stop link: a valid signature stops the parcel's messages (Ret 1; again: Ret 1, nothing changes). */
export async function stopNotifications(ctx: Ctx, barcode: string, sig: string): Promise<{ Ret: number }> {
  const found = await findByBarcode(ctx.db, ctx.scope, barcode);
  const secret = await notifySecret(ctx.db, ctx.config);
  // a wrong signature and an unknown barcode answer alike: the link tells nothing about barcodes
  if (!found || !verifyStop(secret, found.parcel.barcode, sig.trim()))
    throw badInput('tracking.badSignature');
  const { tier, parcel } = found;
  await ctx.db.transaction(async (tx) => {
    await tx.execute(
      sql`update ${tierTables[tier].parcels} set notify_stopped_at = clock_timestamp()
          where guid = ${parcel.guid} and notify_stopped_at is null`,
    );
    await audit(tx, ctx, { action: 'StopNotifications', entity: 'parcels', entityId: parcel.guid });
  });
  return { Ret: 1 };
}
