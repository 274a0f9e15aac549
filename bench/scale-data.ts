/**
 * The generated parcel stores of the scale benchmark (bench/scenarios/scale.ts; issues 11 and 12), in
 * SQL: each store is one `insert … select from generate_series` for the parcels and one for their events,
 * so PostgreSQL does the work without a round trip per row.
 *
 * What the data looks like:
 * - its own offices and operators (role 105, at those offices; they cannot log in);
 * - Georgian-like names: a first name and a surname out of a few thousand (two syllables and an ending),
 *   the common ones more often; cities from the reference list (Tbilisi most often); field 1, field 2
 *   and a description from short lists with a number;
 * - registration dates: the live store over the last two years, most of them in the older months;
 *   the archive between 180 and 1825 days ago, the old archive before that (DOMAIN.md "Archives");
 * - events: registered, received (live only), handed to a courier, then delivered (and confirmed) or a
 *   failure, 18 hours apart (recent parcels have not got that far); the current status columns are the
 *   last event.
 *
 * The parcels are written in registration-date order, as a store grows: the rows of a day share pages,
 * as they do in a database that registered them day by day (in random order, a 14-day range's 10,000
 * parcels were 10,000 pages apart).
 *
 * Barcodes are the tier's prefix (SL live, SA archive, SO old archive) and nine digits, so a generated
 * barcode is in exactly one store and never meets the demo's or the server's.
 */
import { Status } from '@po/contract';

export type ScaleTier = 'live' | 'archive' | 'oldArchive';

/** Each store's tables: its parcels, their events, and its name-word table (0027_name_words). */
export const TIER_TABLES: Record<
  ScaleTier,
  { parcels: string; events: string; words: string; prefix: string }
> = {
  live: { parcels: 'parcels', events: 'parcel_events', words: 'parcel_name_words', prefix: 'SL' },
  archive: {
    parcels: 'parcels_archive',
    events: 'parcel_events_archive',
    words: 'parcel_name_words_archive',
    prefix: 'SA',
  },
  oldArchive: {
    parcels: 'parcels_old_archive',
    events: 'parcel_events_old_archive',
    words: 'parcel_name_words_old_archive',
    prefix: 'SO',
  },
};

export const OFFICES = 60;
export const OPERATORS = 400;

// prettier-ignore
export const FIRST_NAMES = [
  'ნინო', 'დავით', 'თამარ', 'გიორგი', 'მარიამ', 'ლევან', 'ნიკა', 'ანა', 'ირაკლი', 'ეკა',
  'ლაშა', 'სალომე', 'ზურაბ', 'ნათია', 'ბექა', 'ქეთევან', 'გივი', 'მაკა', 'თორნიკე', 'ლიკა',
  'ვახტანგ', 'ხათუნა', 'შოთა', 'ნანა', 'ალექსანდრე', 'თეონა', 'მიხეილ', 'სოფო', 'ბესიკ', 'ია',
  'ოთარ', 'ელენე', 'რევაზ', 'მზია', 'პაატა', 'ნუცა', 'ზაზა', 'ლალი', 'კახა', 'დიანა',
];
// prettier-ignore
const SYLLABLES = [
  'ბერ', 'კაპ', 'ჯავ', 'გელ', 'მაის', 'ლომ', 'ნოზ', 'ხუც', 'ბაქ', 'ჩიქ', 'წულ', 'ღამბ',
  'მეგრ', 'ცქიტ', 'ქავთ', 'ფხაკ', 'სურმ', 'თოდ', 'დოლ', 'შენგ', 'ჭანტ', 'ზარდ', 'ვაჩ', 'ხარ',
];
const ENDINGS = ['იძე', 'აშვილი', 'ია', 'ანი', 'ური', 'ავა'];
/** How many distinct surnames the data has (SYLLABLES² × ENDINGS). */
export const SURNAMES = SYLLABLES.length * SYLLABLES.length * ENDINGS.length;

/** The k-th surname, as the SQL below makes it. */
export function surname(k: number): string {
  const s = SYLLABLES.length;
  return (
    SYLLABLES[k % s] + SYLLABLES[Math.floor(k / s) % s] + ENDINGS[Math.floor(k / (s * s)) % ENDINGS.length]
  );
}

const FIELD1 = ['ხელშეკრულება', 'ინვოისი', 'შეკვეთა', 'ანგარიში', 'ბრძანება'];
const FIELD2 = ['ფილიალი', 'საწყობი', 'განყოფილება', 'დეპარტამენტი'];
const DESCRIPTIONS = [
  'დოკუმენტები',
  'წიგნები',
  'ტანსაცმელი',
  'ელექტრონიკა',
  'სათადარიგო ნაწილები',
  'საჩუქარი',
];
const STREETS = ['რუსთაველის გამზ', 'ჭავჭავაძის ქ', 'წერეთლის გამზ', 'აღმაშენებლის გამზ', 'პეკინის ქ'];

const arr = (xs: readonly string[]) => `array[${xs.map((x) => `'${x.replace(/'/g, "''")}'`).join(',')}]`;
/** A random element of a SQL array literal of n elements. */
const pick = (array: string, n: number) => `(${array})[1 + floor(random() * ${n})::int]`;

/** The deterministic id of the generated office or operator number `n` (a SQL expression). */
export const officeGuid = (n: string) => `md5('scale-office-' || (${n}))::uuid`;
export const operatorGuid = (n: string) => `md5('scale-operator-' || (${n}))::uuid`;

/** The generated offices and operators (idempotent). */
export function actorsSql(cityIds: readonly number[]): string[] {
  const cities = `array[${cityIds.join(',')}]`;
  return [
    `insert into offices (guid, name, city_id)
     select ${officeGuid('i')}, 'საცდელი ფილიალი ' || i, ${pick(cities, cityIds.length)}
     from generate_series(0, ${OFFICES - 1}) i on conflict do nothing`,
    `insert into users (guid, login, name, password_valid, role_id, office_guid)
     select ${operatorGuid('i')}, 'scale_op_' || i, ${pick(arr(FIRST_NAMES), FIRST_NAMES.length)} || ' ოპერატორი ' || i,
            now() + interval '1 year', 105, ${officeGuid(`i % ${OFFICES}`)}
     from generate_series(0, ${OPERATORS - 1}) i on conflict do nothing`,
  ];
}

/** A Georgian-like full name from a surname number `k` (a SQL expression). */
function nameSql(k: string): string {
  const s = SYLLABLES.length;
  return `${pick(arr(FIRST_NAMES), FIRST_NAMES.length)} || ' ' || (${arr(SYLLABLES)})[1 + ${k} % ${s}]
    || (${arr(SYLLABLES)})[1 + (${k} / ${s}) % ${s}] || (${arr(ENDINGS)})[1 + (${k} / ${s * s}) % ${ENDINGS.length}]`;
}
/** A surname number, the common ones more often (SURNAMES · r², r uniform). */
const surnameNo = `floor(${SURNAMES} * random() ^ 2)::int`;

const FAIL = [8717, 8718, 8722, 8731, 8732, 8738, 8739, 8742, 8743];
const STEP = "interval '18 hours'";

/**
 * The registration date of a tier's parcel (a SQL expression over r, uniform in [0, 1)): the live store
 * over two years weighted to the older months (r^0.75), the archive from 180 to 1825 days ago weighted
 * to the newer part, the old archive from 1825 to 3650 days ago.
 */
function createDateSql(tier: ScaleTier): string {
  switch (tier) {
    case 'live':
      return `now() - interval '730 days' * (r ^ 0.75)`;
    case 'archive':
      return `now() - interval '180 days' - interval '1645 days' * (r ^ 1.3)`;
    case 'oldArchive':
      return `now() - interval '1826 days' - interval '1824 days' * r`;
  }
}

/**
 * The statements that fill one tier with `count` parcels and their events. The parcels' current status
 * is the last step of their path (a courier outcome mostly), capped by the parcel's age for recent ones;
 * the events are that path, rebuilt from the current status. The delivery state (0 in progress,
 * 1 delivered, 2 not delivered) is the path's, as the events' trigger would make it (the load runs with
 * triggers off).
 */
export function tierSql(tier: ScaleTier, count: number, cityIds: readonly number[]): string[] {
  const { parcels, events, prefix } = TIER_TABLES[tier];
  const cities = `array[${cityIds.join(',')}]`;
  const city = `case when random() < 0.3 then ${cityIds.includes(320) ? 320 : cityIds[0]} else ${pick(cities, cityIds.length)} end`;
  const archived = tier === 'live' ? '' : ', archived_at';
  const archivedAt =
    tier === 'live' ? '' : `, least(now(), create_date + interval '${tier === 'archive' ? 181 : 1826} days')`;
  // path: 1 registered, 2 received, 3 with a courier, 4 failed, 5 delivered, 6 delivered and confirmed
  const path =
    tier === 'live'
      ? `case when q < 0.04 then 1 when q < 0.09 then 2 when q < 0.17 then 3 when q < 0.27 then 4 when q < 0.7 then 5 else 6 end`
      : `case when q < 0.12 then 4 when q < 0.6 then 5 else 6 end`;
  const outcome = `(array[${FAIL.join(',')}])[1 + floor(random() * ${FAIL.length})::int]`;
  // the steps a parcel of this age can have made (one every 18 hours)
  const reach = `least(steps, 1 + floor(extract(epoch from now() - create_date) / 64800)::int)`;
  const statusAt = (n: string) =>
    `case ${n} when 1 then ${Status.Registered} when 2 then ${Status.Received} when 3 then ${Status.HandToCourier}
      when 4 then case when path = 4 then fail else ${Status.Delivered} end else ${Status.Confirmed} end`;
  const parcelsSql = `insert into ${parcels} (barcode, create_date, collection_date, registered_by, registered_office,
      origin_depot_guid, sender_name, sender_pid, sender_city_id, sender_address, sender_post_code,
      receiver_name, receiver_city_id, receiver_address, receiver_post_code, pay_type, urgent, weight,
      length, width, height, value, description, fild1, fild2, cur_status_id, delivery_state, cur_status_at, modified_at${archived})
    select barcode, create_date, create_date + interval '4 days', ${operatorGuid('op')}, ${officeGuid(`op % ${OFFICES}`)},
      ${officeGuid(`op % ${OFFICES}`)}, sender_name, lpad((g::bigint * 7919 % 100000000000)::text, 11, '0'), sender_city,
      ${pick(arr(STREETS), STREETS.length)} || ' ' || (1 + g % 150), lpad((100 + g % 9000)::text, 4, '0'),
      receiver_name, receiver_city, ${pick(arr(STREETS), STREETS.length)} || ' ' || (1 + g % 120),
      lpad((100 + g % 8000)::text, 4, '0'), (g % 2)::smallint, g % 17 = 0, weight, 10 + g % 50, 10 + g % 40,
      5 + g % 30, round((3 + weight * 1.5)::numeric, 2), description, fild1, fild2,
      ${statusAt('reached')}, case when reached < 4 then 0 when path = 4 then 2 else 1 end,
      create_date + ${STEP} * (reached - 1), create_date + ${STEP} * (reached - 1)${archivedAt}
    from (
      select *, ${reach} as reached from (
        select *, case path when 1 then 1 when 2 then 2 when 3 then 3 when 4 then 4 when 5 then 4 else 5 end as steps
        from (
          select g, '${prefix}' || lpad(g::text, 9, '0') as barcode, ${createDateSql(tier)} as create_date,
            floor(random() * ${OPERATORS})::int as op, ${path} as path, ${outcome} as fail,
            ${nameSql('sk')} as sender_name, ${nameSql('rk')} as receiver_name,
            ${city} as sender_city, ${city} as receiver_city,
            round((0.1 + 25 * random() ^ 3)::numeric, 2) as weight,
            ${pick(arr(DESCRIPTIONS), DESCRIPTIONS.length)} as description,
            ${pick(arr(FIELD1), FIELD1.length)} || ' ' || (g % 50000) as fild1,
            case when g % 3 = 0 then ${pick(arr(FIELD2), FIELD2.length)} || ' ' || (g % 700) else '' end as fild2
          from (select g, random() as r, random() as q, ${surnameNo} as sk, ${surnameNo} as rk
            from generate_series(1, ${count}) g offset 0) s
          offset 0
        ) a offset 0
      ) b offset 0
    ) c
    order by create_date`;
  // The events: the path up to the current status, rebuilt from it (failed parcels end in their failure).
  // (the archives' parcels skip "received": fewer rows to generate, the same derived delivery entry)
  const received = tier === 'live' ? `${Status.Received}, ` : '';
  const eventsSql = `insert into ${events} (parcel_guid, status_id, created_at, user_guid, role_id, office_guid)
    select p.guid, st, case when st = p.cur_status_id then p.cur_status_at else p.create_date + ${STEP} * (i - 1) end,
      p.registered_by, 105, p.registered_office
    from ${parcels} p cross join lateral unnest(case
        when p.cur_status_id = ${Status.Registered} then array[${Status.Registered}]
        when p.cur_status_id = ${Status.Received} then array[${Status.Registered}, ${Status.Received}]
        when p.cur_status_id = ${Status.HandToCourier} then array[${Status.Registered}, ${received}${Status.HandToCourier}]
        when p.cur_status_id = ${Status.Confirmed} then array[${Status.Registered}, ${received}${Status.HandToCourier}, ${Status.Delivered}, ${Status.Confirmed}]
        else array[${Status.Registered}, ${received}${Status.HandToCourier}, p.cur_status_id] end) with ordinality s(st, i)
    where p.barcode like '${prefix}%'`;
  // The mover copies events with their ids: the store's id sequence may be behind them.
  const sequence = `select setval(pg_get_serial_sequence('${events}', 'id'), greatest(1, (select max(id) from ${events})))`;
  return [parcelsSql, sequence, eventsSql];
}
