/**
 * Parcel registration and pricing (spec 002 §2.1, §5, §7; DOMAIN.md "Parcels and their events";
 * docs/pricing.md). The rules of §5 are checked here again, whatever the client checked.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { Code, Group, Limits, Payer, PayType, Status, tbilisiDay, tbilisiDayStart } from '@po/contract';
import {
  composeAddress,
  DEFAULT_BARCODE_PREFIX,
  DOUBLED_PAYER_KEY,
  parcelNumbersRule,
  receiverContactRule,
  georgianMobile,
  type CalcPriceParsed,
  type RegisteredParcel,
  type RegistrationParsed,
  type TariffRow,
} from '@po/contract/registration';
import { AppError, badInput, conflict, notFound } from '../../http/errors.ts';
import { audit, type AuthedCtx } from '../../http/context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { companies, tariffs } from '../../db/schema.ts';
import type { Lists, TariffRecord } from '../../db/list-cache.ts';
import { insertParcel } from '../parcels/core.ts';
import { deliveryDays, price, roundTo, type Tariff } from './pricing.ts';
import { isUniqueViolation } from '../../db/errors.ts';

/* ------------------------------------------------------------------ normalising the request */

type Kind = 'price' | 'register';
type PriceBody = CalcPriceParsed | RegistrationParsed;

export interface Side {
  name: string;
  pid: string;
  address: string;
  postCode: string;
  zone: number;
  cityId: number | null;
  villageId: number | null;
  /** city, village, address and postal index, as the card prints them (a registration's; '' for a price) */
  fullAddress: string;
}

export interface Normalized {
  barcode: string | null;
  prefix: string;
  payer: number;
  payType: number;
  payerPid: string;
  sender: Side;
  receiver: Side;
  urgent: boolean;
  doubling: boolean;
  weight: number;
  length: number;
  width: number;
  height: number;
  packages: number;
  parcelType: number;
  originDepot: string | null;
  destinationDepot: string | null;
  description: string;
  fild1: string;
  fild2: string;
  /** names for the answer: the parcel type and the registered status */
  parcelTypeName: string;
  statusName: string;
}

const STRIPPED = /[;.'’‘`]/;
const STRIPPED_ALL = /[;.'’‘`]/g;
/** whitespace that folding to single spaces would change: a run, or any but a plain space */
const SPACES_TO_FOLD = /\s\s|[^\S ]/;
/** Address input strips semicolons, dots and apostrophes (spec 002 §2.1). */
export const cleanAddress = (s: string) => {
  // each replacement only where it changes something: most addresses need neither
  let out = STRIPPED.test(s) ? s.replace(STRIPPED_ALL, '') : s;
  if (SPACES_TO_FOLD.test(out)) out = out.replace(/\s+/g, ' ');
  return out.trim();
};

const BARCODE = /^[A-Z0-9]{9,12}$/;
const PREFIX = /^[A-Z]{1,2}$/;

type RefRow = { id: number; groupId: number; name: string; zone: number | null; postCode: string | null };

/** The reference rows a request names (its places, its parcel type, the registered status), from the cached list. */
function pickRefs(
  all: ReadonlyMap<number, RefRow>,
  ids: Array<number | null | undefined>,
): Map<number, RefRow> {
  const out = new Map<number, RefRow>();
  for (const id of ids) {
    const r = id == null ? undefined : all.get(id);
    if (r) out.set(r.id, r);
  }
  return out;
}

function place(refs: Map<number, RefRow>, cityId: number | null, villageId: number | null) {
  const id = villageId ?? cityId;
  if (id == null) return null;
  const r = refs.get(id);
  const wanted = villageId != null ? Group.Village : Group.Region;
  if (!r || r.groupId !== wanted) throw badInput('registration.unknownPlace');
  return r;
}

/**
 * Checks the request against the rules of spec 002 §5 in the order the screen checks them, fills what
 * the server decides (corporate sender, zones from places, default prefix and depots) and answers the
 * parcel to price or register. Throws a Georgian 400 on the first broken rule.
 */
export async function normalize(ctx: AuthedCtx, input: PriceBody, kind: Kind): Promise<Normalized> {
  const { lists, user } = ctx;
  const register = kind === 'register';

  // Barcode and prefix (registration only: pricing does not need a barcode).
  let barcode: string | null = null;
  let prefix = DEFAULT_BARCODE_PREFIX;
  if (register) {
    if (!input.BarCodeGeneration) {
      barcode = input.Barcode.trim().toUpperCase();
      if (!BARCODE.test(barcode)) throw badInput('registration.barcodeFormat');
    } else if (input.BarcodePrefix.trim()) {
      prefix = input.BarcodePrefix.trim().toUpperCase();
      if (!PREFIX.test(prefix)) throw badInput('registration.prefix');
    }
  }

  const payer = input.TermsOfPaymentID;
  if (payer !== Payer.Sender && payer !== Payer.Receiver) throw badInput('registration.payer');
  const payType = register ? (input as RegistrationParsed).PayType : PayType.NonCash;
  if (payType !== PayType.Cash && payType !== PayType.NonCash) throw badInput('registration.payType');

  // Corporate users send as their office, whatever the client sent.
  const corporate = user.isCorporate || user.roleId === 107;
  // the lists in memory are read without waiting (db/list-cache.ts `peek`); loaded when they are not
  const office =
    user.officeGuid && (corporate || register)
      ? ((lists.officesNow() ?? (await lists.offices())).get(user.officeGuid) ?? null)
      : null;
  const refs = pickRefs(lists.refItemsNow() ?? (await lists.refItems()), [
    input.SenderVillageID ?? input.SenderCityID,
    input.ReceiverVillageID ?? input.ReceiverCityID,
    // the city names of a village's address (the full address names both)
    input.SenderVillageID != null ? input.SenderCityID : null,
    input.ReceiverVillageID != null ? input.ReceiverCityID : null,
    register ? input.ParcelType : null,
    register ? Status.Registered : null,
  ]);
  let senderName = input.SenderName.trim();
  let senderPid = input.SenderPid.trim();
  let senderAddress = input.SenderAddres;
  let originDepot = input.OriginDepotGUID;
  if (corporate) {
    senderName = office?.name ?? user.officeName;
    senderPid = office?.pid ?? user.pid;
    if (!cleanAddress(senderAddress) && office?.sender) senderAddress = office.sender;
    originDepot = user.officeGuid;
  }

  // Personal codes: Pid is the payer's code.
  const pid = input.Pid.trim();
  let receiverPid = input.ReceiverPid.trim();
  if (!senderPid && payer === Payer.Sender) senderPid = pid;
  if (!receiverPid && payer === Payer.Receiver) receiverPid = pid;
  if (payer === Payer.Sender && !senderPid) throw badInput('registration.universalCode');
  if (payer === Payer.Receiver && !receiverPid) throw badInput('registration.universalCode');
  const payerPid = payer === Payer.Sender ? senderPid : receiverPid;

  const receiverName = input.ReceiverName.trim();
  if (register && !senderName) throw badInput('registration.senderName');
  if (register && !receiverName) throw badInput('registration.receiverName');

  const sides: Record<'sender' | 'receiver', Side> = {} as never;
  for (const which of ['sender', 'receiver'] as const) {
    const s = which === 'sender';
    const msg = s ? 'registration.senderAddress' : 'registration.receiverAddress';
    const address = cleanAddress(s ? senderAddress : input.ReceiverAddres);
    const postCode = (s ? input.SenderPostCode : input.ReceiverPostCode).trim();
    if (address.length < Limits.addressMin || !postCode) throw badInput(msg);
    const cityId = s ? input.SenderCityID : input.ReceiverCityID;
    const villageId = s ? input.SenderVillageID : input.ReceiverVillageID;
    const p = place(refs, cityId, villageId);
    const zone = p?.zone ?? (s ? input.SenderZone : input.ReceiveZone);
    if (zone == null || zone < 1) throw badInput(msg);
    sides[which] = {
      name: s ? senderName : receiverName,
      pid: s ? senderPid : receiverPid,
      address,
      postCode,
      zone,
      cityId: cityId ?? null,
      villageId: villageId ?? null,
      // only a registration prints it: a price calculation does not compose it
      fullAddress: register
        ? composeAddress({
            city: cityId != null ? refs.get(cityId)?.name : null,
            village: villageId != null ? p?.name : null,
            address,
            postCode,
          })
        : '',
    };
  }

  const w = input.Weight;
  // Spec 002 §5 minimums and the sanity maximums, the same rules as the screen's.
  const broken = parcelNumbersRule(input);
  if (broken) throw badInput(broken.key, broken.params);

  let destinationDepot = input.DestinationDepotGUID;
  if (register) {
    if (refs.get(input.ParcelType)?.groupId !== Group.ParcelType) throw badInput('registration.parcelType');
    const offices = lists.officesNow() ?? (await lists.offices());
    if (originDepot && originDepot !== user.officeGuid && !offices.get(originDepot)) {
      throw badInput('registration.unknownOffice');
    }
    originDepot ??= user.officeGuid;
    if (destinationDepot && !offices.get(destinationDepot)) throw badInput('registration.unknownOffice');
    if (!destinationDepot && originDepot) {
      const origin = originDepot === office?.guid ? office : offices.get(originDepot);
      destinationDepot = origin?.defaultDestinationDepotGuid ?? origin?.distributionCenter ?? originDepot;
    }
  }

  return {
    barcode,
    prefix,
    payer,
    payType,
    payerPid,
    sender: sides.sender,
    receiver: sides.receiver,
    urgent: input.Urgent,
    doubling: input.Doubling,
    weight: roundTo(w, 1),
    length: input.Length,
    width: input.Width,
    height: input.Height,
    packages: input.NumberOfPackages,
    parcelType: input.ParcelType,
    originDepot: originDepot ?? null,
    destinationDepot: destinationDepot ?? null,
    description: input.Description,
    fild1: input.Fild1,
    fild2: input.Fild2,
    parcelTypeName: refs.get(input.ParcelType)?.name ?? '',
    statusName: refs.get(Status.Registered)?.name ?? '',
  };
}

/* ------------------------------------------------------------------ pricing */

async function companyByPid(db: DbOrTx, pid: string) {
  if (!pid) return null;
  const [c] = await db.select({ id: companies.id }).from(companies).where(eq(companies.pid, pid));
  return c ?? null;
}

/** The company's own tariff for the zones when it has one, else the general one (the cached enabled tariffs). */
function findTariff(
  enabled: readonly TariffRecord[],
  from: number,
  to: number,
  companyId: number | null,
): Tariff {
  const zones = (t: TariffRecord) => t.senderZone === from && t.receiverZone === to;
  const own = companyId == null ? undefined : enabled.find((t) => zones(t) && t.companyId === companyId);
  // the list is in id order: the first general one is the one with the lowest id
  const found = own ?? enabled.find((t) => zones(t) && t.companyId === null);
  if (!found) throw badInput('registration.noTariff', { from, to });
  return found;
}

export interface Quote {
  price: number;
  tariff: Tariff;
  companyId: number | null;
}

/**
 * The price of a normalized parcel. Doubled prices: the sender may always pay one; the receiver only
 * when the receiver's code is a company's (a private receiver cannot pay a doubled price).
 */
export async function quote(lists: Lists, n: Normalized): Promise<Quote> {
  const companyIds = lists.companyIdsNow() ?? (await lists.companyIds());
  const idOf = (pid: string) => (pid ? (companyIds.get(pid) ?? null) : null);
  const payerCompany = idOf(n.payerPid);
  if (n.doubling && n.payer === Payer.Receiver && payerCompany === null) throw badInput(DOUBLED_PAYER_KEY);
  const enabled = lists.tariffsNow() ?? (await lists.tariffs());
  const tariff = findTariff(enabled, n.sender.zone, n.receiver.zone, payerCompany);
  const p = price(
    {
      weight: n.weight,
      length: n.length,
      width: n.width,
      height: n.height,
      urgent: n.urgent,
      doubling: n.doubling,
    },
    tariff,
  );
  // DOMAIN.md: a parcel belongs to the company whose code is its payer's or its sender's.
  const companyId = payerCompany ?? idOf(n.sender.pid);
  return { price: p, tariff, companyId };
}

export async function calcPrice(ctx: AuthedCtx, input: CalcPriceParsed): Promise<number> {
  const n = await normalize(ctx, input, 'price');
  return (await quote(ctx.lists, n)).price;
}

/* ------------------------------------------------------------------ registration */

/** The end of the Tbilisi day `days` days after `at`. */
export function collectionDeadline(at: Date, days: number): Date {
  const start = tbilisiDayStart(tbilisiDay(at));
  return new Date(start.getTime() + (days + 1) * 86_400_000 - 1);
}

/**
 * The recipient's notification contacts (issue 38), checked by the same rule as the form's: a Georgian
 * mobile (kept as its 9 digits) and an e-mail; null when neither is given.
 */
function receiverContact(input: RegistrationParsed): { phone: string; email: string; lang: string } | null {
  const phone = input.ReceiverPhone.trim();
  const email = input.ReceiverEmail.trim();
  const lang = input.NotifyLanguage.trim().toLowerCase();
  const broken = receiverContactRule({ phone, email, lang });
  if (broken) throw badInput(broken);
  if (!phone && !email) return null;
  return { phone: georgianMobile(phone) ?? '', email, lang: lang || 'ka' };
}

/** How many generated numbers a registration tries when manual barcodes took the first ones already. */
const GENERATED_TRIES = 5;

export async function register(
  ctx: AuthedCtx,
  input: RegistrationParsed,
): Promise<{ Parcels: RegisteredParcel[] }> {
  const n = await normalize(ctx, input, 'register');
  const contact = receiverContact(input);
  const q = await quote(ctx.lists, n);
  const now = new Date();
  const deadline = collectionDeadline(now, deliveryDays(q.tariff, n.urgent));
  try {
    return await ctx.db.transaction(async (tx) => {
      const values = {
        createDate: now,
        collectionDate: deadline,
        registeredBy: ctx.user.guid,
        registeredOffice: ctx.user.officeGuid,
        originDepotGuid: n.originDepot,
        destinationDepotGuid: n.destinationDepot,
        senderName: n.sender.name,
        senderPid: n.sender.pid,
        senderCityId: n.sender.cityId,
        senderVillageId: n.sender.villageId,
        senderPostCode: n.sender.postCode,
        senderZone: n.sender.zone,
        senderAddress: n.sender.address,
        receiverName: n.receiver.name,
        receiverPid: n.receiver.pid,
        receiverCityId: n.receiver.cityId,
        receiverVillageId: n.receiver.villageId,
        receiverPostCode: n.receiver.postCode,
        receiverZone: n.receiver.zone,
        receiverAddress: n.receiver.address,
        payerId: n.payer,
        payType: n.payType,
        urgent: n.urgent,
        doubling: n.doubling,
        parcelTypeId: n.parcelType,
        numberOfPackages: n.packages,
        weight: n.weight,
        length: n.length,
        width: n.width,
        height: n.height,
        value: q.price,
        description: n.description,
        fild1: n.fild1,
        fild2: n.fild2,
        companyId: q.companyId,
        // the recipient's contacts only when given: a parcel without them writes as before
        receiverPhone: contact?.phone,
        receiverEmail: contact?.email,
        notifyLang: contact?.lang,
        // set by each try below
        barcode: '',
      };
      // The parcel and its registration event, through the parcels core like every later status change.
      // A barcode a live parcel has already is refused by the live-barcode index in the same statement:
      // a manual one is a conflict; a generated one (a manual barcode took the number) takes the next.
      let written: Awaited<ReturnType<typeof insertParcel>> = null;
      // A generated barcode is made by the parcel's statement from the next number (the prefix goes
      // as the barcode), so the number costs no round trip of its own.
      values.barcode = n.barcode ?? n.prefix;
      const generatedBarcode = n.barcode === null;
      for (let i = 0; !written && i < (generatedBarcode ? GENERATED_TRIES : 1); i++) {
        written = await insertParcel(
          tx,
          ctx.user,
          values,
          { statusId: Status.Registered },
          { generatedBarcode, lists: ctx.lists },
        );
      }
      if (!written) {
        if (n.barcode) throw conflict('registration.alreadyRegistered');
        throw new AppError(Code.Conflict, 'registration.barcodeExhausted');
      }
      const { parcel: row } = written;
      await audit(tx, ctx, {
        action: 'Registration',
        entity: 'parcels',
        entityId: row.guid,
        after: { ...row, tariffId: q.tariff.id },
      });
      return {
        Parcels: [
          {
            GUID: row.guid,
            Barcode: row.barcode,
            CreateDate: row.createDate.toISOString(),
            CollectionDate: row.collectionDate?.toISOString() ?? null,
            CurStatus: row.curStatusId,
            CurStatusName: n.statusName,
            Value: row.value,
            Sender: row.senderName,
            SenderPid: row.senderPid,
            SenderAddress: row.senderAddress,
            SenderPostCode: row.senderPostCode,
            SenderZone: row.senderZone,
            SenderFullAddress: n.sender.fullAddress,
            Receiver: row.receiverName,
            ReceiverPid: row.receiverPid,
            ReceiverAddress: row.receiverAddress,
            ReceiverPostCode: row.receiverPostCode,
            ReceiverZone: row.receiverZone,
            ReceiverFullAddress: n.receiver.fullAddress,
            Whopays: row.payerId,
            PaymetType: row.payType,
            Urgent: row.urgent,
            Doubling: row.doubling,
            ParcelType: row.parcelTypeId,
            ParcelTypeName: n.parcelTypeName,
            NumberOfPackages: row.numberOfPackages,
            Weight: row.weight,
            Length: row.length,
            Width: row.width,
            Height: row.height,
            Description: row.description,
            Fild1: row.fild1,
            Fild2: row.fild2,
            OriginDepotGUID: row.originDepotGuid,
            DestinationDepotGUID: row.destinationDepotGuid,
            Login: ctx.user.login,
          },
        ],
      };
    });
  } catch (e) {
    // Two operators typing the same manual barcode at once: the live-barcode index refuses the second.
    if (isUniqueViolation(e)) throw conflict('registration.alreadyRegistered');
    throw e;
  }
}

/* ------------------------------------------------------------------ tariffs (administrators) */

export async function listTariffs(ctx: AuthedCtx): Promise<{ Tariffs: TariffRow[] }> {
  const list = await ctx.db
    .select({ t: tariffs, pid: companies.pid, name: companies.name })
    .from(tariffs)
    .leftJoin(companies, eq(companies.id, tariffs.companyId))
    .orderBy(tariffs.senderZone, tariffs.receiverZone, tariffs.companyId, tariffs.id);
  return { Tariffs: list.map(({ t, pid, name }) => tariffToRow(t, pid, name)) };
}

function tariffToRow(t: typeof tariffs.$inferSelect, pid: string | null, name: string | null): TariffRow {
  return {
    ID: t.id,
    SenderZone: t.senderZone,
    ReceiverZone: t.receiverZone,
    CompanyID: t.companyId,
    CompanyPid: pid,
    CompanyName: name,
    BasePrice: t.basePrice,
    IncludedWeight: t.includedWeight,
    PricePerKg: t.pricePerKg,
    VolumetricDivisor: t.volumetricDivisor,
    UrgentMultiplier: t.urgentMultiplier,
    DoubledMultiplier: t.doubledMultiplier,
    DeliveryDays: t.deliveryDays,
    UrgentDays: t.urgentDays,
    Enabled: t.enabled,
    UpdatedAt: t.updatedAt?.toISOString() ?? null,
  };
}

type TariffInput = {
  TariffID: number;
  SenderZone: number;
  ReceiverZone: number;
  CompanyPid: string;
  BasePrice: number;
  IncludedWeight: number;
  PricePerKg: number;
  VolumetricDivisor: number;
  UrgentMultiplier: number;
  DoubledMultiplier: number;
  DeliveryDays: number;
  UrgentDays: number;
  Enabled: boolean;
};

/** The advisory-lock key under which tariff writes for one zone pair queue. */
const TARIFF_LOCK = 7_412_010;

export async function updateTariff(ctx: AuthedCtx, input: TariffInput): Promise<{ Ret: number }> {
  try {
    return await saveTariff(ctx, input);
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict('registration.tariffExists');
    throw e;
  }
}

function saveTariff(ctx: AuthedCtx, input: TariffInput): Promise<{ Ret: number }> {
  return ctx.db.transaction(async (tx) => {
    let companyId: number | null = null;
    if (input.CompanyPid) {
      const c = await companyByPid(tx, input.CompanyPid);
      if (!c) throw notFound('registration.companyNotFound', { pid: input.CompanyPid });
      companyId = c.id;
    }
    const values = {
      senderZone: input.SenderZone,
      receiverZone: input.ReceiverZone,
      companyId,
      basePrice: roundTo(input.BasePrice, 2),
      includedWeight: roundTo(input.IncludedWeight, 2),
      pricePerKg: roundTo(input.PricePerKg, 2),
      volumetricDivisor: input.VolumetricDivisor,
      urgentMultiplier: roundTo(input.UrgentMultiplier, 3),
      doubledMultiplier: roundTo(input.DoubledMultiplier, 3),
      deliveryDays: input.DeliveryDays,
      urgentDays: input.UrgentDays,
      enabled: input.Enabled,
      updatedAt: new Date(),
    };
    // One enabled tariff per zones and company: the price must not depend on which row is found first.
    // Two administrators saving the same zone pair at once queue here (the unique index of migration 0003
    // is the last word; its refusal becomes the same conflict below).
    await tx.execute(
      sql`select pg_advisory_xact_lock(${TARIFF_LOCK}, ${values.senderZone * 1000 + values.receiverZone})`,
    );
    const same = await tx
      .select({ id: tariffs.id })
      .from(tariffs)
      .where(
        and(
          eq(tariffs.senderZone, values.senderZone),
          eq(tariffs.receiverZone, values.receiverZone),
          companyId == null ? isNull(tariffs.companyId) : eq(tariffs.companyId, companyId),
          eq(tariffs.enabled, true),
        ),
      );
    if (values.enabled && same.some((s) => s.id !== input.TariffID))
      throw conflict('registration.tariffExists');

    if (input.TariffID > 0) {
      const [before] = await tx.select().from(tariffs).where(eq(tariffs.id, input.TariffID));
      if (!before) throw notFound('registration.tariffNotFound');
      const [after] = await tx.update(tariffs).set(values).where(eq(tariffs.id, input.TariffID)).returning();
      await audit(tx, ctx, {
        action: 'PostUpdateTariff',
        entity: 'tariffs',
        entityId: String(input.TariffID),
        before,
        after,
      });
      return { Ret: after.id };
    }
    const [created] = await tx.insert(tariffs).values(values).returning();
    await audit(tx, ctx, {
      action: 'PostUpdateTariff',
      entity: 'tariffs',
      entityId: String(created.id),
      after: created,
    });
    return { Ret: created.id };
  });
}
