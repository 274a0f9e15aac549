import { describe, expect, it } from 'vitest';
import { startIdleGc } from './idle-gc.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** An object only a WeakRef holds, big enough to live in the old generation's large-object space. */
function dropped(): WeakRef<object> {
  const big = { data: new Array(300_000).fill(0).map((_, i) => ({ i })) };
  return new WeakRef(big);
}

describe('idle garbage collection', () => {
  it('collects once the server has been quiet after serving', async () => {
    let served = 0;
    const stop = startIdleGc({ quietMs: 40, served: () => served });
    try {
      const ref = dropped();
      // busy: a request in every interval, so no collection is due; the object may survive
      for (let i = 0; i < 3; i++) {
        served++;
        await sleep(40);
      }
      // quiet: two intervals without a request after some were served
      await sleep(200);
      expect(ref.deref()).toBeUndefined();
    } finally {
      stop();
    }
  });

  it('does nothing when switched off', () => {
    const stop = startIdleGc({ quietMs: 0, served: () => 0 });
    expect(stop()).toBeUndefined();
  });
});
