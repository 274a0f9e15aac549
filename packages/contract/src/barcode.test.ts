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

  it('is what the contract barcode schema checks', () => {
    expect(barcode.parse(' po1234567 ')).toBe('PO1234567');
    expect(barcode.safeParse('po1234567ß').success).toBe(false);
    expect(barcode.safeParse('ამანათი123').success).toBe(false);
    expect(barcode.safeParse('PO12345').success).toBe(false);
  });
});
