import { ModalsProvider } from '@mantine/modals';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { encodeNote } from '@po/contract/note';
import type { FinderRow, LastStatusItem } from '@po/contract/parcels/finder';
import { renderWithProviders } from '@/test/render';
import { clearSession, setSession } from '@/lib/session';
import { ParcelFinderScreen as ParcelFinder } from './parcel-finder';
import { ChangeStatusScreen as ChangeStatus, assignOneByOne } from './change-status';
import { DeletedParcelsScreen as DeletedParcels } from './deleted-parcels';
import { billFileProblem } from './file-finder';

function signIn(role = 105) {
  const note = {
    RegistrationDisable: false,
    IsAnother: false,
    IsCorporate: false,
    OfficeGUID: 'o1',
    RoleId: role,
    DistributionCenter: '',
    Pid: '',
    OfficeName: 'ოფისი',
  };
  setSession({
    Id: 'a0000000-0000-4000-8000-000000000105',
    Ticket: 't',
    Name: 'operator',
    Role: role,
    Note: encodeNote(note),
    note,
    PasswordExp: false,
    Mobile: '',
    CarNumber: '',
    DriverId: '',
    AvatarUrl: null,
    Login: 'operator',
  });
}

const guid = (n: number) => `0000000${n}-0000-4000-8000-000000000000`;
const row = (n: number, over: Partial<FinderRow> = {}): FinderRow => ({
  GUID: guid(n),
  Barcode: `PO00000000${n}`,
  TypeName: 'ამანათი',
  CreateDate: '2026-11-20T08:00:00.000Z',
  CurStatusName: 'რეგისტრირებულია',
  LastStatusName: 'რეგისტრირებულია',
  StatusDate: '2026-11-20T08:00:00.000Z',
  Receiver: `მიმღები ${n}`,
  Sender: `გამგზავნი ${n}`,
  ReceiverAddress: '',
  SenderAddress: '',
  ReceiverPostCode: '',
  SenderPostCode: '',
  PID: '01001012345',
  Login: 'operator',
  WhoDeleted: '',
  Signature: '',
  CollectionDate: null,
  NumberOfPackages: 1,
  Weight: 1.5,
  Height: 0,
  Width: 0,
  Length: 0,
  Value: 14.5,
  PaymetType: 'ნაღდი',
  Whopays: 'გამგზავნი',
  SendType: 'ჩვეულებრივი',
  Description: '',
  Fild1: '',
  Fild2: '',
  DeliveryStatus: '',
  DeliveryDate: null,
  Lname: '',
  Ldate: null,
  Late: 0,
  Direction: 'თბილისი → ბათუმი',
  Courier: '',
  ...over,
});
const last = (gui: string, over: Partial<LastStatusItem> = {}): LastStatusItem => ({
  ParcelGUID: gui,
  CreatedDate: '2026-11-21T08:00:00.000Z',
  StatusName: 'რეგისტრირებულია',
  Login: 'operator',
  DeliveryStatus: 'პროცესშია',
  DeliveryDate: null,
  Lname: '',
  Ldate: null,
  Late: 0,
  ...over,
});

const ok = (data: unknown) => ({ Status: true, Code: 200, Data: data, Error: null });
const fail = (Code: number, Error: string) => ({ Status: false, Code, Data: null, Error });
type Params = Record<string, string>;
type Handler = (p: Params) => unknown;
let handlers: Record<string, Handler> = {};
const calls: Array<{ name: string; params: Params }> = [];
const named = (n: string) => calls.filter((c) => c.name === n);

beforeEach(() => {
  calls.length = 0;
  signIn();
  handlers = {
    PostGetRegion: () =>
      ok({
        Regions: [
          { ID: 8734, Name: 'დადასტურებულია', Index: null, RIndex: null, Zone: 0, Enabled: true },
          { ID: 8736, Name: 'მიღებულია ოფისში', Index: null, RIndex: null, Zone: 0, Enabled: true },
        ],
      }),
    PostGetAllUsers: () => ok({ AllUsers: [] }),
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const u = new URL(url, 'http://localhost');
      const name = u.pathname.replace('/api/', '');
      const params: Params =
        init?.method === 'POST' && typeof init.body === 'string'
          ? (JSON.parse(init.body) as Params)
          : Object.fromEntries(u.searchParams);
      calls.push({ name, params });
      const h = handlers[name];
      const env = h ? h(params) : fail(404, `no ${name}`);
      return new Response(JSON.stringify(env), { headers: { 'Content-Type': 'application/json' } });
    }),
  );
});
afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
  localStorage.clear();
});

function show(C: () => React.JSX.Element) {
  return renderWithProviders(
    <ModalsProvider>
      <MemoryRouter>
        <C />
      </MemoryRouter>
    </ModalsProvider>,
  );
}
const gridRows = (label: string) =>
  Array.from(document.querySelectorAll(`[aria-label="${label}"] tbody tr[data-row-id]`));
const toasts = () =>
  Array.from(document.querySelectorAll('.mantine-Notification-root')).map((n) => n.textContent);

describe('bulk status assignment', () => {
  it('sends one parcel at a time; a failing parcel does not stop or undo the others', async () => {
    const sent: string[] = [];
    const done: string[] = [];
    const progress: number[] = [];
    const out = await assignOneByOne(
      ['A', 'B', 'C', 'D'],
      8734,
      async (b, stat) => {
        sent.push(`${b}:${stat}`);
        if (b === 'B') throw new Error('ამანათი B ვერ მოიძებნა');
        if (b === 'C') return { Ret: -1, Failed: [{ Error: 'არქივშია' }] };
        return { Ret: 1, Failed: [] };
      },
      { done: (b) => done.push(b), progress: (n) => progress.push(n) },
      0,
    );
    expect(sent).toEqual(['A:8734', 'B:8734', 'C:8734', 'D:8734']);
    expect(done).toEqual(['A', 'D']);
    expect(progress).toEqual([1, 2, 3, 4]);
    expect(out.failed).toEqual([
      { barcode: 'B', error: 'ამანათი B ვერ მოიძებნა' },
      { barcode: 'C', error: 'არქივშია' },
    ]);
  });
});

describe('scanned-bill upload check', () => {
  it('takes JPEG, PNG and PDF up to 3 MB only', () => {
    expect(billFileProblem({ type: 'image/png', size: 1000 })).toBeNull();
    expect(billFileProblem({ type: 'image/jpeg', size: 3 * 1024 * 1024 })).toBeNull();
    expect(billFileProblem({ type: 'application/pdf', size: 10 })).toBeNull();
    expect(billFileProblem({ type: 'image/jpeg', size: 3 * 1024 * 1024 + 1 })).toBe('bill.tooBig');
    expect(billFileProblem({ type: 'text/plain', size: 10 })).toBe('bill.badType');
    expect(billFileProblem({ type: '', size: 10 })).toBe('bill.badType');
  });
});

describe('/parfinder', () => {
  const stats = {
    Total: 2,
    InProgress: 1,
    Delivered: 1,
    NotDelivered: 0,
    Confirmed: 0,
    NotConfirmed: 2,
    MinDate: '2026-11-20T08:00:00.000Z',
  };

  it('refuses an end date before the start without calling the server', async () => {
    const user = userEvent.setup();
    show(ParcelFinder);
    fireEvent.change(await screen.findByLabelText('რეგისტრაცია: დან'), { target: { value: '2026-11-20' } });
    fireEvent.change(screen.getByLabelText('რეგისტრაცია: მდე'), { target: { value: '2026-11-10' } });
    await user.click(screen.getByRole('button', { name: 'ძებნა' }));
    await waitFor(() => expect(toasts()).toContain('დასრულების თარიღი დაწყების თარიღზე ადრეა'));
    expect(named('ParcelFinder')).toHaveLength(0);
  }, 60_000);

  it('searches with US dates and one page, fills the last statuses with a progress message, and enables print for a parcel with a delivery status', async () => {
    handlers.ParcelFinder = () =>
      ok({
        Parcels: [row(1), row(2)],
        ParcelsStatuses: [],
        Stats: stats,
        Total: 2,
        Capped: false,
      });
    handlers.GetLastParcelStatuses = (p) =>
      ok({
        Items: p
          .guis!.split(',')
          .map((g) =>
            g === guid(1)
              ? last(g, { StatusName: 'ჩაბარებულია', DeliveryStatus: 'ჩაბარებულია', Lname: 'ჩაბარებულია' })
              : last(g, { DeliveryStatus: '' }),
          ),
      });
    handlers.GetSignatureToBase64 = () => ok('iVBORw0KGgo=');
    handlers.GetParcelHandover = (p) =>
      ok({
        Found: true,
        Status: p.barcode === 'PO000000001' ? 'ჩაბარებულია' : '',
        Date: p.barcode === 'PO000000001' ? '2026-11-25T13:08:00.000Z' : null,
        Comment: p.barcode === 'PO000000001' ? 'ჩაბარდა მეზობელს, მე-3 სართული' : '',
        CourierName: 'გიორგი ბერიძე',
        CourierLogin: 'courier',
      });
    const user = userEvent.setup();
    show(ParcelFinder);
    const barcode = await screen.findByLabelText('შტრიხკოდი');
    await user.type(barcode, 'po000000001');
    await user.click(screen.getByRole('button', { name: 'ძებნა' }));

    await waitFor(() => expect(gridRows('ნაპოვნი ამანათები')).toHaveLength(2));
    const sent = named('ParcelFinder')[0]!.params;
    expect(sent.Barcode).toBe('PO000000001');
    expect(sent.StartRegDate).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    expect(sent.EndRegDate).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    expect(sent.Take).toBe(25);
    expect(screen.getByTestId('finder-chart').textContent).toMatch(/სულ ამანათი:\s*2/);
    expect(screen.getByTestId('finder-min-date').textContent).toContain('2026');

    await waitFor(() =>
      expect(screen.getByTestId('finder-progress').textContent).toBe('სტატუსები ჩაიტვირთა: 2'),
    );
    expect(named('GetLastParcelStatuses').map((c) => c.params.guis)).toEqual([`${guid(1)},${guid(2)}`]);
    // the fill replaced the first row's status
    await waitFor(() => expect(gridRows('ნაპოვნი ამანათები')[0]!.textContent).toContain('ჩაბარებულია'));

    const print = () => screen.getByRole('button', { name: 'შეტყობინების ბარათი' });
    expect(print()).toHaveProperty('disabled', true);
    // the second parcel has no delivery status: print stays off and no signature is asked for
    await user.click(within(gridRows('ნაპოვნი ამანათები')[1] as HTMLElement).getByText('PO000000002'));
    await waitFor(() => expect(screen.getByText('ხელმოწერა არ არის')).toBeTruthy());
    expect(print()).toHaveProperty('disabled', true);
    expect(named('GetSignatureToBase64')).toHaveLength(0);
    // the first one is delivered: its signature (deliver 0) and print
    await user.click(within(gridRows('ნაპოვნი ამანათები')[0] as HTMLElement).getByText('PO000000001'));
    await waitFor(() => expect(print()).toHaveProperty('disabled', false));
    await waitFor(() => expect(screen.getByTestId('signature-image')).toBeTruthy());
    expect(named('GetSignatureToBase64')[0]!.params).toMatchObject({ barcode: 'PO000000001', deliver: '0' });
    // with the signature: who handed it over, when, and what the courier typed (not the login, not empty)
    await waitFor(() =>
      expect(screen.getByTestId('signature-courier').textContent).toMatch(
        /^ჩააბარა: გიორგი ბერიძე 25 ნოემბერი 2026/,
      ),
    );
    expect(screen.getByTestId('signature-comment').textContent).toBe(
      'კურიერის კომენტარი: ჩაბარდა მეზობელს, მე-3 სართული',
    );
    const props = within(screen.getByRole('grid', { name: 'ამანათის მონაცემები' }));
    const valueOf = (name: string) =>
      props.getByText(name).closest('tr')!.querySelectorAll('td')[1]!.textContent;
    expect(valueOf('კურიერი')).toBe('გიორგი ბერიძე');
    expect(valueOf('კურიერის კომენტარი')).toBe('ჩაბარდა მეზობელს, მე-3 სართული');
    // a long value wraps in its cell instead of being cut with an ellipsis
    const cell = props.getByText('ჩაბარდა მეზობელს, მე-3 სართული');
    expect(cell.style.whiteSpace).toBe('normal');
    // a click shows the signature large
    await user.click(screen.getByRole('button', { name: 'ხელმოწერის გადიდება' }));
    expect(await screen.findByTestId('signature-large')).toBeTruthy();
  }, 60_000);
});

const stats0 = {
  Total: 0,
  InProgress: 0,
  Delivered: 0,
  NotDelivered: 0,
  Confirmed: 0,
  NotConfirmed: 0,
  MinDate: null,
};

describe('/changestatus', () => {
  beforeEach(() => signIn(100));

  it('says "first select parcels" with nothing selected; selected parcels that succeed leave the list', async () => {
    handlers.NotConfirmParcelFinder = () =>
      ok({
        Parcels: [row(1), row(2), row(3)],
        ParcelsStatuses: [],
        Stats: { ...stats0 },
        Total: 3,
        Capped: false,
      });
    handlers.PostUpStat = (p) =>
      p.barcodes === 'PO000000002'
        ? ok({ Ret: -1, Done: [], Failed: [{ Barcode: 'PO000000002', Error: 'არქივშია' }] })
        : ok({ Ret: 1, Done: [p.barcodes], Failed: [] });
    const user = userEvent.setup();
    show(ChangeStatus);
    await user.click(await screen.findByRole('button', { name: 'ძებნა' }));
    await waitFor(() => expect(gridRows('დაუდასტურებელი ამანათები')).toHaveLength(3));

    await user.click(screen.getByRole('button', { name: 'მინიჭება' }));
    await waitFor(() => expect(toasts()).toContain('ჯერ მონიშნეთ ამანათები'));
    expect(named('PostUpStat')).toHaveLength(0);

    for (const r of gridRows('დაუდასტურებელი ამანათები'))
      await user.click(within(r as HTMLElement).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'მინიჭება' }));
    await waitFor(() =>
      expect(screen.getByTestId('assign-progress').textContent).toBe('დამუშავებულია 3 / 3'),
    );
    expect(named('PostUpStat').map((c) => [c.params.barcodes, c.params.stat])).toEqual([
      ['PO000000001', '8734'],
      ['PO000000002', '8734'],
      ['PO000000003', '8734'],
    ]);
    await waitFor(() => expect(gridRows('დაუდასტურებელი ამანათები')).toHaveLength(1));
    expect(gridRows('დაუდასტურებელი ამანათები')[0]!.textContent).toContain('PO000000002');
  }, 60_000);
});

describe('/deletedparcels', () => {
  beforeEach(() => signIn(100));

  it('restores after a confirmation, and says why when the barcode was registered again', async () => {
    const deleted = (n: number) => ({
      GUID: guid(n),
      Barcode: `PO00000000${n}`,
      CreateDate: '2026-11-20T08:00:00.000Z',
      CurStatusName: 'რეგისტრირებულია',
      Receiver: 'მიმღები',
      Sender: 'გამგზავნი',
      PID: '',
      Login: 'operator',
      WhoDeleted: 'operator',
      Signature: '10.0.0.7',
      DeletedDate: '2026-11-20T09:00:00.000Z',
    });
    let list = [deleted(1), deleted(2)];
    handlers.GetDeletedParcels = () => ok({ Parcels: list });
    handlers.undeleteParcel = (p) => {
      if (p.gui === guid(2)) return ok({ Ret: -6 });
      list = list.filter((r) => r.GUID !== p.gui);
      return ok({ Ret: 2 });
    };
    const user = userEvent.setup();
    show(DeletedParcels);
    await user.click(await screen.findByRole('button', { name: 'ძებნა' }));
    await waitFor(() => expect(gridRows('წაშლილი ამანათები')).toHaveLength(2));
    expect(gridRows('წაშლილი ამანათები')[0]!.textContent).toContain('10.0.0.7');
    const range = named('GetDeletedParcels')[0]!.params;
    expect(range.StartDate).toBe(range.EndDate);

    const restoreRow = async (i: number) => {
      await user.click(
        within(gridRows('წაშლილი ამანათები')[i] as HTMLElement).getByRole('button', { name: 'აღდგენა' }),
      );
      const dialog = await screen.findByRole('dialog');
      expect(dialog.textContent).toContain('აღდგეს ამანათი?');
      await user.click(within(dialog).getByRole('button', { name: 'აღდგენა' }));
    };
    await restoreRow(1);
    await waitFor(() =>
      expect(toasts()).toContain('აღდგენა შეუძლებელია - ეს შტრიხკოდი უკვე დარეგისტრირებულია'),
    );
    await user.keyboard('{Escape}');
    await restoreRow(0);
    await waitFor(() => expect(toasts()).toContain('ამანათი PO000000001 აღდგენილია'));
    await waitFor(() => expect(gridRows('წაშლილი ამანათები')).toHaveLength(1));
  }, 60_000);
});
