import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { FILTER_DEBOUNCE_MS } from './filter-timing';
import { useTypedFilter } from './use-typed-filter';

describe('useTypedFilter', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const typed = (external = '') => {
    const reported: string[] = [];
    const hook = renderHook(({ value }) => useTypedFilter(value, (t) => reported.push(t)), {
      initialProps: { value: external },
    });
    return { ...hook, reported };
  };

  it('reports once a pause after the last key, not per key', () => {
    const { result, reported } = typed();
    act(() => result.current.type('p'));
    act(() => {
      vi.advanceTimersByTime(FILTER_DEBOUNCE_MS - 1);
    });
    act(() => result.current.type('po'));
    act(() => {
      vi.advanceTimersByTime(FILTER_DEBOUNCE_MS - 1);
    });
    expect(result.current.text).toBe('po');
    expect(reported).toEqual([]);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(reported).toEqual(['po']);
  });

  it('reports at once on Enter and on clear, and the pending pause does not report again', () => {
    const { result, reported } = typed();
    act(() => result.current.type('PO1'));
    act(() => result.current.commit());
    expect(reported).toEqual(['PO1']);
    act(() => result.current.type('PO12'));
    act(() => result.current.clear());
    expect(result.current.text).toBe('');
    act(() => {
      vi.advanceTimersByTime(FILTER_DEBOUNCE_MS * 2);
    });
    expect(reported).toEqual(['PO1', '']);
  });

  it('takes a value set from outside over what is typed, and reports nothing after it is gone', () => {
    const { result, reported, rerender, unmount } = typed('old');
    expect(result.current.text).toBe('old');
    rerender({ value: '' });
    expect(result.current.text).toBe('');
    act(() => result.current.type('x'));
    unmount();
    act(() => {
      vi.advanceTimersByTime(FILTER_DEBOUNCE_MS * 2);
    });
    expect(reported).toEqual([]);
  });
});
