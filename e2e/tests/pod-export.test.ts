/**
 * The bulk proof of delivery (issue 40) in a real browser on the demo data: the demo corporate client
 * opens /pod-export, exports the last month of its delivered parcels, watches the progress bar, downloads
 * the PDF, and every page checked carries a CODE128 that zbarimg reads back to the parcel named on it.
 *
 * Screenshots: .e2e-artifacts/pod-export-ready.png (the screen), pod-export-page1.png (a PDF page).
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { copyFile, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { promisify } from 'node:util';
import { api } from '../lib/api.ts';
import { decode } from '../lib/barcodes.ts';
import { ARTIFACTS, openAs, screenshot, storedSession, withPage } from '../lib/browser.ts';
import { useJourney } from '../lib/journey.ts';

const run = promisify(execFile);
const journey = useJourney();

/** A Tbilisi day as the date field shows it (DD.MM.YYYY), `back` days ago. */
const shown = (back: number) => {
  const d = new Date(Date.now() + 4 * 3_600_000 - back * 86_400_000).toISOString();
  return `${d.slice(8, 10)}.${d.slice(5, 7)}.${d.slice(0, 4)}`;
};

/** How many pages the first ones checked: the whole file may hold hundreds. */
const CHECKED_PAGES = 6;

describe('bulk proof of delivery', () => {
  it('the demo client exports its month as a PDF whose barcodes decode', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'po-pod-e2e-'));
    try {
      const { file, total } = await withPage(journey.browser, journey.url, 'pod-export', async (page) => {
        await openAs(page, 'corporate', '/pod-export');
        await page.getByRole('heading', { name: 'ჩაბარების დადასტურება (ექსპორტი)', level: 2 }).waitFor();
        // a client exports its own office only: no office to choose
        await page.getByTestId('pod-office').getByText('ოფისი (კლიენტი)').waitFor();
        for (const [label, value] of [
          ['პერიოდის დასაწყისი', shown(30)],
          ['პერიოდის დასასრული', shown(0)],
        ] as const) {
          const field = page.getByLabel(label);
          await field.fill(value);
          await field.press('Tab');
        }
        await page.getByTestId('pod-start').click();
        await page.getByTestId('pod-progress').waitFor();
        const ready = page.locator('[data-testid="pod-state"][data-state="ready"]');
        await ready.waitFor({ timeout: 120_000 });
        await page.getByText(/ფაილი მზადაა: \d+ ამანათი/).waitFor();
        await screenshot(page, 'pod-export-ready');
        const [download] = await Promise.all([
          page.waitForEvent('download'),
          page.getByTestId('pod-download').click(),
        ]);
        assert.match(download.suggestedFilename(), /^pod-\d{4}-\d\d-\d\d-\d{4}-\d\d-\d\d\.pdf$/);
        const to = path.join(dir, 'pod.pdf');
        await download.saveAs(to);
        // what the server says of the same export, with the page's own session
        const id = await page.evaluate(() => sessionStorage.getItem('po.podExport.id'));
        const session = (await storedSession(page))!;
        const state = await api<{ Total: number; State: string }>(
          journey.url,
          'GET',
          'GetPodExport',
          { ID: id },
          session,
        );
        assert.equal(state.State, 'ready');
        return { file: to, total: state.Total };
      });

      const { stdout: info } = await run('pdfinfo', [file]);
      const pages = Number(/Pages:\s+(\d+)/.exec(info)?.[1]);
      assert.ok(total > 0, 'the demo client has delivered parcels in the month');
      assert.equal(pages, total, 'a page per parcel the server counted');

      const last = Math.min(pages, CHECKED_PAGES);
      await run('pdftoppm', [
        '-r',
        '200',
        '-gray',
        '-png',
        '-f',
        '1',
        '-l',
        String(last),
        file,
        path.join(dir, 'p'),
      ]);
      const images = (await readdir(dir)).filter((f) => f.endsWith('.png')).sort();
      assert.equal(images.length, last);
      await copyFile(path.join(dir, images[0]), path.join(ARTIFACTS, 'pod-export-page1.png'));
      const seen = new Set<string>();
      for (const [i, image] of images.entries()) {
        const codes = await decode(path.join(dir, image), 'code128');
        assert.equal(codes.length, 1, `page ${i + 1} has one CODE128`);
        const { stdout: text } = await run('pdftotext', [
          '-f',
          String(i + 1),
          '-l',
          String(i + 1),
          file,
          '-',
        ]);
        assert.ok(text.includes(codes[0]), `page ${i + 1} names the parcel its barcode reads (${codes[0]})`);
        assert.ok(text.includes('ჩაბარების დადასტურება'));
        seen.add(codes[0]);
      }
      assert.equal(seen.size, last, 'a page per parcel');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
