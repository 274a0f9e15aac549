/**
 * A proof photo made small on the phone before it is kept (issue 40): a JPEG whose long side is at most
 * 1600 px and whose file is at most about 300 KB. Drawing the picture on a canvas and encoding it again
 * leaves every EXIF field behind (the place goes with the job, as the job's position).
 */
export const PhotoLimits = {
  /** photos on one job */
  perJob: 3,
  longSide: 1600,
  maxBytes: 300 * 1024,
} as const;

/** The JPEG qualities tried, best first; below the last the picture is made smaller instead. */
const QUALITIES = [0.85, 0.75, 0.65, 0.55, 0.45, 0.35] as const;
/** How much smaller each further round draws the picture when the lowest quality is still too big. */
const STEP_DOWN = 0.8;
const MIN_SIDE = 320;

/** A picture's size with its long side brought down to `longSide` (never up), rounded, at least 1 px. */
export function fitLongSide(
  width: number,
  height: number,
  longSide: number,
): { width: number; height: number } {
  const scale = Math.min(1, longSide / Math.max(width, height, 1));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** Encodes a picture at a size and a JPEG quality. */
export type JpegEncoder = (width: number, height: number, quality: number) => Promise<Blob>;

/**
 * The best JPEG within `maxBytes`: the qualities in turn at the largest allowed size, then the same at a
 * smaller size, until one fits (the smallest size's lowest quality is taken whatever it weighs).
 */
export async function encodeWithin(
  width: number,
  height: number,
  encode: JpegEncoder,
  limits: { longSide: number; maxBytes: number } = PhotoLimits,
): Promise<{ blob: Blob; width: number; height: number; quality: number }> {
  let size = fitLongSide(width, height, limits.longSide);
  for (;;) {
    let last: Blob | null = null;
    for (const quality of QUALITIES) {
      last = await encode(size.width, size.height, quality);
      if (last.size <= limits.maxBytes) return { blob: last, ...size, quality };
    }
    const longSide = Math.max(size.width, size.height);
    if (longSide <= MIN_SIDE || !last) return { blob: last!, ...size, quality: QUALITIES.at(-1)! };
    size = fitLongSide(size.width, size.height, Math.max(MIN_SIDE, Math.round(longSide * STEP_DOWN)));
  }
}

const blobOf = (canvas: HTMLCanvasElement, quality: number) =>
  new Promise<Blob>((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('canvas.toBlob'))), 'image/jpeg', quality),
  );

export const dataUrlOf = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(String(r.result));
    r.onerror = () => reject(r.error ?? new Error('FileReader'));
    r.readAsDataURL(blob);
  });

/**
 * Draws a picture (a camera frame, a decoded file) on a white canvas and answers it as a small JPEG
 * `data:` URL; transparent parts of a PNG turn white.
 */
export async function shrinkPicture(
  picture: CanvasImageSource,
  width: number,
  height: number,
): Promise<string> {
  const canvas = document.createElement('canvas');
  const g = canvas.getContext('2d');
  if (!g) throw new Error('canvas 2d');
  const { blob } = await encodeWithin(width, height, (w, h, quality) => {
    canvas.width = w;
    canvas.height = h;
    g.fillStyle = '#fff';
    g.fillRect(0, 0, w, h);
    g.imageSmoothingQuality = 'high';
    g.drawImage(picture, 0, 0, w, h);
    return blobOf(canvas, quality);
  });
  canvas.width = 0;
  canvas.height = 0;
  return dataUrlOf(blob);
}

/**
 * A picked file as a small JPEG `data:` URL; the browser turns the picture upright by its EXIF
 * orientation while decoding. A file that is not a readable picture rejects.
 */
export async function shrinkFile(file: Blob): Promise<string> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  try {
    return await shrinkPicture(bitmap, bitmap.width, bitmap.height);
  } finally {
    bitmap.close();
  }
}

/** The frame a camera shows now, as a small JPEG `data:` URL. */
export function shrinkFrame(video: HTMLVideoElement): Promise<string> {
  return shrinkPicture(video, video.videoWidth, video.videoHeight);
}
