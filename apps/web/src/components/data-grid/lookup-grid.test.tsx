import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@/test/render';
import { LookupGrid } from './lookup-grid';
import type { GridColumn, GridLookupValue } from './types';

interface Courier {
  Id: string;
  Name: string;
  Office: string;
}

const couriers: Courier[] = Array.from({ length: 14 }, (_, i) => ({
  Id: `c${i + 1}`,
  Name: `კურიერი ${i + 1}`,
  Office: i % 2 ? 'ბათუმის ფილიალი' : 'თბილისის ცენტრი',
}));

const columns: GridColumn<Courier>[] = [
  { field: 'Name', header: 'სახელი' },
  { field: 'Office', header: 'ოფისი' },
];

function Harness({ initial, onChange }: { initial: string | null; onChange: (v: unknown) => void }) {
  const [value, setValue] = useState<GridLookupValue | null>(initial);
  return (
    <LookupGrid<Courier>
      data={couriers}
      columns={columns}
      valueField="Id"
      displayField="Name"
      value={value}
      onChange={(v) => {
        setValue(v);
        onChange(v);
      }}
      label="კურიერი"
      clearable
    />
  );
}

const box = () => screen.getByRole('button', { name: 'კურიერი' });
const dropDown = () => screen.queryByRole('dialog', { name: 'კურიერი', hidden: true });

describe('LookupGrid', () => {
  it('opens a paged grid on the current value, filters, and picks a row by click', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderWithProviders(<Harness initial="c12" onChange={onChange} />);
    expect(box().textContent).toContain('კურიერი 12');

    await user.click(box());
    const dialog = await waitFor(() => {
      const d = dropDown();
      if (!d) throw new Error('closed');
      return d;
    });
    const grid = within(dialog).getByRole('grid', { name: 'კურიერი', hidden: true });
    // Page 2 of 10 rows, the current courier highlighted; no page-size choice.
    expect(within(dialog).getByTestId('grid-page-info').textContent).toBe('გვერდი 2 / 2 (14 ჩანაწერი)');
    expect(grid.querySelectorAll('tr[data-row-id]')).toHaveLength(4);
    const current = grid.querySelector('tr[data-row-id="c12"]');
    expect(current?.getAttribute('aria-selected')).toBe('true');
    expect(current?.hasAttribute('data-focused')).toBe(true);
    expect(within(dialog).queryByRole('radiogroup', { hidden: true })).toBeNull();

    await user.type(within(grid).getByRole('textbox', { name: 'ფილტრი: სახელი', hidden: true }), '13');
    await waitFor(() => expect(grid.querySelectorAll('tr[data-row-id]')).toHaveLength(1));
    await user.click(grid.querySelector('tr[data-row-id="c13"] td') as HTMLElement);

    expect(onChange).toHaveBeenLastCalledWith('c13');
    await waitFor(() => expect(dropDown()).toBeNull());
    expect(box().textContent).toContain('კურიერი 13');
  });

  it('picks the only row left by the filter with Enter, and clears', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderWithProviders(<Harness initial={null} onChange={onChange} />);
    expect(screen.queryByRole('button', { name: 'გასუფთავება: კურიერი' })).toBeNull();

    await user.click(box());
    const dialog = await waitFor(() => {
      const d = dropDown();
      if (!d) throw new Error('closed');
      return d;
    });
    const filter = within(dialog).getByRole('textbox', { name: 'ფილტრი: სახელი', hidden: true });
    await user.type(filter, '7');
    await waitFor(() => expect(dialog.querySelectorAll('tr[data-row-id]')).toHaveLength(1));
    await user.type(filter, '{Enter}');
    expect(onChange).toHaveBeenLastCalledWith('c7');
    await waitFor(() => expect(dropDown()).toBeNull());

    await user.click(screen.getByRole('button', { name: 'გასუფთავება: კურიერი' }));
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(box().textContent).not.toContain('კურიერი 7');
  });
});
