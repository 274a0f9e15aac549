import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { encodeNote } from '@po/contract/note';
import { renderWithProviders } from '@/test/render';
import { clearSession, getSession, setSession } from '@/lib/session';
import { dataRows } from '@/components/data-grid/test-utils';
import { DayChart, niceMax } from '@/components/charts/day-chart';
import { DailyReportScreen as DayReport } from './daily-report';
import { EmployeeReportScreen as EmployeeReport } from './employee-report';
import { ParcelFinanceScreen as FinanceParcel } from './parcel-finance';

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
const NINO = 'a0000000-0000-4000-8000-000000000001';
const LEVAN = 'a0000000-0000-4000-8000-000000000002';

type Handler = (params: URLSearchParams, body: Record<string, unknown> | null) => unknown;
let handlers: Record<string, Handler> = {};
const calls: Array<{ name: string; params: URLSearchParams; body: Record<string, unknown> | null }> = [];
const ok = (data: unknown) => ({ Status: true, Code: 200, Data: data, Error: null });
const row = (id: string, name: string, inAt: string | null, outAt: string | null, minutes: number) => ({
  Name: name,
  CheckDate: '2026-03-02',
  InComDate: inAt,
  OutComDate: outAt,
  Dlt: `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`,
  Delta: minutes,
  DeltaH: minutes / 60,
  ID: id,
});

beforeEach(() => {
  calls.length = 0;
  setSession({
    Id: 'a0000000-0000-4000-8000-000000000100',
    Ticket: 'ticket-0',
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
    FGetOneDayStat: () =>
      ok({
        Ticket: 'ticket-1',
        Users: [
          row(NINO, 'ნინო', '2026-03-02T05:00:00.000Z', '2026-03-02T14:30:00.000Z', 570),
          row(LEVAN, 'ლევანი', null, null, 0),
          row(
            'a0000000-0000-4000-8000-000000000003',
            'გიორგი',
            '2026-03-02T06:00:00.000Z',
            '2026-03-02T06:00:00.000Z',
            0,
          ),
        ],
      }),
    FGetUserList: () => ok({ Ticket: 'ticket-2', Users: [{ Name: 'ნინო', Note: 'ოფისი', ID: NINO }] }),
    CalcCompanyParcelSumm: () => ({ Status: false, Code: 401, Data: null, Error: 'საჭიროა ავტორიზაცია' }),
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
const named = (name: string) => calls.filter((c) => c.name === name);

describe('/visitofdey', () => {
  it('shows Tbilisi times, a red "not recorded" without an arrival, yellow when arrival equals departure, and renews the ticket', async () => {
    const user = userEvent.setup();
    renderWithProviders(<DayReport />);
    await user.click(screen.getByRole('button', { name: 'ჩატვირთვა' }));
    await waitFor(() => expect(dataRows()).toHaveLength(3));
    expect(named('FGetOneDayStat')[0].params.get('ControlDate')).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    const nino = dataRows().find((r) => r.textContent?.includes('ნინო'))!;
    expect(within(nino).getByText('09:00')).toBeTruthy();
    expect(within(nino).getByText('18:30')).toBeTruthy();
    const levan = dataRows().find((r) => r.textContent?.includes('ლევანი'))!;
    const missing = levan.querySelectorAll('[data-attendance="not-recorded"]');
    expect(missing).toHaveLength(2);
    expect(missing[0].textContent).toBe('არ არის დაფიქსირებული');
    const giorgi = dataRows().find((r) => r.textContent?.includes('გიორგი'))!;
    expect(giorgi.querySelectorAll('[data-attendance="same"]')).toHaveLength(2);
    expect(nino.querySelectorAll('[data-attendance]')).toHaveLength(0);
    expect(getSession()?.Ticket).toBe('ticket-1');
  });
});

describe('/employeevisit', () => {
  it('asks for an employee before fetching', async () => {
    const user = userEvent.setup();
    renderWithProviders(<EmployeeReport />);
    await waitFor(() => expect(named('FGetUserList')).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'ჩატვირთვა' }));
    expect((await screen.findAllByText('აუცილებელია თანამშრომლის არჩევა')).length).toBeGreaterThan(0);
    expect(named('FGetUserStatByDate')).toHaveLength(0);
  });
});

describe('/financeparcel', () => {
  it('sends the last 14 days as US dates and, on a 401, says authorization is needed and ends the session', async () => {
    const user = userEvent.setup();
    renderWithProviders(<FinanceParcel />);
    await user.click(screen.getByRole('button', { name: 'ჩატვირთვა' }));
    await waitFor(() => expect(named('CalcCompanyParcelSumm')).toHaveLength(1));
    const body = named('CalcCompanyParcelSumm')[0].body!;
    const us = /^(\d{2})\/(\d{2})\/(\d{4})$/;
    const [, m1, d1, y1] = us.exec(String(body.Startdate))!;
    const [, m2, d2, y2] = us.exec(String(body.Enddate))!;
    const days = (Date.parse(`${y2}-${m2}-${d2}`) - Date.parse(`${y1}-${m1}-${d1}`)) / 86_400_000;
    expect(days).toBe(13);
    expect((await screen.findAllByText('საჭიროა ავტორიზაცია')).length).toBeGreaterThan(0);
    await waitFor(() => expect(getSession()).toBeNull());
  });
});

describe('DayChart', () => {
  it('draws a bar per day with its figures and the delivered share', () => {
    renderWithProviders(
      <DayChart
        points={[
          { day: '2026-03-01', total: 4, part: 1 },
          { day: '2026-03-02', total: 0, part: 0 },
          { day: '2026-03-03', total: 10, part: 5 },
        ]}
        title="chart"
        totalLabel="parcels"
        shareLabel="delivered"
        emptyText="empty"
      />,
    );
    const svg = screen.getByRole('img', { name: 'chart' });
    expect(svg.querySelectorAll('rect')).toHaveLength(3);
    expect([...svg.querySelectorAll('rect title')].map((t) => t.textContent)).toEqual([
      '01.03: parcels 4, delivered 25%',
      '02.03: parcels 0, delivered 0%',
      '03.03: parcels 10, delivered 50%',
    ]);
    expect(svg.querySelectorAll('circle')).toHaveLength(2);
    expect(niceMax(7)).toBe(10);
    expect(niceMax(23)).toBe(40);
    expect(niceMax(5)).toBe(6);
    expect(niceMax(1)).toBe(2);
  });

  it('says so when the range has no parcels', () => {
    renderWithProviders(
      <DayChart
        points={[{ day: '2026-03-01', total: 0, part: 0 }]}
        title="c"
        totalLabel="p"
        shareLabel="s"
        emptyText="nothing here"
      />,
    );
    expect(screen.getByText('nothing here')).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
  });
});
