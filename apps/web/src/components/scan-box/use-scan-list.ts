import { useRef, useState } from 'react';
import type { ScanBoxHandle } from './scan-box';

/**
 * The rows one scanning operation has processed, the newest on top, with the codes already scanned for
 * the scan box's duplicate check (kept in a ref beside the state so its queue sees the latest at once).
 * Give `scanRef` to the ScanBox, `isDuplicate` to its prop of that name.
 */
export function useScanList<R extends { GUID: string }>(barcodeOf: (row: R) => string) {
  const [rows, setRows] = useState<R[]>([]);
  const seen = useRef(new Set<string>());
  const scanRef = useRef<ScanBoxHandle>(null);

  /** The rows a scanned code found go on top, the first on top; an older copy of a row leaves. */
  const add = (code: string, found: readonly R[]) => {
    seen.current.add(code);
    for (const r of found) seen.current.add(barcodeOf(r));
    setRows((prev) => [...found, ...prev.filter((p) => !found.some((f) => f.GUID === p.GUID))]);
  };
  const isDuplicate = (code: string) => seen.current.has(code);
  /** A new operation: no rows, no codes, the scan box emptied. */
  const reset = () => {
    seen.current = new Set();
    setRows([]);
    scanRef.current?.reset();
  };
  return { rows, add, isDuplicate, reset, scanRef };
}
