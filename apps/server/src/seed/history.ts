/**
 * One demo parcel's history: the path it takes (confirmed, received, bagged, handed to a courier,
 * delivered or failed, or deleted) and how far along it got by now, as its events.
 */
import { Status } from '@po/contract';
import { OFFICE } from './accounts.ts';
import { bagFor, type OpenBag } from './bags.ts';
import {
  A,
  DAY,
  MIN,
  MOBILE,
  type Actor,
  type EventRow,
  type ParcelRow,
  type SeedContext,
} from './common.ts';
import type { CourierEvent, SignatureRow } from './courier-jobs.ts';
import type { Route } from './parcel.ts';
import { CITY_LOCATION, FAILURE_COMMENTS, FAILURES } from './words.ts';

type Target =
  | 'registered'
  | 'deleted'
  | 'confirmed'
  | 'received'
  | 'bagged'
  | 'handed'
  | 'picked'
  | 'delivered'
  | 'failed'
  | 'retried';

/** What the histories of all parcels fill as they are made. */
export interface Shared {
  bags: Map<string, OpenBag>;
  courierEvents: CourierEvent[];
  signatures: SignatureRow[];
  scribbles: Buffer[];
}

/** The events so far; a step after `latest` stops the history there. */
class History {
  readonly events: EventRow[] = [];
  t: number;
  private stopped = false;
  constructor(
    private readonly ctx: SeedContext,
    private readonly guid: string,
    created: number,
  ) {
    this.t = created;
  }

  /** The next event, `minMin` to `maxMin` minutes after the last; false when it would be in the future. */
  step(status: number, who: Actor, minMin: number, maxMin: number, extra: Partial<EventRow> = {}): boolean {
    if (this.stopped) return false;
    const { rng } = this.ctx;
    const at =
      this.events.length === 0 ? this.t : this.t + rng.int(minMin, maxMin) * MIN + rng.int(0, 59) * 1000;
    if (at > this.ctx.latest) {
      this.stopped = true;
      return false;
    }
    this.t = at;
    this.events.push({
      parcelGuid: this.guid,
      statusId: status,
      createdAt: new Date(at),
      userGuid: who.guid,
      roleId: who.role,
      officeGuid: who.office,
      comment: '',
      ...extra,
    });
    return true;
  }

  get last(): EventRow {
    return this.events[this.events.length - 1];
  }
}

/** The parcel's events; sets its deletion, bag and courier on `row` as they happen. */
export function walkHistory(ctx: SeedContext, shared: Shared, row: ParcelRow, route: Route): EventRow[] {
  const { rng } = ctx;
  const { registrar, origin, destination } = route;
  const old = (ctx.now - +row.createDate!) / DAY > 30;
  const target: Target = rng.weighted([
    ['registered', old ? 1 : 6],
    ['deleted', 3],
    ['confirmed', old ? 1 : 5],
    ['received', old ? 1 : 6],
    ['bagged', old ? 1 : 5],
    ['handed', old ? 1 : 5],
    ['picked', old ? 1 : 6],
    ['delivered', 52],
    ['failed', 12],
    ['retried', 6],
  ] as const);
  const h = new History(ctx, row.guid!, +row.createDate!);
  h.step(Status.Registered, registrar, 0, 0);
  if (target === 'deleted') {
    if (h.step(Status.Deleted, registrar, 5, 300)) {
      row.deletedAt = new Date(h.t);
      row.deletedBy = registrar.guid;
      row.deletedIp = `10.10.${rng.int(1, 40)}.${rng.int(2, 250)}`;
    }
    return h.events;
  }
  if (target === 'registered') return h.events;
  const local = origin === OFFICE.batumi ? A.branch : rng.chance(0.9) ? A.operator : A.admin;
  h.step(Status.Confirmed, local, 5, 180);
  if (target === 'confirmed') return h.events;
  h.step(
    Status.Received,
    origin === OFFICE.batumi ? A.branch : rng.chance(0.5) ? A.bagmaker : A.operator,
    20,
    600,
  );
  if (target !== 'received' && origin !== destination) {
    const packer = origin === OFFICE.batumi ? A.branch : A.bagmaker;
    if (h.step(Status.PutInBag, packer, 30, 480)) {
      const bag = bagFor(ctx, shared.bags, origin, destination, h.t);
      h.last.bagGuid = bag.guid;
      bag.events.push(h.last);
      row.bagGuid = bag.guid;
    }
    if (target !== 'bagged') {
      h.step(Status.Received, destination === OFFICE.batumi ? A.branch : A.operator, 240, 1800);
    }
  }
  const handed =
    target === 'handed' ||
    target === 'picked' ||
    target === 'delivered' ||
    target === 'failed' ||
    target === 'retried';
  if (handed) courierRounds(ctx, shared, h, row, route, target);
  return h.events;
}

/** Handed to the courier, then (unless only handed) picked up and delivered or failed, maybe retried. */
function courierRounds(
  { rng }: SeedContext,
  shared: Shared,
  h: History,
  row: ParcelRow,
  route: Route,
  target: Target,
): void {
  const { destination, courier, receiverCity } = route;
  const desk = destination === OFFICE.batumi ? A.branch : A.operator;
  if (h.step(Status.HandToCourier, desk, 20, 900, { comment: '' })) row.courierGuid = courier.guid;
  const [lat0, lng0] =
    CITY_LOCATION[receiverCity[0]] ?? CITY_LOCATION[destination === OFFICE.batumi ? 321 : 320];
  const mob = MOBILE[courier.guid];
  const onRoad = (status: number, minMin: number, maxMin: number, comment = '') => {
    const ok = h.step(status, courier, minMin, maxMin, {
      comment,
      lat: Math.round((lat0 + (rng.next() - 0.5) * 0.05) * 1e6) / 1e6,
      lng: Math.round((lng0 + (rng.next() - 0.5) * 0.05) * 1e6) / 1e6,
      mobile: mob.name,
    });
    if (ok) {
      h.last.deviceTime = new Date(h.t - rng.int(2, 40) * 1000);
      shared.courierEvents.push({ parcel: row, ev: h.last });
    }
    return ok;
  };
  const outcome = (fail: boolean) => {
    if (fail) {
      const s = rng.pick(FAILURES);
      onRoad(s, 30, 420, FAILURE_COMMENTS[s]);
    } else if (onRoad(Status.Delivered, 30, 420, rng.chance(0.2) ? 'ჩაბარდა პირადად' : '')) {
      shared.signatures.push({
        parcelGuid: row.guid!,
        barcode: row.barcode,
        mime: 'image/png',
        image: rng.pick(shared.scribbles),
        createdAt: new Date(h.t),
      });
    }
  };
  if (target === 'handed') return;
  onRoad(Status.Pickup, 5, 120);
  if (target === 'delivered') outcome(false);
  else if (target === 'failed') outcome(true);
  else if (target === 'retried') {
    outcome(true);
    onRoad(Status.Pickup, 900, 1700, 'ხელახლა გატანა');
    outcome(rng.chance(0.3));
  }
}
