import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { encodeNote } from '@po/contract/note';
import { renderWithProviders } from '@/test/render';
import { clearSession, setSession } from '@/lib/session';
import { dataRows } from '@/components/data-grid/test-utils';
import { MobilesScreen as Mobiles } from './mobiles';
import { UsersScreen as Users } from './users';
import { OfficesScreen as Offices } from './offices';

const note = {
  RegistrationDisable: false,
  IsAnother: false,
  IsCorporate: false,
  OfficeGUID: 'o1',
  RoleId: 100,
  DistributionCenter: '',
  Pid: '',
  OfficeName: 'Office',
};
const OFFICE = '11111111-1111-4111-8111-111111111111';
const COURIER = 'a0000000-0000-4000-8000-000000000106';
const USER = 'a0000000-0000-4000-8000-000000000105';

type Handler = (params: URLSearchParams, body: Record<string, unknown> | null) => unknown;
let handlers: Record<string, Handler> = {};
const calls: Array<{ name: string; params: URLSearchParams; body: Record<string, unknown> | null }> = [];

function ok(data: unknown) {
  return { Status: true, Code: 200, Data: data, Error: null };
}
const offices = [
  {
    GUID: OFFICE,
    Name: 'თბილისის ცენტრი',
    CityID: 320,
    DistributionCenter: null,
    DefaultDestinationDepotGUID: null,
    Sender: 'მისამართი 1',
    PID: '204000001',
    IsDistrCenter: true,
    IsCorporate: false,
  },
];

beforeEach(() => {
  calls.length = 0;
  setSession({
    Id: 'a0000000-0000-4000-8000-000000000100',
    Ticket: 't',
    Name: 'admin',
    Role: 100,
    Note: encodeNote(note),
    note,
    PasswordExp: false,
    Mobile: '',
    CarNumber: '',
    DriverId: '',
    AvatarUrl: null,
    Login: 'admin',
  });
  handlers = {
    PostGetOffices: () => ok({ Offices: offices }),
    PostGetRegion: () =>
      ok({ Regions: [{ ID: 320, Name: 'თბილისი', Index: '0100', RIndex: '0100', Zone: 1, Enabled: true }] }),
    PostGetMobiles: () =>
      ok({
        Mobiles: [
          {
            GUID: 'm1',
            Name: 'Samsung A54',
            OfficeGUID: OFFICE,
            UserGUID: COURIER,
            CarNumber: 'AA-123-BB',
            DriverId: '01024099999',
            IsActive: true,
          },
        ],
      }),
    PostGetMobileUsers: () =>
      ok({
        Users: [{ UserGUID: COURIER, Name: 'courier', OfficeGUID: OFFICE, OfficeName: 'თბილისის ცენტრი' }],
      }),
    PostGetAllUsers: () =>
      ok({
        AllUsers: [
          {
            GUID: USER,
            Login: 'operator',
            OfficeGUID: OFFICE,
            RoleId: 105,
            StatisticDefDay: 4,
            StatisticParcelsNumber: 5,
            PasswordValid: '2027-01-01T00:00:00.000Z',
            IsAnother: false,
            Enabled: true,
            RegistrationDisable: false,
            Info: '',
            DistributionCenter: OFFICE,
          },
        ],
      }),
    PostGetRoles: () => ok({ Roles: [{ RoleId: 105, RoleName: 'ოპერატორი' }] }),
    GetAccountRequests: () =>
      ok({
        Requests: [
          {
            ID: 7,
            Kind: 'reset',
            Login: 'nino',
            Name: 'ნინო',
            Phone: '555',
            Email: '',
            Office: '',
            Message: 'დამავიწყდა',
            CreateDate: '2026-01-01T10:00:00.000Z',
            Handled: false,
            HandledBy: null,
          },
        ],
      }),
    PostHandleAccountRequest: () => ok({ Ret: 1 }),
    PostUserChangePaswword: () => ok({ Ret: 1 }),
    PostUpdateMobiles: () => ok({ Ret: 1, Guid: 'm1' }),
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const u = new URL(url, 'http://localhost');
      const name = u.pathname.replace('/api/', '');
      const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : null;
      calls.push({ name, params: u.searchParams, body });
      const h = handlers[name];
      const env = h ? h(u.searchParams, body) : { Status: false, Code: 404, Data: null, Error: `no ${name}` };
      return new Response(JSON.stringify(env), { headers: { 'Content-Type': 'application/json' } });
    }),
  );
});
afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const editRow = () => document.querySelector('tr[data-edit-row]') as HTMLElement;
const named = (name: string) => calls.filter((c) => c.name === name);

describe('/mobiles', () => {
  it('shows office and courier names and, with the registry check on, refuses to save an unknown driver', async () => {
    const user = userEvent.setup();
    handlers.CheckDriver = () => ok('');
    renderWithProviders(<Mobiles />);
    await waitFor(() => expect(dataRows()).toHaveLength(1));
    await waitFor(() => expect(within(dataRows()[0]).getByText('courier')).toBeTruthy());
    expect(within(dataRows()[0]).getByText('თბილისის ცენტრი')).toBeTruthy();

    await user.click(screen.getByRole('checkbox', { name: 'მძღოლის შემოწმება RS-ის რეესტრში' }));
    await user.click(within(dataRows()[0]).getByRole('button', { name: 'რედაქტირება' }));
    await user.click(within(editRow()).getByRole('button', { name: 'შენახვა' }));

    await waitFor(() => expect(named('CheckDriver')).toHaveLength(1));
    expect(named('CheckDriver')[0].params.get('DriverId')).toBe('01024099999');
    expect((await screen.findAllByText('მძღოლი 01024099999 ვერ მოიძებნა')).length).toBeGreaterThan(0);
    expect(named('PostUpdateMobiles')).toHaveLength(0);
  });

  it('saves after the registry names the driver, showing the registered name', async () => {
    const user = userEvent.setup();
    handlers.CheckDriver = () => ok('გიორგი ბერიძე');
    localStorage.setItem('po.admin.mobiles.checkDriver', '1');
    renderWithProviders(<Mobiles />);
    await waitFor(() => expect(dataRows()).toHaveLength(1));
    await user.click(within(dataRows()[0]).getByRole('button', { name: 'რედაქტირება' }));
    await user.click(within(editRow()).getByRole('button', { name: 'შენახვა' }));
    await waitFor(() => expect(named('PostUpdateMobiles')).toHaveLength(1));
    expect(named('PostUpdateMobiles')[0].body).toMatchObject({
      Guid: 'm1',
      Name: 'Samsung A54',
      OfficeGUID: OFFICE,
      UserGUID: COURIER,
      DriverId: '01024099999',
      IsActive: true,
    });
    expect((await screen.findAllByText('მძღოლი 01024099999: გიორგი ბერიძე')).length).toBeGreaterThan(0);
  });

  it('shows "error on RS" when the registry check fails', async () => {
    const user = userEvent.setup();
    handlers.CheckDriver = () => ({
      Status: false,
      Code: 500,
      Data: null,
      Error: 'შეცდომა RS-თან დაკავშირებისას',
    });
    localStorage.setItem('po.admin.mobiles.checkDriver', '1');
    renderWithProviders(<Mobiles />);
    await waitFor(() => expect(dataRows()).toHaveLength(1));
    await user.click(within(dataRows()[0]).getByRole('button', { name: 'რედაქტირება' }));
    await user.click(within(editRow()).getByRole('button', { name: 'შენახვა' }));
    expect((await screen.findAllByText('შეცდომა RS-თან დაკავშირებისას')).length).toBeGreaterThan(0);
    expect(named('PostUpdateMobiles')).toHaveLength(0);
  });
});

describe('/users', () => {
  it('resets the chosen user’s password only after confirmation, and lists open account requests', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <MemoryRouter>
        <Users />
      </MemoryRouter>,
    );
    await waitFor(() => expect(dataRows()).toHaveLength(1));
    expect(await screen.findByText('დამავიწყდა')).toBeTruthy();

    await user.click(within(dataRows()[0]).getByText('operator'));
    expect(screen.getByText('მომხმარებელი: operator')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'პაროლის განულება' }));
    expect(named('PostUserChangePaswword')).toHaveLength(0);
    await user.click(await screen.findByRole('button', { name: 'დიახ' }));
    await waitFor(() => expect(named('PostUserChangePaswword')).toHaveLength(1));
    expect(named('PostUserChangePaswword')[0].params.get('User')).toBe(USER);
    expect(named('PostUserChangePaswword')[0].params.get('pass')).toBe('');

    await user.click(screen.getByRole('button', { name: 'დამუშავებულია' }));
    await waitFor(() => expect(named('PostHandleAccountRequest')).toHaveLength(1));
    expect(named('PostHandleAccountRequest')[0].body).toMatchObject({ ID: 7 });
  });

  it('refuses a weak new password before asking, and sets a strong one after confirmation', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <MemoryRouter>
        <Users />
      </MemoryRouter>,
    );
    await waitFor(() => expect(dataRows()).toHaveLength(1));
    await user.click(within(dataRows()[0]).getByText('operator'));
    const box = screen.getByLabelText('ახალი პაროლი');
    await user.type(box, 'weak');
    await user.click(screen.getByRole('button', { name: 'პაროლის შეცვლა' }));
    expect(screen.queryByRole('button', { name: 'დიახ' })).toBeNull();
    await user.clear(box);
    await user.type(box, 'Strong#12');
    await user.click(screen.getByRole('button', { name: 'პაროლის შეცვლა' }));
    await user.click(await screen.findByRole('button', { name: 'დიახ' }));
    await waitFor(() => expect(named('PostUserChangePaswword')).toHaveLength(1));
    expect(named('PostUserChangePaswword')[0].params.get('pass')).toBe('Strong#12');
  });
});

describe('/users: deleting (issue 18)', () => {
  const renderUsers = () =>
    renderWithProviders(
      <MemoryRouter>
        <Users />
      </MemoryRouter>,
    );

  it('forgets a deleted user: the toolbar names nobody and the password buttons are disabled', async () => {
    const user = userEvent.setup();
    let deleted = false;
    const list = handlers.PostGetAllUsers;
    handlers.PostGetAllUsers = (p, b) => (deleted ? ok({ AllUsers: [] }) : list(p, b));
    handlers.PostDeleteUser = () => {
      deleted = true;
      return ok({ Ret: 1 });
    };
    renderUsers();
    await waitFor(() => expect(dataRows()).toHaveLength(1));
    await user.click(within(dataRows()[0]).getByText('operator'));
    expect(screen.getByText('მომხმარებელი: operator')).toBeTruthy();
    await user.click(within(dataRows()[0]).getByRole('button', { name: 'წაშლა' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('გაითიშება');
    await user.click(within(dialog).getByRole('button', { name: 'წაშლა' }));
    await waitFor(() => expect(named('PostDeleteUser')).toHaveLength(1));
    await waitFor(() => expect(dataRows()).toHaveLength(0));
    expect(screen.getByText('აირჩიეთ მომხმარებელი ცხრილში')).toBeTruthy();
    expect(screen.queryByText('მომხმარებელი: operator')).toBeNull();
    expect(screen.getByRole('button', { name: 'პაროლის განულება' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'პაროლის შეცვლა' })).toHaveProperty('disabled', true);
  });

  it('says in the toast that a user with work was disabled instead of deleted', async () => {
    const user = userEvent.setup();
    handlers.PostDeleteUser = () => ok({ Ret: 2, MessageKey: 'admin.userDisabledNotDeleted' });
    renderUsers();
    await waitFor(() => expect(dataRows()).toHaveLength(1));
    await user.click(within(dataRows()[0]).getByRole('button', { name: 'წაშლა' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'წაშლა' }));
    expect(
      await screen.findByText('მომხმარებელს აქვს ამანათები ან ოპერაციები, ამიტომ ის გაითიშა და არ წაიშალა'),
    ).toBeTruthy();
  });

  it('takes no more text than the contract allows in the login and the comment', async () => {
    const user = userEvent.setup();
    renderUsers();
    await waitFor(() => expect(dataRows()).toHaveLength(1));
    await user.click(within(dataRows()[0]).getByRole('button', { name: 'რედაქტირება' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('textbox', { name: 'მომხმარებელი' })).toHaveProperty('maxLength', 100);
    expect(within(dialog).getByRole('textbox', { name: 'კომენტარი' })).toHaveProperty('maxLength', 36);
  });
});

describe('/offices', () => {
  it('takes no more text than the contract allows (name 200, address 300, personal code 11)', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Offices />);
    await waitFor(() => expect(dataRows()).toHaveLength(1));
    await user.click(within(dataRows()[0]).getByRole('button', { name: 'რედაქტირება' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('textbox', { name: 'დასახელება' })).toHaveProperty('maxLength', 200);
    expect(within(dialog).getByRole('textbox', { name: 'მისამართი' })).toHaveProperty('maxLength', 300);
    expect(within(dialog).getByRole('textbox', { name: 'პირადი ნომერი' })).toHaveProperty('maxLength', 11);
  });

  it('shows the offices with their city', async () => {
    renderWithProviders(<Offices />);
    await waitFor(() => expect(dataRows()).toHaveLength(1));
    await waitFor(() => expect(within(dataRows()[0]).getByText('თბილისი')).toBeTruthy());
    expect(within(dataRows()[0]).getByText('204000001')).toBeTruthy();
  });

  it('disables and clears the distribution office of a distribution centre in the form', async () => {
    const user = userEvent.setup();
    const plain = {
      ...offices[0],
      GUID: 'b0000000-0000-4000-8000-000000000001',
      Name: 'ბათუმის ფილიალი',
      IsDistrCenter: false,
      DistributionCenter: OFFICE,
    };
    handlers.PostGetOffices = () => ok({ Offices: [offices[0], plain] });
    handlers.PostUpdateOffice = () => ok({ Ret: 1, Guid: plain.GUID });
    renderWithProviders(<Offices />);
    await waitFor(() => expect(dataRows()).toHaveLength(2));
    const row = dataRows().find((r) => within(r).queryByText('ბათუმის ფილიალი'))!;
    await user.click(within(row).getByRole('button', { name: 'რედაქტირება' }));
    const dialog = await screen.findByRole('dialog');
    const distr = within(dialog).getByRole('combobox', { name: 'სადისტრიბუციო ოფისი' });
    expect(distr).toHaveProperty('disabled', false);
    await user.click(within(dialog).getByRole('checkbox', { name: 'სადისტრიბუციო ცენტრი' }));
    expect(within(dialog).getByRole('combobox', { name: 'სადისტრიბუციო ოფისი' })).toHaveProperty(
      'disabled',
      true,
    );
    await user.click(within(dialog).getByRole('button', { name: 'შენახვა' }));
    await waitFor(() => expect(named('PostUpdateOffice')).toHaveLength(1));
    expect(named('PostUpdateOffice')[0].body).toMatchObject({
      Guid: plain.GUID,
      IsDistrCenter: true,
      DistrGuid: '',
    });
  });
});
