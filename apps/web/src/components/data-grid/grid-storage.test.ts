import { beforeEach, describe, expect, it } from 'vitest';
import { readGridLayout, writeGridLayout } from './grid-storage';

beforeEach(() => localStorage.clear());

describe('grid layout storage', () => {
  it('round-trips visibility, order and widths per key', () => {
    writeGridLayout('po.grid.a', { visibility: { A: false }, order: ['B', 'A'], sizing: { A: 120 } });
    expect(readGridLayout('po.grid.a')).toEqual({
      visibility: { A: false },
      order: ['B', 'A'],
      sizing: { A: 120 },
    });
    expect(readGridLayout('po.grid.b')).toEqual({});
    expect(readGridLayout(undefined)).toEqual({});
  });

  it('ignores broken or foreign data', () => {
    localStorage.setItem('po.grid.x', '{oops');
    expect(readGridLayout('po.grid.x')).toEqual({});
    localStorage.setItem('po.grid.x', JSON.stringify({ v: 99, visibility: { A: false } }));
    expect(readGridLayout('po.grid.x')).toEqual({});
    localStorage.setItem(
      'po.grid.x',
      JSON.stringify({ v: 1, visibility: { A: 'no' }, order: [1], sizing: { A: -5 } }),
    );
    expect(readGridLayout('po.grid.x')).toEqual({});
  });
});
