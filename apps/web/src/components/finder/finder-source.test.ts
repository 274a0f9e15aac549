import { describe, expect, it } from 'vitest';
import { deliverOf, progressiveFill } from './finder-source';

const guid = (n: number) => `0000000${n}-0000-4000-8000-000000000000`;

describe('progressive last-status fill', () => {
  it('loads in batches a tick apart, reports progress and stops when a new search starts', async () => {
    const ids = Array.from({ length: 12 }, (_, i) => guid(i));
    const batches: string[][] = [];
    const progress: Array<[number, number]> = [];
    let alive = true;
    await progressiveFill(
      ids,
      5,
      async (g) => {
        batches.push([...g]);
        return [];
      },
      { items: () => {}, progress: (d, t) => progress.push([d, t]), alive: () => alive, error: () => {} },
      0,
    );
    expect(batches.map((b) => b.length)).toEqual([5, 5, 2]);
    expect(progress).toEqual([
      [0, 12],
      [5, 12],
      [10, 12],
      [12, 12],
    ]);

    batches.length = 0;
    await progressiveFill(
      ids,
      5,
      async (g) => {
        batches.push([...g]);
        alive = false; // a new search while the first batch was on its way
        return [];
      },
      { items: () => {}, progress: () => {}, alive: () => alive, error: () => {} },
      0,
    );
    expect(batches).toHaveLength(1);
  });

  it('stops at the first failure and reports it once', async () => {
    const errors: unknown[] = [];
    let n = 0;
    await progressiveFill(
      [guid(1), guid(2), guid(3)],
      1,
      async () => {
        if (++n === 2) throw new Error('boom');
        return [];
      },
      { items: () => {}, progress: () => {}, alive: () => true, error: (e) => errors.push(e) },
      0,
    );
    expect(n).toBe(2);
    expect(errors).toHaveLength(1);
  });

  it('asks for the signature as the delivery status says (0 delivered, 1 not delivered, none in progress)', () => {
    expect(deliverOf('ჩაბარებულია')).toBe(0);
    expect(deliverOf('არ_ჩაბარებულა')).toBe(1);
    expect(deliverOf('პროცესშია')).toBeNull();
    expect(deliverOf('')).toBeNull();
  });
});
