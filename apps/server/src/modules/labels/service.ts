/**
 * Label PDFs made on the server (issue 39): the notification card of each parcel, A6 (one a page) or A4
 * (four a page, cut along the dashed lines). The parcels are found through the parcels core with the
 * caller's scope: a barcode the caller may not see is treated exactly as one that does not exist, and
 * comes back in `missing` (in the order asked) with no card printed for it.
 */
import { cleanBarcode } from '@po/contract';
import { composeAddress } from '@po/contract/registration';
import type { Ctx } from '../../http/context.ts';
import type { RefItem } from '../../db/list-cache.ts';
import { finish, mm, newDocument } from '../../lib/pdf.ts';
import { findByBarcode, type ParcelRow } from '../parcels/core.ts';
import { trackingLink } from '../notifications/stop-link.ts';
import { CARD_W, cardCodes, drawCard, type CardData } from './card.ts';

export type LabelSize = 'A6' | 'A4';

/** The most barcodes one PDF takes (the shipper API's batch). */
export const MAX_LABELS = 100;

export interface LabelsPdf {
  /** the PDF; null when no barcode asked was found */
  pdf: Buffer | null;
  /** the barcodes printed, in the order asked (each once) */
  printed: string[];
  /** the barcodes not found or not visible to the caller, as asked */
  missing: string[];
}

type Refs = ReadonlyMap<number, RefItem>;

export function placeOf(
  refs: Refs,
  cityId: number | null,
  villageId: number | null,
  address: string,
  postCode: string,
) {
  return composeAddress({
    city: cityId != null ? refs.get(cityId)?.name : null,
    village: villageId != null ? refs.get(villageId)?.name : null,
    address,
    postCode,
  });
}

/** What the card prints of a parcel row. */
export function cardOf(p: ParcelRow, refs: Refs, publicUrl: string): CardData {
  return {
    barcode: p.barcode,
    link: trackingLink(publicUrl, p.barcode),
    createDate: p.createDate,
    value: p.value,
    weight: p.weight,
    parcelTypeName: refs.get(p.parcelTypeId)?.name ?? '',
    fild1: p.fild1,
    fild2: p.fild2,
    sender: p.senderName,
    senderPlace: placeOf(refs, p.senderCityId, p.senderVillageId, p.senderAddress, p.senderPostCode),
    receiver: p.receiverName,
    receiverPlace: placeOf(
      refs,
      p.receiverCityId,
      p.receiverVillageId,
      p.receiverAddress,
      p.receiverPostCode,
    ),
  };
}

/** The cards of parcels already found, as a PDF. */
export async function cardsPdf(cards: CardData[], size: LabelSize): Promise<Buffer> {
  const doc = newDocument({ size, margin: 0, title: `PostOffice ${cards.map((c) => c.barcode).join(' ')}` });
  const perPage = size === 'A4' ? 4 : 1;
  const codes = await Promise.all(cards.map((c) => cardCodes(c)));
  cards.forEach((card, i) => {
    const slot = i % perPage;
    if (slot === 0) {
      doc.addPage();
      if (perPage === 4) cutLines(doc);
    }
    drawCard(
      doc,
      card,
      codes[i],
      (slot % 2) * CARD_W,
      Math.floor(slot / 2) * (perPage === 4 ? mm(148.5) : 0),
    );
  });
  return finish(doc);
}

function cutLines(doc: PDFKit.PDFDocument) {
  doc.save().lineWidth(0.4).strokeColor('#999').dash(4, { space: 4 });
  doc.moveTo(CARD_W, 0).lineTo(CARD_W, doc.page.height).stroke();
  doc.moveTo(0, mm(148.5)).lineTo(doc.page.width, mm(148.5)).stroke();
  doc.restore();
}

/**
 * The labels of these barcodes (at most MAX_LABELS: the caller's input schema says so) that the caller's scope sees, in the order asked.
 * The caller learns which were not printed from `missing`; with none found, `pdf` is null (a 404).
 */
export async function labelsPdf(
  ctx: Pick<Ctx, 'db' | 'lists' | 'scope' | 'config'>,
  barcodes: readonly string[],
  size: LabelSize,
): Promise<LabelsPdf> {
  if (barcodes.length > MAX_LABELS)
    throw new Error(`labelsPdf: at most ${MAX_LABELS} barcodes (the caller checks)`);
  const asked = [...new Set(barcodes.map((b) => cleanBarcode(b) || b.trim()))];
  const refs = await ctx.lists.refItems();
  const found = await Promise.all(asked.map((b) => findByBarcode(ctx.db, ctx.scope, b)));
  const cards: CardData[] = [];
  const printed: string[] = [];
  const missing: string[] = [];
  found.forEach((f, i) => {
    if (!f) missing.push(asked[i]);
    else {
      printed.push(f.parcel.barcode);
      cards.push(cardOf(f.parcel, refs, ctx.config.PUBLIC_URL));
    }
  });
  return { pdf: cards.length ? await cardsPdf(cards, size) : null, printed, missing };
}
