/** The courier flows that keep unsent work on the device (spec 003 mobile home). */
export const MOBILE_FLOWS = [
  'parsexport',
  'pargive',
  'statuschange',
  'delivercurrier',
  'startwaybill',
  'closewaybill',
] as const;
export type MobileFlow = (typeof MOBILE_FLOWS)[number];

/** localStorage key of a flow's unsent work: `po.mobile.<flow>`. */
export function mobileWorkKey(flow: MobileFlow): string {
  return `po.mobile.${flow}`;
}

/**
 * True when the flow has unsent work on this device. The value is JSON written by the flow's screen:
 * a non-empty array, or an object with a non-empty `items`/`lines` array, counts as work.
 */
export function hasMobileWork(
  flow: MobileFlow,
  storage: Storage | undefined = globalThis.localStorage,
): boolean {
  let raw: string | null;
  try {
    raw = storage?.getItem(mobileWorkKey(flow)) ?? null;
  } catch {
    return false;
  }
  if (!raw) return false;
  try {
    const v: unknown = JSON.parse(raw);
    if (Array.isArray(v)) return v.length > 0;
    if (v && typeof v === 'object') {
      const o = v as { items?: unknown; lines?: unknown };
      if (Array.isArray(o.items)) return o.items.length > 0;
      if (Array.isArray(o.lines)) return o.lines.length > 0;
      return Object.keys(o).length > 0;
    }
    return Boolean(v);
  } catch {
    return raw.trim().length > 0;
  }
}
