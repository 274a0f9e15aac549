import { createRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@/test/render';
import { DataGrid } from './data-grid';
import type { DataGridHandle, GridColumn } from './types';
import { formatMoney, formatWeight } from './format';
import { makeParcels, parcelColumns, type Parcel } from './test-fixtures';
import { columnTexts, dataRows, groupRows, headerNames, pageInfo, pickOption, rowIds } from './test-utils';

const parcels = makeParcels(25);

function grid(props: Partial<Parameters<typeof DataGrid<Parcel>>[0]> = {}) {
  return <DataGrid<Parcel> columns={parcelColumns} data={parcels} rowKey="Id" label="ამანათები" {...props} />;
}

beforeEach(() => localStorage.clear());
afterEach(() => vi.useRealTimers());

describe('DataGrid filter row', () => {
  it('narrows the rows to those whose text contains the typed text, ignoring case (Georgian capitals too)', async () => {
    const user = userEvent.setup();
    renderWithProviders(grid({ paging: false }));
    expect(dataRows()).toHaveLength(25);

    await user.type(screen.getByRole('textbox', { name: 'ფილტრი: გამგზავნი' }), 'ᲑᲔᲠᲘᲫᲔ');
    await waitFor(() => expect(dataRows()).toHaveLength(7));
    expect(new Set(columnTexts('გამგზავნი'))).toEqual(new Set(['გიორგი ბერიძე']));

    await user.clear(screen.getByRole('textbox', { name: 'ფილტრი: გამგზავნი' }));
    await user.type(screen.getByRole('textbox', { name: 'ფილტრი: გამგზავნი' }), 'levan');
    await waitFor(() => expect(new Set(columnTexts('გამგზავნი'))).toEqual(new Set(['Levan Tsiklauri'])));
  });

  it('filters numbers by a value or a range', async () => {
    const user = userEvent.setup();
    renderWithProviders(grid({ paging: false }));
    const box = screen.getByRole('textbox', { name: 'ფილტრი: წონა' });

    await user.type(box, '4,5');
    await waitFor(() => expect(dataRows()).toHaveLength(2));
    expect(columnTexts('წონა')).toEqual([formatWeight(4.5), formatWeight(4.5)]);

    await user.clear(box);
    await user.type(box, '1..2');
    await waitFor(() => expect(dataRows()).toHaveLength(9));
    for (const text of columnTexts('წონა')) expect(['1,00', '1,50', '2,00']).toContain(text);

    await user.clear(box);
    await user.type(box, '>=5');
    await waitFor(() => expect(columnTexts('წონა')).toEqual(['5,00', '5,00']));
  });

  it('filters a lookup column by a list of its items', async () => {
    const user = userEvent.setup();
    renderWithProviders(grid({ paging: false }));
    await pickOption(user, screen.getByRole('combobox', { name: 'ფილტრი: ქალაქი' }), 'ბათუმი');
    await waitFor(() => expect(dataRows()).toHaveLength(8));
    expect(new Set(columnTexts('ქალაქი'))).toEqual(new Set(['ბათუმი']));
  });

  it('filters a yes/no column', async () => {
    const user = userEvent.setup();
    renderWithProviders(grid({ paging: false }));
    await pickOption(user, screen.getByRole('combobox', { name: 'ფილტრი: გადახდილი' }), 'არა');
    await waitFor(() => expect(dataRows()).toHaveLength(12));
    expect(new Set(columnTexts('გადახდილი'))).toEqual(new Set(['არა']));
  });

  it('searches every visible column from the search box', async () => {
    const user = userEvent.setup();
    renderWithProviders(grid({ paging: false, searchPanel: true }));
    await user.type(screen.getByRole('textbox', { name: 'ძებნა' }), 'ქუთ');
    await waitFor(() => expect(dataRows()).toHaveLength(8));
    expect(new Set(columnTexts('ქალაქი'))).toEqual(new Set(['ქუთაისი']));
  });

  it('filters dates by a day or a range of days', async () => {
    const ref = createRef<DataGridHandle<Parcel>>();
    renderWithProviders(grid({ paging: false, ref }));
    act(() =>
      ref.current?.setColumnFilter('Created', { kind: 'date', from: '2024-03-05', to: '2024-03-06' }),
    );
    await waitFor(() => expect(rowIds()).toEqual(['5', '6']));
    // The filter row's date picker shows the chosen range.
    expect(screen.getByRole('button', { name: 'ფილტრი: თარიღი' }).textContent).toContain('05.03.2024');
    act(() => ref.current?.setColumnFilter('Created', { kind: 'date', from: '2024-03-07', to: null }));
    await waitFor(() => expect(rowIds()).toEqual(['7']));
  });

  it('lets a screen set a column filter from outside and shows it in the filter row', async () => {
    const ref = createRef<DataGridHandle<Parcel>>();
    renderWithProviders(grid({ paging: false, ref }));
    act(() => ref.current?.setColumnFilter('Barcode', 'PO100007'));
    await waitFor(() => expect(rowIds()).toEqual(['8']));
    expect(screen.getByRole('textbox', { name: 'ფილტრი: შტრიხკოდი' })).toHaveProperty('value', 'PO100007');
    expect(ref.current?.getShownRows().map((p) => p.Id)).toEqual([8]);
    act(() => ref.current?.clearFilters());
    await waitFor(() => expect(dataRows()).toHaveLength(25));
  });
});

describe('DataGrid sorting', () => {
  it('sorts by a header click: ascending, descending, then back to the data order', async () => {
    const user = userEvent.setup();
    renderWithProviders(grid({ paging: false }));
    const header = screen.getByRole('columnheader', { name: /წონა/ });
    const label = within(header).getByText('წონა');

    await user.click(label);
    expect(header.getAttribute('aria-sort')).toBe('ascending');
    const asc = columnTexts('წონა').map((s) => Number(s.replace(',', '.')));
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    expect(asc[0]).toBe(0.5);

    await user.click(label);
    expect(header.getAttribute('aria-sort')).toBe('descending');
    expect(columnTexts('წონა')[0]).toBe('5,00');

    await user.click(label);
    expect(header.getAttribute('aria-sort')).toBe('none');
    expect(rowIds().slice(0, 3)).toEqual(['1', '2', '3']);
  });

  it('sorts lookup columns by the shown text and dates by time', async () => {
    const user = userEvent.setup();
    renderWithProviders(grid({ paging: false }));
    await user.click(within(screen.getByRole('columnheader', { name: /ქალაქი/ })).getByText('ქალაქი'));
    const names = columnTexts('ქალაქი');
    expect(names[0]).toBe('ბათუმი');
    expect(names[names.length - 1]).toBe('ქუთაისი');

    await user.click(within(screen.getByRole('columnheader', { name: /თარიღი/ })).getByText('თარიღი'));
    const dates = columnTexts('თარიღი');
    expect(dates.slice(0, 3)).toEqual(['01.03.2024 08:30', '02.03.2024 09:30', '03.03.2024 10:30']);
    // Time of day counts too: the 26th..28th come from rows 25..27 only in a longer list.
    const stamp = (s: string) => s.replace(/^(\d\d)\.(\d\d)\.(\d{4}) (.*)$/, '$3$2$1 $4');
    expect(dates.map(stamp)).toEqual([...dates.map(stamp)].sort());
  });
});

describe('DataGrid grouping', () => {
  it('groups by the header menu, shows value and count, collapses and ungroups from the panel', async () => {
    const user = userEvent.setup();
    renderWithProviders(grid({ paging: false, grouping: true }));
    expect(screen.getByText('დაჯგუფებისთვის გადმოიტანეთ სვეტის სათაური აქ')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'სვეტის მენიუ: ქალაქი' }));
    await user.click(await screen.findByRole('menuitem', { name: 'დაჯგუფება ამ სვეტით' }));

    const groups = groupRows();
    expect(groups.map((g) => g.textContent?.split(' · ')[0])).toEqual([
      'ქალაქი: ბათუმი (8)',
      'ქალაქი: თბილისი (9)',
      'ქალაქი: ქუთაისი (8)',
    ]);
    // Group rows carry the group's summaries.
    expect(groups[1].textContent).toContain(`ფასი (ჯამი): ${formatMoney(150)}`);
    // The grouped column moves from the header to the group panel.
    expect(headerNames()).not.toContain('ქალაქი');
    expect(dataRows()).toHaveLength(25);

    await user.click(within(groups[0]).getByRole('button', { name: 'ჯგუფის აკეცვა' }));
    expect(dataRows()).toHaveLength(17);
    await user.click(within(groupRows()[0]).getByRole('button', { name: 'ჯგუფის გაშლა' }));
    expect(dataRows()).toHaveLength(25);

    await user.click(screen.getByRole('button', { name: 'დაჯგუფების მოხსნა: ქალაქი' }));
    expect(screen.queryAllByRole('row').filter((r) => r.hasAttribute('data-group-row'))).toHaveLength(0);
    expect(headerNames()).toContain('ქალაქი');
  });

  it('groups initially by `groupBy` and by dropping a header on the group panel', () => {
    renderWithProviders(grid({ paging: false, grouping: true, groupBy: ['Paid'] }));
    expect(groupRows().map((g) => g.textContent?.split(' · ')[0])).toEqual([
      'გადახდილი: არა (12)',
      'გადახდილი: დიახ (13)',
    ]);

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
    const label = within(screen.getByRole('columnheader', { name: /ქალაქი/ })).getByText('ქალაქი');
    fireEvent.dragStart(label.closest('[draggable]') as Element, { dataTransfer });
    const panel = screen.getByRole('group', { name: 'დაჯგუფება' });
    fireEvent.dragOver(panel, { dataTransfer });
    fireEvent.drop(panel, { dataTransfer });

    // Nested: paid → city.
    const captions = groupRows().map((g) => g.textContent?.split(' · ')[0]);
    expect(captions[0]).toBe('გადახდილი: არა (12)');
    expect(captions[1]).toBe('ქალაქი: ბათუმი (4)');
    expect(captions).toContain('ქალაქი: თბილისი (5)');
  });

  it('groups a date-time column by day', () => {
    const rows = makeParcels(30);
    renderWithProviders(grid({ data: rows, paging: false, grouping: true, groupBy: ['Created'] }));
    const captions = groupRows().map((g) => g.textContent?.split(' · ')[0]);
    // Days 1 and 2 occur twice in 30 rows (the 29th and 30th rows wrap around), at different hours.
    expect(captions.slice(0, 3)).toEqual([
      'თარიღი: 01.03.2024 (2)',
      'თარიღი: 02.03.2024 (2)',
      'თარიღი: 03.03.2024 (1)',
    ]);
    expect(captions).toHaveLength(28);
  });

  it('reorders columns by dropping a header on another header', () => {
    renderWithProviders(grid({ paging: false, storageKey: 'po.grid.test-order' }));
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
    const price = within(screen.getByRole('columnheader', { name: /ფასი/ })).getByText('ფასი');
    fireEvent.dragStart(price.closest('[draggable]') as Element, { dataTransfer });
    const target = screen.getByRole('columnheader', { name: /შტრიხკოდი/ });
    fireEvent.dragOver(target, { dataTransfer });
    fireEvent.drop(target, { dataTransfer });
    expect(headerNames().slice(0, 3)).toEqual(['ID', 'ფასი', 'შტრიხკოდი']);
    expect(JSON.parse(localStorage.getItem('po.grid.test-order') ?? '{}').order.slice(0, 3)).toEqual([
      'Id',
      'Price',
      'Barcode',
    ]);
  });
  it('repeats the caption of a group that continues from the previous page', async () => {
    const user = userEvent.setup();
    renderWithProviders(grid({ grouping: true, groupBy: ['City'], pageSizes: [5] }));
    expect(groupRows()).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'შემდეგი გვერდი' }));
    const captions = groupRows().map((g) => g.textContent ?? '');
    expect(captions[0]).toMatch(/^ქალაქი: ბათუმი \(8\).*\(გაგრძელება\)$/);
    // Page 2: the other four of ბათუმი, then the next group's caption (group rows count in a page).
    expect(dataRows()).toHaveLength(4);
    expect(captions[1]).toMatch(/^ქალაქი: თბილისი \(9\)/);
  });
});

describe('DataGrid paging', () => {
  it('shows "page X of Y (N items)" and changes the page size', async () => {
    const user = userEvent.setup();
    renderWithProviders(grid({ pageSizes: [10, 15, 20], defaultPageSize: 10 }));
    expect(dataRows()).toHaveLength(10);
    expect(pageInfo()).toBe('გვერდი 1 / 3 (25 ჩანაწერი)');

    await user.click(screen.getByRole('button', { name: 'შემდეგი გვერდი' }));
    expect(pageInfo()).toBe('გვერდი 2 / 3 (25 ჩანაწერი)');
    expect(rowIds()[0]).toBe('11');

    await user.click(screen.getByRole('radio', { name: '20' }));
    expect(dataRows()).toHaveLength(20);
    expect(pageInfo()).toMatch(/^გვერდი \d \/ 2 \(25 ჩანაწერი\)$/);
  });

  it('counts the filtered records and returns to the first page when filtering', async () => {
    const user = userEvent.setup();
    renderWithProviders(grid({ pageSizes: [10, 15, 20], defaultPageSize: 10 }));
    await user.click(screen.getByRole('button', { name: 'გვერდი 3' }));
    expect(pageInfo()).toBe('გვერდი 3 / 3 (25 ჩანაწერი)');
    await user.type(screen.getByRole('textbox', { name: 'ფილტრი: გამგზავნი' }), 'ნინო');
    await waitFor(() => expect(pageInfo()).toBe('გვერდი 1 / 1 (6 ჩანაწერი)'));
  });

  it('shows every row in a virtual scroller instead of pages, rendering only a window of them', () => {
    renderWithProviders(grid({ data: makeParcels(2000), virtual: true, height: 400 }));
    expect(screen.queryByTestId('grid-page-info')).toBeNull();
    const shown = dataRows().length;
    expect(shown).toBeGreaterThan(0);
    expect(shown).toBeLessThan(100);
    expect(screen.getByRole('grid').getAttribute('aria-rowcount')).toBe('2000');
  });
});

describe('DataGrid summaries', () => {
  it('shows count and sums in the footer over the filtered rows, money in GEL', async () => {
    const user = userEvent.setup();
    const columns: GridColumn<Parcel>[] = parcelColumns.map((c) =>
      c.field === 'Barcode' ? { ...c, summary: 'count' } : c,
    );
    renderWithProviders(grid({ columns, paging: false }));
    const footer = (id: string) => document.querySelector(`[data-summary="${id}"]`)?.textContent;
    const all = makeParcels(25);
    const sum = (rows: Parcel[], f: (p: Parcel) => number) => rows.reduce((s, p) => s + f(p), 0);

    expect(footer('Barcode')).toBe('რაოდენობა: 25');
    expect(footer('Price')).toBe(`ჯამი: ${formatMoney(sum(all, (p) => p.Price))}`);
    expect(footer('Price')).toBe('ჯამი: 422,50\u00a0₾');
    expect(footer('Weight')).toBe(`ჯამი: ${formatWeight(sum(all, (p) => p.Weight))}`);

    await user.type(screen.getByRole('textbox', { name: 'ფილტრი: გამგზავნი' }), 'ნინო');
    const nino = all.filter((p) => p.Sender.startsWith('ნინო'));
    await waitFor(() => expect(footer('Barcode')).toBe(`რაოდენობა: ${nino.length}`));
    expect(footer('Price')).toBe(`ჯამი: ${formatMoney(sum(nino, (p) => p.Price))}`);
  });

  it('formats thousands in GEL the ka-GE way', () => {
    const rows = [{ ...makeParcels(1)[0], Price: 12345.5 }];
    renderWithProviders(grid({ data: rows, paging: false }));
    expect(document.querySelector('[data-summary="Price"]')?.textContent).toBe('ჯამი: 12\u00a0345,50\u00a0₾');
  });
});

describe('DataGrid master-detail', () => {
  it('renders the detail only when a row is expanded', async () => {
    const user = userEvent.setup();
    const renderDetail = vi.fn((p: Parcel) => <div>ისტორია {p.Barcode}</div>);
    renderWithProviders(grid({ paging: false, renderDetail }));
    expect(renderDetail).not.toHaveBeenCalled();
    expect(screen.queryByText(/ისტორია/)).toBeNull();

    const row = dataRows()[1];
    await user.click(within(row).getByRole('button', { name: 'დეტალების ჩვენება' }));
    expect(screen.getByText('ისტორია PO100001')).toBeTruthy();
    expect(renderDetail.mock.calls.every(([p]) => p.Id === 2)).toBe(true);

    await user.click(within(dataRows()[1]).getByRole('button', { name: 'დეტალების დამალვა' }));
    expect(screen.queryByText(/ისტორია/)).toBeNull();
  });
});

describe('DataGrid selection and focus', () => {
  it('selects rows with checkboxes and all filtered rows with the header checkbox', async () => {
    const user = userEvent.setup();
    const onSelectionChange = vi.fn();
    renderWithProviders(
      grid({ selection: 'multi', onSelectionChange, pageSizes: [10], defaultPageSize: 10 }),
    );

    await user.click(within(dataRows()[0]).getByRole('checkbox', { name: 'ჩანაწერის მონიშვნა' }));
    await user.click(within(dataRows()[2]).getByRole('checkbox', { name: 'ჩანაწერის მონიშვნა' }));
    expect(onSelectionChange).toHaveBeenLastCalledWith([1, 3], [parcels[0], parcels[2]]);
    expect(dataRows()[0].getAttribute('aria-selected')).toBe('true');

    await user.click(within(dataRows()[0]).getByRole('checkbox', { name: 'ჩანაწერის მონიშვნა' }));
    expect(onSelectionChange).toHaveBeenLastCalledWith([3], [parcels[2]]);

    await user.type(screen.getByRole('textbox', { name: 'ფილტრი: გამგზავნი' }), 'ნინო');
    await waitFor(() => expect(dataRows()).toHaveLength(6));
    await user.click(screen.getByRole('checkbox', { name: 'ყველას მონიშვნა' }));
    const [keys] = onSelectionChange.mock.lastCall ?? [];
    // The earlier choice stays; every filtered row (on all pages) joins it.
    const nino = parcels.filter((p) => p.Sender.startsWith('ნინო')).map((p) => p.Id);
    expect([...keys].sort((a: number, b: number) => a - b)).toEqual([3, ...nino].sort((a, b) => a - b));
  });

  it('selects one row on click in single mode', async () => {
    const user = userEvent.setup();
    const onSelectionChange = vi.fn();
    renderWithProviders(grid({ selection: 'single', onSelectionChange }));
    await user.click(dataRows()[3]);
    await user.click(dataRows()[5]);
    expect(onSelectionChange).toHaveBeenLastCalledWith([6], [parcels[5]]);
    expect(dataRows().filter((r) => r.getAttribute('aria-selected') === 'true')).toHaveLength(1);
  });

  it('moves the focused row with the arrow keys, across pages', async () => {
    const user = userEvent.setup();
    const onFocusedRowChange = vi.fn();
    renderWithProviders(grid({ onFocusedRowChange, pageSizes: [5], defaultPageSize: 5 }));
    await user.click(dataRows()[3]);
    expect(onFocusedRowChange).toHaveBeenLastCalledWith(parcels[3], 4);
    expect(dataRows()[3].hasAttribute('data-focused')).toBe(true);

    await user.keyboard('{ArrowDown}');
    expect(onFocusedRowChange).toHaveBeenLastCalledWith(parcels[4], 5);
    await user.keyboard('{ArrowDown}');
    expect(onFocusedRowChange).toHaveBeenLastCalledWith(parcels[5], 6);
    expect(pageInfo()).toBe('გვერდი 2 / 5 (25 ჩანაწერი)');
    expect(document.querySelector('[data-focused]')?.getAttribute('data-row-id')).toBe('6');
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(onFocusedRowChange).toHaveBeenLastCalledWith(parcels[3], 4);
    expect(pageInfo()).toBe('გვერდი 1 / 5 (25 ჩანაწერი)');
  });
  it('opens the detail with Enter and selects with Space on the focused row', async () => {
    const user = userEvent.setup();
    const onSelectionChange = vi.fn();
    renderWithProviders(
      grid({
        paging: false,
        selection: 'multi',
        onSelectionChange,
        renderDetail: (p) => <p>დეტალი {p.Id}</p>,
      }),
    );
    await user.click(dataRows()[0]);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(screen.getByText('დეტალი 2')).toBeTruthy();
    await user.keyboard(' ');
    expect(onSelectionChange).toHaveBeenLastCalledWith([2], [parcels[1]]);
  });
});

describe('DataGrid column chooser', () => {
  it('hides a column and keeps the choice in localStorage across remounts', async () => {
    const user = userEvent.setup();
    const view = renderWithProviders(grid({ storageKey: 'po.grid.parcels' }));
    await user.click(screen.getByRole('button', { name: 'სვეტების არჩევა' }));
    await user.click(await screen.findByRole('menuitemcheckbox', { name: 'გამგზავნი' }));
    expect(headerNames()).not.toContain('გამგზავნი');
    expect(JSON.parse(localStorage.getItem('po.grid.parcels') ?? '{}').visibility.Sender).toBe(false);

    view.unmount();
    renderWithProviders(grid({ storageKey: 'po.grid.parcels' }));
    expect(headerNames()).not.toContain('გამგზავნი');
    expect(headerNames()).toContain('შტრიხკოდი');

    // "Restore the initial layout" brings it back, and that persists too.
    await user.click(screen.getByRole('button', { name: 'სვეტების არჩევა' }));
    await user.click(await screen.findByRole('menuitem', { name: 'საწყისი განლაგების აღდგენა' }));
    expect(headerNames()).toContain('გამგზავნი');
    expect(JSON.parse(localStorage.getItem('po.grid.parcels') ?? '{}').visibility.Sender).toBe(true);
  });

  it('resizes a column by dragging its edge and keeps the width', () => {
    const view = renderWithProviders(grid({ storageKey: 'po.grid.widths' }));
    const header = screen.getByRole('columnheader', { name: /გამგზავნი/ });
    expect(header.style.width).toBe('180px');
    const handle = within(header).getByRole('separator', { name: 'სვეტის სიგანე: გამგზავნი' });
    fireEvent.mouseDown(handle, { clientX: 500 });
    fireEvent.mouseMove(document, { clientX: 560 });
    fireEvent.mouseUp(document, { clientX: 560 });
    expect(screen.getByRole('columnheader', { name: /გამგზავნი/ }).style.width).toBe('240px');
    expect(JSON.parse(localStorage.getItem('po.grid.widths') ?? '{}').sizing.Sender).toBe(240);
    view.unmount();
    renderWithProviders(grid({ storageKey: 'po.grid.widths' }));
    expect(screen.getByRole('columnheader', { name: /გამგზავნი/ }).style.width).toBe('240px');
  });

  it('starts with `hidden` columns hidden and shows them from the chooser', async () => {
    const user = userEvent.setup();
    const columns = parcelColumns.map((c) => (c.field === 'Paid' ? { ...c, hidden: true } : c));
    renderWithProviders(grid({ columns }));
    expect(headerNames()).not.toContain('გადახდილი');
    await user.click(screen.getByRole('button', { name: 'სვეტების არჩევა' }));
    await user.click(await screen.findByRole('menuitemcheckbox', { name: 'გადახდილი' }));
    expect(headerNames()).toContain('გადახდილი');
  });

  it('follows a controlled column visibility', () => {
    const view = renderWithProviders(grid({ columnVisibility: { Sender: false, Weight: false } }));
    expect(headerNames()).toEqual(['ID', 'შტრიხკოდი', 'ქალაქი', 'ფასი', 'თარიღი', 'გადახდილი']);
    view.rerender(grid({ columnVisibility: { Sender: true, Weight: false } }));
    expect(headerNames()).toContain('გამგზავნი');
    // Controlled without a change handler: the chooser is not offered.
    expect(screen.queryByRole('button', { name: 'სვეტების არჩევა' })).toBeNull();
  });
});

describe('DataGrid states', () => {
  it('shows the screen’s empty text, and the default one', () => {
    const view = renderWithProviders(grid({ data: [], emptyText: 'ამანათები ვერ მოიძებნა' }));
    expect(screen.getByText('ამანათები ვერ მოიძებნა')).toBeTruthy();
    view.rerender(grid({ data: [] }));
    expect(screen.getByText('მონაცემები არ არის')).toBeTruthy();
  });

  it('keeps the previous rows on screen under an overlay while loading', () => {
    const view = renderWithProviders(grid({ paging: false }));
    expect(dataRows()).toHaveLength(25);
    view.rerender(grid({ paging: false, data: undefined, loading: true }));
    expect(dataRows()).toHaveLength(25);
    expect(document.querySelector('[aria-busy="true"]')).not.toBeNull();
    view.rerender(grid({ paging: false, data: makeParcels(3), loading: false }));
    expect(dataRows()).toHaveLength(3);
    expect(document.querySelector('[aria-busy="true"]')).toBeNull();
  });

  it('renders cell templates and the toolbar slot, and refreshes', async () => {
    const user = userEvent.setup();
    const onRefresh = vi.fn();
    const columns: GridColumn<Parcel>[] = [
      ...parcelColumns,
      {
        field: 'marker',
        header: 'სტატუსი',
        value: (p) => (p.Paid ? 'paid' : 'due'),
        cell: (p) => <span data-testid="marker" style={{ color: p.Paid ? 'green' : 'red' }} />,
      },
    ];
    renderWithProviders(
      grid({ columns, paging: false, onRefresh, toolbar: <button type="button">ეკრანის ღილაკი</button> }),
    );
    expect(screen.getAllByTestId('marker')).toHaveLength(25);
    expect(screen.getByRole('button', { name: 'ეკრანის ღილაკი' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'განახლება' }));
    expect(onRefresh).toHaveBeenCalledOnce();
  });
});
