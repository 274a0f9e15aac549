/**
 * How much two pictures differ, for the journeys that keep pictures in the repository (the user guide):
 * a picture is written again only when what it shows changed, not for a clock's minute or a pixel of
 * anti-aliasing, so a test run leaves the working tree clean.
 */
import sharp from 'sharp';

/** A pixel counts as changed when a colour channel moved by more than this (of 255). */
const CHANNEL_TOLERANCE = 24;

/** The share (0 to 1) of pixels that differ between two images; 1 when their sizes differ. */
export async function changedShare(a: Buffer, b: Buffer): Promise<number> {
  const [x, y] = await Promise.all(
    [a, b].map((img) => sharp(img).ensureAlpha().raw().toBuffer({ resolveWithObject: true })),
  );
  if (x.info.width !== y.info.width || x.info.height !== y.info.height) return 1;
  let changed = 0;
  for (let i = 0; i < x.data.length; i += 4) {
    for (let c = 0; c < 3; c++)
      if (Math.abs(x.data[i + c] - y.data[i + c]) > CHANNEL_TOLERANCE) {
        changed++;
        break;
      }
  }
  return changed / (x.info.width * x.info.height);
}
