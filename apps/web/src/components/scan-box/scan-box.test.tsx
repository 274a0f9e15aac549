import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { rem } from '@mantine/core';
import { renderWithProviders } from '@/test/render';
import { ApiError } from '@/api/client';
import { REFOCUS_MS, ScanBox, type ScanBoxHandle, type ScanPopup } from './scan-box';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A screen in miniature: a list of scanned codes, the duplicate rule, a server that takes a while. */
function Harness({
  serve,
  onHandle,
}: {
  serve: (code: string) => Promise<ScanPopup | null>;
  onHandle?: (h: ScanBoxHandle | null) => void;
}) {
  const [list, setList] = useState<string[]>([]);
  const listRef = useRef<string[]>([]);
  return (
    <>
      <ScanBox
        ref={onHandle}
        label="შტრიხკოდი"
        isDuplicate={(code) => listRef.current.includes(code)}
        duplicateMessage={(code) => `ამანათი ${code} უკვე მიღებულია`}
        onScan={async (code) => {
          const res = await serve(code);
          if (!res) {
            listRef.current = [code, ...listRef.current];
            setList(listRef.current);
          }
          return res;
        }}
      />
      <ul aria-label="scanned">
        {list.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
    </>
  );
}

const box = () => screen.getByRole<HTMLInputElement>('textbox', { name: 'შტრიხკოდი' });
/** the scan box's popup message (toasts are alerts too) */
const popup = () => document.querySelector<HTMLElement>('[data-scan-popup]');
const modalSize = () =>
  popup()?.closest<HTMLElement>('.mantine-Modal-root')?.style.getPropertyValue('--modal-size');
const findPopup = () =>
  waitFor(() => {
    const p = popup();
    if (!p) throw new Error('no popup');
    return p;
  });

/** Scans PO111111111, then `again` (the same code in some spelling): the blue popup shows. */
async function scanTwice(again: string) {
  const serve = vi.fn(async (_code: string) => null);
  const user = userEvent.setup();
  renderWithProviders(<Harness serve={serve} />);
  await user.type(box(), 'PO111111111{Enter}');
  await waitFor(() => expect(serve).toHaveBeenCalledTimes(1));
  await user.type(box(), `${again}{Enter}`);
  return { serve, user, alert: await findPopup() };
}

describe('ScanBox', () => {
  it('sends the trimmed, upper-cased code on Enter and clears the box', async () => {
    const served: string[] = [];
    const user = userEvent.setup();
    renderWithProviders(<Harness serve={async (c) => (served.push(c), null)} />);
    await user.type(box(), '  po123456789 {Enter}');
    await waitFor(() => expect(served).toEqual(['PO123456789']));
    expect(box().value).toBe('');
    expect(await screen.findByText('PO123456789')).toBeTruthy();
  });

  it('sends nothing for an empty code', async () => {
    const serve = vi.fn(async () => null);
    const user = userEvent.setup();
    renderWithProviders(<Harness serve={serve} />);
    await user.type(box(), '   {Enter}{Enter}');
    await sleep(20);
    expect(serve).not.toHaveBeenCalled();
  });

  it('shows a code already in the list in the blue popup without a call; Enter closes it and the box gets the focus back after 200 ms', async () => {
    const { serve, user, alert } = await scanTwice('po111111111');
    expect(alert.textContent).toBe('ამანათი PO111111111 უკვე მიღებულია');
    expect(alert.getAttribute('data-kind')).toBe('duplicate');
    expect(alert.closest('section')?.className).toMatch(/duplicate/);
    expect(serve).toHaveBeenCalledTimes(1);
    expect(modalSize()).toBe(rem(600));
    expect(document.activeElement).not.toBe(box());

    const closedAt = Date.now();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(popup()).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(box()));
    expect(Date.now() - closedAt).toBeGreaterThanOrEqual(REFOCUS_MS - 20);
  });

  it('leaves the focus in another field the operator goes into before the 200 ms are over', async () => {
    const serve = vi.fn(async (_code: string) => null);
    const user = userEvent.setup();
    renderWithProviders(
      <>
        <Harness serve={serve} />
        <input aria-label="კომენტარი" />
      </>,
    );
    await user.type(box(), 'PO111111111{Enter}');
    await waitFor(() => expect(serve).toHaveBeenCalledTimes(1));
    await user.type(box(), 'PO111111111{Enter}');
    await findPopup();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(popup()).toBeNull());
    const comment = screen.getByRole<HTMLInputElement>('textbox', { name: 'კომენტარი' });
    await user.click(comment);
    await user.keyboard('კარი');
    await sleep(REFOCUS_MS + 100);
    expect(document.activeElement).toBe(comment);
    expect(comment.value).toBe('კარი');
    expect(box().value).toBe('');
  });

  it('closes the popup with Enter on the empty box when the Enter comes before the popup took the focus; a code there waits its turn', async () => {
    const { serve } = await scanTwice('PO111111111');
    // the scanner's next code, typed into the box before the popup took the focus: queued, popup stays
    fireEvent.change(box(), { target: { value: 'PO222222222' } });
    fireEvent.keyDown(box(), { key: 'Enter' });
    expect(popup()).not.toBeNull();
    expect(serve).toHaveBeenCalledTimes(1);
    // the operator's Enter on the (now empty) box answers the popup; the waiting code goes after it
    fireEvent.keyDown(box(), { key: 'Enter' });
    await waitFor(() => expect(popup()).toBeNull());
    await waitFor(() => expect(serve).toHaveBeenCalledTimes(2));
    expect(serve).toHaveBeenLastCalledWith('PO222222222');
  });

  it('shows a refusal in the red popup (680 wide) and as a toast', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <Harness
        serve={async (c) => {
          throw new ApiError(404, `ამანათი ${c} ბაზაში ვერ მოიძებნა`);
        }}
      />,
    );
    await user.type(box(), 'XX000000000{Enter}');
    const alert = await findPopup();
    expect(alert.textContent).toBe('ამანათი XX000000000 ბაზაში ვერ მოიძებნა');
    expect(alert.getAttribute('data-kind')).toBe('error');
    expect(alert.closest('section')?.className).toMatch(/error/);
    expect(modalSize()).toBe(rem(680));
    // the toast says it too
    await waitFor(() =>
      expect(screen.getAllByText('ამანათი XX000000000 ბაზაში ვერ მოიძებნა')).toHaveLength(2),
    );
  });

  it('runs one request at a time and sends codes typed meanwhile in order, none lost', async () => {
    let inFlight = 0;
    let most = 0;
    const served: string[] = [];
    // The server holds every answer until the test opens the gate, so "busy" does not depend on how
    // fast this machine types.
    let openGate = () => {};
    const gate = new Promise<void>((resolve) => (openGate = resolve));
    const user = userEvent.setup();
    renderWithProviders(
      <Harness
        serve={async (c) => {
          inFlight += 1;
          most = Math.max(most, inFlight);
          await gate;
          await sleep(20);
          served.push(c);
          inFlight -= 1;
          return null;
        }}
      />,
    );
    await user.type(box(), 'AA0000001{Enter}AA0000002{Enter}AA0000003{Enter}');
    expect(box().getAttribute('aria-busy')).toBe('true');
    expect(served).toEqual([]);
    openGate();
    await waitFor(() => expect(served).toEqual(['AA0000001', 'AA0000002', 'AA0000003']), { timeout: 2000 });
    expect(most).toBe(1);
    await waitFor(() => expect(box().getAttribute('aria-busy')).toBe('false'));
  });

  it('keeps a code the scanner types while a popup is open: its Enter closes the popup and sends it', async () => {
    const served: string[] = [];
    const user = userEvent.setup();
    renderWithProviders(<Harness serve={async (c) => (served.push(c), null)} />);
    await user.type(box(), 'PO222222222{Enter}');
    await waitFor(() => expect(served).toHaveLength(1));
    await user.type(box(), 'PO222222222{Enter}');
    await findPopup();
    await user.keyboard('po333333333{Enter}');
    await waitFor(() => expect(served).toEqual(['PO222222222', 'PO333333333']));
    expect(popup()).toBeNull();
  });

  it('forgets waiting codes on reset (new operation)', async () => {
    const served: string[] = [];
    let release = () => {};
    const first = new Promise<void>((r) => (release = r));
    let handle: ScanBoxHandle | null = null;
    const user = userEvent.setup();
    renderWithProviders(
      <Harness
        onHandle={(h) => (handle = h)}
        serve={async (c) => {
          await first;
          served.push(c);
          return null;
        }}
      />,
    );
    await user.type(box(), 'BB0000001{Enter}BB0000002{Enter}');
    act(() => handle?.reset());
    release();
    await sleep(100);
    expect(served).toEqual(['BB0000001']);
  });

  it('keeps up with a keyboard-wedge scanner: 30 codes at 10 ms a character, each with Enter, nothing lost or doubled', async () => {
    let inFlight = 0;
    let most = 0;
    const served: string[] = [];
    const user = userEvent.setup({ delay: 10 });
    renderWithProviders(
      <Harness
        serve={async (c) => {
          inFlight += 1;
          most = Math.max(most, inFlight);
          // the server is sometimes slower than the scanner, sometimes faster
          await sleep(c.endsWith('7') ? 150 : 15);
          served.push(c);
          inFlight -= 1;
          return null;
        }}
      />,
    );
    const codes = Array.from({ length: 30 }, (_, i) => `po${String(100000000 + i * 7919).slice(0, 9)}`);
    box().focus();
    for (const code of codes) await user.keyboard(`${code}{Enter}`);
    const expected = codes.map((c) => c.toUpperCase());
    await waitFor(() => expect(served).toHaveLength(30), { timeout: 5000 });
    expect(served).toEqual(expected);
    expect(new Set(served).size).toBe(30);
    expect(most).toBe(1);
    expect(popup()).toBeNull();
    expect(screen.getAllByRole('listitem')).toHaveLength(30);
  }, 20_000);
});
