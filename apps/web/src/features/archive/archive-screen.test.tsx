import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { encodeNote } from '@po/contract/note';
import type { ArchiveRow } from '@po/contract/archive';
import { renderWithProviders } from '@/test/render';
import { clearSession, setSession } from '@/lib/session';
import { ArchiveFinderScreen as ArchFinder } from './archive-finder';
import { OldArchiveFinderScreen as OldArchFinder } from './old-archive-finder';
import { defaultFinderForm } from '@/components/finder/finder-form';
import { toUsDate } from '@/lib/dates';

function signIn() {
  const note = {
    RegistrationDisable: false,
    IsAnother: false,
    IsCorporate: false,
    OfficeGUID: 'o1',
    RoleId: 105,
    DistributionCenter: '',
    Pid: '',
    OfficeName: 'ოფისი',
  };
  setSession({
    Id: 'a0000000-0000-4000-8000-000000000105',
    Ticket: 't',
    Name: 'operator',
    Role: 105,
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

const row = (n: number): ArchiveRow => ({
  GUID: `00000000-0000-4000-8000-00000000000${n}`,
  Barcode: `PO00000000${n}`,
  TypeName: 'დოკუმენტი',
  CreateDate: '2025-05-20T08:00:00.000Z',
  CurStatusName: 'დადასტურებულია',
  LastStatusName: 'დადასტურებულია',
  StatusDate: '2025-05-20T09:00:00.000Z',
  Receiver: `მიმღები ${n}`,
  Sender: 'გამგზავნი',
  ReceiverAddress: '',
  SenderAddress: '',
  ReceiverPostCode: '',
  SenderPostCode: '',
  PID: '',
  Login: 'operator',
  WhoDeleted: '',
  Signature: '',
  CollectionDate: null,
  NumberOfPackages: 1,
  Weight: 1,
  Height: 1,
  Width: 1,
  Length: 1,
  Value: 5,
  PaymetType: 'ნაღდი',
  Whopays: '',
  SendType: 'ჩვეულებრივი',
  Description: '',
  Fild1: '',
  Fild2: '',
  DeliveryStatus: 'პროცესშია',
  DeliveryDate: null,
  Lname: '',
  Ldate: null,
  Late: 0,
  Direction: '',
  Courier: '',
  ArchiveDate: '2025-11-20T03:00:00.000Z',
});
const stats = (n: number) => ({
  Total: n,
  InProgress: n,
  Delivered: 0,
  NotDelivered: 0,
  Confirmed: n,
  NotConfirmed: 0,
  MinDate: '2025-05-20T08:00:00.000Z',
});
const ok = (data: unknown) => ({ Status: true, Code: 200, Data: data, Error: null });
type Call = { name: string; params: URLSearchParams; body: Record<string, unknown> };
let calls: Call[] = [];
let found: ArchiveRow[] = [];

beforeEach(() => {
  calls = [];
  found = [row(1)];
  signIn();
  const handlers: Record<string, (c: Call) => unknown> = {
    PostGetRegion: () => ok({ Regions: [] }),
    PostGetAllUsers: () => ok({ AllUsers: [] }),
    ArchGetMinMaXDate: () => ok({ Min: '2021-11-25T08:00:00.000Z', Max: '2026-05-27T08:00:00.000Z' }),
    OldArchGetMinMaXDate: () => ok({ Min: null, Max: null }),
    ArchParcelFinder: () =>
      ok({
        Parcels: found,
        ParcelsStatuses: [],
        Stats: stats(found.length),
        Total: found.length,
        Capped: false,
      }),
    OldArchParcelFinder: () =>
      ok({
        Parcels: found,
        ParcelsStatuses: [],
        Stats: stats(found.length),
        Total: found.length,
        Capped: false,
      }),
    ArchGetLastParcelStatus: (c) =>
      ok({
        ParcelsStatuses: [
          {
            ParcelGUID: c.params.get('gui'),
            CreatedDate: '2025-05-21T08:00:00.000Z',
            StatusName: 'ჩაბარებულია',
            Login: 'courier',
          },
        ],
        ParcelsDeliverys: [
          {
            DeliveryStatus: 'ჩაბარებულია',
            DeliveryDate: '2025-05-21T08:00:00.000Z',
            Lname: 'ჩაბარებულია',
            Ldate: '2025-05-21T08:00:00.000Z',
            Late: 0,
          },
        ],
      }),
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const u = new URL(url, 'http://localhost');
      const name = u.pathname.replace('/api/', '');
      const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
      const c = { name, params: u.searchParams, body };
      calls.push(c);
      const env = handlers[name]?.(c) ?? { Status: false, Code: 404, Data: null, Error: `no ${name}` };
      return new Response(JSON.stringify(env), { headers: { 'Content-Type': 'application/json' } });
    }),
  );
});
afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const show = (C: () => React.JSX.Element) =>
  renderWithProviders(
    <MemoryRouter>
      <C />
    </MemoryRouter>,
  );
const named = (n: string) => calls.filter((c) => c.name === n);

describe('archive finder screens', () => {
  it(
    '/arcparfinder: the default range ends 180 days ago, Enter in the barcode searches, the last status fills in, the chart only above one result',
    { timeout: 60_000 },
    async () => {
      const user = userEvent.setup();
      show(ArchFinder);
      await screen.findByRole('heading', { name: 'არქივში ძებნა' });
      await screen.findByText(/არქივში: .*2021.*2026/);
      expect(screen.getAllByLabelText('ოპერატორი').length).toBeGreaterThan(0);
      expect(screen.getByLabelText('აღწერა')).toBeTruthy();
      await user.type(screen.getByLabelText('შტრიხკოდი'), 'po000000001{Enter}');
      await waitFor(() => expect(named('ArchParcelFinder').length).toBeGreaterThan(0));
      const sent = named('ArchParcelFinder')[0]!.body;
      const def = defaultFinderForm(180);
      expect(sent).toMatchObject({
        Barcode: 'PO000000001',
        StartRegDate: toUsDate(def.from),
        EndRegDate: toUsDate(def.to),
        Take: 20,
      });
      // each row's last status, one call per parcel
      await screen.findByText('ბოლო სტატუსები ჩაიტვირთა (1)');
      expect(named('ArchGetLastParcelStatus').map((c) => c.params.get('gui'))).toEqual([row(1).GUID]);
      expect(screen.queryByTestId('finder-chart')).toBeNull();

      found = [row(1), row(2)];
      await user.click(screen.getByRole('button', { name: /არქივში ძებნა/ }));
      await user.clear(screen.getByLabelText('შტრიხკოდი'));
      await user.click(screen.getByRole('button', { name: 'ძებნა' }));
      await screen.findByTestId('finder-chart');
    },
  );

  it(
    '/oldarcparfinder: no operator, no description, no chart, no last-status calls, the archive date column',
    { timeout: 60_000 },
    async () => {
      const user = userEvent.setup();
      found = [row(1), row(2)];
      show(OldArchFinder);
      await screen.findByRole('heading', { name: 'ძველ არქივში ძებნა' });
      expect(screen.queryByLabelText('ოპერატორი')).toBeNull();
      expect(screen.queryByLabelText('აღწერა')).toBeNull();
      await user.click(screen.getByRole('button', { name: 'ძებნა' }));
      await screen.findByText('PO000000002');
      const sent = named('OldArchParcelFinder')[0]!.body;
      expect(sent).not.toHaveProperty('Description');
      expect(sent).not.toHaveProperty('RegistredUserGUID');
      expect(sent.EndRegDate).toBe(toUsDate(defaultFinderForm(1825).to));
      expect(screen.getAllByText('დაარქივების თარიღი').length).toBeGreaterThan(0);
      expect(screen.queryByTestId('finder-chart')).toBeNull();
      expect(named('ArchGetLastParcelStatus')).toHaveLength(0);
    },
  );
});
