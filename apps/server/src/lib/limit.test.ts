import { describe, expect, it } from 'vitest';
import { limiter } from './limit.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('limiter', () => {
  it('runs at most its slots at once, every call in the end, in the order they came', async () => {
    const limit = limiter(2);
    let now = 0;
    let most = 0;
    const started: number[] = [];
    const results = await Promise.all(
      Array.from({ length: 7 }, (_, i) =>
        limit(async () => {
          started.push(i);
          now++;
          most = Math.max(most, now);
          await sleep(5 + (i % 3) * 3);
          now--;
          return i * 10;
        }),
      ),
    );
    expect(most).toBe(2);
    expect(results).toEqual([0, 10, 20, 30, 40, 50, 60]);
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it('frees the slot of a call that fails', async () => {
    const limit = limiter(1);
    await expect(limit(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await limit(async () => 'next')).toBe('next');
  });
});
