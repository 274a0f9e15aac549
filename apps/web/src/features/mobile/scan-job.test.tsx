import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ModalsProvider } from '@mantine/modals';
import { MemoryRouter } from 'react-router';
import { renderWithProviders } from '@/test/render';
import { clearSession, setSession } from '@/lib/session';
import { encodeNote } from '@po/contract/note';
import { ScanJob } from './components/scan-job';

// The mobile screens check the device's time zone (spec 003 §5).
process.env.TZ = 'Asia/Tbilisi';

const ok = (data: unknown) => ({ Status: true, Code: 200, Data: data, Error: null });
type Handler = (p: URLSearchParams, body: Record<string, unknown>) => unknown | Promise<unknown>;
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
    // PO…: a parcel; PO…77: one already delivered
    CheckJobParcel: (p) => {
      const code = p.get('Barcode') ?? '';
      if (!code.startsWith('PO')) return ok({ Ret: 1, Refusal: '' });
      return ok({ Ret: 2, Refusal: code.endsWith('77') ? 'mobile.alreadyDelivered' : '' });
    },
    CheckRegitry: (p) => ok(p.get('Qrode') === 'RG-000001' ? 2 : 0),
    GetRegList: () =>
      ok([
        { Registry: 'RG-000001', Barcode: 'PO000000011' },
        { Registry: 'RG-000001', Barcode: 'PO000000012' },
      ]),
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (offline) throw new TypeError('Failed to fetch');
      const u = new URL(url, 'http://localhost');
      const name = u.pathname.replace('/api/', '');
      calls.push(name);
      const h = handlers[name];
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : {};
      const env = h
        ? await h(u.searchParams, body)
        : { Status: false, Code: 404, Data: null, Error: `no ${name}` };
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
    expect(calls).not.toContain('CheckJobParcel');

    await scan('po000000001');
    await screen.findByText('ამანათი PO000000001 მიღებულია');
    await waitFor(() => expect(rows()).toEqual(['PO000000001']));

    await scan('PO000000001');
    await screen.findByText('PO000000001 განმეორებითი შეყვანის მცდელობა');
    expect(calls.filter((c) => c === 'CheckJobParcel')).toHaveLength(1);

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

  it('keeps the focus and every code when a scanner types the next code while one is checked', async () => {
    // the server answers each check 30 ms later: the scanner goes on typing meanwhile
    const check = handlers.CheckJobParcel;
    handlers.CheckJobParcel = (p, b) => new Promise((r) => setTimeout(() => r(check(p, b)), 30));
    renderWithProviders(
      <MemoryRouter>
        <ScanJob flow="pargive" operType={8712} />
      </MemoryRouter>,
    );
    const input = await screen.findByTestId('scan-input');
    await waitFor(() => expect(document.activeElement).toBe(input));
    const codes = Array.from({ length: 8 }, (_, i) => `PO0000001${String(i).padStart(2, '0')}`);
    // no click, no focus call between codes: the keys go wherever the focus is
    await userEvent.keyboard(codes.map((c) => `${c}{Enter}`).join(''), { delay: 1 });
    await waitFor(() => expect(rows()).toHaveLength(codes.length));
    expect(rows()).toEqual([...codes].reverse());
    expect(document.activeElement).toBe(input);
  });

  it('refuses at the scan a parcel the job would refuse, with the server’s reason', async () => {
    renderWithProviders(
      <MemoryRouter>
        <ScanJob flow="pargive" operType={8712} />
      </MemoryRouter>,
    );
    await screen.findByTestId('scan-input');
    await scan('PO000000077');
    await screen.findByText('ამანათი PO000000077 უკვე ჩაბარებულია');
    expect(rows()).toEqual([]);
    expect(
      new URL(String(vi.mocked(fetch).mock.calls.at(-1)?.[0]), 'http://x').searchParams.get('Status'),
    ).toBe('8712');
  });

  it('after a send gives one result and keeps the refused lines with their reasons until removed', async () => {
    handlers.MobSendJob = (_, body) =>
      ok({
        Ret: 1,
        JobId: body.JobId,
        Applied: 1,
        Failed: 1,
        Repeated: false,
        Errors: [{ Barcode: 'PO000000002', Registry: '', Error: 'ამანათი PO000000002 უკვე ჩაბარებულია' }],
      });
    renderWithProviders(
      <ModalsProvider>
        <MemoryRouter>
          <ScanJob flow="parsexport" operType={8711} />
        </MemoryRouter>
      </ModalsProvider>,
    );
    await screen.findByTestId('scan-input');
    await scan('PO000000001');
    await scan('PO000000002');
    await waitFor(() => expect(rows()).toHaveLength(2));
    await userEvent.click(screen.getByTestId('send-job'));
    await userEvent.click(await screen.findByRole('button', { name: 'დიახ' }));
    await screen.findByText('შესრულდა: 1, არ შესრულდა: 1; მიზეზები სიაშია');
    expect(screen.queryByText('ინფორმაცია გადაეცა სერვერს')).toBeNull();
    await waitFor(() => expect(rows()).toEqual([]));
    const refused = await screen.findByTestId('refused-lines');
    expect(refused.textContent).toContain('არ შესრულდა: 1');
    expect(refused.textContent).toContain('ამანათი PO000000002 უკვე ჩაბარებულია');
    // held on the device with the new (empty) job
    expect(localStorage.getItem('po.mobile.parsexport')).toContain('უკვე ჩაბარებულია');
    await userEvent.click(screen.getByRole('button', { name: 'PO000000002 სიიდან წაშლა' }));
    await waitFor(() => expect(screen.queryByTestId('refused-lines')).toBeNull());
  });

  it('offline, a sent job is kept and said so as information, not as an error', async () => {
    renderWithProviders(
      <ModalsProvider>
        <MemoryRouter>
          <ScanJob flow="parsexport" operType={8711} />
        </MemoryRouter>
      </ModalsProvider>,
    );
    await screen.findByTestId('scan-input');
    await scan('PO000000001');
    await waitFor(() => expect(rows()).toHaveLength(1));
    offline = true;
    await userEvent.click(screen.getByTestId('send-job'));
    await userEvent.click(await screen.findByRole('button', { name: 'დიახ' }));
    const text = await screen.findByText(
      'ინტერნეტი არ არის: ოპერაცია შენახულია და გაიგზავნება კავშირის აღდგენისას',
      {},
      { timeout: 5000 },
    );
    const toast = text.closest('.mantine-Notification-root') as HTMLElement;
    expect(toast.getAttribute('style')).toContain('blue');
    expect(toast.getAttribute('style')).not.toContain('red');
  });

  it('refuses a job its proof rule asks a photo of, with the rule’s message, also offline from the kept rules', async () => {
    const rule = {
      Id: 1,
      Operation: 'handToCourier',
      ReasonId: null,
      Signature: false,
      Photo: true,
      Message: 'კურიერზე გადაცემისას ფოტო სავალდებულოა',
      MessageEn: '',
    };
    handlers.GetProofRules = () => ok([rule]);
    const view = renderWithProviders(
      <ModalsProvider>
        <MemoryRouter>
          <ScanJob flow="delivercurrier" operType={8707} />
        </MemoryRouter>
      </ModalsProvider>,
    );
    await screen.findByTestId('scan-input');
    // the photo panel says the rule once the rules are read
    await within(screen.getByTestId('proof-photos')).findByText(/ფოტო სავალდებულოა/);
    await scan('PO000000001');
    await waitFor(() => expect(rows()).toHaveLength(1));
    await userEvent.click(screen.getByTestId('send-job'));
    await screen.findByText(rule.Message);
    expect(calls).not.toContain('MobSendJob');
    expect(screen.queryByText('გსურთ მონაცემების სერვერზე გადაცემა?')).toBeNull();
    view.unmount();

    // without a signal the phone keeps to the rules it read last
    offline = true;
    renderWithProviders(
      <ModalsProvider>
        <MemoryRouter>
          <ScanJob flow="delivercurrier" operType={8707} />
        </MemoryRouter>
      </ModalsProvider>,
    );
    await within(await screen.findByTestId('proof-photos')).findByText(/ფოტო სავალდებულოა/);
    expect(JSON.parse(localStorage.getItem('po.mobile.proofRules') ?? '[]')).toEqual([rule]);
  });
});
