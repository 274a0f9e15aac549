import { describe, expect, it, vi } from 'vitest';
import type { RegistryParcelRow } from '@po/contract/registries';

// jsdom has no canvas: the QR image is the encoder's concern (the journeys decode it with zbarimg)
vi.mock('@/components/print/codes', () => ({
  qrDataUrl: (v: string) => Promise.resolve(`data:image/png;base64,${btoa(v)}`),
}));
const { registrySheetHtml, REGISTRY_QR } = await import('./print-registry');

const row = (i: number): RegistryParcelRow => ({
  GUID: `g${i}`,
  BarCode: `PO00000000${i}`,
  CreateDate: '2026-11-23T08:00:00.000Z',
  Sender: `გამგზავნი ${i}`,
  Receiver: `მიმღები <${i}>`,
  Fild1: `საქმე ${i}`,
  Fild2: 'შენიშვნა',
  Description: '',
  Creator: 'operator',
});

async function sheet(sender: boolean) {
  const html = await registrySheetHtml({
    name: 'RG-000012',
    operator: 'ოთარ ოპერატორი',
    rows: [row(1), row(2)],
    sender,
  });
  return new DOMParser().parseFromString(html, 'text/html');
}

describe('the printed registry (spec 002 §2.2)', () => {
  it('has the QR of the registry number, title, operator, the parcels and both signature blocks', async () => {
    const doc = await sheet(false);
    const qr = doc.querySelector('img[data-qr]')!;
    expect(qr.getAttribute('data-qr')).toBe('RG-000012');
    expect(qr.getAttribute('src')).toBe(`data:image/png;base64,${btoa('RG-000012')}`);
    expect(REGISTRY_QR).toEqual({ width: 100, height: 80 });
    expect(doc.querySelector('h1')?.textContent).toBe('რეესტრი RG-000012');
    expect(doc.body.textContent).toContain('ოთარ ოპერატორი');
    const head = Array.from(doc.querySelectorAll('th')).map((th) => th.textContent);
    expect(head).toEqual(['#', 'მიმღები', 'საქმის ნომერი', 'შტრიხკოდი', 'შენიშვნა']);
    const cells = Array.from(doc.querySelectorAll('tbody tr')[1].querySelectorAll('td')).map(
      (td) => td.textContent,
    );
    // text is escaped, not markup
    expect(cells).toEqual(['2', 'მიმღები <2>', 'საქმე 2', 'PO000000002', 'შენიშვნა']);
    expect(doc.querySelectorAll('.signatures div')).toHaveLength(2);
  });

  it('shows the sender column when chosen', async () => {
    const doc = await sheet(true);
    expect(Array.from(doc.querySelectorAll('th')).map((th) => th.textContent)[1]).toBe('გამგზავნი');
    expect(doc.querySelectorAll('tbody tr')[0].querySelectorAll('td')[1].textContent).toBe('გამგზავნი 1');
  });
});
