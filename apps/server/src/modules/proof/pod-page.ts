/**
 * One page of the bulk proof of delivery (issue 40), A4: the parcel's CODE128 barcode, recipient, the
 * delivery's date and time, place, courier, the sender, the recipient's signature and the photos taken
 * with the delivery.
 */
import { podTexts } from '@po/contract/print-texts';
import { code128Png, frame, image, mm, write, type PdfDoc } from '../../lib/pdf.ts';
import { tbilisiDateTime } from '../labels/card.ts';

const T = Object.fromEntries(Object.entries(podTexts).map(([k, v]) => [k, v.ka])) as Record<
  keyof typeof podTexts,
  string
>;

export interface PodParcel {
  barcode: string;
  receiver: string;
  receiverPlace: string;
  sender: string;
  deliveredAt: Date;
  /** the position the courier's phone gave with the delivery */
  lat: number | null;
  lng: number | null;
  courier: string;
  /** the signature image (PNG or JPEG), null without one */
  signature: Buffer | null;
  /** the photos (PNG or JPEG), at most three */
  photos: Buffer[];
}

export interface PodHeader {
  officeName: string;
  range: string;
}

/** Draws an image; answers false when pdfkit cannot read it (a broken file prints as missing). */
function tryImage(doc: PdfDoc, data: Buffer, x: number, y: number, fit: [number, number]): boolean {
  try {
    image(doc, data, x, y, fit);
    return true;
  } catch {
    return false;
  }
}

/** Adds the parcel's page; `page`/`pages` number it. */
export async function drawPodPage(
  doc: PdfDoc,
  p: PodParcel,
  head: PodHeader,
  page: number,
  pages: number,
): Promise<void> {
  const barcode = await code128Png(p.barcode, { scale: 3, height: 14 });
  doc.addPage();
  const left = mm(15);
  const w = doc.page.width - 2 * left;
  let y = mm(12);
  write(doc, T.title, left, y, { size: 16, weight: 'bold', width: w * 0.7, lines: 1 });
  write(doc, `${T.page} ${page} / ${pages}`, left + w * 0.7, y + 4, {
    size: 8,
    width: w * 0.3,
    align: 'right',
  });
  y += mm(8);
  write(doc, `${head.officeName} · ${head.range}`, left, y, { size: 9, width: w, lines: 1, color: '#333' });
  y += mm(8);
  image(doc, barcode, left, y, [mm(100), mm(22)]);
  write(doc, p.barcode, left, y + mm(23), { size: 12, weight: 'bold', width: mm(100), align: 'center' });
  y += mm(32);

  const place = [
    p.receiverPlace,
    p.lat != null && p.lng != null ? `GPS ${p.lat.toFixed(5)}, ${p.lng.toFixed(5)}` : '',
  ]
    .filter(Boolean)
    .join(' · ');
  const rows: Array<[string, string]> = [
    [T.barcode, p.barcode],
    [T.recipient, p.receiver],
    [T.deliveredAt, tbilisiDateTime(p.deliveredAt)],
    [T.place, place],
    [T.courier, p.courier],
    [T.sender, p.sender],
  ];
  const th = mm(52);
  for (const [label, value] of rows) {
    const h = value.length > 70 ? mm(11) : mm(7);
    doc.save().rect(left, y, th, h).fill('#f2f2f2').restore();
    frame(doc, left, y, th, h);
    frame(doc, left + th, y, w - th, h);
    write(doc, label, left + mm(2), y + mm(1.8), { size: 9, weight: 'bold', width: th - mm(4), lines: 1 });
    write(doc, value, left + th + mm(2), y + mm(1.8), {
      size: 9.5,
      width: w - th - mm(4),
      lines: h > mm(7) ? 2 : 1,
    });
    y += h;
  }
  y += mm(6);

  write(doc, T.signature, left, y, { size: 10, weight: 'bold' });
  y += mm(6);
  frame(doc, left, y, mm(90), mm(40));
  if (!p.signature || !tryImage(doc, p.signature, left + mm(2), y + mm(2), [mm(86), mm(36)])) {
    write(doc, T.noSignature, left + mm(4), y + mm(17), { size: 9, color: '#555' });
  }
  y += mm(46);

  if (p.photos.length) {
    write(doc, T.photos, left, y, { size: 10, weight: 'bold' });
    y += mm(6);
    const side = Math.min((w - mm(8)) / 3, doc.page.height - y - mm(15));
    p.photos.slice(0, 3).forEach((photo, i) => {
      const x = left + i * (side + mm(4));
      frame(doc, x, y, side, side);
      tryImage(doc, photo, x + mm(1), y + mm(1), [side - mm(2), side - mm(2)]);
    });
  }
}

/** The one page of an export that found no parcel. */
export function drawEmptyPage(doc: PdfDoc, head: PodHeader): void {
  doc.addPage();
  const left = mm(15);
  const w = doc.page.width - 2 * left;
  write(doc, T.title, left, mm(12), { size: 16, weight: 'bold', width: w, lines: 1 });
  write(doc, `${head.officeName} · ${head.range}`, left, mm(20), {
    size: 9,
    width: w,
    lines: 1,
    color: '#333',
  });
  write(doc, T.none, left, mm(34), { size: 11, width: w });
}
