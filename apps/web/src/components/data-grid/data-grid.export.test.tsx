import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ExcelJS from 'exceljs';
import { renderWithProviders } from '@/test/render';
import { DataGrid } from './data-grid';
import { buildWorkbook, safeSheetName, xlsxFileName } from './export-xlsx';
import type { GridSnapshot } from './grid-snapshot';
import { makeParcels, parcelColumns, type Parcel } from './test-fixtures';
import { dataRows } from './test-utils';

const parcels = makeParcels(25);

async function readBack(data: ArrayBuffer | ExcelJS.Buffer): Promise<ExcelJS.Worksheet> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(data as ExcelJS.Buffer);
  const ws = wb.worksheets[0];
  if (!ws) throw new Error('no sheet');
  return ws;
}

function sheetRows(ws: ExcelJS.Worksheet): unknown[][] {
  const out: unknown[][] = [];
  ws.eachRow({ includeEmpty: false }, (row) => {
    const values: unknown[] = Array.isArray(row.values) ? row.values.slice(1) : [];
    out.push(Array.from(values, (v) => v ?? null));
  });
  return out;
}

describe('buildWorkbook', () => {
  it('writes headers, typed cells, group captions and totals', async () => {
    const snapshot: GridSnapshot = {
      title: 'ამანათები',
      columns: [
        { id: 'Barcode', header: 'შტრიხკოდი', type: 'string', width: 140, align: 'left', textOnly: false },
        { id: 'Price', header: 'ფასი', type: 'money', width: 100, align: 'right', textOnly: false },
        { id: 'Created', header: 'თარიღი', type: 'datetime', width: 150, align: 'left', textOnly: false },
      ],
      lines: [
        { kind: 'group', depth: 0, text: 'ქალაქი: თბილისი (1)' },
        {
          kind: 'data',
          depth: 1,
          values: ['PO1', 12.5, new Date(2024, 2, 5, 14, 30).getTime()],
          texts: ['PO1', '12,50 ₾', '05.03.2024 14:30'],
        },
      ],
      footer: ['', 'ჯამი: 12,50 ₾', ''],
    };
    const wb = await buildWorkbook(snapshot, 'ამანათები');
    const ws = await readBack(await wb.xlsx.writeBuffer());
    expect(ws.name).toBe('ამანათები');
    const rows = sheetRows(ws);
    expect(rows[0]).toEqual(['შტრიხკოდი', 'ფასი', 'თარიღი']);
    expect(rows[1][0]).toBe('ქალაქი: თბილისი (1)');
    expect(rows[2].slice(0, 2)).toEqual(['PO1', 12.5]);
    // The wall-clock time the grid showed, whatever the machine's time zone.
    const date = rows[2][2] as Date;
    expect([date.getUTCDate(), date.getUTCHours(), date.getUTCMinutes()]).toEqual([5, 14, 30]);
    expect(ws.getCell('B3').numFmt).toBe('#,##0.00 "₾"');
    expect(rows[3]).toEqual([null, 'ჯამი: 12,50 ₾']);
    expect(ws.getCell('A1').font?.bold).toBe(true);
  });

  it('makes safe file and sheet names', () => {
    expect(xlsxFileName('ფინანსები 01/03/2024')).toBe('ფინანსები 01_03_2024.xlsx');
    expect(xlsxFileName('report.xlsx')).toBe('report.xlsx');
    expect(safeSheetName('a/b:c*d?[e]'.repeat(5)).length).toBeLessThanOrEqual(31);
  });
});

describe('DataGrid export and print', () => {
  let blobs: Blob[];
  let downloads: string[];
  beforeEach(() => {
    blobs = [];
    downloads = [];
    vi.stubGlobal('URL', {
      ...URL,
      createObjectURL: (b: Blob) => {
        blobs.push(b);
        return `blob:test/${blobs.length}`;
      },
      revokeObjectURL: () => undefined,
    });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this.download);
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('exports what the grid shows: filtered and sorted rows of the visible columns, all pages', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <DataGrid<Parcel>
        columns={parcelColumns}
        data={parcels}
        rowKey="Id"
        label="ამანათები"
        pageSizes={[5]}
        exportFileName={() => 'ამანათები 2024-03'}
        columnVisibility={{ Paid: false }}
        onColumnVisibilityChange={() => undefined}
      />,
    );
    await user.type(screen.getByRole('textbox', { name: 'ფილტრი: გამგზავნი' }), 'ბერიძე');
    await waitFor(() => expect(screen.getByTestId('grid-page-info').textContent).toContain('(7 '));
    await user.click(within(screen.getByRole('columnheader', { name: /ფასი/ })).getByText('ფასი'));
    await user.click(screen.getByRole('button', { name: 'ექსპორტი' }));
    await waitFor(() => expect(blobs).toHaveLength(1));

    expect(downloads).toEqual(['ამანათები 2024-03.xlsx']);
    const ws = await readBack(await blobs[0].arrayBuffer());
    const rows = sheetRows(ws);
    expect(rows[0]).toEqual(['ID', 'შტრიხკოდი', 'გამგზავნი', 'ქალაქი', 'წონა', 'ფასი', 'თარიღი']);

    const expected = parcels
      .filter((p) => p.Sender.includes('ბერიძე'))
      .sort((a, b) => a.Price - b.Price || a.Id - b.Id)
      .map((p) => p.Barcode);
    const dataLines = rows.slice(1, 1 + expected.length);
    // More rows than one page (5): the export is not limited to the page on screen.
    expect(dataLines.map((r) => r[1])).toEqual(expected);
    const first = parcels.find((p) => p.Barcode === expected[0]);
    expect(dataLines[0][0]).toBe(first?.Id);
    expect(dataLines[0][3]).toBe('თბილისი');
    expect(dataLines[0][5]).toBe(first?.Price);
    // The totals row follows the data.
    expect(rows[1 + expected.length][4]).toMatch(/^ჯამი: /);
    expect(rows).toHaveLength(expected.length + 2);
  });

  it('prints the shown rows as a plain table in a hidden frame', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <DataGrid<Parcel>
        columns={parcelColumns}
        data={parcels}
        rowKey="Id"
        label="ამანათები"
        print
        pageSizes={[5]}
      />,
    );
    await user.type(screen.getByRole('textbox', { name: 'ფილტრი: შტრიხკოდი' }), 'PO10001');
    await waitFor(() => expect(screen.getByTestId('grid-page-info').textContent).toContain('(10 '));
    expect(dataRows()).toHaveLength(5);

    fireEvent.click(screen.getByRole('button', { name: 'ბეჭდვა' }));
    const frame = document.querySelector('iframe[data-print-frame]') as HTMLIFrameElement;
    expect(frame).not.toBeNull();
    const print = vi.fn();
    if (frame.contentWindow) frame.contentWindow.print = print;
    await waitFor(() => expect(print).toHaveBeenCalledOnce());

    const doc = frame.contentDocument;
    expect(doc?.querySelector('h1')?.textContent).toBe('ამანათები');
    const headers = Array.from(doc?.querySelectorAll('thead th') ?? []).map((th) => th.textContent);
    expect(headers).toEqual([
      'ID',
      'შტრიხკოდი',
      'გამგზავნი',
      'ქალაქი',
      'წონა',
      'ფასი',
      'თარიღი',
      'გადახდილი',
    ]);
    const bodyRows = Array.from(doc?.querySelectorAll('tbody tr') ?? []);
    // PO100010 ... PO100019: all ten matches, not just the five on the page.
    expect(bodyRows).toHaveLength(10);
    expect(bodyRows[0].querySelectorAll('td')[1].textContent).toBe('PO100010');
    expect(doc?.querySelector('tfoot')?.textContent).toContain('ჯამი:');

    frame.contentWindow?.dispatchEvent(new Event('afterprint'));
    await waitFor(() => expect(document.querySelector('iframe[data-print-frame]')).toBeNull());
  });
});
