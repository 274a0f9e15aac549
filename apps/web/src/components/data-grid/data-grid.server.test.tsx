import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ExcelJS from 'exceljs';
import { renderWithProviders } from '@/test/render';
import { DataGrid } from './data-grid';
import type { GridPage, GridQuery } from './types';
import { formatWeight } from './format';
import { makeParcels, parcelColumns, type Parcel } from './test-fixtures';
import { columnTexts, dataRows, groupRows, headerNames, pageInfo, rowIds } from './test-utils';
import { toServerFilter } from './server-query';
// Loaded before the test stubs URL (the grid imports it on the first export).
import './export-xlsx';

const all = makeParcels(120);

/**
 * A stand-in for a list call that pages, sorts and filters as the contract says: text contains,
 * `[min, max]` an inclusive range, anything else equals; `Total` capped at `cap`.
 */
function fakeServer(options: { cap?: number; rows?: readonly Parcel[] } = {}) {
  const calls: GridQuery[] = [];
  const query = vi.fn(async (q: GridQuery): Promise<GridPage<Parcel>> => {
    calls.push(q);
    await Promise.resolve();
    let rows = [...(options.rows ?? all)];
    const filter = q.Filter ? (JSON.parse(q.Filter) as Record<string, unknown>) : {};
    for (const [field, want] of Object.entries(filter)) {
      rows = rows.filter((p) => {
        const v = (p as unknown as Record<string, unknown>)[field];
        if (typeof want === 'string') return String(v).includes(want);
        if (Array.isArray(want) && want.length === 2) {
          const [lo, hi] = want as (number | null)[];
          return typeof v === 'number' && (lo === null || v >= lo) && (hi === null || v <= hi);
        }
        return v === want;
      });
    }
    for (const part of (q.Sort ?? '').split(',').filter(Boolean).reverse()) {
      const [field, dir] = part.split(' ');
      const sign = dir === 'desc' ? -1 : 1;
      rows.sort((a, b) => {
        const x = (a as unknown as Record<string, number>)[field];
        const y = (b as unknown as Record<string, number>)[field];
        return x === y ? 0 : x < y ? -sign : sign;
      });
    }
    const cap = options.cap ?? Infinity;
    const capped = rows.length > cap;
    if (capped) rows = rows.slice(0, cap);
    const skip = q.Skip ?? 0;
    return { rows: rows.slice(skip, skip + (q.Take ?? rows.length)), total: rows.length, capped };
  });
  return { query, calls, last: () => calls[calls.length - 1] };
}

function serverGrid(
  server: ReturnType<typeof fakeServer>,
  props: Partial<Parameters<typeof DataGrid<Parcel>>[0]> = {},
) {
  return (
    <DataGrid<Parcel>
      mode="server"
      query={server.query}
      columns={parcelColumns}
      rowKey="Id"
      label="ამანათები"
      pageSizes={[10, 20, 50]}
      defaultPageSize={10}
      {...props}
    />
  );
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('toServerFilter', () => {
  it('turns filter-row values into the contract: contains, ranges, equals', () => {
    expect(toServerFilter({ kind: 'text', text: ' PO1 ' })).toBe('PO1');
    expect(toServerFilter({ kind: 'number', text: '5' })).toBe(5);
    expect(toServerFilter({ kind: 'number', text: '1,5..3' })).toEqual([1.5, 3]);
    expect(toServerFilter({ kind: 'number', text: '>=2' })).toEqual([2, null]);
    expect(toServerFilter({ kind: 'number', text: '<10' })).toEqual([null, 10]);
    expect(toServerFilter({ kind: 'number', text: 'abc' })).toBeUndefined();
    expect(toServerFilter({ kind: 'date', from: '2024-03-05', to: null })).toEqual([
      '2024-03-05',
      '2024-03-05',
    ]);
    expect(toServerFilter({ kind: 'date', from: '2024-03-05', to: '2024-03-09' })).toEqual([
      '2024-03-05',
      '2024-03-09',
    ]);
    expect(toServerFilter({ kind: 'boolean', value: false })).toBe(false);
    expect(toServerFilter({ kind: 'list', values: [3] })).toBe(3);
    expect(toServerFilter({ kind: 'list', values: [1, 2, 3] })).toEqual([1, 2, 3]);
    expect(toServerFilter({ kind: 'text', text: '  ' })).toBeUndefined();
  });
});

describe('DataGrid server mode', () => {
  it('shows the page the server returns, with its total, and asks for the next page by Skip/Take', async () => {
    const user = userEvent.setup();
    const server = fakeServer();
    renderWithProviders(serverGrid(server));
    await waitFor(() => expect(dataRows()).toHaveLength(10));
    expect(server.last()).toEqual({ Skip: 0, Take: 10 });
    expect(pageInfo()).toBe('გვერდი 1 / 12 (120 ჩანაწერი)');

    await user.click(screen.getByRole('button', { name: 'შემდეგი გვერდი' }));
    await waitFor(() => expect(rowIds()[0]).toBe('11'));
    expect(server.last()).toEqual({ Skip: 10, Take: 10 });
    expect(pageInfo()).toBe('გვერდი 2 / 12 (120 ჩანაწერი)');

    await user.click(screen.getByRole('radio', { name: '50' }));
    await waitFor(() => expect(dataRows()).toHaveLength(50));
    expect(server.last()?.Take).toBe(50);
    expect(pageInfo()).toMatch(/ \/ 3 \(120 ჩანაწერი\)$/);
  });

  it('keeps the previous rows on screen while the next page loads', async () => {
    const user = userEvent.setup();
    const server = fakeServer();
    let release: () => void = () => undefined;
    const slow = vi.fn(async (q: GridQuery) => {
      if ((q.Skip ?? 0) > 0) await new Promise<void>((r) => (release = r));
      return server.query(q);
    });
    renderWithProviders(serverGrid(server, { query: slow }));
    await waitFor(() => expect(rowIds()[0]).toBe('1'));

    await user.click(screen.getByRole('button', { name: 'შემდეგი გვერდი' }));
    await waitFor(() => expect(slow).toHaveBeenCalledTimes(2));
    // Still page 1's rows (not an empty grid) while page 2 is on its way.
    expect(rowIds()[0]).toBe('1');
    expect(screen.getAllByRole('grid')[0].closest('[aria-busy]')?.getAttribute('aria-busy')).toBe('true');
    release();
    await waitFor(() => expect(rowIds()[0]).toBe('11'));
  });

  it('sends the filter row as the Filter JSON after the typing pause and goes back to the first page', async () => {
    const user = userEvent.setup();
    const server = fakeServer();
    renderWithProviders(serverGrid(server));
    await waitFor(() => expect(dataRows()).toHaveLength(10));
    await user.click(screen.getByRole('button', { name: 'გვერდი 3' }));
    await waitFor(() => expect(server.last()?.Skip).toBe(20));
    const before = server.calls.length;

    await user.type(screen.getByRole('textbox', { name: 'ფილტრი: გამგზავნი' }), 'ნინო');
    await waitFor(() => expect(server.last()?.Filter).toBe(JSON.stringify({ Sender: 'ნინო' })));
    // One request for the whole word (the 200 ms pause), from the first page.
    expect(server.calls.length).toBe(before + 1);
    expect(server.last()?.Skip).toBe(0);
    await waitFor(() => expect(pageInfo()).toBe('გვერდი 1 / 3 (30 ჩანაწერი)'));
    expect(new Set(columnTexts('გამგზავნი'))).toEqual(new Set(['ნინო კაპანაძე']));

    await user.type(screen.getByRole('textbox', { name: 'ფილტრი: წონა' }), '1..2');
    await waitFor(() =>
      expect(JSON.parse(server.last()?.Filter ?? '{}')).toEqual({ Sender: 'ნინო', Weight: [1, 2] }),
    );
    await waitFor(() => expect(pageInfo()).toContain('(12 ჩანაწერი)'));
  });

  it('sorts on the server by header clicks: Sort is "Field", then "Field desc", then none', async () => {
    const user = userEvent.setup();
    const server = fakeServer();
    renderWithProviders(serverGrid(server));
    await waitFor(() => expect(dataRows()).toHaveLength(10));
    const label = within(screen.getByRole('columnheader', { name: /წონა/ })).getByText('წონა');

    await user.click(label);
    await waitFor(() => expect(server.last()?.Sort).toBe('Weight'));
    await waitFor(() => expect(columnTexts('წონა')[0]).toBe(formatWeight(0.5)));
    await user.click(label);
    await waitFor(() => expect(server.last()?.Sort).toBe('Weight desc'));
    await waitFor(() => expect(columnTexts('წონა')[0]).toBe(formatWeight(5)));
    expect(screen.getByRole('columnheader', { name: /წონა/ }).getAttribute('aria-sort')).toBe('descending');
    await user.click(label);
    await waitFor(() => expect(server.last()?.Sort).toBeUndefined());
  });

  it('says when the server capped the result', async () => {
    const server = fakeServer({ cap: 100 });
    renderWithProviders(serverGrid(server));
    expect(await screen.findByTestId('grid-capped')).toHaveProperty(
      'textContent',
      'ნაჩვენებია პირველი 100 ჩანაწერი; დააზუსტეთ ფილტრი',
    );
    expect(pageInfo()).toBe('გვერდი 1 / 10 (100 ჩანაწერი)');
  });

  it('sums the page it shows and says so, or shows the totals the server sends', async () => {
    const server = fakeServer();
    const { unmount } = renderWithProviders(serverGrid(server));
    await waitFor(() => expect(dataRows()).toHaveLength(10));
    const pageWeight = all.slice(0, 10).reduce((s, p) => s + p.Weight, 0);
    expect(screen.getByText(`ჯამი (გვერდზე): ${formatWeight(pageWeight)}`)).toBeTruthy();
    unmount();

    const withTotals = vi.fn(async (q: GridQuery) => ({
      ...(await server.query(q)),
      summaries: { Weight: 999 },
    }));
    renderWithProviders(serverGrid(server, { query: withTotals }));
    expect(await screen.findByText(`ჯამი: ${formatWeight(999)}`)).toBeTruthy();
  });

  it('keeps selection and master-detail on the page', async () => {
    const user = userEvent.setup();
    const server = fakeServer();
    const onSelectionChange = vi.fn();
    renderWithProviders(
      serverGrid(server, {
        selection: 'multi',
        onSelectionChange,
        renderDetail: (p) => <span>დეტალი {p.Barcode}</span>,
      }),
    );
    await waitFor(() => expect(dataRows()).toHaveLength(10));
    await user.click(within(dataRows()[1]).getByRole('checkbox', { name: 'ჩანაწერის მონიშვნა' }));
    expect(onSelectionChange).toHaveBeenLastCalledWith([2], [all[1]]);
    await user.click(within(dataRows()[0]).getByRole('button', { name: 'დეტალების ჩვენება' }));
    expect(screen.getByText('დეტალი PO100000')).toBeTruthy();
  });

  it('exports every row the server returns for the filter, fetched page by page', async () => {
    const blobs: Blob[] = [];
    vi.stubGlobal('URL', {
      ...URL,
      createObjectURL: (b: Blob) => (blobs.push(b), 'blob:x'),
      revokeObjectURL: () => undefined,
    });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const user = userEvent.setup();
    const server = fakeServer();
    renderWithProviders(serverGrid(server, { exportFileName: 'ამანათები' }));
    await waitFor(() => expect(dataRows()).toHaveLength(10));
    await user.type(screen.getByRole('textbox', { name: 'ფილტრი: გამგზავნი' }), 'ნინო');
    await waitFor(() => expect(pageInfo()).toContain('(30 ჩანაწერი)'));

    await user.click(screen.getByRole('button', { name: 'ექსპორტი' }));
    await waitFor(() => expect(blobs).toHaveLength(1), { timeout: 5000 });
    expect(server.last()).toEqual({ Skip: 0, Take: 500, Filter: JSON.stringify({ Sender: 'ნინო' }) });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await blobs[0].arrayBuffer());
    const barcodes: unknown[] = [];
    wb.worksheets[0].eachRow((row, n) => {
      if (n > 1) barcodes.push(row.getCell(2).value);
    });
    // All 30 matches (not the 10 on screen), then the totals line.
    const expected = all.filter((p) => p.Sender.includes('ნინო')).map((p) => p.Barcode);
    expect(barcodes.slice(0, 30)).toEqual(expected);
    expect(barcodes).toHaveLength(31);
  });

  it('groups by a column dropped on the group panel: the server sorts by it first, the page is grouped', async () => {
    const user = userEvent.setup();
    // 16 parcels: 6 in Tbilisi, 5 in Kutaisi, 5 in Batumi.
    const server = fakeServer({ rows: makeParcels(16) });
    renderWithProviders(serverGrid(server, { grouping: true }));
    await waitFor(() => expect(dataRows()).toHaveLength(10));
    await user.click(screen.getByRole('button', { name: 'შემდეგი გვერდი' }));
    await waitFor(() => expect(server.last()).toEqual({ Skip: 10, Take: 10 }));

    // Drag the city's header onto the group panel.
    const store = new Map<string, string>();
    const dataTransfer = {
      setData: (type: string, value: string) => store.set(type, value),
      getData: (type: string) => store.get(type) ?? '',
      get types() {
        return Array.from(store.keys());
      },
      effectAllowed: 'all',
      dropEffect: 'none',
    };
    const header = within(screen.getByRole('columnheader', { name: /ქალაქი/ })).getByText('ქალაქი');
    fireEvent.dragStart(header.closest('[draggable]') as Element, { dataTransfer });
    const panel = screen.getByRole('group', { name: 'დაჯგუფება' });
    fireEvent.dragOver(panel, { dataTransfer });
    fireEvent.drop(panel, { dataTransfer });

    // A new order: the server's first page, sorted by the grouped column first.
    await waitFor(() => expect(server.last()).toEqual({ Skip: 0, Take: 10, Sort: 'City' }));
    await waitFor(() => expect(groupRows()).toHaveLength(2));
    // The page holds Tbilisi whole and the first 4 of Kutaisi, which may go on (more rows follow).
    expect(groupRows().map((g) => g.textContent?.split(' · ')[0])).toEqual([
      'ქალაქი: თბილისი (6)',
      'ქალაქი: ქუთაისი (4 ამ გვერდზე)',
    ]);
    // weights 0.5, 2, 3.5, 5, 1.5, 3 (ids 1, 4, 7, 10, 13, 16)
    expect(groupRows()[0].textContent).toContain(`წონა (ჯამი): ${formatWeight(15.5)}`);
    expect(headerNames()).not.toContain('ქალაქი');
    expect(rowIds()).toEqual(['1', '4', '7', '10', '13', '16', '2', '5', '8', '11']);

    // Page 2 goes on with Kutaisi (begun on page 1) and holds Batumi whole (the last page).
    await user.click(screen.getByRole('button', { name: 'შემდეგი გვერდი' }));
    await waitFor(() => expect(server.last()).toEqual({ Skip: 10, Take: 10, Sort: 'City' }));
    await waitFor(() => expect(rowIds()[0]).toBe('14'));
    expect(groupRows().map((g) => g.textContent?.split(' · ')[0])).toEqual([
      'ქალაქი: ქუთაისი (1 ამ გვერდზე)',
      'ქალაქი: ბათუმი (5)',
    ]);

    // A collapsed group hides its rows; ungrouping sends the plain order again.
    await user.click(within(groupRows()[1]).getByRole('button', { name: 'ჯგუფის აკეცვა' }));
    expect(dataRows()).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'დაჯგუფების მოხსნა: ქალაქი' }));
    await waitFor(() => expect(server.last()).toEqual({ Skip: 0, Take: 10 }));
    await waitFor(() =>
      expect(screen.queryAllByRole('row').filter((r) => r.hasAttribute('data-group-row'))).toHaveLength(0),
    );
  }, 40_000);

  it('does not group by a column the server cannot sort by', async () => {
    const server = fakeServer();
    const columns = parcelColumns.map((c) => (c.field === 'Sender' ? { ...c, sortable: false } : c));
    renderWithProviders(serverGrid(server, { grouping: true, columns, groupBy: ['Sender', 'Paid'] }));
    await waitFor(() => expect(dataRows()).toHaveLength(10));
    expect(server.last()).toEqual({ Skip: 0, Take: 10, Sort: 'Paid' });
    expect(groupRows().map((g) => g.textContent?.split(' · ')[0])).toEqual([
      'გადახდილი: არა (10 ამ გვერდზე)',
    ]);
  });

  it('in controlled mode reports the query and shows the rows and total the screen passes', async () => {
    const user = userEvent.setup();
    const server = fakeServer();
    const seen: GridQuery[] = [];
    function Screen() {
      const [page, setPage] = useState<GridPage<Parcel>>({ rows: [], total: 0 });
      return (
        <DataGrid<Parcel>
          mode="server"
          columns={parcelColumns}
          rowKey="Id"
          defaultPageSize={10}
          pageSizes={[10]}
          data={page.rows}
          rowCount={page.total}
          capped={page.capped}
          onQueryChange={(q) => {
            seen.push(q);
            void server.query(q).then(setPage);
          }}
        />
      );
    }
    renderWithProviders(<Screen />);
    await waitFor(() => expect(pageInfo()).toBe('გვერდი 1 / 12 (120 ჩანაწერი)'));
    expect(seen).toEqual([{ Skip: 0, Take: 10 }]);
    await user.click(screen.getByRole('button', { name: 'გვერდი 12' }));
    await waitFor(() => expect(rowIds()[0]).toBe('111'));
    expect(seen[seen.length - 1]).toEqual({ Skip: 110, Take: 10 });
  });
});
