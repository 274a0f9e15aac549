/**
 * Loads compared in alternating rounds (A B, B A, …), each from a checkpoint, so that neither side gets
 * the quieter half of a shared machine or a larger table; every round printed, the medians in the table.
 * Used by the registration with and without a recipient e-mail (scenarios/registration.ts) and by the
 * scan and the registration at scale (scenarios/scale.ts).
 */
import type { BenchContext, BenchRow } from './run.ts';

/** One side of the comparison: its table row's name and one round of its load. */
export interface Side {
  scenario: string;
  once: () => Promise<BenchRow>;
}

export const median = (values: number[]): number => {
  const s = [...values].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** `rounds` rounds of every side in turn (the order reversed every other round); a row per side. */
export async function alternate(ctx: BenchContext, sides: Side[], rounds: number): Promise<BenchRow[]> {
  const done = sides.map(() => [] as BenchRow[]);
  for (let i = 0; i < rounds; i++) {
    const order = sides.map((_, k) => k);
    for (const k of i % 2 ? order.reverse() : order) {
      await ctx.query('checkpoint');
      const row = await sides[k].once();
      done[k].push(row);
      console.log(
        `  round ${i + 1}/${rounds} ${sides[k].scenario}: ${row.rps?.toFixed(0)} req/s, ` +
          `p99 ${row.p99?.toFixed(1)} ms, CPU ${row.cpuUs?.toFixed(1) ?? 'n/a'} µs/req`,
      );
    }
  }
  return sides.map((side, k): BenchRow => {
    const list = done[k];
    const cpu = list.map((r) => r.cpuUs);
    return {
      scenario: side.scenario,
      rps: median(list.map((r) => r.rps ?? 0)),
      p50: median(list.map((r) => r.p50 ?? 0)),
      p99: median(list.map((r) => r.p99 ?? 0)),
      errors: list.reduce((n, r) => n + (r.errors ?? 0), 0),
      cpuUs: cpu.every((c) => typeof c === 'number') ? median(cpu as number[]) : null,
      note: `median of ${rounds} alternating rounds; req/s ${list.map((r) => r.rps?.toFixed(0)).join(' ')}`,
    };
  });
}
