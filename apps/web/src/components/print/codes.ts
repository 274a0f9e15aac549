import { code128, qrcode, type RenderOptions } from 'bwip-js/browser';

/**
 * Barcode images for printouts, as PNG data URLs (zbarimg and phone scanners read PNG reliably).
 * bwip-js's named encoders are imported one by one, so only these two encoders are bundled.
 */

export interface Code128Options {
  /** pixels per module (default 2) */
  scale?: number;
  /** bar height in millimetres (default 12) */
  height?: number;
  /** print the text under the bars (default true) */
  text?: boolean;
}

/** A CODE128 barcode (bwip-js) as a PNG data URL, with a quiet zone on both sides. */
export function code128DataUrl(value: string, opts: Code128Options = {}): string {
  const canvas = document.createElement('canvas');
  code128(canvas, {
    bcid: 'code128',
    text: value,
    scale: opts.scale ?? 2,
    height: opts.height ?? 12,
    includetext: opts.text ?? true,
    textxalign: 'center',
    textsize: 10,
    paddingwidth: 10,
    paddingheight: 2,
    backgroundcolor: 'FFFFFF',
  });
  return canvas.toDataURL('image/png');
}

export interface QrOptions {
  /** image width in pixels (default 160) */
  size?: number;
}

/** Blank modules around a QR code (the standard asks for 4; 2 is what scanners need on paper). */
const QR_QUIET_MODULES = 2;

/** A QR code with error correction level Q as a PNG data URL, as close to `size` pixels wide as whole modules allow. */
export async function qrDataUrl(value: string, opts: QrOptions = {}): Promise<string> {
  const size = opts.size ?? 160;
  const draw = (scale: number) => {
    // eclevel is a BWIPP option bwip-js passes through; its typings do not list it
    const options: RenderOptions & { eclevel: 'L' | 'M' | 'Q' | 'H' } = {
      bcid: 'qrcode',
      text: value,
      eclevel: 'Q',
      scale,
      padding: QR_QUIET_MODULES * 2, // bwip-js draws a QR module 2 units wide at scale 1
      backgroundcolor: 'FFFFFF',
    };
    const canvas = document.createElement('canvas');
    qrcode(canvas, options);
    return canvas;
  };
  // Measure the symbol at scale 1, then draw it at the largest whole scale that fits in `size`.
  const probe = draw(1);
  const canvas = draw(Math.max(1, Math.floor(size / probe.width)));
  return canvas.toDataURL('image/png');
}
