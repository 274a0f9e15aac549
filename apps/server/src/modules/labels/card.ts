/**
 * The notification card (spec 001 §2.10) drawn into a box of a PDF page: the same content as the web's
 * print (apps/web/src/components/print/notification-card.tsx): CODE128 of the barcode, a QR code of the
 * tracking link, type, weight, date, price, case number (Fild1), extra field (Fild2), sender, receiver and
 * the blanks the receiver fills in. The box is A6 (105 × 148 mm): one a page, or four on an A4 page.
 */
import { cardTexts } from '@po/contract/print-texts';
import { code128Png, frame, image, mm, qrPng, rule, write, type PdfDoc } from '../../lib/pdf.ts';

const T = Object.fromEntries(Object.entries(cardTexts).map(([k, v]) => [k, v.ka])) as Record<
  keyof typeof cardTexts,
  string
>;

export interface CardData {
  barcode: string;
  /** the tracking page's address (the QR code) */
  link: string;
  createDate: Date;
  value: number;
  weight: number;
  parcelTypeName: string;
  fild1: string;
  fild2: string;
  sender: string;
  senderPlace: string;
  receiver: string;
  receiverPlace: string;
}

/** The card's two code images. */
export interface CardCodes {
  barcode: Buffer;
  qr: Buffer;
}

export async function cardCodes(card: Pick<CardData, 'barcode' | 'link'>): Promise<CardCodes> {
  const [barcode, qr] = await Promise.all([code128Png(card.barcode), qrPng(card.link)]);
  return { barcode, qr };
}

const DATE = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Asia/Tbilisi',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});
/** DD.MM.YYYY HH:mm in Tbilisi time (the web's short date and time). */
export const tbilisiDateTime = (d: Date) => DATE.format(d).replace(/\//g, '.').replace(',', '');

const two = (n: number) => n.toFixed(2);

/** The card's size in points. */
export const CARD_W = mm(105);
export const CARD_H = mm(148);
const PAD = mm(5);

/** Draws the card with its top-left corner at (x, y). */
export function drawCard(doc: PdfDoc, card: CardData, codes: CardCodes, x: number, y: number): void {
  const w = CARD_W - 2 * PAD;
  const left = x + PAD;
  let top = y + PAD;
  write(doc, T.title, left, top, { size: 10.5, weight: 'bold', width: w, lines: 1 });
  write(doc, `PostOffice · ${card.barcode}`, left, top + mm(5.5), {
    size: 7.5,
    weight: 'bold',
    width: w,
    align: 'right',
  });
  top += mm(10.5);
  rule(doc, left, top, w);
  top += mm(2.5);

  const qrSide = mm(27);
  image(doc, codes.barcode, left, top + mm(1), [w - qrSide - mm(3), mm(19)]);
  write(doc, card.barcode, left, top + mm(21), {
    size: 9,
    weight: 'bold',
    width: w - qrSide - mm(3),
    align: 'center',
  });
  image(doc, codes.qr, left + w - qrSide, top, [qrSide, qrSide]);
  top += qrSide + mm(2);

  const facts: Array<[string, string]> = [
    [T.type, card.parcelTypeName],
    [T.weight, `${two(card.weight)} ${T.kg}`],
    [T.date, tbilisiDateTime(card.createDate)],
    [T.price, `${two(card.value)} ${T.lari}`],
    [T.caseNumber, card.fild1],
    [T.extra, card.fild2],
  ];
  const rowH = mm(5.2);
  const th = w * 0.36;
  for (const [label, value] of facts) {
    doc.save().rect(left, top, th, rowH).fill('#f2f2f2').restore();
    frame(doc, left, top, th, rowH);
    frame(doc, left + th, top, w - th, rowH);
    write(doc, label, left + mm(1.2), top + mm(1.1), {
      size: 7,
      weight: 'bold',
      width: th - mm(2),
      lines: 1,
    });
    write(doc, value, left + th + mm(1.2), top + mm(1.1), { size: 7.5, width: w - th - mm(2), lines: 1 });
    top += rowH;
  }
  top += mm(3);

  const partyW = (w - mm(3)) / 2;
  const partyH = mm(25);
  const parties: Array<[string, string, string]> = [
    [T.sender, card.sender, card.senderPlace],
    [T.receiver, card.receiver, card.receiverPlace],
  ];
  parties.forEach(([label, name, place], i) => {
    const px = left + i * (partyW + mm(3));
    frame(doc, px, top, partyW, partyH);
    write(doc, label, px + mm(1.5), top + mm(1.2), { size: 6.5, weight: 'bold', color: '#333' });
    write(doc, name, px + mm(1.5), top + mm(4.5), {
      size: 8,
      weight: 'bold',
      width: partyW - mm(3),
      lines: 2,
    });
    write(doc, place, px + mm(1.5), top + mm(11.5), { size: 7, width: partyW - mm(3), lines: 4 });
  });
  top += partyH + mm(3);

  const blankH = y + CARD_H - PAD - top;
  frame(doc, left, top, w, blankH, true);
  write(doc, T.forReceiver, left + mm(2), top + mm(1.5), { size: 6.5, weight: 'bold', color: '#333' });
  const cols = [T.signature, T.receivedDate, T.receiverName];
  const colW = (w - mm(4) - mm(6)) / 3;
  cols.forEach((label, i) => {
    const cx = left + mm(2) + i * (colW + mm(3));
    rule(doc, cx, top + blankH - mm(6), colW);
    write(doc, label, cx, top + blankH - mm(5), {
      size: 6,
      weight: 'bold',
      color: '#333',
      width: colW,
      lines: 1,
    });
  });
}
