/** The type of a base64 file from its first bytes (the server answers signatures and bills as base64). */
export function base64Mime(b64: string): 'image/png' | 'image/jpeg' | 'application/pdf' {
  if (b64.startsWith('/9j/')) return 'image/jpeg';
  if (b64.startsWith('JVBER')) return 'application/pdf';
  return 'image/png';
}

/** A data URL for a base64 file, or null when it is empty. */
export function base64DataUrl(b64: string | null | undefined): string | null {
  if (!b64) return null;
  return `data:${base64Mime(b64)};base64,${b64}`;
}

/** Whether a base64 file is a PDF (shown in a frame, not as an image). */
export const isPdf = (b64: string | null | undefined): boolean =>
  !!b64 && base64Mime(b64) === 'application/pdf';
