import { useEffect } from 'react';
import { LoadingBar } from '@/app/page-states';

const listeners = new Set<() => void>();

/** Lets the root hear of a handover (`root.tsx`); answers the unsubscribe. */
export function onHandover(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Rendered by a router for an address the other app serves (the public screens, or the working ones):
 * the loading bar on the page still in view while the root starts the other app and swaps them.
 */
export function Handover() {
  useEffect(() => {
    for (const listener of [...listeners]) listener();
  }, []);
  return <LoadingBar />;
}
