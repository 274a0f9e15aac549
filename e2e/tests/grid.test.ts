/**
 * The shared DataGrid where only a real layout shows it (issue 37, "Reading the screens"):
 * - at 1366x768 the headers of /registrylist and /parfinder wrap only between words, every word on one
 *   line and nothing cut; a grid wider than its frame (/receiveparcel, /parfinder, /bags) shades the
 *   side where columns are out of sight, and its "no data" stands in the part the frame shows; no date
 *   is cut (its time is read too);
 * - the virtual grid (the grid lab: the DataGrid alone over 10,000 rows) lands where 65,000 px of
 *   scroll steps take it.
 * Screenshots at 1366 and 1440 px wide go to .e2e-artifacts/grid-*.png.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { openAs, screenshot, withPage } from '../lib/browser.ts';
import { startGridLab, type GridLab } from '../lib/grid-lab.ts';
import { useJourney } from '../lib/journey.ts';

const journey = useJourney();

/** Headers with a word broken over two lines, or text the cell cuts off. */
function brokenHeaders(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const broken: string[] = [];
    if (!document.querySelector('th[data-column-id] button > span:first-child'))
      broken.push('no header found');
    for (const label of document.querySelectorAll<HTMLElement>(
      'th[data-column-id] button > span:first-child',
    )) {
      const node = label.firstChild;
      const text = node?.textContent ?? '';
      if (!node || label.getBoundingClientRect().width === 0) continue;
      for (const m of text.matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(node, m.index ?? 0);
        range.setEnd(node, (m.index ?? 0) + m[0].length);
        const lines = new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top)));
        if (lines.size > 1) broken.push(`"${m[0]}" of "${text}" on ${lines.size} lines`);
      }
      if (label.scrollWidth > label.clientWidth + 1 || label.scrollHeight > label.clientHeight + 1)
        broken.push(
          `"${text}" cut (${label.scrollWidth}x${label.scrollHeight} in ${label.clientWidth}x${label.clientHeight})`,
        );
    }
    return broken;
  });
}

/** Each grid frame on the page: whether its columns overflow to the right, and whether it says so. */
function scrollCues(page: Page): Promise<{ hidden: boolean; cue: boolean; shade: string }[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('[role=grid]'), (grid) => {
      const scroller = grid.parentElement as HTMLElement;
      const frame = scroller.parentElement as HTMLElement;
      return {
        hidden: scroller.scrollLeft + scroller.clientWidth < scroller.scrollWidth - 1,
        cue: frame.hasAttribute('data-scroll-end'),
        shade: `${getComputedStyle(frame, '::after').content} ${getComputedStyle(frame, '::after').opacity}`,
      };
    }),
  );
}

/** Date cells whose text the cell cuts off (a date is read whole, with its time), and how many were read. */
function cutDates(page: Page): Promise<{ read: number; cut: string[] }> {
  return page.evaluate(() => {
    const cut: string[] = [];
    let read = 0;
    for (const th of document.querySelectorAll<HTMLElement>(
      'th[data-column-type=date], th[data-column-type=datetime]',
    )) {
      const table = th.closest('table')!;
      for (const tr of table.querySelectorAll<HTMLTableRowElement>('tbody > tr[data-row-id]')) {
        const td = tr.cells[(th as HTMLTableCellElement).cellIndex];
        if (!td?.textContent?.trim()) continue;
        read++;
        const style = getComputedStyle(td);
        const room = td.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        const range = document.createRange();
        range.selectNodeContents(td);
        const width = range.getBoundingClientRect().width;
        if (width > room + 1) cut.push(`"${td.textContent}" needs ${width} px in ${room}`);
      }
    }
    return { read, cut };
  });
}

/** The "no data" messages of the page's grids, each with whether it stands wholly in what its frame shows. */
function emptyMessages(page: Page): Promise<{ text: string; inSight: boolean; where: string }[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('[role=grid]')).flatMap((grid) => {
      const scroller = grid.parentElement as HTMLElement;
      const cell = Array.from(grid.querySelectorAll<HTMLElement>('tbody td[colspan]')).find((td) =>
        td.textContent?.trim(),
      );
      if (!cell?.textContent) return [];
      const view = scroller.getBoundingClientRect();
      const range = document.createRange();
      range.selectNodeContents(cell);
      const text = range.getBoundingClientRect();
      const inSight = text.left >= view.left - 1 && text.right <= view.left + scroller.clientWidth + 1;
      return [
        {
          text: cell.textContent,
          inSight,
          where: `${text.left}-${text.right} in ${view.left}-${view.right}`,
        },
      ];
    }),
  );
}

async function openScreen(page: Page, url: string) {
  await page.goto(url);
  await page.locator('th[data-column-id]').first().waitFor();
  await page.evaluate(() => document.fonts.ready);
}

describe('grid headers and widths', () => {
  for (const width of [1366, 1440]) {
    it(`at ${width}x768 headers wrap only between words and a cut-off grid shows that it scrolls`, async () => {
      await withPage(
        journey.browser,
        journey.url,
        `grid-headers-${width}`,
        async (page) => {
          await openAs(page, 'operator');
          const overflowing: string[] = [];
          const emptyChecked: string[] = [];
          let datesRead = 0;
          for (const url of ['/registrylist', '/parfinder', '/receiveparcel', '/bags']) {
            await openScreen(page, url);
            // the finders' "find" fills the grid, so the columns also fit their content
            const find = page.getByRole('button', { name: 'ძებნა', exact: true });
            if (await find.first().isVisible()) await find.first().click();
            await page.waitForTimeout(0);
            await page
              .locator('tbody tr[data-row-id]')
              .first()
              .waitFor({ timeout: 5_000 })
              .catch(() => undefined);
            if (url === '/registrylist' || url === '/parfinder')
              assert.deepEqual(await brokenHeaders(page), [], `${url} at ${width} px`);
            const dates = await cutDates(page);
            assert.deepEqual(dates.cut, [], `${url}: every date is shown whole`);
            datesRead += dates.read;
            for (const m of await emptyMessages(page)) {
              assert.ok(m.inSight, `${url}: "${m.text}" stands in sight (${m.where})`);
              emptyChecked.push(url);
            }
            const cues = await scrollCues(page);
            for (const c of cues) {
              assert.equal(
                c.cue,
                c.hidden,
                `${url}: a grid with columns out of sight says so (${JSON.stringify(c)})`,
              );
              if (c.hidden) {
                assert.equal(c.shade, '"" 1', `${url}: the right edge is shaded`);
                overflowing.push(url);
              }
            }
            await screenshot(page, `grid-${url.slice(1)}-${width}`);
          }
          if (width === 1366)
            assert.ok(overflowing.length > 0, 'a wide grid at 1366 px (the cue is checked on it)');
          assert.ok(emptyChecked.includes('/receiveparcel'), "the empty scan list's message is checked");
          assert.ok(datesRead > 10, `dates were read (${datesRead})`);
        },
        { width, height: 768 },
      );
    });
  }
});

describe('virtual grid', () => {
  let lab: GridLab | undefined;
  after(() => lab?.stop());

  it('lands within a row of 65,000 px after scroll steps', async () => {
    lab = await startGridLab();
    await withPage(
      journey.browser,
      lab.url,
      'grid-virtual',
      async (page) => {
        await page.goto('/?mode=virtual');
        await page.locator('tbody tr[data-row-id]').first().waitFor();
        await page.evaluate(() => document.fonts.ready);
        const result = await page.evaluate(async () => {
          const scroller = document.querySelector('[role=grid]')!.parentElement as HTMLElement;
          for (let done = 0; done < 65_000; done += 2_500) {
            scroller.scrollBy(0, 2_500);
            await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
          }
          await new Promise((r) => setTimeout(r, 300));
          const row = scroller.querySelector<HTMLElement>('tbody tr[data-row-id]:not(:first-child)');
          const top = scroller.getBoundingClientRect().top;
          const shown = Array.from(scroller.querySelectorAll<HTMLElement>('tbody tr[data-row-id]')).filter(
            (tr) => {
              const r = tr.getBoundingClientRect();
              return r.bottom > top && r.top < top + scroller.clientHeight;
            },
          );
          return {
            scrollTop: scroller.scrollTop,
            rowHeight: row?.getBoundingClientRect().height ?? 0,
            shown: shown.length,
          };
        });
        assert.ok(
          Math.abs(result.scrollTop - 65_000) <= result.rowHeight,
          `scrolled to ${result.scrollTop} px (rows ${result.rowHeight} px high)`,
        );
        assert.ok(result.shown > 10, `rows on screen after the scroll: ${result.shown}`);
        await screenshot(page, 'grid-virtual-1366');
      },
      { width: 1366, height: 768 },
    );
  });
});
