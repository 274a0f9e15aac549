import { describe, expect, it, vi } from 'vitest';
import type { RanshitRow } from '@po/contract/couriers';

// jsdom has no canvas: the barcode image is the encoder's concern (the journeys decode it with zbarimg)
vi.mock('@/components/print/codes', () => ({
  code128DataUrl: (v: string) => `data:image/png;base64,${btoa(v)}`,
}));
const { cutReceiver, manifestHtml } = await import('./print-manifest');

const line = (i: number, receiver = `მიმღები ${i}`): RanshitRow => ({
  GUID: `g${i}`,
  Barcode: `PO${String(i).padStart(9, '0')}`,
  CreateDate: '2026-11-23T08:00:00.000Z',
  Receiver: receiver,
  Sender: 'გამგზავნი',
  CurStatusName: 'კურიერმა აიღო',
  Value: 5,
  PaymetType: 1,
  Whopays: 8700,
});

describe('the route-sheet manifest (spec 002 §2.17, §9)', () => {
  it('numbers the lines, 4 a page block, each with its CODE128 image and the receiver cut to 170', () => {
    const long = 'ა'.repeat(200);
    const html = manifestHtml(
      'courier',
      [1, 2, 3, 4, 5, 6].map((i) => line(i, i === 6 ? long : undefined)),
    );
    const doc = new DOMParser().parseFromString(html, 'text/html');
    const blocks = Array.from(doc.querySelectorAll('section.block'));
    expect(blocks.map((b) => b.querySelectorAll('.line').length)).toEqual([4, 2]);
    // a page break after every full block, not after the last
    expect(blocks.map((b) => b.classList.contains('page-break'))).toEqual([true, false]);
    const lines = Array.from(doc.querySelectorAll('.line'));
    expect(lines.map((l) => l.querySelector('.no')?.textContent)).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(lines[0].querySelector('img')?.getAttribute('src')).toBe(
      `data:image/png;base64,${btoa('PO000000001')}`,
    );
    expect([...(lines[5].querySelector('.receiver')?.textContent ?? '')]).toHaveLength(170);
    expect(doc.querySelector('h1')?.textContent).toContain('courier');
  });

  it('cuts by characters, not UTF-16 units', () => {
    expect([...cutReceiver('😀'.repeat(171))]).toHaveLength(170);
    expect(cutReceiver('მოკლე')).toBe('მოკლე');
  });
});
