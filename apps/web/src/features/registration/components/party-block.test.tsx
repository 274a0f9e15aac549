import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import type { ReferenceRow } from '@po/contract/reference';
import { renderWithProviders } from '@/test/render';
import { emptyParty, type PartyForm } from '../form-state';
import { PartyBlock } from './party-block';

const city = (ID: number, Name: string, Index: string | null): ReferenceRow => ({
  ID,
  Name,
  Index,
  RIndex: Index,
  Zone: 1,
  Enabled: true,
  ParentID: null,
});
const CITIES = [city(1, 'თბილისი', '0100'), city(2, 'ბათუმი', '6000'), city(3, 'თელავი', '2200')];
/** A place kept without a postal index (the column allows it). */
const NO_INDEX = city(4, 'ზესტაფონი', null);

/** The server's answers the block asks for: the cities (Rid 20), no villages, no offices. */
function answer(url: string): object {
  if (url.includes('PostGetOffices')) return { Offices: [] };
  return {
    Regions: new URL(url, 'http://x').searchParams.get('Rid') === '20' ? [...CITIES, NO_INDEX] : [],
  };
}

/**
 * The receiver block as the screen holds it: its own state, started from `start`. Counts the block's
 * changes and stops one that never ends (a change handed on from an effect on every render).
 */
function Harness({ start = emptyParty(), changes }: { start?: PartyForm; changes: PartyForm[] }) {
  const [value, setValue] = useState<PartyForm>(start);
  const onChange = (next: PartyForm) => {
    changes.push(next);
    if (changes.length > 50) throw new Error('the block keeps changing its value');
    setValue(next);
  };
  return <PartyBlock kind="receiver" value={value} onChange={onChange} onReset={() => {}} />;
}

/** The city list's input (its label also names the address book's column). */
const cityInput = () => document.getElementById('receiver-city') as HTMLInputElement;

/** Lets the timers Mantine's list starts (0 ms) run. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 10)));

beforeEach(() =>
  vi.stubGlobal('fetch', async (url: string) =>
    Response.json({ Status: true, Code: 200, Error: '', Data: answer(url) }),
  ),
);
afterEach(() => vi.unstubAllGlobals());

describe('the receiver block at the counter', () => {
  it('Enter takes the first city matching what was typed, even when the list finishes opening after the typing', async () => {
    renderWithProviders(<Harness changes={[]} />);
    const input = cityInput();
    act(() => input.focus());
    fireEvent.click(input);
    await screen.findByRole('option', { name: 'თელავი' });
    fireEvent.keyDown(input, { key: 'Escape', code: 'Escape' });
    await settle();

    // A busy machine: what the clerk typed arrives in one change, and the timer the list starts as it
    // opens runs only after it. With Mantine's default, that timer looked up the chosen city (none) and
    // Enter took nothing; the block has the list highlight its first match as it opens instead.
    fireEvent.change(input, { target: { value: 'თე' } });
    await settle();
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });

    await waitFor(() => expect(cityInput().value).toBe('თელავი'));
    expect((document.getElementById('receiver-postCode') as HTMLInputElement).value).toBe('2200');
  });

  it('a city set from elsewhere without a postal index keeps the code empty and settles', async () => {
    const changes: PartyForm[] = [];
    renderWithProviders(<Harness start={{ ...emptyParty(), cityId: NO_INDEX.ID }} changes={changes} />);
    await waitFor(() => expect(cityInput().value).toBe('ზესტაფონი'));
    await settle();
    expect(changes.length, 'the zone is handed on once').toBe(1);
    expect(changes[0]).toMatchObject({ cityId: NO_INDEX.ID, postCode: '', zone: 1 });
  });
});
