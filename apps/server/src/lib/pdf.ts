/**
 * The server's PDF toolkit, shared by the label card (modules/labels) and the proof-of-delivery export
 * (modules/proof): a pdfkit document with the embedded Noto Sans Georgian font, text that mixes Georgian
 * and Latin script, and CODE128 and QR codes drawn by bwip-js (the same encoder the web's print uses).
 *
 * The font comes from @fontsource/noto-sans-georgian, which ships it in subsets by script: the Georgian
 * subset has no digits or Latin letters, the Latin subset no Georgian. `write` splits a text into runs of
 * one script and sets each in its subset, so a line such as "წონა 0.20 კგ" prints whole. pdfkit embeds
 * only the glyphs used (fontkit subsets them), so a page costs a few kilobytes of font.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { inflateSync } from 'node:zlib';
import PDFDocument from 'pdfkit';
import { toBuffer, type RenderOptions } from 'bwip-js/node';

const require = createRequire(import.meta.url);

export type PdfDoc = PDFKit.PDFDocument;
export type Weight = 'regular' | 'bold';

/** Millimetres in PDF points. */
export const mm = (v: number) => (v * 72) / 25.4;

const FONT_FILES = {
  'ka-regular': 'georgian-400',
  'ka-bold': 'georgian-700',
  'latin-regular': 'latin-400',
  'latin-bold': 'latin-700',
} as const;
type FontName = keyof typeof FONT_FILES;

/**
 * A WOFF 1 font as the plain TrueType (sfnt) file it wraps: the tables inflated, the directory rebuilt
 * (W3C WOFF 1.0 §3-5). pdfkit reads WOFF too, but it then inflates the tables again for every document:
 * a page of the ZIP export (one document a parcel) cost 61 ms with the WOFF files, 9 ms with these.
 */
export function woffToSfnt(woff: Buffer): Buffer {
  const count = woff.readUInt16BE(12);
  const tables = Array.from({ length: count }, (_, i) => {
    const at = 44 + i * 20;
    const offset = woff.readUInt32BE(at + 4);
    const compressed = woff.readUInt32BE(at + 8);
    const length = woff.readUInt32BE(at + 12);
    const raw = woff.subarray(offset, offset + compressed);
    return {
      tag: woff.readUInt32BE(at),
      sum: woff.readUInt32BE(at + 16),
      data: compressed < length ? inflateSync(raw) : raw,
    };
  });
  const head = Buffer.alloc(12 + 16 * count);
  const power = 2 ** Math.floor(Math.log2(count));
  head.writeUInt32BE(woff.readUInt32BE(4), 0);
  head.writeUInt16BE(count, 4);
  head.writeUInt16BE(power * 16, 6);
  head.writeUInt16BE(Math.log2(power), 8);
  head.writeUInt16BE(count * 16 - power * 16, 10);
  const parts: Buffer[] = [head];
  let offset = head.length;
  tables.forEach((t, i) => {
    head.writeUInt32BE(t.tag, 12 + i * 16);
    head.writeUInt32BE(t.sum, 16 + i * 16);
    head.writeUInt32BE(offset, 20 + i * 16);
    head.writeUInt32BE(t.data.length, 24 + i * 16);
    const pad = Buffer.alloc((4 - (t.data.length % 4)) % 4);
    parts.push(t.data, pad);
    offset += t.data.length + pad.length;
  });
  return Buffer.concat(parts);
}

let fonts: Map<FontName, Buffer> | undefined;
/** The font files, read (and unwrapped from WOFF) once per process. */
function fontData(): Map<FontName, Buffer> {
  if (!fonts) {
    fonts = new Map(
      (Object.keys(FONT_FILES) as FontName[]).map((name) => [
        name,
        woffToSfnt(
          readFileSync(
            require.resolve(
              `@fontsource/noto-sans-georgian/files/noto-sans-georgian-${FONT_FILES[name]}-normal.woff`,
            ),
          ),
        ),
      ]),
    );
  }
  return fonts;
}

export interface DocOptions {
  /** a page size pdfkit knows ('A4', 'A6') */
  size: string;
  title: string;
  margin?: number;
}

/** A new document with the fonts registered; the caller adds pages (`autoFirstPage` is off). */
export function newDocument(opts: DocOptions): PdfDoc {
  const doc = new PDFDocument({
    size: opts.size,
    margin: opts.margin ?? mm(8),
    autoFirstPage: false,
    info: { Title: opts.title, Producer: 'PostOffice', Creator: 'PostOffice' },
    // fixed dates keep the same input's file the same (a resend, a test's comparison)
    compress: true,
  });
  for (const [name, data] of fontData()) doc.registerFont(name, data);
  return doc;
}

/** The finished document's bytes. */
export function finish(doc: PdfDoc): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}

const GEORGIAN = /[\u10a0-\u10ff\u1c90-\u1cbf\u2d00-\u2d2f]/;

/** The text cut into runs of one script: [isGeorgian, text]. */
export function scriptRuns(text: string): Array<[boolean, string]> {
  const runs: Array<[boolean, string]> = [];
  for (const ch of text) {
    // a space keeps the script of the run it is in; punctuation and digits are in the Latin subset only
    const ka = GEORGIAN.test(ch) || (ch === ' ' && runs.length > 0 && runs[runs.length - 1][0]);
    const last = runs[runs.length - 1];
    if (last && last[0] === ka) last[1] += ch;
    else runs.push([ka, ch]);
  }
  return runs;
}

export interface WriteOptions {
  size?: number;
  weight?: Weight;
  /** the box's width: the text wraps (or is cut with an ellipsis when `lines` is 1) */
  width?: number;
  align?: 'left' | 'center' | 'right';
  /** at most this many lines (the rest is cut) */
  lines?: number;
  color?: string;
}

/**
 * Writes a text of any script at (x, y) in the embedded font; answers the y below it. Each run of one
 * script is set in its own subset of the font, continued on the same line.
 */
export function write(doc: PdfDoc, text: string, x: number, y: number, opts: WriteOptions = {}): number {
  const size = opts.size ?? 10;
  const weight = opts.weight ?? 'regular';
  const runs = scriptRuns(text.length ? text : ' ');
  const lineHeight = size * 1.3;
  const height = opts.lines ? lineHeight * opts.lines : undefined;
  doc.fillColor(opts.color ?? '#000').fontSize(size);
  const fontOf = (ka: boolean) => `${ka ? 'ka' : 'latin'}-${weight}`;
  if (runs.length > 1 && opts.width && opts.align && opts.align !== 'left') {
    // pdfkit aligns each continued run by itself: place the one line by its measured width instead
    const total = runs.reduce((sum, [ka, part]) => sum + doc.font(fontOf(ka)).widthOfString(part), 0);
    const shift = Math.max(0, opts.width - total) / (opts.align === 'center' ? 2 : 1);
    return write(doc, text, x + shift, y, { ...opts, align: 'left', width: undefined });
  }
  runs.forEach(([ka, part], i) => {
    doc.font(fontOf(ka));
    const more = i < runs.length - 1;
    const base = {
      continued: more,
      lineGap: size * 0.3,
      align: opts.align,
      height,
      ellipsis: opts.lines === 1,
    };
    if (i === 0) doc.text(part, x, y, opts.width ? { ...base, width: opts.width } : base);
    else doc.text(part, opts.width ? { ...base, width: opts.width } : base);
  });
  return Math.max(doc.y, y + lineHeight);
}

/** A CODE128 barcode as a PNG (bwip-js), with its quiet zone and no human-readable line. */
export function code128Png(text: string, opts: { scale?: number; height?: number } = {}): Promise<Buffer> {
  return toBuffer({
    bcid: 'code128',
    text,
    scale: opts.scale ?? 3,
    height: opts.height ?? 12,
    paddingwidth: 10,
    paddingheight: 2,
    backgroundcolor: 'FFFFFF',
  });
}

/** A QR code (error correction Q, as the web card's) as a PNG. */
export function qrPng(text: string, opts: { scale?: number } = {}): Promise<Buffer> {
  // eclevel is a BWIPP option bwip-js passes through; its typings do not list it
  const options: RenderOptions & { eclevel: 'Q' } = {
    bcid: 'qrcode',
    text,
    eclevel: 'Q',
    scale: opts.scale ?? 4,
    padding: 4,
    backgroundcolor: 'FFFFFF',
  };
  return toBuffer(options);
}

/** Draws a PNG into the box (keeping its proportions) at (x, y). */
export function image(doc: PdfDoc, png: Buffer, x: number, y: number, fit: [number, number]): void {
  doc.image(png, x, y, { fit });
}

/** A framed box. */
export function frame(doc: PdfDoc, x: number, y: number, w: number, h: number, dashed = false): void {
  doc.save().lineWidth(0.8).strokeColor('#000');
  if (dashed) doc.dash(3, { space: 2 });
  doc.rect(x, y, w, h).stroke();
  doc.restore();
}

/** A horizontal line. */
export function rule(doc: PdfDoc, x: number, y: number, w: number): void {
  doc
    .save()
    .lineWidth(0.8)
    .strokeColor('#000')
    .moveTo(x, y)
    .lineTo(x + w, y)
    .stroke()
    .restore();
}
