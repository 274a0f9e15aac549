/** Bags: the parcels put in a bag on one day from one office to another share it. */
import type { bagParcels, bags } from '../db/schema.ts';
import { DEMO_DRIVERS } from './accounts.ts';
import { MIN, tbDate, type Built, type EventRow, type SeedContext } from './common.ts';

/** A bag as the parcels' histories fill it (keyed by route and day). */
export interface OpenBag {
  guid: string;
  events: EventRow[];
  from: string;
  to: string;
}

export interface BagRows {
  bags: Array<typeof bags.$inferInsert>;
  bagParcels: Array<typeof bagParcels.$inferInsert>;
}

/** The bag a parcel goes into on `t`'s day from `from` to `to`, opened when it is the first. */
export function bagFor(
  { rng }: SeedContext,
  open: Map<string, OpenBag>,
  from: string,
  to: string,
  t: number,
): OpenBag {
  const key = `${from}|${to}|${tbDate(t)}`;
  let bag = open.get(key);
  if (!bag) {
    bag = { guid: rng.uuid(), events: [], from, to };
    open.set(key, bag);
  }
  return bag;
}

/** The bags' rows, oldest first, sealed and weighed once closed. */
export function buildBags({ rng, latest }: SeedContext, open: Map<string, OpenBag>, built: Built[]): BagRows {
  const bagList = [...open.values()].sort((a, b) => +a.events[0].createdAt! - +b.events[0].createdAt!);
  const bagRows: BagRows['bags'] = [];
  const bagParcelRows: BagRows['bagParcels'] = [];
  const weightOf = new Map(built.map((b) => [b.row.guid!, b.row.weight ?? 0.2]));
  bagList.forEach((bag, i) => {
    const first = +bag.events[0].createdAt!;
    const lastAt = +bag.events[bag.events.length - 1].createdAt!;
    const closed = lastAt + rng.int(20, 90) * MIN;
    const [driverId] = rng.pick(DEMO_DRIVERS);
    bagRows.push({
      guid: bag.guid,
      bagName: `BG-${tbDate(first).replaceAll('-', '')}-${String(i + 1).padStart(4, '0')}`,
      bagTypeId: bag.events.length > 12 ? 8706 : 8705,
      createdAt: new Date(first),
      createdBy: bag.events[0].userGuid,
      senderOfficeGuid: bag.from,
      receiverOfficeGuid: bag.to,
      carNumber: rng.pick(['AA-123-BB', 'BT-777-TB', 'TB-404-GE', 'KT-215-AA']),
      driverId,
      sealNumber: closed < latest ? `SL${rng.digits(6)}` : null,
      declaredWeight:
        closed < latest
          ? Math.round(bag.events.reduce((s, e) => s + (weightOf.get(e.parcelGuid) ?? 0), 0) * 100) / 100
          : null,
      closedAt: closed < latest ? new Date(closed) : null,
    });
    for (const e of bag.events) {
      bagParcelRows.push({
        bagGuid: bag.guid,
        parcelGuid: e.parcelGuid,
        addedAt: e.createdAt,
        addedBy: e.userGuid,
      });
    }
  });
  return { bags: bagRows, bagParcels: bagParcelRows };
}
