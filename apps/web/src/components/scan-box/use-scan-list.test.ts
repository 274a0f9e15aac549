import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { useScanList } from './use-scan-list';

interface Row {
  GUID: string;
  BarCode: string;
}
const row = (n: number): Row => ({ GUID: `g${n}`, BarCode: `PO00${n}` });

describe('useScanList', () => {
  it('puts what a scan found on top, moves a row scanned again up, and knows the scanned codes until a new operation', () => {
    const { result } = renderHook(() => useScanList<Row>((r) => r.BarCode));
    act(() => result.current.add('po001', [row(1)]));
    act(() => result.current.add('PO002', [row(2), row(3)]));
    expect(result.current.rows.map((r) => r.GUID)).toEqual(['g2', 'g3', 'g1']);
    act(() => result.current.add('PO001', [row(1)]));
    expect(result.current.rows.map((r) => r.GUID)).toEqual(['g1', 'g2', 'g3']);
    // the code as scanned and the barcode the server answered both count as scanned
    expect(['po001', 'PO001', 'PO003'].map(result.current.isDuplicate)).toEqual([true, true, true]);
    expect(result.current.isDuplicate('PO004')).toBe(false);

    act(() => result.current.reset());
    expect(result.current.rows).toEqual([]);
    expect(result.current.isDuplicate('PO001')).toBe(false);
  });
});
