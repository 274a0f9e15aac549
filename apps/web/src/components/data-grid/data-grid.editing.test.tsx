import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@/test/render';
import { DataGrid } from './data-grid';
import type { DataGridProps, GridColumn, GridEditing } from './types';
import { cities } from './test-fixtures';
import { dataRows, pickOption } from './test-utils';

interface Office {
  Id: number;
  Name: string;
  City: number | null;
  IsCenter: boolean;
  DistOffice: number | null;
  Zone: number | null;
}

const offices: Office[] = [
  { Id: 1, Name: 'ცენტრალური', City: 1, IsCenter: true, DistOffice: null, Zone: 1 },
  { Id: 2, Name: 'საბურთალო', City: 1, IsCenter: false, DistOffice: 1, Zone: 2 },
  { Id: 3, Name: 'ქუთაისის ფილიალი', City: 2, IsCenter: false, DistOffice: 1, Zone: 3 },
];

const columns: GridColumn<Office>[] = [
  { field: 'Id', header: 'ID', type: 'number', readOnly: true },
  { field: 'Name', header: 'სახელი', required: true },
  {
    field: 'City',
    header: 'ქალაქი',
    lookup: { data: cities, valueField: 'Id', displayField: 'Name' },
    required: true,
  },
  { field: 'IsCenter', header: 'გამანაწილებელი ცენტრი', type: 'boolean' },
  {
    field: 'DistOffice',
    header: 'გამანაწილებელი ოფისი',
    lookup: { data: offices, valueField: 'Id', displayField: 'Name' },
    disabled: (draft) => draft.IsCenter === true,
  },
  {
    field: 'Zone',
    header: 'ზონა',
    type: 'number',
    validate: (v) => (typeof v === 'number' && v >= 1 && v <= 5 ? null : 'ზონა უნდა იყოს 1-დან 5-მდე'),
  },
];

function deferred() {
  let resolve: () => void = () => {};
  let reject: (e: Error) => void = () => {};
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function renderGrid(editing: GridEditing<Office>, extra: Partial<DataGridProps<Office>> = {}) {
  return renderWithProviders(
    <DataGrid<Office>
      columns={columns}
      data={offices}
      rowKey="Id"
      editing={editing}
      paging={false}
      {...extra}
    />,
  );
}

const editRow = () => document.querySelector('tr[data-edit-row]') as HTMLElement;

describe('DataGrid row editing', () => {
  it('blocks saving with a validation message under the field, then saves the valid values', async () => {
    const user = userEvent.setup();
    const onUpdate = vi.fn(() => Promise.resolve());
    renderGrid({ mode: 'row', allowUpdating: true, onUpdate });

    await user.click(within(dataRows()[1]).getByRole('button', { name: 'რედაქტირება' }));
    const name = within(editRow()).getByRole('textbox', { name: 'სახელი' });
    const zone = within(editRow()).getByRole('textbox', { name: 'ზონა' });
    await user.clear(name);
    await user.clear(zone);
    await user.type(zone, '9');
    await user.click(within(editRow()).getByRole('button', { name: 'შენახვა' }));

    expect(onUpdate).not.toHaveBeenCalled();
    expect(within(editRow()).getByText('ველის შევსება სავალდებულოა')).toBeTruthy();
    expect(within(editRow()).getByText('ზონა უნდა იყოს 1-დან 5-მდე')).toBeTruthy();

    await user.type(name, 'ვაკე');
    await user.clear(zone);
    await user.type(zone, '4');
    expect(within(editRow()).queryByText('ველის შევსება სავალდებულოა')).toBeNull();
    await user.click(within(editRow()).getByRole('button', { name: 'შენახვა' }));

    expect(onUpdate).toHaveBeenCalledWith(
      2,
      { ...offices[1], Name: 'ვაკე', Zone: 4 },
      { Name: 'ვაკე', Zone: 4 },
    );
    await waitFor(() => expect(document.querySelector('tr[data-edit-row]')).toBeNull());
  });

  it('saves the value field of a lookup column', async () => {
    const user = userEvent.setup();
    const onUpdate = vi.fn(() => Promise.resolve());
    renderGrid({ mode: 'row', allowUpdating: true, onUpdate });

    await user.click(within(dataRows()[2]).getByRole('button', { name: 'რედაქტირება' }));
    expect(within(editRow()).getByRole('combobox', { name: 'ქალაქი' })).toHaveProperty('value', 'ქუთაისი');
    await pickOption(user, within(editRow()).getByRole('combobox', { name: 'ქალაქი' }), 'ბათუმი');
    await user.click(within(editRow()).getByRole('button', { name: 'შენახვა' }));

    expect(onUpdate).toHaveBeenCalledWith(3, { ...offices[2], City: 3 }, { City: 3 });
  });

  it('adds a row that starts from newRowDefaults', async () => {
    const user = userEvent.setup();
    const onInsert = vi.fn(() => Promise.resolve());
    renderGrid({
      mode: 'row',
      allowAdding: true,
      onInsert,
      newRowDefaults: { City: 1, IsCenter: false, DistOffice: null, Zone: 1 },
    });

    await user.click(screen.getByRole('button', { name: 'დამატება' }));
    expect(editRow().getAttribute('data-edit-row')).toBe('new');
    // The read-only ID has no editor when adding.
    expect(within(editRow()).queryByRole('textbox', { name: 'ID' })).toBeNull();
    expect(within(editRow()).getByRole('combobox', { name: 'ქალაქი' })).toHaveProperty('value', 'თბილისი');
    await user.type(within(editRow()).getByRole('textbox', { name: 'სახელი' }), 'დიდუბე');
    await user.click(within(editRow()).getByRole('button', { name: 'შენახვა' }));

    expect(onInsert).toHaveBeenCalledWith({
      City: 1,
      IsCenter: false,
      DistOffice: null,
      Zone: 1,
      Name: 'დიდუბე',
    });
  });

  it('keeps the editor open with the message when saving fails, and is busy while saving', async () => {
    const user = userEvent.setup();
    const pending = deferred();
    const onUpdate = vi.fn(() => pending.promise);
    renderGrid({ mode: 'row', allowUpdating: true, onUpdate });

    await user.click(within(dataRows()[0]).getByRole('button', { name: 'რედაქტირება' }));
    await user.type(within(editRow()).getByRole('textbox', { name: 'სახელი' }), ' 2');
    const save = within(editRow()).getByRole('button', { name: 'შენახვა' });
    await user.click(save);
    expect(onUpdate).toHaveBeenCalledOnce();
    await waitFor(() => expect(save.hasAttribute('data-loading')).toBe(true));
    expect(within(editRow()).getByRole('textbox', { name: 'სახელი' })).toHaveProperty('disabled', true);

    pending.reject(new Error('ასეთი სახელი უკვე არსებობს'));
    expect(await screen.findByText('ასეთი სახელი უკვე არსებობს')).toBeTruthy();
    expect(editRow()).not.toBeNull();
    expect(within(editRow()).getByRole('textbox', { name: 'სახელი' })).toHaveProperty(
      'value',
      'ცენტრალური 2',
    );
    expect(save.hasAttribute('data-loading')).toBe(false);
  });

  it('cancels without saving', async () => {
    const user = userEvent.setup();
    const onUpdate = vi.fn(() => Promise.resolve());
    renderGrid({ mode: 'row', allowUpdating: true, onUpdate });
    await user.click(within(dataRows()[0]).getByRole('button', { name: 'რედაქტირება' }));
    await user.type(within(editRow()).getByRole('textbox', { name: 'სახელი' }), 'x');
    await user.click(within(editRow()).getByRole('button', { name: 'გაუქმება' }));
    expect(document.querySelector('tr[data-edit-row]')).toBeNull();
    expect(onUpdate).not.toHaveBeenCalled();
    expect(within(dataRows()[0]).getByText('ცენტრალური')).toBeTruthy();
  });
});

describe('DataGrid form editing', () => {
  it('edits in a dialog; a dependent field is cleared and disabled when another changes', async () => {
    const user = userEvent.setup();
    const onUpdate = vi.fn(() => Promise.resolve());
    renderGrid(
      { mode: 'form', allowUpdating: true, onUpdate },
      {
        onEditorValueChange: (field, value) =>
          field === 'IsCenter' && value === true ? { DistOffice: null } : undefined,
      },
    );

    await user.click(within(dataRows()[1]).getByRole('button', { name: 'რედაქტირება' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('ჩანაწერის რედაქტირება')).toBeTruthy();
    const dist = within(dialog).getByRole('combobox', { name: 'გამანაწილებელი ოფისი' });
    expect(dist).toHaveProperty('value', 'ცენტრალური');
    expect(dist).toHaveProperty('disabled', false);

    await user.click(within(dialog).getByRole('checkbox', { name: 'გამანაწილებელი ცენტრი' }));
    expect(within(dialog).getByRole('combobox', { name: 'გამანაწილებელი ოფისი' })).toHaveProperty(
      'value',
      '',
    );
    expect(within(dialog).getByRole('combobox', { name: 'გამანაწილებელი ოფისი' })).toHaveProperty(
      'disabled',
      true,
    );
    // The read-only ID is shown but cannot be changed.
    expect(within(dialog).getByRole('textbox', { name: 'ID' })).toHaveProperty('disabled', true);

    await user.click(within(dialog).getByRole('button', { name: 'შენახვა' }));
    expect(onUpdate).toHaveBeenCalledWith(
      2,
      { ...offices[1], IsCenter: true, DistOffice: null },
      { IsCenter: true, DistOffice: null },
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('adds from the dialog and shows required messages first', async () => {
    const user = userEvent.setup();
    const onInsert = vi.fn(() => Promise.resolve());
    renderGrid({
      mode: 'form',
      allowAdding: true,
      onInsert,
      newRowDefaults: () => ({ Zone: 2, IsCenter: false }),
    });
    await user.click(screen.getByRole('button', { name: 'დამატება' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('ახალი ჩანაწერი')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'შენახვა' }));
    expect(within(dialog).getAllByText('ველის შევსება სავალდებულოა')).toHaveLength(2);
    expect(onInsert).not.toHaveBeenCalled();

    await user.type(within(dialog).getByRole('textbox', { name: 'სახელი' }), 'ვაკე');
    await pickOption(user, within(dialog).getByRole('combobox', { name: 'ქალაქი' }), 'ქუთაისი');
    await user.click(within(dialog).getByRole('button', { name: 'შენახვა' }));
    expect(onInsert).toHaveBeenCalledWith({ Zone: 2, IsCenter: false, Name: 'ვაკე', City: 2 });
  });
});

describe('DataGrid editing from the keyboard, failed saves and added rows (issue 18)', () => {
  it('row mode: Enter saves the row, Escape cancels it', async () => {
    const user = userEvent.setup();
    const onUpdate = vi.fn(() => Promise.resolve());
    renderGrid({ mode: 'row', allowUpdating: true, onUpdate });

    await user.click(within(dataRows()[0]).getByRole('button', { name: 'რედაქტირება' }));
    await user.type(within(editRow()).getByRole('textbox', { name: 'სახელი' }), ' 2{Enter}');
    expect(onUpdate).toHaveBeenCalledWith(
      1,
      { ...offices[0], Name: 'ცენტრალური 2' },
      { Name: 'ცენტრალური 2' },
    );
    await waitFor(() => expect(document.querySelector('tr[data-edit-row]')).toBeNull());

    await user.click(within(dataRows()[1]).getByRole('button', { name: 'რედაქტირება' }));
    await user.type(within(editRow()).getByRole('textbox', { name: 'სახელი' }), 'x{Escape}');
    expect(document.querySelector('tr[data-edit-row]')).toBeNull();
    expect(onUpdate).toHaveBeenCalledOnce();
  });

  it('row mode: Enter in an open drop-down picks the option and does not save', async () => {
    const user = userEvent.setup();
    const onUpdate = vi.fn(() => Promise.resolve());
    renderGrid({ mode: 'row', allowUpdating: true, onUpdate });
    await user.click(within(dataRows()[2]).getByRole('button', { name: 'რედაქტირება' }));
    const city = within(editRow()).getByRole('combobox', { name: 'ქალაქი' });
    await user.click(city);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onUpdate).not.toHaveBeenCalled();
    expect(editRow()).not.toBeNull();
    await user.keyboard('{Enter}');
    expect(onUpdate).toHaveBeenCalledOnce();
  });

  it('form mode: Enter saves, Escape cancels', async () => {
    const user = userEvent.setup();
    const onUpdate = vi.fn(() => Promise.resolve());
    renderGrid({ mode: 'form', allowUpdating: true, onUpdate });
    await user.click(within(dataRows()[0]).getByRole('button', { name: 'რედაქტირება' }));
    let dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: 'სახელი' }), ' 2{Enter}');
    expect(onUpdate).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(within(dataRows()[1]).getByRole('button', { name: 'რედაქტირება' }));
    dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('checkbox', { name: 'გამანაწილებელი ცენტრი' }));
    await user.keyboard('{Enter}');
    expect(onUpdate).toHaveBeenCalledTimes(2);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(within(dataRows()[2]).getByRole('button', { name: 'რედაქტირება' }));
    dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: 'სახელი' }), 'x{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onUpdate).toHaveBeenCalledTimes(2);
  });

  it('a failed Save brings the first field in error into view and focuses it (row and form mode)', async () => {
    const user = userEvent.setup();
    const seen: string[] = [];
    const scroll = vi.fn(function (this: HTMLElement) {
      seen.push(this.getAttribute('aria-label') ?? this.tagName);
    });
    const before = HTMLElement.prototype.scrollIntoView;
    HTMLElement.prototype.scrollIntoView = scroll;
    const onUpdate = vi.fn(() => Promise.resolve());
    const { unmount } = renderGrid({ mode: 'row', allowUpdating: true, onUpdate });
    await user.click(within(dataRows()[1]).getByRole('button', { name: 'რედაქტირება' }));
    const zone = within(editRow()).getByRole('textbox', { name: 'ზონა' });
    await user.clear(zone);
    await user.type(zone, '9');
    await user.click(within(editRow()).getByRole('button', { name: 'შენახვა' }));
    await waitFor(() => expect(document.activeElement).toBe(zone));
    expect(seen).toContain('ზონა');
    unmount();

    seen.length = 0;
    const onInsert = vi.fn(() => Promise.resolve());
    renderGrid({ mode: 'form', allowAdding: true, onInsert, newRowDefaults: { Name: 'ვაკე', Zone: 9 } });
    await user.click(screen.getByRole('button', { name: 'დამატება' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'შენახვა' }));
    // the city (required, empty) comes before the zone (out of range)
    const city = within(dialog).getByRole('combobox', { name: 'ქალაქი' });
    await waitFor(() => expect(document.activeElement).toBe(city));
    expect(seen).toContain('ქალაქი');
    expect(onInsert).not.toHaveBeenCalled();
    HTMLElement.prototype.scrollIntoView = before;
  });

  it('shows an added row: turns to its page and focuses it', async () => {
    const user = userEvent.setup();
    const many: Office[] = Array.from({ length: 30 }, (_, i) => ({
      Id: i + 1,
      Name: `ოფისი ${String(i + 1).padStart(2, '0')}`,
      City: 1,
      IsCenter: false,
      DistOffice: null,
      Zone: 1,
    }));
    function Host() {
      const [rows, setRows] = useState(many);
      return (
        <DataGrid<Office>
          columns={columns}
          data={rows}
          rowKey="Id"
          defaultPageSize={10}
          editing={{
            mode: 'form',
            allowAdding: true,
            newRowDefaults: { City: 1, Zone: 1, IsCenter: false },
            onInsert: async (values) => {
              const row = { ...(values as Office), Id: 99 };
              setRows((r) => [...r, row]);
              return { key: 99 };
            },
          }}
        />
      );
    }
    renderWithProviders(<Host />);
    await waitFor(() => expect(dataRows()).toHaveLength(10));
    await user.click(screen.getByRole('button', { name: 'დამატება' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: 'სახელი' }), 'ახალი ოფისი{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const added = await waitFor(() => {
      const row = dataRows().find((r) => within(r).queryByText('ახალი ოფისი'));
      expect(row).toBeTruthy();
      return row!;
    });
    expect(added.getAttribute('data-focused')).toBe('true');
  });
});

describe('DataGrid deleting', () => {
  it('asks first, then calls onDelete with the key', async () => {
    const user = userEvent.setup();
    const onDelete = vi.fn(() => Promise.resolve());
    renderGrid({
      mode: 'row',
      allowDeleting: true,
      onDelete,
      deleteLabel: 'აღდგენა',
      confirmDelete: 'აღვადგინო?',
    });
    expect(within(dataRows()[0]).queryByRole('button', { name: 'რედაქტირება' })).toBeNull();
    await user.click(within(dataRows()[2]).getByRole('button', { name: 'აღდგენა' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('აღვადგინო?')).toBeTruthy();
    expect(onDelete).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'აღდგენა' }));
    expect(onDelete).toHaveBeenCalledWith(3, offices[2]);
  });

  it('offers no delete by default', () => {
    renderGrid({ mode: 'row', allowUpdating: true, onUpdate: () => undefined, onDelete: () => undefined });
    expect(within(dataRows()[0]).queryByRole('button', { name: 'წაშლა' })).toBeNull();
  });
});

describe('DataGrid custom editors (renderEditor)', () => {
  /** The city column with its own editor: a button per city; the cell still shows the lookup text. */
  const customColumns: GridColumn<Office>[] = columns.map((c) =>
    c.field === 'City'
      ? {
          ...c,
          renderEditor: ({ value, onChange, label, disabled, error, draft }) => (
            <div role="group" aria-label={label}>
              {cities.map((city) => (
                <button
                  key={city.Id}
                  type="button"
                  aria-pressed={value === city.Id}
                  disabled={disabled}
                  onClick={() => onChange(city.Id)}
                >
                  {city.Name}
                </button>
              ))}
              <span data-testid="custom-draft-name">{String(draft.Name ?? '')}</span>
              {error ? <span>{error}</span> : null}
            </div>
          ),
        }
      : c,
  );

  it('row mode: the custom editor replaces the built-in one and its value reaches onUpdate', async () => {
    const user = userEvent.setup();
    const onUpdate = vi.fn(() => Promise.resolve());
    renderGrid({ mode: 'row', allowUpdating: true, onUpdate }, { columns: customColumns });

    // Read mode keeps the lookup's display text.
    expect(within(dataRows()[2]).getByText('ქუთაისი')).toBeTruthy();
    await user.click(within(dataRows()[2]).getByRole('button', { name: 'რედაქტირება' }));
    expect(within(editRow()).queryByRole('combobox', { name: 'ქალაქი' })).toBeNull();
    const group = within(editRow()).getByRole('group', { name: 'ქალაქი' });
    expect(within(group).getByRole('button', { name: 'ქუთაისი' }).getAttribute('aria-pressed')).toBe('true');
    expect(within(group).getByTestId('custom-draft-name').textContent).toBe('ქუთაისის ფილიალი');

    await user.click(within(group).getByRole('button', { name: 'ბათუმი' }));
    expect(within(group).getByRole('button', { name: 'ბათუმი' }).getAttribute('aria-pressed')).toBe('true');
    await user.click(within(editRow()).getByRole('button', { name: 'შენახვა' }));

    expect(onUpdate).toHaveBeenCalledWith(3, { ...offices[2], City: 3 }, { City: 3 });
    await waitFor(() => expect(document.querySelector('tr[data-edit-row]')).toBeNull());
  });

  it('form mode: the custom editor gets the required message and its value reaches onInsert', async () => {
    const user = userEvent.setup();
    const onInsert = vi.fn(() => Promise.resolve());
    renderGrid(
      { mode: 'form', allowAdding: true, onInsert, newRowDefaults: { Zone: 2, IsCenter: false } },
      { columns: customColumns },
    );
    await user.click(screen.getByRole('button', { name: 'დამატება' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: 'სახელი' }), 'ვაკე');
    await user.click(within(dialog).getByRole('button', { name: 'შენახვა' }));
    const group = within(dialog).getByRole('group', { name: 'ქალაქი' });
    expect(within(group).getByText('ველის შევსება სავალდებულოა')).toBeTruthy();
    expect(onInsert).not.toHaveBeenCalled();

    await user.click(within(group).getByRole('button', { name: 'ქუთაისი' }));
    await user.click(within(dialog).getByRole('button', { name: 'შენახვა' }));
    expect(onInsert).toHaveBeenCalledWith({ Zone: 2, IsCenter: false, Name: 'ვაკე', City: 2 });
  });
});
