/**
 * The price model (docs/pricing.md): pure functions, no database. A tariff row per sender zone ×
 * receiver zone (optionally per company) gives a base price for the included weight, a price per
 * extra kg, a volumetric divisor, the urgent and doubled multipliers and the delivery days.
 */

export interface Tariff {
  id: number;
  senderZone: number;
  receiverZone: number;
  companyId: number | null;
  basePrice: number;
  includedWeight: number;
  pricePerKg: number;
  volumetricDivisor: number;
  urgentMultiplier: number;
  doubledMultiplier: number;
  deliveryDays: number;
  urgentDays: number;
}

export interface PriceQuery {
  /** kg */
  weight: number;
  /** cm */
  length: number;
  width: number;
  height: number;
  urgent: boolean;
  doubling: boolean;
}

/**
 * Rounds to `places` decimals, halves up (`Math.round`), free of binary noise (1.005 → 1.01): the scaled
 * value is read to 12 significant digits first. That reading moves it by at most a 10¹¹th of itself, so
 * it can only change the result when the value lies that close to a half; elsewhere `Math.round` alone
 * gives the same answer without `toPrecision`, which cost a twentieth of a price calculation.
 */
export function roundTo(x: number, places: number): number {
  const f = 10 ** places;
  const y = x * f;
  if (Math.abs(y - Math.floor(y) - 0.5) > Math.abs(y) * 1e-11) return Math.round(y) / f;
  return Math.round(Number(y.toPrecision(12))) / f;
}

/** Volumetric weight in kg (L × W × H / divisor), rounded up to 0.1 kg; 0 when a dimension is missing. */
export function volumetricWeight(
  q: Pick<PriceQuery, 'length' | 'width' | 'height'>,
  divisor: number,
): number {
  if (q.length <= 0 || q.width <= 0 || q.height <= 0 || divisor <= 0) return 0;
  const kg = (q.length * q.width * q.height) / divisor;
  // As roundTo, the volume in tenths is read to 12 significant digits, which matters only next to a
  // whole tenth: elsewhere Math.ceil alone answers the same; just above one (30 × 20 × 10 / 5000 is
  // 1.2000000000000002) by less than half the reading's last digit, the reading is that whole tenth.
  const y = kg * 10;
  const d = y - Math.floor(y);
  const noise = Math.abs(y) * 1e-11;
  if (d > noise && 1 - d > noise) return Math.ceil(y) / 10;
  if (Math.abs(y) < 1e11 && d < Math.abs(y) * 5e-13) return Math.floor(y) / 10;
  return Math.ceil(Number(y.toPrecision(12))) / 10;
}

/** The weight the price is charged on: the greater of the real and the volumetric weight. */
export function chargeableWeight(q: PriceQuery, t: Pick<Tariff, 'volumetricDivisor'>): number {
  return Math.max(roundTo(q.weight, 1), volumetricWeight(q, t.volumetricDivisor));
}

/**
 * The price in GEL, 2 decimals:
 *   (base + max(0, chargeable − included) × perKg) × (urgent ? urgentMultiplier : 1) × (doubling ? doubledMultiplier : 1)
 */
export function price(q: PriceQuery, t: Tariff): number {
  const chargeable = chargeableWeight(q, t);
  const extra = Math.max(0, roundTo(chargeable - t.includedWeight, 1));
  let p = t.basePrice + extra * t.pricePerKg;
  if (q.urgent) p *= t.urgentMultiplier;
  if (q.doubling) p *= t.doubledMultiplier;
  return roundTo(p, 2);
}

/** Delivery days for the collection deadline: the urgent days when urgent. */
export function deliveryDays(t: Pick<Tariff, 'deliveryDays' | 'urgentDays'>, urgent: boolean): number {
  return urgent ? Math.min(t.urgentDays, t.deliveryDays) : t.deliveryDays;
}

/** UPU S10 check digit over 8 digits (weights 8 6 4 2 3 5 9 7): 11 − (sum mod 11); 10 → 0, 11 → 5. */
export function s10CheckDigit(digits: string): number {
  if (!/^\d{8}$/.test(digits)) throw new Error('s10CheckDigit needs 8 digits');
  const w = [8, 6, 4, 2, 3, 5, 9, 7];
  const sum = [...digits].reduce((s, d, i) => s + Number(d) * w[i], 0);
  const c = 11 - (sum % 11);
  return c === 10 ? 0 : c === 11 ? 5 : c;
}

/** Serials have 8 digits: this one and beyond would repeat barcodes already handed out. */
export const BARCODE_SERIAL_LIMIT = 100_000_000;

/** A generated barcode: prefix + 8-digit serial + check digit. A serial past 8 digits is refused, never wrapped. */
export function makeBarcode(prefix: string, serial: number): string {
  if (!Number.isInteger(serial) || serial < 0 || serial >= BARCODE_SERIAL_LIMIT) {
    throw new RangeError(`barcode serial ${serial} is outside 0..${BARCODE_SERIAL_LIMIT - 1}`);
  }
  const digits = String(serial).padStart(8, '0');
  return `${prefix}${digits}${s10CheckDigit(digits)}`;
}
