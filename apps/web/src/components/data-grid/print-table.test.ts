import { describe, expect, it } from 'vitest';
import { escapeHtml, renderPrintHtml } from './print-table';

describe('renderPrintHtml', () => {
  it('renders headers, rows, group captions and totals, escaping text', () => {
    const html = renderPrintHtml({
      title: 'ამანათები <სია>',
      subtitle: '05.03.2024 14:30',
      columns: [{ header: 'შტრიხკოდი' }, { header: 'ფასი', align: 'right' }],
      rows: [{ group: 'ქალაქი: თბილისი (1)' }, ['PO1 & co', '12,50 ₾']],
      footer: ['', 'ჯამი: 12,50 ₾'],
    });
    const doc = new DOMParser().parseFromString(html, 'text/html');
    expect(doc.documentElement.lang).toBe('ka');
    expect(doc.querySelector('h1')?.textContent).toBe('ამანათები <სია>');
    expect(Array.from(doc.querySelectorAll('thead th')).map((th) => th.textContent)).toEqual([
      'შტრიხკოდი',
      'ფასი',
    ]);
    const rows = doc.querySelectorAll('tbody tr');
    expect(rows[0].querySelector('td')?.getAttribute('colspan')).toBe('2');
    expect(rows[1].textContent).toBe('PO1 & co12,50 ₾');
    expect(rows[1].querySelectorAll('td')[1].className).toBe('right');
    expect(doc.querySelector('tfoot')?.textContent).toBe('ჯამი: 12,50 ₾');
    expect(doc.querySelector('script')).toBeNull();
  });

  it('escapes markup', () => {
    expect(escapeHtml(`<img src=x onerror="a('b')">`)).toBe(
      '&lt;img src=x onerror=&quot;a(&#39;b&#39;)&quot;&gt;',
    );
  });
});
