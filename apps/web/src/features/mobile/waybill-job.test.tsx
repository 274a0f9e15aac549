import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ModalsProvider } from '@mantine/modals';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { renderWithProviders } from '@/test/render';
import { clearSession, setSession } from '@/lib/session';
import { encodeNote } from '@po/contract/note';
import { WaybillJob } from './components/waybill-job';
import type { WaybillFlow, WaybillWork } from './lib/waybill-run';

// The mobile screens check the device's time zone (spec 003 §5).
process.env.TZ = 'Asia/Tbilisi';

/** A quick pace: the run's order and rules, not its seconds, are under test here. */
const PACE = { stepMs: 30, endPopupMs: 30, endClearMs: 30 };
const ok = (data: unknown) => ({ Status: true, Code: 200, Data: data, Error: null });

interface Sent {
  call: string;
  barcode: string;
  repeated: string;
  registry: string;
  car: string | null;
}
let sent: Sent[] = [];
/** the next answers per barcode (a number, or a promise of one); the last one repeats */
let answers: Record<string, Array<number | Promise<number>>> = {};

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
  sent = [];
  answers = {};
  courier();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const u = new URL(url, 'http://localhost');
      const name = u.pathname.replace('/api/', '');
      const p = u.searchParams;
      let data: unknown;
      if (name === 'UpdateTicketMobile') data = { Ticket: 't' };
      else if (name === 'CheckBarcode') data = p.get('Barcode')?.startsWith('PO') ? 2 : 1;
      else if (name === 'GetRegList')
        data =
          p.get('RegName') === 'RG-000001'
            ? ['PO000000011', 'PO000000012', 'PO000000013'].map((Barcode) => ({
                Registry: 'RG-000001',
                Barcode,
              }))
            : [];
      else if (name === 'ActivateWaybillforSender' || name === 'CloseWaybill') {
        const barcode = p.get('BarCode') ?? '';
        sent.push({
          call: name,
          barcode,
          repeated: p.get('IsRepied') ?? '',
          registry: p.get('Registry') ?? '',
          car: p.get('CarNumber'),
        });
        const list = answers[barcode] ?? [1];
        data = await (list.length > 1 ? list.shift()! : list[0]);
      } else return Response.json({ Status: false, Code: 404, Data: null, Error: `no ${name}` });
      return Response.json(ok(data));
    }),
  );
});
afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
  localStorage.clear();
});

function renderFlow(flow: WaybillFlow) {
  const router = createMemoryRouter(
    [
      { path: `/${flow}`, element: <WaybillJob flow={flow} pace={PACE} /> },
      { path: '/mobilehome', element: <p>mobile home</p> },
    ],
    { initialEntries: [`/${flow}`] },
  );
  const view = renderWithProviders(
    <ModalsProvider>
      <RouterProvider router={router} />
    </ModalsProvider>,
  );
  return { router, view };
}

/** A promise of an answer that the test settles when it wants. */
function gate() {
  let open: (v: number) => void = () => undefined;
  const promise = new Promise<number>((r) => (open = r));
  return { promise, open: (v: number) => act(() => open(v)) };
}

const held = (flow: WaybillFlow) =>
  JSON.parse(localStorage.getItem(`po.mobile.${flow}`) ?? 'null') as WaybillWork | null;
const rows = () =>
  Array.from(document.querySelectorAll('tbody tr[data-row-id]')).map((tr) =>
    Array.from(tr.querySelectorAll('td'))
      .map((td) => (td.textContent ?? '').trim())
      .filter(Boolean)
      .join(' '),
  );
const groups = () =>
  Array.from(document.querySelectorAll('tbody tr[data-group-row]')).map((tr) =>
    (tr.textContent ?? '').split(' · ')[0].trim(),
  );

async function scan(code: string) {
  const input = screen.getByTestId('scan-input');
  await waitFor(() => expect((input as HTMLInputElement).disabled).toBe(false));
  await userEvent.clear(input);
  await userEvent.type(input, `${code}{Enter}`);
}

/** Answers the confirmation popup that says `text`. */
async function confirm(text: string, answer: 'დიახ' | 'არა' = 'დიახ') {
  const dialog = (await screen.findByText(text)).closest('section, [role="dialog"]') as HTMLElement;
  await userEvent.click(within(dialog).getByRole('button', { name: answer }));
}

async function closePopup(...lines: string[]) {
  const content = await screen.findByTestId('run-popup');
  const popup = (content.closest('[role="dialog"]') as HTMLElement | null) ?? content;
  for (const line of lines) expect(within(popup).getByText(line)).toBeTruthy();
  await userEvent.click(within(popup).getByRole('button', { name: 'კარგი' }));
  // the modal's closing transition can take over a second on a loaded machine
  await waitFor(() => expect(screen.queryByTestId('run-popup')).toBeNull(), { timeout: 5000 });
}

const toggle = () => screen.getByTestId('run-toggle');

describe('the waybill run (spec 003 §4)', () => {
  it('expands a registry, pauses and resumes, stops on -2 keeping the parcel, skips done lines and retries with IsRepied', async () => {
    const view = renderFlow('startwaybill').view;
    await screen.findByTestId('scan-input');
    expect(screen.getByTestId('vehicle').textContent).toContain('AA-123-BB');

    // the scan rules of the start flow
    await scan('rg-000001');
    await screen.findByText('რეესტრი RG-000001 მიღებულია (3 ამანათი)');
    await scan('RG-000001');
    await screen.findByText('ეს QR პაკეტი უკვე შეყვანილია');
    await scan('RG-000404');
    await screen.findByText('რეესტრი ვერ მოიძებნა');
    await scan('ab12');
    await screen.findByText('ამანათი AB12 არ არის რეგისტრირებული ბაზაში');
    await scan('PO000000012');
    await screen.findByText('PO000000012 განმეორებითი შეყვანის მცდელობა');
    await scan('po000000014');
    await screen.findByText('ამანათი PO000000014 მიღებულია');
    // grouped by registry ('RG №'), the execution column says no
    await waitFor(() => expect(groups()).toEqual(['RG №: RG-000001 (3)', 'RG №: ... (1)']));
    expect(rows()).toEqual(['PO000000011 არა', 'PO000000012 არა', 'PO000000013 არა', 'PO000000014 არა']);

    // start; pause while the second parcel is on its way: it finishes, the third waits
    const second = gate();
    answers = { PO000000011: [500001], PO000000012: [second.promise] };
    await userEvent.click(toggle());
    await confirm('დავიწყოთ ტრანსპორტირება?');
    await waitFor(() => expect(sent.map((s) => s.barcode)).toEqual(['PO000000011', 'PO000000012']));
    await userEvent.click(screen.getByRole('button', { name: 'პაუზა' }));
    second.open(500002);
    await screen.findByText('შეჩერებულია: 4-დან 3');
    await new Promise((r) => setTimeout(r, PACE.stepMs * 4));
    expect(sent).toHaveLength(2);
    expect(sent[0]).toMatchObject({ repeated: 'false', registry: 'RG-000001', car: 'AA-123-BB' });
    expect(rows()).toEqual(['PO000000011 დიახ', 'PO000000012 დიახ', 'PO000000013 არა', 'PO000000014 არა']);
    expect(held('startwaybill')).toMatchObject({ index: 2, interrupted: true });

    // a reload keeps the lines and the position
    view.unmount();
    renderFlow('startwaybill');
    await screen.findByText('შეჩერებულია: 4-დან 3');

    // resume: the third parcel gets no connection; the run stops there with 'N of M'
    answers = { PO000000013: [-2, 500003], PO000000014: [-1, 500004] };
    await userEvent.click(toggle());
    await confirm('გსურთ ტრანსპორტირების განახლება?');
    await closePopup('სერვერთან კავშირი არ არის', '4-დან 3');
    expect(screen.getByTestId('run-position').textContent).toBe('შეჩერებულია: 4-დან 3');
    expect(held('startwaybill')).toMatchObject({ index: 2, interrupted: true });

    // resumed once it is back: the same parcel again, now marked as a retry; the last one is refused
    await userEvent.click(toggle());
    await confirm('გსურთ ტრანსპორტირების განახლება?');
    await closePopup('სულ: 4 ამანათი', 'არ დამუშავდა: 1');
    await screen.findByText('ამანათი PO000000014 არ დამუშავდა: მიზეზი შეცდომების ჟურნალშია');
    expect(sent.slice(2).map((s) => [s.barcode, s.repeated, s.registry])).toEqual([
      ['PO000000013', 'false', 'RG-000001'],
      ['PO000000013', 'true', 'RG-000001'],
      ['PO000000014', 'false', ''],
    ]);
    // only the unprocessed line stays, for a new run (no 'update' question: the run ended)
    await waitFor(() => expect(rows()).toEqual(['PO000000014 არა']));
    expect(held('startwaybill')).toMatchObject({ index: 0, interrupted: false });

    await userEvent.click(toggle());
    await confirm('დავიწყოთ ტრანსპორტირება?');
    await closePopup('სულ: 1 ამანათი', 'სრულად დამუშავდა');
    await waitFor(() => expect(rows()).toEqual([]));
    expect(sent.slice(5).map((s) => [s.barcode, s.repeated])).toEqual([['PO000000014', 'true']]);
    // every parcel was sent until it had its waybill, and never after
    expect(sent.filter((s) => s.barcode === 'PO000000011')).toHaveLength(1);
    expect(sent.filter((s) => s.barcode === 'PO000000012')).toHaveLength(1);
    expect(held('startwaybill')).toBeNull();
  });

  it('skips the lines already done and asks before leaving a running screen, which pauses it', async () => {
    localStorage.setItem(
      'po.mobile.closewaybill',
      JSON.stringify({
        index: 0,
        interrupted: false,
        items: [
          { Registry: 'RG-7', Barcode: 'PO000000021', WaybillId: 9, EnableDelete: false, IsProcesed: true },
          { Registry: 'RG-7', Barcode: 'PO000000022', WaybillId: 0, EnableDelete: true, IsProcesed: false },
          { Registry: 'RG-7', Barcode: 'PO000000023', WaybillId: 0, EnableDelete: true, IsProcesed: false },
        ],
      }),
    );
    const { router } = renderFlow('closewaybill');
    await screen.findByTestId('scan-input');
    expect(screen.queryByTestId('vehicle')).toBeNull();
    // the close flow words a wrong length as such
    await scan('AB12');
    await screen.findByText('ამანათი AB12 არ არის სტანდარტული სიგრძის');

    const first = gate();
    answers = { PO000000022: [first.promise] };
    await userEvent.click(toggle());
    await confirm('დავიწყოთ ოპერაცია?');
    await waitFor(() => expect(sent.map((s) => s.barcode)).toEqual(['PO000000022']));
    expect(sent[0]).toMatchObject({ call: 'CloseWaybill', car: null });

    // leaving asks; 'no' stays and the run goes on
    await userEvent.click(screen.getByRole('button', { name: 'უკან' }));
    await confirm('ოპერაცია მიმდინარეობს. გსურთ ეკრანიდან გასვლა? ოპერაცია შეჩერდება.', 'არა');
    expect(router.state.location.pathname).toBe('/closewaybill');
    // 'yes' leaves and pauses: the parcel on its way finishes, the next one is not sent
    await userEvent.click(screen.getByRole('button', { name: 'უკან' }));
    await confirm('ოპერაცია მიმდინარეობს. გსურთ ეკრანიდან გასვლა? ოპერაცია შეჩერდება.');
    await screen.findByText('mobile home');
    first.open(700022);
    await waitFor(() => expect(held('closewaybill')).toMatchObject({ index: 2, interrupted: true }));
    await new Promise((r) => setTimeout(r, PACE.stepMs * 4));
    expect(sent).toHaveLength(1);
    expect(held('closewaybill')?.items.map((l) => [l.Barcode, l.IsProcesed, l.WaybillId])).toEqual([
      ['PO000000021', true, 9],
      ['PO000000022', true, 700022],
      ['PO000000023', false, 0],
    ]);

    // back on the screen: the run resumes from the held position
    await act(() => router.navigate('/closewaybill'));
    await screen.findByText('შეჩერებულია: 3-დან 3');
    await userEvent.click(toggle());
    await confirm('გსურთ ოპერაციის განახლება?');
    await closePopup('სულ: 3 ამანათი', 'სრულად დამუშავდა');
    expect(sent.map((s) => s.barcode)).toEqual(['PO000000022', 'PO000000023']);
  });
});
