import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatMessage, type CallDef } from '@po/contract';
import type { ReferenceRow } from '@po/contract/reference';
import { renderWithProviders } from '@/test/render';

const callApi = vi.fn();
vi.mock('@/api/client', () => ({ callApi: (def: CallDef, input: unknown) => callApi(def.name, input) }));

const { RegionsScreen: Regions } = await import('./regions');

const row = (
  ID: number,
  Name: string,
  Index: string,
  Zone: number,
  ParentID: number | null = null,
): ReferenceRow => ({
  ID,
  Name,
  Index,
  RIndex: Index,
  Zone,
  Enabled: true,
  ParentID,
});

beforeEach(() => {
  localStorage.clear();
  callApi.mockReset();
  callApi.mockImplementation(async (name: string, input: { Rid: number }) => {
    if (name !== 'PostGetRegion') return { Ret: 20005 };
    if (input.Rid === 20) return { Regions: [row(320, 'თბილისი', '0100', 1), row(321, 'ბათუმი', '6000', 3)] };
    if (input.Rid === 321) return { Regions: [row(1004, 'გონიო', '6012', 3, 321)] };
    return { Regions: [] };
  });
});

describe('/regions', () => {
  it('loads the chosen region’s villages and adds a village with the region’s index copied', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Regions />);
    await user.click(await screen.findByText('ბათუმი'));
    expect(await screen.findByText('გონიო')).toBeTruthy();
    expect(callApi).toHaveBeenCalledWith('PostGetRegion', { Rid: 321 });

    const addButtons = screen.getAllByRole('button', { name: 'დამატება' });
    await user.click(addButtons[addButtons.length - 1]);
    const index = screen.getByRole('textbox', { name: 'ინდექსი' }) as HTMLInputElement;
    expect(index.value).toBe('6000');

    await user.type(screen.getByRole('textbox', { name: 'დასახელება' }), 'გონიო');
    await user.click(screen.getByRole('button', { name: 'შენახვა' }));
    expect(await screen.findByText(formatMessage('reference.villageExists'))).toBeTruthy();

    await user.clear(screen.getByRole('textbox', { name: 'დასახელება' }));
    await user.type(screen.getByRole('textbox', { name: 'დასახელება' }), 'სარფი ახალი');
    await user.clear(index);
    await user.type(index, '6015');
    await user.click(screen.getByRole('button', { name: 'შენახვა' }));
    await waitFor(() =>
      expect(callApi).toHaveBeenCalledWith('PostInsertRegion', {
        Rid: 321,
        Name: 'სარფი ახალი',
        PostCode: '6015',
        Zone: 3,
      }),
    );
  });
});
