/** One demo parcel's row as registered: who sends it to whom, where, what it is and what it costs. */
import { Status } from '@po/contract';
import { CITIES } from '../db/seed/reference.ts';
import { DEMO_PERSONS, OFFICE } from './accounts.ts';
import { A, DAY, HOUR, makeBarcode, tbDay, type Actor, type ParcelRow, type SeedContext } from './common.ts';
import type { CompanyRow } from './companies.ts';
import type { Rng } from './random.ts';
import { FEMALE, MALE, NOTES, RURAL_STREETS, STREETS, SURNAMES, WEST } from './words.ts';

type City = (typeof CITIES)[number];

/** Who registers the parcel and where it goes: the start of every demo parcel. */
export interface Route {
  isFine: boolean;
  registrar: Actor;
  origin: string;
  destination: string;
  courier: Actor;
  senderCity: City;
  receiverCity: City;
}

export function chooseRoute(rng: Rng): Route {
  const isFine = rng.chance(0.06);
  const registrar: Actor = isFine
    ? A.corporate
    : rng.weighted<Actor>([
        [A.operator, 55],
        [A.branch, 30],
        [A.admin, 5],
        [A.corporate, 10],
      ] as const);
  const origin = registrar.office === OFFICE.batumi ? OFFICE.batumi : OFFICE.central;
  const senderCity = CITIES.find(([id]) => id === (origin === OFFICE.batumi ? 321 : 320))!;
  const receiverCity = rng.chance(0.35) ? CITIES[0] : rng.pick(CITIES);
  const destination = WEST.has(receiverCity[0]) ? OFFICE.batumi : OFFICE.central;
  const courier = destination === OFFICE.batumi ? A.courier2 : A.courier;
  return { isFine, registrar, origin, destination, courier, senderCity, receiverCity };
}

interface Parties {
  senderName: string;
  senderPid: string;
  companyId: number | null;
  receiverName: string;
  receiverPid: string;
}

/** Sender and receiver: the police for fines and the corporate office, else a company or a person. */
function chooseParties(rng: Rng, companyRows: CompanyRow[], route: Route): Parties {
  const police = companyRows[3];
  const personName = () =>
    rng.chance(0.5) ? `${rng.pick(MALE)} ${rng.pick(SURNAMES)}` : `${rng.pick(FEMALE)} ${rng.pick(SURNAMES)}`;
  const personPid = () => `${rng.pick(['01', '35', '60', '61', '12', '59'])}00${rng.digits(7)}`;
  let senderName: string;
  let senderPid: string;
  let companyId: number | null = null;
  if (route.isFine || route.registrar === A.corporate) {
    senderName = police.name;
    senderPid = police.pid;
    companyId = police.id!;
  } else if (rng.chance(0.35)) {
    const c = rng.pick(companyRows);
    senderName = c.name;
    senderPid = c.pid;
    companyId = c.id!;
  } else if (rng.chance(0.15)) {
    [senderPid, senderName] = rng.pick(DEMO_PERSONS);
  } else {
    senderName = personName();
    senderPid = personPid();
  }
  let receiverName: string;
  let receiverPid: string;
  if (!route.isFine && rng.chance(0.12)) {
    const c = rng.pick(companyRows.filter((x) => x.id !== police.id));
    receiverName = c.name;
    receiverPid = c.pid;
  } else if (rng.chance(0.1)) {
    [receiverPid, receiverName] = rng.pick(DEMO_PERSONS);
  } else {
    receiverName = personName();
    receiverPid = personPid();
  }
  return { senderName, senderPid, companyId, receiverName, receiverPid };
}

/** A street address in the city, or now and then one in one of its villages. */
function place(rng: Rng, city: City, villageChance: number) {
  const villageIdx = city[4].length && rng.chance(villageChance) ? rng.int(0, city[4].length - 1) : -1;
  const firstVillage = 1000 + CITIES.slice(0, CITIES.indexOf(city)).reduce((s, c) => s + c[4].length, 0);
  if (villageIdx < 0) {
    const flat = rng.chance(0.5) ? `, ბინა ${rng.int(1, 120)}` : '';
    return {
      villageId: null,
      postCode: city[2],
      address: `${rng.pick(STREETS)} ${rng.int(1, 180)}${flat}`,
    };
  }
  const [vName, vIndex] = city[4][villageIdx];
  return {
    villageId: firstVillage + villageIdx,
    postCode: vIndex,
    address: `სოფელი ${vName}, ${rng.pick(RURAL_STREETS)} ${rng.int(1, 60)}`,
  };
}

/** Kind, weight, size and price: documents, small, medium or large parcels, or a fine. */
function goods(rng: Rng, route: Route) {
  const parcelType = route.isFine
    ? 8696
    : route.registrar === A.corporate
      ? 8695
      : rng.weighted([
          [8695, 15],
          [8697, 25],
          [8698, 45],
          [8699, 15],
        ] as const);
  const [wLo, wHi, dims] =
    parcelType === 8695 || parcelType === 8696
      ? [0.2, 0.5, [32, 23, 1]]
      : parcelType === 8697
        ? [0.3, 2, [25, 18, 10]]
        : parcelType === 8698
          ? [1, 10, [45, 35, 25]]
          : [10, 40, [80, 60, 50]];
  const weight = Math.round((wLo + rng.next() * (wHi - wLo)) * 100) / 100;
  const urgent = !route.isFine && rng.chance(0.12);
  const doubling = !route.isFine && rng.chance(0.04);
  const sZone = route.senderCity[3];
  const rZone = route.receiverCity[3];
  const distance = Math.abs(sZone - rZone) + Math.max(sZone, rZone) - 1;
  const days = urgent ? 1 : 1 + Math.min(distance, 3);
  let price = 5 + distance * 2 + Math.max(0, weight - 1) * (1 + distance * 0.5);
  if (urgent) price *= 1.5;
  if (doubling) price *= 2;
  return { parcelType, dims, weight, urgent, doubling, sZone, rZone, days, price };
}

/** The parcel's row as registered at `created` (its status and history come after). */
export function parcelRow(
  { rng, latest }: SeedContext,
  companyRows: CompanyRow[],
  route: Route,
  created: number,
  serial: number,
): ParcelRow {
  const { isFine, registrar } = route;
  const p = chooseParties(rng, companyRows, route);
  const from = place(rng, route.senderCity, 0.15);
  const to = place(rng, route.receiverCity, 0.25);
  const g = goods(rng, route);
  const guid = rng.uuid();
  const barcode = makeBarcode(isFine ? 'JR' : registrar === A.corporate ? 'CP' : 'PO', serial);
  const row: ParcelRow = {
    guid,
    barcode,
    createDate: new Date(created),
    collectionDate: new Date(tbDay(created) + g.days * DAY + 19 * HOUR),
    registeredBy: registrar.guid,
    registeredOffice: registrar.office,
    originDepotGuid: route.origin,
    destinationDepotGuid: route.destination,
    senderName: p.senderName,
    senderPid: p.senderPid,
    senderCityId: route.senderCity[0],
    senderVillageId: from.villageId,
    senderPostCode: from.postCode,
    senderZone: g.sZone,
    senderAddress: from.address,
    receiverName: p.receiverName,
    receiverPid: p.receiverPid,
    receiverCityId: route.receiverCity[0],
    receiverVillageId: to.villageId,
    receiverPostCode: to.postCode,
    receiverZone: g.rZone,
    receiverAddress: to.address,
    payerId: isFine ? 8700 : rng.chance(0.7) ? 8700 : 8701,
    payType: p.companyId ? (rng.chance(0.85) ? 1 : 0) : rng.chance(0.8) ? 0 : 1,
    urgent: g.urgent,
    doubling: g.doubling,
    parcelTypeId: g.parcelType,
    numberOfPackages: g.parcelType >= 8698 && rng.chance(0.15) ? rng.int(2, 4) : 1,
    weight: g.weight,
    length: g.dims[0] + rng.int(-3, 3),
    width: g.dims[1] + rng.int(-3, 3),
    height: Math.max(1, g.dims[2] + rng.int(-1, 3)),
    value: Math.round(g.price * 100) / 100,
    description: isFine
      ? `ჯარიმა №${String.fromCharCode(65 + rng.int(0, 25), 65 + rng.int(0, 25))}${rng.digits(7)}`
      : g.parcelType === 8695
        ? 'დოკუმენტები'
        : '',
    fild1: rng.chance(0.4) ? `${new Date(created).getUTCFullYear()}-${rng.digits(5)}` : '',
    fild2: rng.chance(0.3) ? rng.pick(NOTES) : '',
    comment: '',
    companyId: p.companyId,
    curStatusId: Status.Registered,
    isPayed: false,
  };
  if (isFine && rng.chance(0.45)) {
    const paid = created + rng.int(1, 20) * DAY;
    if (paid < latest) {
      row.isPayed = true;
      row.payedAt = new Date(paid);
    }
  }
  return row;
}
