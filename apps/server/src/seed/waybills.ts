/**
 * Transport waybills for some courier trips of the last year, with the built-in revenue service's side
 * of each (RS_MODE=builtin: what rs.ge would hold) and the journal of the messages exchanged.
 */
import { CITIES } from '../db/seed/reference.ts';
import { Status } from '@po/contract';
import type { rsMessages, rsWaybills, waybills } from '../db/schema.ts';
import { waybillRef } from '../modules/waybills/service.ts';
import { DAY, MIN, MOBILE, type Built, type EventRow, type SeedContext } from './common.ts';
import { FAILURES } from './words.ts';

export interface WaybillRows {
  waybills: Array<typeof waybills.$inferInsert>;
  rsWaybills: Array<typeof rsWaybills.$inferInsert>;
  rsMessages: Array<typeof rsMessages.$inferInsert>;
}

const isOutcome = (e: EventRow) => e.statusId === Status.Delivered || FAILURES.includes(e.statusId as never);

/**
 * The demo courier can close an open waybill (README): the newest parcel out with a courier, not
 * delivered and young enough to stay live, always has one, whatever the day the data is made on.
 */
function openWaybillParcel(now: number, built: Built[]): Built | null {
  let openOne: Built | null = null;
  for (const b of built) {
    const pickup = b.events.find((e) => e.statusId === Status.Pickup);
    const done = b.events.some(isOutcome);
    if (!pickup || done || b.row.deletedAt || now - +pickup.createdAt! > 150 * DAY) continue;
    if (
      !openOne ||
      +pickup.createdAt! > +openOne.events.find((e) => e.statusId === Status.Pickup)!.createdAt!
    )
      openOne = b;
  }
  return openOne;
}

/** The waybills (their ids set on the parcels and pickup events), the journal oldest first. */
export function buildWaybills({ rng, now }: SeedContext, built: Built[]): WaybillRows {
  const out: WaybillRows = { waybills: [], rsWaybills: [], rsMessages: [] };
  const cityName = new Map(CITIES.map((c) => [c[0], c[1]]));
  const openOne = openWaybillParcel(now, built);
  for (const b of built) {
    const pickup = b.events.find((e) => e.statusId === Status.Pickup);
    if (!pickup || now - +pickup.createdAt! > 365 * DAY) continue;
    if (!rng.chance(0.15) && b !== openOne) continue;
    const id = 500001 + out.waybills.length;
    const outcome = b.events.find(isOutcome);
    const mob = MOBILE[pickup.userGuid!];
    if (rng.chance(0.05)) {
      out.rsMessages.push({
        userGuid: pickup.userGuid,
        type: 1,
        barcode: b.row.barcode,
        comment: 'შეცდომა -1009: მძღოლის პირადი ნომერი უცნობია',
        ok: false,
        createdAt: new Date(+pickup.createdAt! - 2 * MIN),
      });
    }
    const rsId = 700000001 + out.rsWaybills.length;
    const wb = {
      sellerTin: b.row.senderPid ?? '',
      buyerTin: b.row.receiverPid ?? '',
      startAddress: `${cityName.get(b.row.senderCityId!)}, ${b.row.senderAddress}`,
      endAddress: `${cityName.get(b.row.receiverCityId!)}, ${b.row.receiverAddress}`,
      status: outcome ? 2 : 1,
      createdAt: pickup.createdAt,
      activatedAt: pickup.createdAt,
      closedAt: outcome ? outcome.createdAt : null,
    };
    out.waybills.push({
      id,
      parcelGuid: b.row.guid!,
      barcode: b.row.barcode,
      userGuid: pickup.userGuid,
      carNumber: mob.car,
      driverId: mob.driver,
      rsId: String(rsId),
      ...wb,
    });
    out.rsWaybills.push({
      id: rsId,
      number: String(rsId).padStart(10, '0'),
      ref: waybillRef(b.row.guid!),
      driverTin: mob.driver,
      carNumber: mob.car,
      goods: {
        name: b.row.description?.trim() || `ამანათი ${b.row.barcode}`,
        unit: 'ცალი',
        quantity: Math.max(1, b.row.numberOfPackages ?? 1),
        price: Number(b.row.value) || 0,
      },
      ...wb,
    });
    b.row.waybillId = id;
    pickup.waybillId = id;
    out.rsMessages.push(...journal(id, b, pickup, outcome));
  }
  out.rsMessages.sort((a, b) => +a.createdAt! - +b.createdAt!);
  return out;
}

/** The activation and, once delivered or failed, the closing of waybill `id`. */
function journal(id: number, b: Built, pickup: EventRow, outcome: EventRow | undefined) {
  const rows: WaybillRows['rsMessages'] = [
    {
      userGuid: pickup.userGuid,
      type: 1,
      barcode: b.row.barcode,
      comment: `ზედნადები ${id} გააქტიურდა`,
      waybillId: id,
      ok: true,
      createdAt: pickup.createdAt,
    },
  ];
  if (outcome) {
    rows.push({
      userGuid: outcome.userGuid,
      type: 2,
      barcode: b.row.barcode,
      comment: `ზედნადები ${id} დაიხურა`,
      waybillId: id,
      ok: true,
      createdAt: outcome.createdAt,
    });
  }
  return rows;
}
