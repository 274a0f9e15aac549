import { describe, expect, it } from 'vitest';
import { encodeWithin, fitLongSide, PhotoLimits, type JpegEncoder } from './photo-shrink';

/**
 * jsdom has no canvas encoder: the loop is driven by an encoder whose weight grows with the pixels and
 * the quality as a JPEG's does (bytes per pixel at a quality). The real encoding is checked in the
 * browser journey (e2e/tests/mobile-photos.test.ts reads the sent JPEG's size and header).
 */
function weighing(bytesPerPixelAtFull: number) {
  const tried: Array<[number, number, number]> = [];
  const encode: JpegEncoder = (w, h, q) => {
    tried.push([w, h, q]);
    return Promise.resolve(new Blob([new Uint8Array(Math.round(w * h * bytesPerPixelAtFull * q))]));
  };
  return { encode, tried };
}

describe('fitLongSide', () => {
  it('brings the long side down to the limit and keeps the shape', () => {
    expect(fitLongSide(4000, 3000, 1600)).toEqual({ width: 1600, height: 1200 });
    expect(fitLongSide(3000, 4000, 1600)).toEqual({ width: 1200, height: 1600 });
    expect(fitLongSide(4032, 1816, 1600)).toEqual({ width: 1600, height: 721 });
  });
  it('never makes a small picture bigger', () => {
    expect(fitLongSide(640, 480, 1600)).toEqual({ width: 640, height: 480 });
    expect(fitLongSide(0, 0, 1600)).toEqual({ width: 1, height: 1 });
  });
});

describe('encodeWithin', () => {
  it('takes the best quality that fits at 1600 px', async () => {
    // 1600x1200 at 0.2 bytes per pixel: 319 KB at 0.85, 281 KB at 0.75 (the limit is 300 KB)
    const { encode, tried } = weighing(0.2);
    const out = await encodeWithin(4000, 3000, encode);
    expect(out.width).toBe(1600);
    expect(out.height).toBe(1200);
    expect(out.blob.size).toBeLessThanOrEqual(PhotoLimits.maxBytes);
    expect(out.quality).toBe(0.75);
    expect(tried.map((t) => t[2])).toEqual([0.85, 0.75]);
  });

  it('draws the picture smaller when even the lowest quality is too heavy', async () => {
    const { encode, tried } = weighing(1.2);
    const out = await encodeWithin(4000, 3000, encode);
    expect(out.blob.size).toBeLessThanOrEqual(PhotoLimits.maxBytes);
    expect(Math.max(out.width, out.height)).toBeLessThan(1600);
    expect(out.width / out.height).toBeCloseTo(4 / 3, 2);
    // every size tried began at the best quality
    expect(tried[0]).toEqual([1600, 1200, 0.85]);
    expect(tried.filter((t) => t[2] === 0.85).length).toBeGreaterThan(1);
  });

  it('keeps a small light picture as it is, at the best quality', async () => {
    const { encode } = weighing(0.5);
    const out = await encodeWithin(640, 480, encode);
    expect(out).toMatchObject({ width: 640, height: 480, quality: 0.85 });
  });

  it('stops at the smallest size rather than looping for ever', async () => {
    // a limit no size meets (a tiny one, so the encoder's blobs stay small: 100 bytes per pixel made
    // 160 MB blobs and took 20 s on a busy CI machine)
    const { encode, tried } = weighing(0.2);
    const out = await encodeWithin(4000, 3000, encode, { longSide: 1600, maxBytes: 100 });
    expect(out.blob.size).toBeGreaterThan(100);
    expect(tried.at(-1)).toEqual([out.width, out.height, 0.35]);
    expect(Math.max(out.width, out.height)).toBe(320);
    expect(out.quality).toBe(0.35);
  });
});
