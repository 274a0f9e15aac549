/** The delivery signatures: small PNG scribbles, drawn from the seeded generator. */
import { deflateSync } from 'node:zlib';
import type { Rng } from './random.ts';

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}
export const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A small grayscale PNG of a handwritten-looking scribble: a pen moving right in loops. */
export function scribblePng(rng: Rng, width = 240, height = 90): Buffer {
  const px = new Uint8Array(width * height).fill(255);
  const ink = (x: number, y: number) => {
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        const xx = Math.round(x + dx);
        const yy = Math.round(y + dy);
        if (xx < 0 || yy < 0 || xx >= width || yy >= height) continue;
        const d = Math.abs(dx) + Math.abs(dy);
        const v = d === 0 ? 20 : d === 1 ? 70 : 170;
        const i = yy * width + xx;
        if (px[i] > v) px[i] = v;
      }
    }
  };
  const strokes = rng.int(1, 3);
  let x0 = rng.int(10, 30);
  for (let s = 0; s < strokes && x0 < width - 40; s++) {
    const len = rng.int(60, Math.min(180, width - x0 - 10));
    const loops = rng.int(2, 5);
    const amp = rng.int(10, 26);
    const slant = (rng.next() - 0.5) * 0.3;
    const mid = height / 2 + rng.int(-10, 10);
    const phase = rng.next() * Math.PI * 2;
    // a few slow waves make the size, width and height of the letters vary along the stroke
    const w1 = rng.next() * 6 + 2;
    const w2 = rng.next() * 9 + 3;
    const p1 = rng.next() * Math.PI * 2;
    const steps = len * 6;
    for (let i = 0; i <= steps; i++) {
      const u = i / steps;
      const a = u * loops * Math.PI * 2 + phase;
      const size = 0.45 + 0.55 * Math.abs(Math.sin(u * w1 + p1));
      const x = x0 + u * len + Math.cos(a) * amp * 0.5 * size + Math.sin(u * w2) * 4;
      const y = mid + Math.sin(a) * amp * size * (0.7 + 0.3 * Math.sin(u * Math.PI)) + (x - x0) * slant;
      ink(x, y);
    }
    x0 += len + rng.int(8, 20);
  }
  // an underline flourish
  const ux = rng.int(10, 40);
  const uy = height - rng.int(10, 18);
  for (let x = ux; x < width - rng.int(10, 60); x++) ink(x, uy + Math.sin(x / 17) * 2);

  const raw = Buffer.alloc((width + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width + 1)] = 0; // filter: none
    Buffer.from(px.buffer, y * width, width).copy(raw, y * (width + 1) + 1);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // grayscale
  ihdr[10] = 0;
  ihdr[11] = 0;
  ihdr[12] = 0;
  return Buffer.concat([
    PNG_MAGIC,
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
