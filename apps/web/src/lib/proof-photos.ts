import { getSession } from '@/lib/session';

/**
 * A proof photo's address (GetParcelPhoto's `Url` from GetParcelPhotos) with the session, for an
 * `<img>`: the server answers the file to a session that may see the parcel.
 */
export function photoSrc(url: string): string {
  const s = getSession();
  if (!s) return url;
  return `${url}&Id=${encodeURIComponent(s.Id)}&Ticket=${encodeURIComponent(s.Ticket)}`;
}

/** The photo as a data URL (for a print frame, which must not depend on the session's address). */
export async function photoDataUrl(url: string, signal?: AbortSignal): Promise<string> {
  const res = await fetch(photoSrc(url), { signal });
  const type = res.headers.get('content-type') ?? '';
  if (!res.ok || !type.startsWith('image/')) return '';
  const blob = await res.blob();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(blob);
  });
}
