import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
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

  it('rounds exactly as reading the scaled value to 12 digits first would, halves included', () => {
    const reference = (x: number, places: number) => {
      const f = 10 ** places;
      return Math.round(Number((x * f).toPrecision(12))) / f;
    };
    const places = fc.integer({ min: 0, max: 3 });
    // any double; and values within a few units in the last place of a half (x.xx5, 1.005, -2.5 …)
    const anyValue = fc.tuple(fc.double({ noNaN: true, min: -1e15, max: 1e15 }), places);
    const nearHalf = fc
      .tuple(fc.integer({ min: -1_000_000, max: 1_000_000 }), places, fc.integer({ min: -8, max: 8 }))
      .map(([n, p, ulps]): [number, number] => {
        let x = (n + 0.5) / 10 ** p;
        for (let i = 0; i < Math.abs(ulps); i++) x = ulps > 0 ? nextUp(x) : -nextUp(-x);
        return [x, p];
      });
    fc.assert(
      // (=== : the reading turns -0 into 0, which no price tells apart)
      fc.property(fc.oneof(anyValue, nearHalf), ([x, p]) => roundTo(x, p) === reference(x, p)),
      { numRuns: 20_000 },
    );
    for (const [x, p] of [
      [1.005, 2],
      [2.675, 2],
      [-2.5, 0],
      [0.15, 1],
      [1e12 + 0.4, 0],
      [8.0625, 2],
    ] as const)
      expect(roundTo(x, p)).toBe(reference(x, p));
  });
});

describe('the volumetric weight', () => {
  it('rounds up exactly as reading the volume to 12 digits first would, whole tenths included', () => {
    const reference = (l: number, w: number, h: number, divisor: number) =>
      Math.ceil(Number((((l * w * h) / divisor) * 10).toPrecision(12))) / 10;
    const size = fc.oneof(
      fc.integer({ min: 1, max: 300 }),
      fc.double({ min: 0.1, max: 300, noNaN: true }),
      fc.integer({ min: 1, max: 100_000 }),
    );
    const divisor = fc.constantFrom(4000, 5000, 6000, 3000, 1, 0.7);
    fc.assert(
      fc.property(size, size, size, divisor, (l, w, h, d) => {
        return volumetricWeight({ length: l, width: w, height: h }, d) === reference(l, w, h, d);
      }),
      { numRuns: 20_000 },
    );
    // volumes that are whole tenths after binary noise: 0.1 × 0.2 × 0.3 and the like
    for (const [l, w, h, d] of [
      [0.1, 0.2, 0.3, 1],
      [10, 10, 11, 5000],
      [0.7, 0.1, 1, 1],
      [30, 20, 10, 6000],
    ])
      expect(volumetricWeight({ length: l, width: w, height: h }, d)).toBe(reference(l, w, h, d));
  });
});

/** The next double above x. */
function nextUp(x: number): number {
  if (x === 0) return Number.MIN_VALUE;
  const b = new Float64Array([x]);
  const i = new BigInt64Array(b.buffer);
  i[0] += x > 0 ? 1n : -1n;
  return b[0];
}

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
