import bwipjs from 'bwip-js/browser';
import QRCode from 'qrcode';

/**
 * Barcode images for printouts, as PNG data URLs (zbarimg and phone scanners read PNG reliably;
 * qrcode's SVG output is not readable by zbarimg).
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
  bwipjs.toCanvas(canvas, {
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

/** A QR code with error correction level Q as a PNG data URL. */
export function qrDataUrl(value: string, opts: QrOptions = {}): Promise<string> {
  return QRCode.toDataURL(value, {
    errorCorrectionLevel: 'Q',
    type: 'image/png',
    margin: 2,
    width: opts.size ?? 160,
    color: { dark: '#000000', light: '#ffffff' },
  });
}
