import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { renderWithProviders } from '@/test/render';
import { clearSession, setSession } from '@/lib/session';
import { encodeNote } from '@po/contract/note';
import { ScanJob } from './components/scan-job';

// The mobile screens check the device's time zone (spec 003 §5).
process.env.TZ = 'Asia/Tbilisi';

const ok = (data: unknown) => ({ Status: true, Code: 200, Data: data, Error: null });
type Handler = (p: URLSearchParams) => unknown;
let handlers: Record<string, Handler> = {};
let offline = false;
const calls: string[] = [];

function courier() {
  const note = {
    RegistrationDisable: false,
    IsAnother: false,
    IsCorporate: false,
    OfficeGUID: 'o1',
    RoleId: 106,
    DistributionCenter: '',
    Pid: '',
    OfficeName: 'ოფისი',
  };
  setSession({
    Id: 'a0000000-0000-4000-8000-000000000106',
    Ticket: 't',
    Name: 'courier',
    Role: 106,
    Note: encodeNote(note),
    note,
    PasswordExp: false,
    Mobile: '599123456',
    CarNumber: 'AA-123-BB',
    DriverId: '01024055123',
    AvatarUrl: null,
    Login: 'courier',
  });
}

beforeEach(() => {
  calls.length = 0;
  offline = false;
  courier();
  handlers = {
    UpdateTicketMobile: () => ok({ Ticket: 't' }),
    CheckBarcode: (p) => ok(p.get('Barcode')?.startsWith('PO') ? 2 : 1),
    CheckRegitry: (p) => ok(p.get('Qrode') === 'RG-000001' ? 2 : 0),
    GetRegList: () =>
      ok([
        { Registry: 'RG-000001', Barcode: 'PO000000011' },
        { Registry: 'RG-000001', Barcode: 'PO000000012' },
      ]),
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (offline) throw new TypeError('Failed to fetch');
      const u = new URL(url, 'http://localhost');
      const name = u.pathname.replace('/api/', '');
      calls.push(name);
      const h = handlers[name];
      const env = h ? h(u.searchParams) : { Status: false, Code: 404, Data: null, Error: `no ${name}` };
      return new Response(JSON.stringify(env), { headers: { 'Content-Type': 'application/json' } });
    }),
  );
});
afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const rows = () =>
  Array.from(document.querySelectorAll('tbody tr[data-row-id]')).map((tr) =>
    (tr.querySelector('td')?.textContent ?? '').trim(),
  );

async function scan(code: string) {
  const input = screen.getByTestId('scan-input');
  await userEvent.clear(input);
  await userEvent.type(input, `${code}{Enter}`);
}

describe('the courier scan-job screen (spec 003 §5)', () => {
  it('applies every scan rule and holds the work on the device', async () => {
    renderWithProviders(
      <MemoryRouter>
        <ScanJob flow="parsexport" operType={8711} />
      </MemoryRouter>,
    );
    await screen.findByTestId('scan-input');

    await scan('ab12');
    await screen.findByText('ამანათი AB12 არ არის სტანდარტული სიგრძის');
    expect(calls).not.toContain('CheckBarcode');

    await scan('po000000001');
    await screen.findByText('ამანათი PO000000001 მიღებულია');
    await waitFor(() => expect(rows()).toEqual(['PO000000001']));

    await scan('PO000000001');
    await screen.findByText('PO000000001 განმეორებითი შეყვანის მცდელობა');
    expect(calls.filter((c) => c === 'CheckBarcode')).toHaveLength(1);

    await scan('ZZ000000001');
    await screen.findByText('ამანათი ZZ000000001 არ არის რეგისტრირებული ბაზაში');

    await scan('RG-999');
    await screen.findByText('რეესტრი RG-999 არ არის რეგისტრირებული ბაზაში');
    await scan('rg-000001');
    await screen.findByText('რეესტრი RG-000001 მიღებულია (2 ამანათი)');
    await waitFor(() => expect(rows()).toEqual(['RG-000001', 'PO000000001']));
    await scan('RG-000001');
    await screen.findByText('ეს QR პაკეტი უკვე შეყვანილია');
    // a parcel of a listed registry is already received
    await scan('PO000000012');
    await screen.findByText('ამანათი PO000000012 უკვე მიღებულია');

    // no connection: listed unchecked, the server checks it when the job arrives
    offline = true;
    await scan('PO000000099');
    await screen.findByText('სერვერთან კავშირი არ არის: PO000000099 დაემატა შემოწმების გარეშე');
    await waitFor(() => expect(rows()).toEqual(['PO000000099', 'RG-000001', 'PO000000001']));

    // the floating send button, and the work held for the flow (mobile home highlights it)
    expect(screen.getByTestId('send-job')).toBeTruthy();
    const held = JSON.parse(localStorage.getItem('po.mobile.parsexport') ?? '{}') as {
      jobId: string;
      items: Array<{ Barcode: string; Stack: boolean; Number: number }>;
    };
    expect(held.jobId).toMatch(/^[0-9a-f-]{36}$/);
    expect(held.items.map((i) => [i.Barcode, i.Stack, i.Number])).toEqual([
      ['PO000000099', false, 1],
      ['RG-000001', true, 2],
      ['PO000000001', false, 1],
    ]);
  });
});
