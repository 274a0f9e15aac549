import type { CallInput } from '@po/contract';
import type { MobSendJob } from '@po/contract/mobile';
import type { MobileFlow } from '@/lib/mobile-work';
import { runStore, STORES } from './device-db';

/**
 * Jobs the courier sent that the server has not confirmed yet, kept in IndexedDB so they survive a
 * reload or a closed tab (the courier loses signal). Each keeps its JobId: the server applies a JobId
 * once, so sending a job again after a lost answer never doubles an event.
 */
export type JobPayload = CallInput<typeof MobSendJob>;
export interface OutboxEntry {
  JobId: string;
  flow: MobileFlow;
  job: JobPayload;
  createdAt: string;
  /** the last failed attempt's message, '' before any */
  lastError: string;
}

/** Fired on window when the outbox changes (mobile home listens). */
export const OUTBOX_EVENT = 'po-outbox-change';

const run = <T>(mode: IDBTransactionMode, fn: (s: IDBObjectStore) => IDBRequest<T>) =>
  runStore(STORES.outbox, mode, fn);

/**
 * The other tabs of this app hear of every change too (one outbox in IndexedDB for all of them), so
 * their pending badge follows without a reload.
 */
let channel: BroadcastChannel | null | undefined;
function tabs(): BroadcastChannel | null {
  if (channel !== undefined) return channel;
  channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(OUTBOX_EVENT);
  channel?.addEventListener('message', () => window.dispatchEvent(new Event(OUTBOX_EVENT)));
  // Node's channel (the unit tests) would keep the process alive
  (channel as { unref?: () => void } | null)?.unref?.();
  return channel;
}
/** Starts hearing the other tabs' changes (mobile home calls it before it reads the outbox). */
export const listenToOtherTabs = (): void => void tabs();
const changed = () => {
  window.dispatchEvent(new Event(OUTBOX_EVENT));
  tabs()?.postMessage('changed');
};

/**
 * Runs `fn` while this tab alone works the outbox: the tabs of the app share one outbox, and without
 * the lock each would send the same waiting job when the network returns (Web Locks; a browser
 * without them runs `fn` at once).
 */
export function withOutboxLock<T>(fn: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return fn();
  return locks.request('po-outbox', fn);
}

export async function putJob(entry: OutboxEntry): Promise<void> {
  await run('readwrite', (s) => s.put(entry));
  changed();
}
export async function removeJob(jobId: string): Promise<void> {
  await run('readwrite', (s) => s.delete(jobId));
  changed();
}
/** Every waiting job, oldest first. */
export async function listJobs(): Promise<OutboxEntry[]> {
  const all = await run<OutboxEntry[]>('readonly', (s) => s.getAll() as IDBRequest<OutboxEntry[]>);
  return all.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}
