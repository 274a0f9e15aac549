import { mobileWorkKey, type MobileFlow } from '@/lib/mobile-work';

/** One line of a job as the screen lists it (spec 003 §3 "Job parcel line"). */
export interface ScanLine {
  Gui: string;
  Barcode: string;
  EnableDelete: boolean;
  /** true for a registry code */
  Stack: boolean;
  /** 1 for a parcel; a registry's parcel count (0 when it could not be checked) */
  Number: number;
  /** how it was entered: scanner, camera, or unchecked (no connection) */
  Source: string;
  /** a registry's barcodes, when known (a parcel of a listed registry is "already received") */
  Members?: string[];
}

/** A line the server did not apply, with its reason, kept on screen until the courier removes it. */
export interface RefusedLine {
  Barcode: string;
  Registry: string;
  Error: string;
}

/** A flow's unsent work, kept while the courier moves between screens (spec 003 §4). */
export interface HeldWork {
  jobId: string;
  items: ScanLine[];
  comment: string;
  status: number;
  /** the lines of sent jobs the server refused */
  refused: RefusedLine[];
}

/** A new GUID (crypto.randomUUID needs a secure context; the fallback builds a v4 one). */
export function newGuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

export const emptyWork = (status: number, refused: RefusedLine[] = []): HeldWork => ({
  jobId: newGuid(),
  items: [],
  comment: '',
  status,
  refused,
});

/** A flow's held value as stored (parsed JSON), null when there is none or it cannot be read. */
export function readHeld(flow: MobileFlow): unknown {
  try {
    const raw = localStorage.getItem(mobileWorkKey(flow));
    return raw ? (JSON.parse(raw) as unknown) : null;
  } catch {
    return null;
  }
}

/** Keeps a flow's held value on the device (`null` forgets it); mobile home highlights a flow with work. */
export function writeHeld(flow: MobileFlow, value: unknown): void {
  try {
    if (value === null) localStorage.removeItem(mobileWorkKey(flow));
    else localStorage.setItem(mobileWorkKey(flow), JSON.stringify(value));
  } catch {
    /* storage full or blocked: the work stays in memory */
  }
}

export function loadWork(flow: MobileFlow, status: number): HeldWork {
  const v = readHeld(flow) as Partial<HeldWork> | null;
  if (!v || !Array.isArray(v.items) || typeof v.jobId !== 'string') return emptyWork(status);
  return {
    jobId: v.jobId,
    items: v.items,
    comment: v.comment ?? '',
    status: v.status ?? status,
    refused: Array.isArray(v.refused) ? v.refused : [],
  };
}

export function saveWork(flow: MobileFlow, work: HeldWork): void {
  const empty = work.items.length === 0 && !work.comment && !work.status && work.refused.length === 0;
  writeHeld(flow, empty ? null : work);
}

/** Fired on window with the refused lines of a sent job; the flow's open screen takes them (preventDefault). */
export const REFUSED_EVENT = 'po-job-refused';
export interface RefusedDetail {
  flow: MobileFlow;
  lines: RefusedLine[];
}

/**
 * Keeps the refused lines of a flow's sent job: the flow's screen, when open, lists them at once;
 * otherwise they join the flow's held work and show when the courier opens it.
 */
export function keepRefused(flow: MobileFlow, lines: RefusedLine[]): void {
  if (lines.length === 0) return;
  const event = new CustomEvent<RefusedDetail>(REFUSED_EVENT, { detail: { flow, lines }, cancelable: true });
  if (!window.dispatchEvent(event)) return;
  const v = readHeld(flow) as Partial<HeldWork> | null;
  const held = v && typeof v === 'object' && !Array.isArray(v) ? v : {};
  const before = Array.isArray(held.refused) ? held.refused : [];
  writeHeld(flow, {
    ...held,
    jobId: typeof held.jobId === 'string' ? held.jobId : newGuid(),
    items: Array.isArray(held.items) ? held.items : [],
    refused: [...lines, ...before],
  });
}

export function forgetWork(flow: MobileFlow): void {
  writeHeld(flow, null);
}

/**
 * A job's signature (data: URL) drawn on /signature: the handover's, or another flow's when its proof
 * rule asks for one (`/signature?for=<flow>`).
 */
const signatureKey = (flow: MobileFlow = 'pargive') =>
  flow === 'pargive' ? 'po.mobile.signature' : `po.mobile.signature.${flow}`;
export const loadSignature = (flow?: MobileFlow): string => localStorage.getItem(signatureKey(flow)) ?? '';
export const saveSignature = (img: string, flow?: MobileFlow): void =>
  localStorage.setItem(signatureKey(flow), img);
export const forgetSignature = (flow?: MobileFlow): void => localStorage.removeItem(signatureKey(flow));
