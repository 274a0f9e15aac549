import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { emptyParcel } from './form-state';
import { filledForm } from './test-form';
import { usePrice } from './use-price';

const form = (weight: string) => filledForm({ parcel: { ...emptyParcel(), weight } });

/** The CalcPrice requests made, each answered when the test says. */
let asked: Array<{ weight: number; answer: (price: number) => void }> = [];

beforeEach(() => {
  asked = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      expect(new URL(url, 'http://localhost').pathname).toBe('/api/CalcPrice');
      const { Weight } = JSON.parse(String(init.body)) as { Weight: number };
      const price = await new Promise<number>((answer) => asked.push({ weight: Weight, answer }));
      const env = { Status: true, Code: 200, Data: price, Error: null };
      return new Response(JSON.stringify(env), { headers: { 'Content-Type': 'application/json' } });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the price as the form stands', () => {
  it('shows no price for a broken number, even when the answer for the number before it comes later', async () => {
    const setForm = vi.fn();
    const { result, rerender } = renderHook(({ f }) => usePrice(f, setForm, false), {
      initialProps: { f: form('1.5') },
    });
    await waitFor(() => expect(asked).toHaveLength(1));

    // the operator breaks the weight while the price of 1.5 kg is on its way
    rerender({ f: form('0.1') });
    await act(async () => {
      asked[0].answer(12.5);
      await new Promise((r) => setTimeout(r, 300));
    });
    expect(result.current.price).toBeNull();

    // a good weight again: its own answer is shown
    rerender({ f: form('2') });
    await waitFor(() => expect(asked).toHaveLength(2));
    expect(asked[1].weight).toBe(2);
    await act(async () => asked[1].answer(14));
    await waitFor(() => expect(result.current.price).toBe(14));
  });
});
