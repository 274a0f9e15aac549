/**
 * DataGrid benchmark on 10 000 rows in jsdom. Skipped in the normal test run; run it with
 *   BENCH=1 npx vitest run --project web src/components/data-grid/data-grid.bench.test.tsx
 * It prints a table of median timings (ms) and fails only if a timing is far beyond "instant".
 */
import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '@/test/render';
import { DataGrid } from './data-grid';
import { FILTER_DEBOUNCE_MS } from './filter-cell';
import { makeParcels, parcelColumns, type Parcel } from './test-fixtures';
import { dataRows } from './test-utils';

const ROWS = 10_000;
const RUNS = 5;

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return Math.round(s[Math.floor(s.length / 2)] * 10) / 10;
}

function time(fn: () => void): number {
  const t0 = performance.now();
  fn();
  return performance.now() - t0;
}

function box(label: string): HTMLElement {
  return screen.getByRole('textbox', { name: label });
}

/** Commits a filter box's text at once (Enter): the work done after the typing pause. */
function filterNow(input: HTMLElement, text: string) {
  fireEvent.change(input, { target: { value: text } });
  fireEvent.keyDown(input, { key: 'Enter' });
}

function shownCount(): string | null {
  return document.querySelector('table[role="grid"]')?.getAttribute('aria-rowcount') ?? null;
}

/** A keystroke as a user makes it: the rows update after the debounce pause plus the work. */
async function afterTyping(input: HTMLElement, text: string, expectedCount: string): Promise<number> {
  const t0 = performance.now();
  fireEvent.change(input, { target: { value: text } });
  while (shownCount() !== expectedCount) {
    await act(() => new Promise((r) => setTimeout(r, 1)));
    if (performance.now() - t0 > 10_000) throw new Error('filter never applied');
  }
  return performance.now() - t0;
}

describe.skipIf(process.env.BENCH !== '1')('DataGrid benchmark (10 000 rows)', () => {
  it('renders and filters fast enough to feel instant', async () => {
    const data = makeParcels(ROWS);
    const results: Record<string, number[]> = {};
    const add = (name: string, ms: number) => (results[name] ??= []).push(ms);
    const expectedBeridze = data.filter((p) => p.Sender.includes('ბერიძე')).length;

    for (const mode of ['paged', 'virtual'] as const) {
      for (let run = 0; run < RUNS; run++) {
        let view: ReturnType<typeof renderWithProviders> | undefined;
        add(
          `${mode}: first render`,
          time(() => {
            view = renderWithProviders(
              <DataGrid<Parcel>
                columns={parcelColumns}
                data={data}
                rowKey="Id"
                label="bench"
                virtual={mode === 'virtual'}
                height={mode === 'virtual' ? 600 : undefined}
                grouping
                searchPanel
              />,
            );
          }),
        );
        const rowsShown = dataRows().length;
        const sender = box('ფილტრი: გამგზავნი');
        const weight = box('ფილტრი: წონა');
        const barcode = box('ფილტრი: შტრიხკოდი');
        const senderHeader = screen.getAllByTitle('გამგზავნი')[0];

        add(
          `${mode}: text filter, 10 000 → 2 500 rows`,
          time(() => filterNow(sender, 'ბერიძე')),
        );
        expect(shownCount()).toBe(String(expectedBeridze));
        add(
          `${mode}: clear the filter`,
          time(() => filterNow(sender, '')),
        );
        add(
          `${mode}: number range filter`,
          time(() => filterNow(weight, '1..2')),
        );
        filterNow(weight, '');
        add(
          `${mode}: sort by a text column`,
          time(() => fireEvent.click(senderHeader)),
        );
        add(
          `${mode}: keystroke → updated rows (incl. ${FILTER_DEBOUNCE_MS} ms pause)`,
          await afterTyping(barcode, 'PO10000', '10'),
        );
        expect(rowsShown).toBeGreaterThan(0);
        view?.unmount();
      }
    }

    const table = Object.fromEntries(
      Object.entries(results).map(([name, ms]) => [
        name,
        { median: median(ms), min: Math.round(Math.min(...ms)) },
      ]),
    );
    console.table(table);
    // Generous ceilings: a regression (e.g. rebuilding row models per render) blows far past them.
    expect(table['paged: text filter, 10 000 → 2 500 rows'].median).toBeLessThan(1000);
    expect(table['virtual: text filter, 10 000 → 2 500 rows'].median).toBeLessThan(1000);
  }, 300_000);
});
