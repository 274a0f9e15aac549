import { describe, expect, it } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { FinderRow, LastStatusItem } from '@po/contract/parcels/finder';
import type { FinderFill } from './finder-source';
import { useLastStatusFill } from './use-last-status-fill';

const row = (n: number) => ({ GUID: `0000000${n}-0000-4000-8000-000000000000` }) as FinderRow;
const item = (gui: string) => ({ ParcelGUID: gui }) as LastStatusItem;

/** A per-parcel fill (as the archive's) whose every call waits until the test answers it. */
function heldFill() {
  const asked: Array<{ guis: readonly string[]; answer: () => void }> = [];
  const fill: FinderFill = {
    batch: 1,
    skipEmpty: true,
    load: (guis) =>
      new Promise<LastStatusItem[]>((resolve) => asked.push({ guis, answer: () => resolve(guis.map(item)) })),
  };
  return { fill, asked };
}

describe('the last statuses filled in after each page', () => {
  it('stops the older fill when an empty page comes, and leaves its progress message as it was', async () => {
    const { fill, asked } = heldFill();
    const { result } = renderHook(() => useLastStatusFill(fill));

    act(() => result.current.fill([row(1), row(2), row(3)]));
    await waitFor(() => expect(asked).toHaveLength(1));
    await act(async () => asked[0].answer());
    await waitFor(() => expect(asked).toHaveLength(2));
    expect(result.current.progress).toEqual({ done: 1, total: 3 });

    // the next page is empty while parcel 2's status is on its way
    act(() => result.current.fill([]));
    await act(async () => {
      asked[1].answer();
      await new Promise((r) => setTimeout(r, 100));
    });
    expect(asked).toHaveLength(2); // parcel 3 is never asked for
    expect(result.current.progress).toEqual({ done: 1, total: 3 });
    expect(Object.keys(result.current.fresh)).toEqual([row(1).GUID]);
  });
});
