/**
 * Demo parcels over six years with their whole history: registration, confirmation, receiving,
 * bags, couriers, deliveries with signatures, failures, deletions and fines; registries, companies,
 * attendance, courier jobs and journals, transport waybills. Deterministic: one seeded PRNG, and
 * every time counted back from `now`. The archive mover runs at the end, so all three stores hold
 * parcels. Inserts go in batches inside one transaction.
 */
import { sql } from 'drizzle-orm';
import { deflateSync } from 'node:zlib';
import { DEFAULT_LOCATION, Status } from '@po/contract';
import type { Db, Tx } from '../client.ts';
import {
  attendance,
  bagParcels,
  bags,
  companies,
  courierErrors,
  jobLines,
  jobs,
  parcelEvents,
  parcels,
  registries,
  registryParcels,
  rsMessages,
  rsWaybills,
  signatures,
  waybills,
} from '../schema.ts';
import { CITIES } from './reference.ts';
import { DEMO_COMPANIES, DEMO_DRIVERS, DEMO_PERSONS, OFFICE, USER } from './accounts.ts';
import { describeCounts, moveToArchives } from '../../modules/archive/mover.ts';
import { waybillRef } from '../../modules/waybills/service.ts';

type ParcelRow = typeof parcels.$inferInsert;
type EventRow = typeof parcelEvents.$inferInsert;

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
/** Georgia keeps UTC+4 all year. */
const TB = 4 * HOUR;

/* ------------------------------------------------------------------ randomness */
/** mulberry32: small, fast and good enough for demo data. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)];
  const chance = (p: number) => next() < p;
  const weighted = <T>(pairs: ReadonlyArray<readonly [T, number]>): T => {
    const total = pairs.reduce((s, [, w]) => s + w, 0);
    let r = next() * total;
    for (const [v, w] of pairs) {
      r -= w;
      if (r < 0) return v;
    }
    return pairs[pairs.length - 1][0];
  };
  const digits = (n: number) => Array.from({ length: n }, () => int(0, 9)).join('');
  const uuid = () => {
    const b = Array.from({ length: 16 }, () => int(0, 255));
    b[6] = (b[6] & 0x0f) | 0x40;
    b[8] = (b[8] & 0x3f) | 0x80;
    const h = b.map((x) => x.toString(16).padStart(2, '0')).join('');
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
  };
  /** roughly normal, mean 0, sd ~1 */
  const gauss = () => (next() + next() + next() + next() + next() + next() - 3) * Math.SQRT2;
  return { next, int, pick, chance, weighted, digits, uuid, gauss };
}
type Rng = ReturnType<typeof prng>;

/* ------------------------------------------------------------------ barcodes and time */
const S10_WEIGHTS = [8, 6, 4, 2, 3, 5, 9, 7];
/** The UPU S10 check digit of an 8-digit serial. */
export function s10CheckDigit(serial: string): number {
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += Number(serial[i]) * S10_WEIGHTS[i];
  const c = 11 - (sum % 11);
  return c === 10 ? 0 : c === 11 ? 5 : c;
}
export function makeBarcode(prefix: string, n: number): string {
  const serial = String(n).padStart(8, '0');
  return `${prefix}${serial}${s10CheckDigit(serial)}`;
}
/** True when a barcode is 2 letters, 8 digits and the right check digit. */
export function isValidS10(barcode: string): boolean {
  const m = /^[A-Z]{2}(\d{8})(\d)$/.exec(barcode);
  return !!m && s10CheckDigit(m[1]) === Number(m[2]);
}

/** The start (as an instant) of the Tbilisi day holding `t`. */
const tbDay = (t: number) => Math.floor((t + TB) / DAY) * DAY - TB;
/** Tbilisi calendar date as YYYY-MM-DD. */
const tbDate = (t: number) => new Date(t + TB).toISOString().slice(0, 10);
/** 0 Sunday … 6 Saturday, in Tbilisi. */
const tbWeekday = (t: number) => new Date(t + TB).getUTCDay();

/* ------------------------------------------------------------------ signature images */
const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}
export const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A small grayscale PNG of a handwritten-looking scribble: a pen moving right in loops. */
export function scribblePng(rng: Rng, width = 240, height = 90): Buffer {
  const px = new Uint8Array(width * height).fill(255);
  const ink = (x: number, y: number) => {
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        const xx = Math.round(x + dx);
        const yy = Math.round(y + dy);
        if (xx < 0 || yy < 0 || xx >= width || yy >= height) continue;
        const d = Math.abs(dx) + Math.abs(dy);
        const v = d === 0 ? 20 : d === 1 ? 70 : 170;
        const i = yy * width + xx;
        if (px[i] > v) px[i] = v;
      }
    }
  };
  const strokes = rng.int(1, 3);
  let x0 = rng.int(10, 30);
  for (let s = 0; s < strokes && x0 < width - 40; s++) {
    const len = rng.int(60, Math.min(180, width - x0 - 10));
    const loops = rng.int(2, 5);
    const amp = rng.int(10, 26);
    const slant = (rng.next() - 0.5) * 0.3;
    const mid = height / 2 + rng.int(-10, 10);
    const phase = rng.next() * Math.PI * 2;
    // a few slow waves make the size, width and height of the letters vary along the stroke
    const w1 = rng.next() * 6 + 2;
    const w2 = rng.next() * 9 + 3;
    const p1 = rng.next() * Math.PI * 2;
    const steps = len * 6;
    for (let i = 0; i <= steps; i++) {
      const u = i / steps;
      const a = u * loops * Math.PI * 2 + phase;
      const size = 0.45 + 0.55 * Math.abs(Math.sin(u * w1 + p1));
      const x = x0 + u * len + Math.cos(a) * amp * 0.5 * size + Math.sin(u * w2) * 4;
      const y = mid + Math.sin(a) * amp * size * (0.7 + 0.3 * Math.sin(u * Math.PI)) + (x - x0) * slant;
      ink(x, y);
    }
    x0 += len + rng.int(8, 20);
  }
  // an underline flourish
  const ux = rng.int(10, 40);
  const uy = height - rng.int(10, 18);
  for (let x = ux; x < width - rng.int(10, 60); x++) ink(x, uy + Math.sin(x / 17) * 2);

  const raw = Buffer.alloc((width + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width + 1)] = 0; // filter: none
    Buffer.from(px.buffer, y * width, width).copy(raw, y * (width + 1) + 1);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // grayscale
  ihdr[10] = 0;
  ihdr[11] = 0;
  ihdr[12] = 0;
  return Buffer.concat([
    PNG_MAGIC,
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/* ------------------------------------------------------------------ Georgian names and places */
const MALE = [
  'გიორგი',
  'დავით',
  'ლევან',
  'ნიკა',
  'ირაკლი',
  'ზურაბ',
  'გიგა',
  'ლაშა',
  'თორნიკე',
  'ბესიკ',
  'მამუკა',
  'ალექსანდრე',
  'ვახტანგ',
  'შოთა',
  'ნოდარ',
  'ლუკა',
  'საბა',
  'დემეტრე',
];
const FEMALE = [
  'ნინო',
  'თამარ',
  'მარიამ',
  'ანა',
  'ეკატერინე',
  'ნათია',
  'სოფო',
  'ქეთევან',
  'მაკა',
  'ლიკა',
  'ნანა',
  'ხატია',
  'თეონა',
  'ელენე',
  'ნუცა',
  'მზია',
  'ლალი',
  'ია',
];
const SURNAMES = [
  'ბერიძე',
  'კაპანაძე',
  'გელაშვილი',
  'მაისურაძე',
  'ლომიძე',
  'ნოზაძე',
  'ხუციშვილი',
  'ჯავახიშვილი',
  'კვარაცხელია',
  'ბაქრაძე',
  'ჩიქოვანი',
  'გოგიჩაიშვილი',
  'წიკლაური',
  'ქავთარაძე',
  'მესხი',
  'ტაბატაძე',
  'შენგელია',
  'დოლიძე',
  'სურმავა',
  'ჯაფარიძე',
  'აბაშიძე',
  'ხარაიშვილი',
  'ცინცაძე',
  'მამულაშვილი',
  'ღლონტი',
  'კიკნაძე',
  'გაბუნია',
  'ფანცულაია',
  'ბურჯანაძე',
  'ართმელაძე',
];
const STREETS = [
  'რუსთაველის გამზირი',
  'ჭავჭავაძის გამზირი',
  'აღმაშენებლის გამზირი',
  'პეკინის გამზირი',
  'ვაჟა-ფშაველას გამზირი',
  'წერეთლის გამზირი',
  'კოსტავას ქუჩა',
  'გამსახურდიას ქუჩა',
  'ბარათაშვილის ქუჩა',
  'თამარ მეფის ქუჩა',
  'ნინოშვილის ქუჩა',
  'გორგასლის ქუჩა',
  'ჯავახიშვილის ქუჩა',
  'ყაზბეგის გამზირი',
  'ბახტრიონის ქუჩა',
  'მელიქიშვილის ქუჩა',
  'ფალიაშვილის ქუჩა',
  'აბაშიძის ქუჩა',
  'ინასარიძის ქუჩა',
  'გოგებაშვილის ქუჩა',
  'ლესელიძის ქუჩა',
  'ცაბაძის ქუჩა',
  'მარჯანიშვილის ქუჩა',
  'სულხან-საბას ქუჩა',
];
const RURAL_STREETS = [
  'ცენტრალური ქუჩა',
  'სკოლის ქუჩა',
  'ვენახის ქუჩა',
  'მთავარი გზა',
  'ეკლესიის ქუჩა',
  'წყაროს ქუჩა',
];
const COMPANY_WORDS = [
  'ლოჯისტიკა',
  'ტრეიდი',
  'ფარმა',
  'მედია',
  'ბილდინგი',
  'აგრო',
  'ტექნოლოჯი',
  'დისტრიბუცია',
  'სერვისი',
  'ჯგუფი',
  'ინვესტი',
  'ფუდი',
];
const COMPANY_PLACES = [
  'კავკასია',
  'ქართლი',
  'იმერეთი',
  'კოლხეთი',
  'მთაწმინდა',
  'ვარძია',
  'დიდგორი',
  'არაგვი',
  'ალაზანი',
  'რიონი',
  'მტკვარი',
  'ლაზიკა',
];
const NOTES = [
  'ფრთხილად, მსხვრევადია',
  'დარეკეთ მისვლამდე',
  'ჩააბარეთ მხოლოდ ადრესატს',
  'სამუშაო საათებში',
  'შესასვლელი ეზოდან',
  'მეორე სართული',
  'დოკუმენტები ორიგინალში',
];
/** Registration ages (days) of the first generated companies: clients new in the last two weeks. */
const RECENT_COMPANY_DAYS = [2, 5, 9, 12];
const COMPANY_NOTES = [
  'ყოველთვიური ხელშეკრულება',
  'ფასდაკლება 10%',
  'ინვოისი თვის ბოლოს',
  'VIP კლიენტი',
  'საცდელი პერიოდი',
  'ელექტრონული ინვოისი',
  '',
];
const FAILURES = [
  Status.RefusesToAccept,
  Status.NobodyAtAddress,
  Status.AddressIncomplete,
  Status.AddressWrong,
  Status.RefusesPersonally,
  Status.RefusesFamilyMember,
  Status.RefusesCompany,
  Status.UnclearRefusal,
] as const;
const FAILURE_COMMENTS: Record<number, string> = {
  8717: 'ადრესატმა უარი თქვა მიღებაზე',
  8718: 'კარი არავინ გააღო',
  8731: 'ბინის ნომერი არ არის მითითებული',
  8732: 'ასეთი მისამართი არ არსებობს',
  8738: 'უარი თქვა პირადად',
  8739: 'ოჯახის წევრმა უარი თქვა',
  8742: 'კომპანიამ არ მიიღო',
  8743: 'მიზეზი არ დაასახელა',
};
/** West Georgia goes through the Batumi office; everything else through the Tbilisi centre. */
const WEST = new Set([321, 329, 336]);
const CITY_LOCATION: Record<number, [number, number]> = {
  320: [DEFAULT_LOCATION.lat, DEFAULT_LOCATION.lng],
  321: [41.6168, 41.6367],
  322: [42.2679, 42.7181],
  323: [41.5495, 44.9932],
  324: [41.9842, 44.1158],
  329: [41.8154, 41.7728],
  336: [41.9244, 42.0068],
};

interface Actor {
  guid: string;
  role: number;
  office: string;
}
const A: Record<'admin' | 'operator' | 'branch' | 'bagmaker' | 'corporate' | 'courier' | 'courier2', Actor> =
  {
    admin: { guid: USER.admin, role: 100, office: OFFICE.central },
    operator: { guid: USER.operator, role: 105, office: OFFICE.central },
    branch: { guid: USER.branch, role: 105, office: OFFICE.batumi },
    bagmaker: { guid: USER.bagmaker, role: 104, office: OFFICE.central },
    corporate: { guid: USER.corporate, role: 107, office: OFFICE.corporate },
    courier: { guid: USER.courier, role: 106, office: OFFICE.central },
    courier2: { guid: USER.courier2, role: 106, office: OFFICE.batumi },
  };
const MOBILE: Record<string, { name: string; car: string; driver: string }> = {
  [USER.courier]: { name: 'Samsung A54 #1', car: 'AA-123-BB', driver: DEMO_DRIVERS[0][0] },
  [USER.courier2]: { name: 'Xiaomi Redmi #2', car: 'BT-777-TB', driver: DEMO_DRIVERS[1][0] },
};

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

interface Built {
  row: ParcelRow;
  events: EventRow[];
}

export interface SeedParcelsOptions {
  now?: Date;
  count?: number;
  seed?: number;
}

async function insertBatched<T extends Parameters<Tx['insert']>[0]>(
  tx: Tx,
  table: T,
  values: Array<T['$inferInsert']>,
  size = 500,
): Promise<void> {
  for (let i = 0; i < values.length; i += size) {
    await tx.insert(table).values(values.slice(i, i + size));
  }
}

/** Loads the demo parcels and everything around them. Needs seedAccounts first. */
export async function seedParcels(
  db: Db,
  log: (msg: string) => void = () => {},
  opts: SeedParcelsOptions = {},
): Promise<void> {
  const started = Date.now();
  const now = (opts.now ?? new Date()).getTime();
  const count = opts.count ?? 4000;
  const rng = prng(opts.seed ?? 20260101);
  const today = tbDay(now);
  const latest = now - MIN; // nothing happens in the future

  /* ---------------- people and companies */
  const personName = () =>
    rng.chance(0.5) ? `${rng.pick(MALE)} ${rng.pick(SURNAMES)}` : `${rng.pick(FEMALE)} ${rng.pick(SURNAMES)}`;
  const personPid = () => `${rng.pick(['01', '35', '60', '61', '12', '59'])}00${rng.digits(7)}`;

  const companyRows: Array<typeof companies.$inferInsert> = [];
  const usedPids = new Set<string>();
  DEMO_COMPANIES.forEach(([pid, name], i) => {
    usedPids.add(pid);
    companyRows.push({
      id: i + 1,
      pid,
      name,
      managerGuid: i % 2 ? USER.operator : USER.admin,
      note: i === 3 ? 'საჯარიმო შეტყობინებები' : rng.pick(COMPANY_NOTES),
      createdAt: new Date(now - rng.int(1500, 2150) * DAY),
    });
  });
  for (let i = 0; i < 20; i++) {
    let pid = `${rng.pick(['2', '4'])}${rng.digits(8)}`;
    while (usedPids.has(pid)) pid = `${rng.pick(['2', '4'])}${rng.digits(8)}`;
    usedPids.add(pid);
    const name = `შპს „${rng.pick(COMPANY_PLACES)} ${COMPANY_WORDS[i % COMPANY_WORDS.length]}“`;
    companyRows.push({
      id: companyRows.length + 1,
      pid,
      name,
      managerGuid: rng.chance(0.5) ? USER.operator : USER.admin,
      note: rng.pick(COMPANY_NOTES),
      // a few new clients of the last two weeks, for the finance page's default period (spec 000 §9)
      createdAt: new Date(now - (RECENT_COMPANY_DAYS[i] ?? rng.int(20, 2100)) * DAY - rng.int(9, 17) * HOUR),
    });
  }
  const police = companyRows[3];

  /* ---------------- registration moments, oldest first */
  const moments: number[] = [];
  const segment = (n: number, fromDay: number, toDay: number) => {
    for (let i = 0; i < n; i++) {
      let day = today - rng.int(fromDay, toDay) * DAY;
      if (tbWeekday(day) === 0 && rng.chance(0.8)) day -= DAY; // few Sundays
      moments.push(day + 9 * HOUR + rng.int(0, 10 * 60) * MIN + rng.int(0, 59) * 1000);
    }
  };
  const todayCount = Math.round(count * 0.008);
  for (let i = 0; i < todayCount; i++) {
    const from = Math.max(today, now - 10 * HOUR);
    moments.push(from + Math.floor(rng.next() * (latest - from) * 0.9));
  }
  segment(Math.round(count * 0.07), 1, 14);
  segment(Math.round(count * 0.1), 15, 60);
  segment(Math.round(count * 0.16), 61, 180);
  segment(Math.round(count * 0.47), 181, 1825);
  segment(count - moments.length, 1826, 2185);
  moments.sort((a, b) => a - b);

  /* ---------------- parcels and their events */
  const built: Built[] = [];
  const signatureRows: Array<typeof signatures.$inferInsert> = [];
  const scribbles = Array.from({ length: 32 }, () => scribblePng(rng));
  const bagKeys = new Map<string, { guid: string; events: EventRow[]; from: string; to: string }>();
  const courierEvents: Array<{ parcel: ParcelRow; ev: EventRow }> = [];

  moments.forEach((created, idx) => {
    const serial = idx + 1;
    const age = (now - created) / DAY;
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

    // sender
    let senderName: string;
    let senderPid: string;
    let companyId: number | null = null;
    if (isFine || registrar === A.corporate) {
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
    // receiver
    let receiverName: string;
    let receiverPid: string;
    if (!isFine && rng.chance(0.12)) {
      const c = rng.pick(companyRows.filter((x) => x.id !== police.id));
      receiverName = c.name;
      receiverPid = c.pid;
    } else if (rng.chance(0.1)) {
      [receiverPid, receiverName] = rng.pick(DEMO_PERSONS);
    } else {
      receiverName = personName();
      receiverPid = personPid();
    }
    const place = (city: (typeof CITIES)[number], villageChance: number) => {
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
    };
    const from = place(senderCity, 0.15);
    const to = place(receiverCity, 0.25);

    const parcelType = isFine
      ? 8696
      : registrar === A.corporate
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
    const urgent = !isFine && rng.chance(0.12);
    const doubling = !isFine && rng.chance(0.04);
    const sZone = senderCity[3];
    const rZone = receiverCity[3];
    const distance = Math.abs(sZone - rZone) + Math.max(sZone, rZone) - 1;
    const days = urgent ? 1 : 1 + Math.min(distance, 3);
    let price = 5 + distance * 2 + Math.max(0, weight - 1) * (1 + distance * 0.5);
    if (urgent) price *= 1.5;
    if (doubling) price *= 2;
    const guid = rng.uuid();
    const barcode = makeBarcode(isFine ? 'JR' : registrar === A.corporate ? 'CP' : 'PO', serial);
    const row: ParcelRow = {
      guid,
      barcode,
      createDate: new Date(created),
      collectionDate: new Date(tbDay(created) + days * DAY + 19 * HOUR),
      registeredBy: registrar.guid,
      registeredOffice: registrar.office,
      originDepotGuid: origin,
      destinationDepotGuid: destination,
      senderName,
      senderPid,
      senderCityId: senderCity[0],
      senderVillageId: from.villageId,
      senderPostCode: from.postCode,
      senderZone: sZone,
      senderAddress: from.address,
      receiverName,
      receiverPid,
      receiverCityId: receiverCity[0],
      receiverVillageId: to.villageId,
      receiverPostCode: to.postCode,
      receiverZone: rZone,
      receiverAddress: to.address,
      payerId: isFine ? 8700 : rng.chance(0.7) ? 8700 : 8701,
      payType: companyId ? (rng.chance(0.85) ? 1 : 0) : rng.chance(0.8) ? 0 : 1,
      urgent,
      doubling,
      parcelTypeId: parcelType,
      numberOfPackages: parcelType >= 8698 && rng.chance(0.15) ? rng.int(2, 4) : 1,
      weight,
      length: dims[0] + rng.int(-3, 3),
      width: dims[1] + rng.int(-3, 3),
      height: Math.max(1, dims[2] + rng.int(-1, 3)),
      value: Math.round(price * 100) / 100,
      description: isFine
        ? `ჯარიმა №${String.fromCharCode(65 + rng.int(0, 25), 65 + rng.int(0, 25))}${rng.digits(7)}`
        : parcelType === 8695
          ? 'დოკუმენტები'
          : '',
      fild1: rng.chance(0.4) ? `${new Date(created).getUTCFullYear()}-${rng.digits(5)}` : '',
      fild2: rng.chance(0.3) ? rng.pick(NOTES) : '',
      comment: '',
      companyId,
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

    // the path it takes, and how far along it got
    const old = age > 30;
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
    const events: EventRow[] = [];
    let t = created;
    let stopped = false;
    const step = (
      status: number,
      who: Actor,
      minMin: number,
      maxMin: number,
      extra: Partial<EventRow> = {},
    ) => {
      if (stopped) return false;
      const at = events.length === 0 ? t : t + rng.int(minMin, maxMin) * MIN + rng.int(0, 59) * 1000;
      if (at > latest) {
        stopped = true;
        return false;
      }
      t = at;
      events.push({
        parcelGuid: guid,
        statusId: status,
        createdAt: new Date(at),
        userGuid: who.guid,
        roleId: who.role,
        officeGuid: who.office,
        comment: '',
        ...extra,
      });
      return true;
    };
    step(Status.Registered, registrar, 0, 0);
    if (target === 'deleted') {
      if (step(Status.Deleted, registrar, 5, 300)) {
        row.deletedAt = new Date(t);
        row.deletedBy = registrar.guid;
        row.deletedIp = `10.10.${rng.int(1, 40)}.${rng.int(2, 250)}`;
      }
    } else if (target !== 'registered') {
      const local = origin === OFFICE.batumi ? A.branch : rng.chance(0.9) ? A.operator : A.admin;
      step(Status.Confirmed, local, 5, 180);
      if (target !== 'confirmed') {
        step(
          Status.Received,
          origin === OFFICE.batumi ? A.branch : rng.chance(0.5) ? A.bagmaker : A.operator,
          20,
          600,
        );
        if (target !== 'received' && origin !== destination) {
          const packer = origin === OFFICE.batumi ? A.branch : A.bagmaker;
          if (step(Status.PutInBag, packer, 30, 480)) {
            const ev = events[events.length - 1];
            const key = `${origin}|${destination}|${tbDate(t)}`;
            let bag = bagKeys.get(key);
            if (!bag) {
              bag = { guid: rng.uuid(), events: [], from: origin, to: destination };
              bagKeys.set(key, bag);
            }
            ev.bagGuid = bag.guid;
            bag.events.push(ev);
            row.bagGuid = bag.guid;
          }
          if (target !== 'bagged') {
            step(Status.Received, destination === OFFICE.batumi ? A.branch : A.operator, 240, 1800);
          }
        }
        const handed =
          target === 'handed' ||
          target === 'picked' ||
          target === 'delivered' ||
          target === 'failed' ||
          target === 'retried';
        if (handed) {
          const desk = destination === OFFICE.batumi ? A.branch : A.operator;
          if (step(Status.HandToCourier, desk, 20, 900, { comment: '' })) row.courierGuid = courier.guid;
          const [lat0, lng0] =
            CITY_LOCATION[receiverCity[0]] ?? CITY_LOCATION[destination === OFFICE.batumi ? 321 : 320];
          const mob = MOBILE[courier.guid];
          const onRoad = (status: number, minMin: number, maxMin: number, comment = '') => {
            const ok = step(status, courier, minMin, maxMin, {
              comment,
              lat: Math.round((lat0 + (rng.next() - 0.5) * 0.05) * 1e6) / 1e6,
              lng: Math.round((lng0 + (rng.next() - 0.5) * 0.05) * 1e6) / 1e6,
              mobile: mob.name,
            });
            if (ok) {
              const ev = events[events.length - 1];
              ev.deviceTime = new Date(t - rng.int(2, 40) * 1000);
              courierEvents.push({ parcel: row, ev });
            }
            return ok;
          };
          const outcome = (fail: boolean) => {
            if (fail) {
              const s = rng.pick(FAILURES);
              onRoad(s, 30, 420, FAILURE_COMMENTS[s]);
            } else if (onRoad(Status.Delivered, 30, 420, rng.chance(0.2) ? 'ჩაბარდა პირადად' : '')) {
              signatureRows.push({
                parcelGuid: guid,
                barcode,
                mime: 'image/png',
                image: rng.pick(scribbles),
                createdAt: new Date(t),
              });
            }
          };
          if (target !== 'handed') {
            onRoad(Status.Pickup, 5, 120);
            if (target === 'delivered') outcome(false);
            else if (target === 'failed') outcome(true);
            else if (target === 'retried') {
              outcome(true);
              onRoad(Status.Pickup, 900, 1700, 'ხელახლა გატანა');
              outcome(rng.chance(0.3));
            }
          }
        }
      }
    }
    const last = events[events.length - 1];
    row.curStatusId = last.statusId;
    row.curStatusAt = last.createdAt as Date;
    row.modifiedAt = last.createdAt as Date;
    built.push({ row, events });
  });

  /* ---------------- bags */
  const bagList = [...bagKeys.values()].sort((a, b) => +a.events[0].createdAt! - +b.events[0].createdAt!);
  const bagRows: Array<typeof bags.$inferInsert> = [];
  const bagParcelRows: Array<typeof bagParcels.$inferInsert> = [];
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

  /* ---------------- registries: a registrar's parcels of one day, printed or scanned together */
  const byDay = new Map<string, Built[]>();
  for (const b of built) {
    if (b.row.deletedAt) continue;
    const key = `${b.row.registeredBy}|${tbDate(+b.row.createDate!)}`;
    const list = byDay.get(key) ?? [];
    list.push(b);
    byDay.set(key, list);
  }
  const registryRows: Array<typeof registries.$inferInsert> = [];
  const registryParcelRows: Array<typeof registryParcels.$inferInsert> = [];
  const groups = [...byDay.values()]
    .filter((g) => g.length >= 2)
    .sort((a, b) => +a[a.length - 1].row.createDate! - +b[b.length - 1].row.createDate!);
  for (const g of groups) {
    if (!rng.chance(0.6)) continue;
    const lastReg = +g[g.length - 1].row.createDate!;
    const at = Math.min(lastReg + rng.int(5, 60) * MIN, latest);
    const id = registryRows.length + 1;
    const printed = rng.chance(0.7);
    registryRows.push({
      id,
      rgName: `RG-${String(id).padStart(6, '0')}`,
      kind: printed ? 'printed' : 'built',
      createdBy: g[0].row.registeredBy,
      officeGuid: g[0].row.registeredOffice,
      createdAt: new Date(at),
      printedAt: printed ? new Date(at) : null,
    });
    g.slice(0, 30).forEach((b, i) =>
      registryParcelRows.push({
        registryId: id,
        parcelGuid: b.row.guid!,
        barcode: b.row.barcode,
        position: i + 1,
        addedAt: new Date(printed ? at : Math.min(+b.row.createDate! + rng.int(1, 30) * MIN, at)),
        addedBy: g[0].row.registeredBy,
      }),
    );
  }

  /* ---------------- courier jobs: a courier's scans of one status on one day form a batch */
  const jobGroups = new Map<string, Array<{ parcel: ParcelRow; ev: EventRow }>>();
  for (const ce of courierEvents) {
    const key = `${ce.ev.userGuid}|${ce.ev.statusId}|${tbDate(+ce.ev.createdAt!)}`;
    const list = jobGroups.get(key) ?? [];
    list.push(ce);
    jobGroups.set(key, list);
  }
  const jobRows: Array<typeof jobs.$inferInsert> = [];
  const jobLineRows: Array<typeof jobLines.$inferInsert> = [];
  const errorRows: Array<typeof courierErrors.$inferInsert> = [];
  const sigByParcel = new Map(signatureRows.map((s) => [s.parcelGuid, s]));
  const deletedBarcodes = built.filter((b) => b.row.deletedAt).map((b) => b.row.barcode);
  let unknownSerial = 90_000_000;
  for (const list of [...jobGroups.values()].sort((a, b) => +a[0].ev.createdAt! - +b[0].ev.createdAt!)) {
    const jobId = rng.uuid();
    const first = list[0].ev;
    const lastAt = +list[list.length - 1].ev.createdAt!;
    const mob = MOBILE[first.userGuid!];
    let failed = 0;
    for (const { parcel, ev } of list) {
      ev.jobId = jobId;
      jobLineRows.push({ jobId, gui: parcel.guid!, barcode: parcel.barcode, applied: true });
      const sig = ev.statusId === Status.Delivered ? sigByParcel.get(parcel.guid!) : undefined;
      if (sig) sig.jobId = jobId;
    }
    if (rng.chance(0.12)) {
      const kind = rng.int(0, 2);
      const barcode =
        kind === 0 || deletedBarcodes.length === 0
          ? makeBarcode('PO', unknownSerial++)
          : kind === 1
            ? rng.pick(deletedBarcodes)
            : list[0].parcel.barcode;
      const error =
        kind === 0 || deletedBarcodes.length === 0
          ? 'შტრიხკოდი ბაზაში არ არის'
          : kind === 1
            ? 'ამანათი წაშლილია'
            : 'ამანათი უკვე დამუშავებულია';
      jobLineRows.push({ jobId, gui: '', barcode, applied: false, error });
      errorRows.push({
        userGuid: first.userGuid!,
        barcode,
        source: rng.pick(['სკანერი', 'კამერა', 'ხელით']),
        comment: error,
        registry: '',
        jobId,
        createdAt: new Date(lastAt + 1000),
      });
      failed++;
    }
    jobRows.push({
      jobId,
      userGuid: first.userGuid!,
      operType: first.statusId,
      comment: first.comment ?? '',
      mobile: mob.name,
      carNumber: mob.car,
      driverId: mob.driver,
      lat: first.lat,
      lng: first.lng,
      deviceTime: first.deviceTime,
      receivedAt: new Date(lastAt),
      applied: list.length,
      failed,
      response: { Ret: list.length },
    });
  }
  // registry scans the courier could not use
  for (let i = 0; i < 25 && registryRows.length; i++) {
    const at = now - rng.int(0, 170) * DAY - rng.int(1, 8) * HOUR;
    if (at > latest) continue;
    const courier = rng.chance(0.6) ? USER.courier : USER.courier2;
    const reg = rng.chance(0.5) ? `RG-${String(900000 + rng.int(1, 99999))}` : rng.pick(registryRows).rgName;
    errorRows.push({
      userGuid: courier,
      barcode: '',
      source: 'QR',
      comment: reg.startsWith('RG-9') ? `რეესტრი ${reg} ბაზაში არ არის` : 'ეს QR პაკეტი უკვე შეყვანილია',
      registry: reg,
      createdAt: new Date(at),
    });
  }
  errorRows.sort((a, b) => +a.createdAt! - +b.createdAt!);

  /* ---------------- transport waybills for some courier trips of the last year */
  const waybillRows: Array<typeof waybills.$inferInsert> = [];
  // the built-in revenue service's side of each (RS_MODE=builtin): what rs.ge would hold
  const rsWaybillRows: Array<typeof rsWaybills.$inferInsert> = [];
  const rsRows: Array<typeof rsMessages.$inferInsert> = [];
  const cityName = new Map(CITIES.map((c) => [c[0], c[1]]));
  // The demo courier can close an open waybill (README): the newest parcel out with a courier, not
  // delivered and young enough to stay live, always has one, whatever the day the data is made on.
  let openOne: Built | null = null;
  for (const b of built) {
    const pickup = b.events.find((e) => e.statusId === Status.Pickup);
    const done = b.events.some(
      (e) => e.statusId === Status.Delivered || FAILURES.includes(e.statusId as never),
    );
    if (!pickup || done || b.row.deletedAt || now - +pickup.createdAt! > 150 * DAY) continue;
    if (
      !openOne ||
      +pickup.createdAt! > +openOne.events.find((e) => e.statusId === Status.Pickup)!.createdAt!
    )
      openOne = b;
  }
  for (const b of built) {
    const pickup = b.events.find((e) => e.statusId === Status.Pickup);
    if (!pickup || now - +pickup.createdAt! > 365 * DAY) continue;
    if (!rng.chance(0.15) && b !== openOne) continue;
    const id = 500001 + waybillRows.length;
    const outcome = b.events.find(
      (e) => e.statusId === Status.Delivered || FAILURES.includes(e.statusId as never),
    );
    const mob = MOBILE[pickup.userGuid!];
    if (rng.chance(0.05)) {
      rsRows.push({
        userGuid: pickup.userGuid,
        type: 1,
        barcode: b.row.barcode,
        comment: 'შეცდომა -1009: მძღოლის პირადი ნომერი უცნობია',
        ok: false,
        createdAt: new Date(+pickup.createdAt! - 2 * MIN),
      });
    }
    const rsId = 700000001 + rsWaybillRows.length;
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
    waybillRows.push({
      id,
      parcelGuid: b.row.guid!,
      barcode: b.row.barcode,
      userGuid: pickup.userGuid,
      carNumber: mob.car,
      driverId: mob.driver,
      rsId: String(rsId),
      ...wb,
    });
    rsWaybillRows.push({
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
    rsRows.push({
      userGuid: pickup.userGuid,
      type: 1,
      barcode: b.row.barcode,
      comment: `ზედნადები ${id} გააქტიურდა`,
      waybillId: id,
      ok: true,
      createdAt: pickup.createdAt,
    });
    if (outcome) {
      rsRows.push({
        userGuid: outcome.userGuid,
        type: 2,
        barcode: b.row.barcode,
        comment: `ზედნადები ${id} დაიხურა`,
        waybillId: id,
        ok: true,
        createdAt: outcome.createdAt,
      });
    }
  }
  rsRows.sort((a, b) => +a.createdAt! - +b.createdAt!);

  /* ---------------- attendance: the last 90 working days of the staff */
  const attendanceRows: Array<typeof attendance.$inferInsert> = [];
  const staff = [
    USER.admin,
    USER.operator,
    USER.branch,
    USER.bagmaker,
    USER.corporate,
    USER.courier,
    USER.courier2,
  ];
  let workDays = 0;
  for (let day = today; workDays < 90; day -= DAY) {
    const wd = tbWeekday(day);
    if (wd === 0 || wd === 6) continue;
    workDays++;
    for (const user of staff) {
      if (rng.chance(0.06)) continue; // a day off
      const first = day + 9 * HOUR + Math.round(rng.gauss() * 20) * MIN + rng.int(0, 59) * 1000;
      if (first > latest) continue;
      let last = day + 18 * HOUR + Math.round(rng.gauss() * 30) * MIN + rng.int(0, 59) * 1000;
      if (rng.chance(0.03)) last = first; // logged in once
      if (last > latest) last = Math.max(first, latest - rng.int(0, 30) * MIN);
      attendanceRows.push({
        userGuid: user,
        day: tbDate(day),
        firstAt: new Date(first),
        lastAt: new Date(last),
      });
    }
  }

  /* ---------------- write it all */
  const parcelRows = built.map((b) => b.row);
  const eventRows = built.flatMap((b) => b.events);
  const builtMs = Date.now() - started;
  await db.transaction(async (tx) => {
    await insertBatched(tx, companies, companyRows);
    await insertBatched(tx, parcels, parcelRows, 400);
    await insertBatched(tx, parcelEvents, eventRows);
    await insertBatched(tx, bags, bagRows);
    await insertBatched(tx, bagParcels, bagParcelRows);
    await insertBatched(tx, registries, registryRows);
    await insertBatched(tx, registryParcels, registryParcelRows);
    await insertBatched(tx, signatures, signatureRows, 200);
    await insertBatched(tx, jobs, jobRows);
    await insertBatched(tx, jobLines, jobLineRows);
    await insertBatched(tx, courierErrors, errorRows);
    await insertBatched(tx, rsWaybills, rsWaybillRows);
    await insertBatched(tx, waybills, waybillRows);
    await insertBatched(tx, rsMessages, rsRows);
    await insertBatched(tx, attendance, attendanceRows);
    // sequences and identities past the rows given explicit numbers
    await tx.execute(
      sql`select setval('registry_seq', ${Math.max(1, registryRows.length)}, ${registryRows.length > 0})`,
    );
    await tx.execute(sql`select setval('bag_seq', ${Math.max(1, bagRows.length)}, ${bagRows.length > 0})`);
    await tx.execute(
      sql`select setval(pg_get_serial_sequence('registries', 'id'), greatest((select max(id) from registries), 1))`,
    );
    await tx.execute(
      sql`select setval(pg_get_serial_sequence('companies', 'id'), greatest((select max(id) from companies), 1))`,
    );
    await tx.execute(
      sql`select setval(pg_get_serial_sequence('waybills', 'id'), greatest((select max(id) from waybills), 500000))`,
    );
    await tx.execute(
      sql`select setval(pg_get_serial_sequence('rs_waybills', 'id'), greatest((select max(id) from rs_waybills), 700000001))`,
    );
  });
  log(
    `demo parcels: ${parcelRows.length} parcels, ${eventRows.length} events, ${bagRows.length} bags, ` +
      `${registryRows.length} registries, ${signatureRows.length} signatures, ${jobRows.length} jobs, ` +
      `${waybillRows.length} waybills, ${attendanceRows.length} attendance days in ${Date.now() - started} ms (${builtMs} ms to build)`,
  );
  const counts = await moveToArchives(db, { now: new Date(now) });
  log(describeCounts(counts));
}
