import { useCallback, useEffect, useRef, useState } from 'react';
import type { MobileFlow } from '@/lib/mobile-work';
import { newGuid } from './held';
import { runStore, STORES } from './device-db';

/** One proof photo of a job: a small JPEG as a `data:` URL (photo-shrink.ts). */
export interface ProofPhoto {
  id: string;
  data: string;
}

/** A flow's photos as kept in IndexedDB, with the JobId of the unsent job they belong to. */
interface HeldPhotosRecord {
  flow: MobileFlow;
  jobId: string;
  photos: ProofPhoto[];
}

/** The photos held for a flow's job; none when the device keeps none or keeps another job's. */
export async function loadPhotos(flow: MobileFlow, jobId: string): Promise<ProofPhoto[]> {
  const rec = await runStore<HeldPhotosRecord | undefined>(
    STORES.photos,
    'readonly',
    (s) => s.get(flow) as IDBRequest<HeldPhotosRecord | undefined>,
  );
  return rec && rec.jobId === jobId && Array.isArray(rec.photos) ? rec.photos : [];
}

/** Keeps a flow's photos for the job on the device (none forgets them). */
export function savePhotos(flow: MobileFlow, jobId: string, photos: ProofPhoto[]): Promise<unknown> {
  return photos.length === 0
    ? runStore(STORES.photos, 'readwrite', (s) => s.delete(flow))
    : runStore(STORES.photos, 'readwrite', (s) => s.put({ flow, jobId, photos } satisfies HeldPhotosRecord));
}

export interface HeldPhotos {
  photos: ProofPhoto[];
  /** adds a photo (`data:` URL); the caller keeps to the limit */
  add: (data: string) => void;
  remove: (id: string) => void;
}

/**
 * The photos of a flow's unsent job: read from IndexedDB when the job is shown and written back on
 * every change (one write after another, in order), so a reload or a lost network keeps them. A new job
 * (a new JobId) starts with none. Without IndexedDB they live only in memory.
 */
export function useHeldPhotos(flow: MobileFlow, jobId: string): HeldPhotos {
  const [held, setHeld] = useState<{ jobId: string; photos: ProofPhoto[] }>({ jobId, photos: [] });
  const current = useRef(held);
  const writes = useRef<Promise<unknown>>(Promise.resolve());
  const show = useCallback((next: { jobId: string; photos: ProofPhoto[] }) => {
    current.current = next;
    setHeld(next);
  }, []);

  useEffect(() => {
    show({ jobId, photos: [] });
    // the kept photos join any taken before the read answered; the writes wait for the read
    const read = loadPhotos(flow, jobId).then(
      (kept) => {
        const h = current.current;
        if (kept.length > 0 && h.jobId === jobId) show({ jobId, photos: [...kept, ...h.photos] });
      },
      () => undefined,
    );
    writes.current = writes.current.then(() => read);
  }, [flow, jobId, show]);

  const change = useCallback(
    (fn: (photos: ProofPhoto[]) => ProofPhoto[]) => {
      const h = current.current;
      show({ jobId: h.jobId, photos: fn(h.photos) });
      // one write after another, each of the photos as they stand when it runs
      writes.current = writes.current
        .then(() => savePhotos(flow, current.current.jobId, current.current.photos))
        .catch(() => undefined);
    },
    [flow, show],
  );

  const photos = held.jobId === jobId ? held.photos : [];
  return {
    photos,
    add: useCallback((data: string) => change((p) => [...p, { id: newGuid(), data }]), [change]),
    remove: useCallback((id: string) => change((p) => p.filter((x) => x.id !== id)), [change]),
  };
}

/** The flows whose unsent job holds photos on this device (the courier's home marks them). */
export const heldPhotoFlows = (): Promise<Set<MobileFlow>> =>
  runStore<IDBValidKey[]>(STORES.photos, 'readonly', (s) => s.getAllKeys()).then(
    (keys) => new Set(keys as MobileFlow[]),
    () => new Set<MobileFlow>(),
  );

/** Drops a flow's held photos (the job was sent, or a new operation began). */
export const forgetPhotos = (flow: MobileFlow): Promise<unknown> =>
  runStore(STORES.photos, 'readwrite', (s) => s.delete(flow)).catch(() => undefined);
