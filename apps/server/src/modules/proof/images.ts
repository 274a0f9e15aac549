/**
 * A job's photos checked by their content, not by a name (issue 40): the first bytes say JPEG or PNG,
 * the header's dimensions are read and the whole image is decoded (sharp/libvips), so a truncated or
 * broken file, a file of another kind and an image past the size limits refuse the whole job before
 * anything is written.
 */
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { PHOTO_MAX_BYTES, PHOTO_MAX_SIDE, type PhotoType } from '@po/contract/proof/photos';
import { badInput } from '../../http/errors.ts';
import { sniff } from '../files/service.ts';

export interface CheckedPhoto {
  /** sha256 of the bytes, hex */
  hash: string;
  mime: PhotoType;
  body: Buffer;
  width: number;
  height: number;
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const FORMAT: Record<PhotoType, string> = { 'image/jpeg': 'jpeg', 'image/png': 'png' };

/** One photo's bytes from its base64 text (a data:image/…;base64, prefix allowed), or a 400. */
function bytesOf(text: string, n: number): Buffer {
  const bare = text.replace(/^data:image\/[a-z+.-]+;base64,/i, '').replace(/\s+/g, '');
  if (!bare || bare.length % 4 !== 0 || !BASE64.test(bare))
    throw badInput('proof.photoBad', { field: 'Photos', n });
  return Buffer.from(bare, 'base64');
}

/** The dimensions the header gives (read before decoding, so a huge image is refused first). */
async function headerOf(
  body: Buffer,
  mime: PhotoType,
  n: number,
): Promise<{ width: number; height: number }> {
  try {
    const meta = await sharp(body, { limitInputPixels: false }).metadata();
    if (meta.format === FORMAT[mime]) return { width: meta.width ?? 0, height: meta.height ?? 0 };
  } catch {
    // not readable: refused below
  }
  throw badInput('proof.photoBad', { field: 'Photos', n });
}

/** Checks one photo; `n` counts from 1 for the message. */
export async function checkPhoto(text: string, n: number): Promise<CheckedPhoto> {
  const body = bytesOf(text, n);
  if (body.length > PHOTO_MAX_BYTES) throw badInput('proof.photoTooBig', { field: 'Photos', n });
  const mime = sniff(body);
  if (mime !== 'image/jpeg' && mime !== 'image/png') throw badInput('proof.photoBad', { field: 'Photos', n });
  const { width, height } = await headerOf(body, mime, n);
  if (width < 1 || height < 1) throw badInput('proof.photoBad', { field: 'Photos', n });
  if (width > PHOTO_MAX_SIDE || height > PHOTO_MAX_SIDE)
    throw badInput('proof.photoTooManyPixels', { field: 'Photos', n });
  try {
    // the whole image decoded: a truncated or damaged one fails here
    await sharp(body, { failOn: 'truncated' }).raw().toBuffer();
  } catch {
    throw badInput('proof.photoBad', { field: 'Photos', n });
  }
  return { hash: createHash('sha256').update(body).digest('hex'), mime, body, width, height };
}

/** Checks every photo of a job, in order; the same photo twice is kept once. */
export async function checkPhotos(list: readonly string[]): Promise<CheckedPhoto[]> {
  const out: CheckedPhoto[] = [];
  for (let i = 0; i < list.length; i++) {
    const photo = await checkPhoto(list[i], i + 1);
    if (!out.some((p) => p.hash === photo.hash)) out.push(photo);
  }
  return out;
}
