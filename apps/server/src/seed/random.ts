/** mulberry32: small, fast and good enough for demo data. One seeded generator makes all of it. */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)];
  const chance = (p: number) => next() < p;
  const weighted = <T>(pairs: ReadonlyArray<readonly [T, number]>): T => {
    const total = pairs.reduce((s, [, w]) => s + w, 0);
    let r = next() * total;
    for (const [v, w] of pairs) {
      r -= w;
      if (r < 0) return v;
    }
    return pairs[pairs.length - 1][0];
  };
  const digits = (n: number) => Array.from({ length: n }, () => int(0, 9)).join('');
  const uuid = () => {
    const b = Array.from({ length: 16 }, () => int(0, 255));
    b[6] = (b[6] & 0x0f) | 0x40;
    b[8] = (b[8] & 0x3f) | 0x80;
    const h = b.map((x) => x.toString(16).padStart(2, '0')).join('');
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
  };
  /** roughly normal, mean 0, sd ~1 */
  const gauss = () => (next() + next() + next() + next() + next() + next() - 3) * Math.SQRT2;
  return { next, int, pick, chance, weighted, digits, uuid, gauss };
}
export type Rng = ReturnType<typeof prng>;
