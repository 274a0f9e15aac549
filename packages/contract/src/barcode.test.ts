import { describe, expect, it } from 'vitest';
import { cleanBarcode } from './barcode.ts';
import { barcode } from './common.ts';

describe('cleanBarcode', () => {
  it('trims and upper-cases Latin letters', () => {
    expect(cleanBarcode('  po12345678x \t')).toBe('PO12345678X');
    expect(cleanBarcode('\nRG-abc1\r\n')).toBe('RG-ABC1');
  });

  it('keeps Georgian letters as typed', () => {
    expect(cleanBarcode(' ამანათი po1 ')).toBe('ამანათი PO1');
    expect(cleanBarcode('ა')).toBe('ა');
  });

  it('folds no other letter into a Latin capital', () => {
    expect(cleanBarcode('po1234567ß')).toBe('PO1234567ß');
    expect(cleanBarcode('ıé')).toBe('ıé');
  });

  it('answers empty text for white space', () => {
    expect(cleanBarcode('   ')).toBe('');
    expect(cleanBarcode('')).toBe('');
  });

  it("turns a tracking link (the card's QR code) into its barcode", () => {
    expect(cleanBarcode('https://track.example.ge/track/PO1234567')).toBe('PO1234567');
    expect(cleanBarcode(' http://localhost:8080/track/po1234567 \n')).toBe('PO1234567');
    expect(cleanBarcode('HTTPS://POST.GE/TRACK/PO1234567')).toBe('PO1234567');
    // a path before /track, a trailing slash, the stop link's query, a percent-encoded barcode
    expect(cleanBarcode('https://post.ge/office/track/PO1234567/')).toBe('PO1234567');
    expect(cleanBarcode('https://post.ge/track/PO1234567?stop=abc123')).toBe('PO1234567');
    expect(cleanBarcode('https://post.ge/track/PO%201234567')).toBe('PO 1234567');
    expect(cleanBarcode('https://post.ge/track/PO%E0%A4')).toBe('PO%E0%A4');
  });

  it('leaves other links and texts alone', () => {
    expect(cleanBarcode('https://post.ge/parcels/PO1234567')).toBe('HTTPS://POST.GE/PARCELS/PO1234567');
    expect(cleanBarcode('https://post.ge/track/')).toBe('HTTPS://POST.GE/TRACK/');
    expect(cleanBarcode('ftp://post.ge/track/PO1234567')).toBe('FTP://POST.GE/TRACK/PO1234567');
    expect(cleanBarcode('track/PO1234567')).toBe('TRACK/PO1234567');
  });

  it('is what the contract barcode schema checks', () => {
    expect(barcode.parse('https://post.ge/track/po1234567')).toBe('PO1234567');
    expect(barcode.parse(' po1234567 ')).toBe('PO1234567');
    expect(barcode.safeParse('po1234567ß').success).toBe(false);
    expect(barcode.safeParse('ამანათი123').success).toBe(false);
    expect(barcode.safeParse('PO12345').success).toBe(false);
  });
});
