/** The column layout a grid keeps per screen in localStorage (under the screen's `storageKey`). */
export interface StoredGridLayout {
  visibility: Record<string, boolean>;
  order: string[];
  sizing: Record<string, number>;
}

const VERSION = 1;

function isRecordOf<V>(value: unknown, check: (v: unknown) => v is V): value is Record<string, V> {
  return (
    typeof value === 'object' && value !== null && !Array.isArray(value) && Object.values(value).every(check)
  );
}

const isBoolean = (v: unknown): v is boolean => typeof v === 'boolean';
const isPositive = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v > 0;

/** Reads a stored layout; anything missing, foreign or broken reads as nothing stored. */
export function readGridLayout(storageKey: string | undefined): Partial<StoredGridLayout> {
  if (!storageKey) return {};
  let text: string | null;
  try {
    text = globalThis.localStorage?.getItem(storageKey) ?? null;
  } catch {
    return {};
  }
  if (!text) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null) return {};
    const p = parsed as Record<string, unknown>;
    if (p.v !== VERSION) return {};
    const out: Partial<StoredGridLayout> = {};
    if (isRecordOf(p.visibility, isBoolean)) out.visibility = { ...p.visibility };
    if (Array.isArray(p.order) && p.order.every((x): x is string => typeof x === 'string'))
      out.order = [...p.order];
    if (isRecordOf(p.sizing, isPositive)) out.sizing = { ...p.sizing };
    return out;
  } catch {
    return {};
  }
}

export function writeGridLayout(storageKey: string | undefined, layout: StoredGridLayout): void {
  if (!storageKey) return;
  try {
    globalThis.localStorage?.setItem(storageKey, JSON.stringify({ v: VERSION, ...layout }));
  } catch {
    /* storage full or unavailable: the layout just does not persist */
  }
}
