import { describe, expect, it } from 'vitest';
import {
  chargeableWeight,
  makeBarcode,
  price,
  roundTo,
  s10CheckDigit,
  volumetricWeight,
  type Tariff,
} from './pricing.ts';

const tariff: Tariff = {
  id: 1,
  senderZone: 1,
  receiverZone: 2,
  companyId: null,
  basePrice: 5,
  includedWeight: 1,
  pricePerKg: 1.25,
  volumetricDivisor: 5000,
  urgentMultiplier: 1.5,
  doubledMultiplier: 2,
  deliveryDays: 3,
  urgentDays: 1,
};
const q = { weight: 1, length: 0, width: 0, height: 0, urgent: false, doubling: false };

describe('the price model', () => {
  it('charges the base price up to the included weight and the price per kg above it', () => {
    expect(price({ ...q, weight: 0.2 }, tariff)).toBe(5);
    expect(price({ ...q, weight: 1 }, tariff)).toBe(5);
    expect(price({ ...q, weight: 3 }, tariff)).toBe(7.5);
  });

  it('charges the greater of the real and the volumetric weight (L×W×H / divisor, up to 0.1 kg)', () => {
    expect(volumetricWeight({ length: 50, width: 40, height: 30 }, 5000)).toBe(12);
    expect(volumetricWeight({ length: 10, width: 10, height: 11 }, 5000)).toBe(0.3); // 0.22 → 0.3
    expect(volumetricWeight({ length: 50, width: 40, height: 0 }, 5000)).toBe(0);
    expect(chargeableWeight({ ...q, weight: 2, length: 50, width: 40, height: 30 }, tariff)).toBe(12);
    expect(chargeableWeight({ ...q, weight: 20, length: 50, width: 40, height: 30 }, tariff)).toBe(20);
    expect(price({ ...q, weight: 2, length: 50, width: 40, height: 30 }, tariff)).toBe(18.75);
  });

  it('multiplies for urgent and doubled, and rounds to tetri at the end', () => {
    expect(price({ ...q, urgent: true }, tariff)).toBe(7.5);
    expect(price({ ...q, doubling: true }, tariff)).toBe(10);
    expect(price({ ...q, urgent: true, doubling: true }, tariff)).toBe(15);
    // 5 + 0.3 × 1.25 = 5.375; × 1.5 = 8.0625 → 8.06
    expect(price({ ...q, weight: 1.3, urgent: true }, tariff)).toBe(8.06);
    expect(price({ ...q, weight: 1.3 }, tariff)).toBe(5.38);
    expect(roundTo(1.005, 2)).toBe(1.01);
  });
});

describe('barcodes', () => {
  it('computes the UPU S10 check digit', () => {
    expect(s10CheckDigit('47312482')).toBe(9); // RR473124829GB
    // sum mod 11 = 1 → 10 → 0; sum mod 11 = 0 → 11 → 5
    const digits = Array.from({ length: 10_000 }, (_, i) => String(10_000_000 + i * 7919));
    const zero = digits.find((d) => sum(d) % 11 === 1)!;
    const five = digits.find((d) => sum(d) % 11 === 0)!;
    expect(s10CheckDigit(zero)).toBe(0);
    expect(s10CheckDigit(five)).toBe(5);
  });

  it('makes prefix + 8 digits + check digit', () => {
    expect(makeBarcode('PO', 47312482)).toBe('PO473124829');
    expect(makeBarcode('A', 1)).toBe(`A00000001${s10CheckDigit('00000001')}`);
  });
});

function sum(d: string) {
  const w = [8, 6, 4, 2, 3, 5, 9, 7];
  return [...d].reduce((s, c, i) => s + Number(c) * w[i], 0);
}
