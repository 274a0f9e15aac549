import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatMessage } from '@po/contract';
import type { CallDef } from '@po/contract';
import type { ReferenceRow } from '@po/contract/reference';
import { renderWithProviders } from '@/test/render';

const callApi = vi.fn();
vi.mock('@/api/client', () => ({ callApi: (def: CallDef, input: unknown) => callApi(def.name, input) }));

const { ClientTypeListScreen, StatusListScreen } = await import('./list-screens');

const item = (ID: number, Name: string, Zone: number | null = null): ReferenceRow => ({
  ID,
  Name,
  Index: null,
  RIndex: null,
  Zone,
  Enabled: true,
  ParentID: null,
});

beforeEach(() => {
  localStorage.clear();
  callApi.mockReset();
  callApi.mockImplementation(async (name: string) => {
    if (name === 'PostGetRegion')
      return { Regions: [item(8680, 'ფიზიკური პირი'), item(8681, 'იურიდიული პირი')] };
    return { Ret: 20001 };
  });
});
afterEach(() => vi.clearAllMocks());

describe('the reference list screen', () => {
  it('shows the group’s items and adds one, enabled by default, with the "inserted" toast', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ClientTypeListScreen />);
    expect(await screen.findByText('იურიდიული პირი')).toBeTruthy();
    expect(callApi).toHaveBeenCalledWith('PostGetRegion', { Rid: 24 });

    await user.click(screen.getByRole('button', { name: 'დამატება' }));
    await user.type(screen.getByRole('textbox', { name: 'დასახელება' }), 'ახალი კლიენტი');
    await user.click(screen.getByRole('button', { name: 'შენახვა' }));

    await waitFor(() =>
      expect(callApi).toHaveBeenCalledWith('PostInsertStatus', {
        Rid: 24,
        Name: 'ახალი კლიენტი',
        Enabled: true,
        Zone: '',
      }),
    );
    expect(await screen.findByText('დაემატა')).toBeTruthy();
  });

  it('refuses a short name with the server’s Georgian message and sends nothing', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ClientTypeListScreen />);
    await screen.findByText('იურიდიული პირი');
    await user.click(screen.getByRole('button', { name: 'დამატება' }));
    await user.type(screen.getByRole('textbox', { name: 'დასახელება' }), 'აბგ');
    await user.click(screen.getByRole('button', { name: 'შენახვა' }));
    expect(await screen.findByText(formatMessage('reference.nameMin4'))).toBeTruthy();
    expect(callApi).not.toHaveBeenCalledWith('PostInsertStatus', expect.anything());
  });

  it('offers the zone for statuses, starting a new status at zone 0', async () => {
    const user = userEvent.setup();
    callApi.mockImplementation(async (name: string) =>
      name === 'PostGetRegion' ? { Regions: [item(8712, 'ჩაბარებულია', 0)] } : { Ret: 20002 },
    );
    renderWithProviders(<StatusListScreen />);
    expect(await screen.findByText('ჩაბარებულია')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: /ზონა/ })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'დამატება' }));
    await user.type(screen.getByRole('textbox', { name: 'დასახელება' }), 'ახალი სტატუსი');
    await user.click(screen.getByRole('button', { name: 'შენახვა' }));
    await waitFor(() =>
      expect(callApi).toHaveBeenCalledWith('PostInsertStatus', {
        Rid: 10,
        Name: 'ახალი სტატუსი',
        Enabled: true,
        Zone: 0,
      }),
    );
  });
});
