/**
 * The DataGrid benchmark, in Chromium: the product's DataGrid (the grid lab, e2e/grid-lab) beside
 * DevExtreme's (bench/grid, `devextreme-react`) on the same 10,000 made-up parcels under the same 9
 * columns (e2e/grid-lab/parcels.ts), 20 rows a page, at 1366×768, each round in a fresh page:
 * - first paged render: from the `performance.mark` both pages set just before React's first render
 *   (and from the navigation's start) until the first page's 20 rows and the pager's count are in the
 *   DOM and painted (two animation frames after they appear);
 * - sort: a click on the Sender (გამგზავნი) header, from the mouse button's press until the page shows
 *   the rows in that order (20 rows of one sender) and has painted;
 * - filter as a user types: a surname typed into the Sender filter box with real key presses (a Georgian
 *   keyboard's keydown, input and keyup, 80 ms apart), from the last keystroke until the grid shows the
 *   filtered rows (the count and 20 matching rows) and has painted; and the work after the grid's own
 *   typing pause, the total less that pause (ours: FILTER_DEBOUNCE_MS, the grid's own constant;
 *   DevExtreme: the `updateValueTimeout` its filter row gives its editor), both read from the sources.
 * The times are taken in the page (event timestamps, performance.now()); "done" is read from the DOM
 * as it changes (a MutationObserver), never a fixed sleep. A warm-up round of each grid, then
 * BENCH_GRID_ROUNDS rounds alternating (A B, B A, …), every round printed; the table shows the medians
 * and ours/DevExtreme. DevExtreme's packages are installed on demand (`npm ci` in bench/grid, from its
 * lockfile), not by the repository's install.
 *
 * Run by `npm run bench`; alone: `node --import tsx bench/grid-browser.ts`.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { LAB_COLUMNS, LAB_ROWS, RENDER_MARK, makeParcels } from '../e2e/grid-lab/parcels.ts';
import { ARTIFACTS, launchBrowser } from '../e2e/lib/browser.ts';
import { startGridLab } from '../e2e/lib/grid-lab.ts';
import { serveStatic, type StaticSite } from '../e2e/lib/static-server.ts';
import { median } from './rounds.ts';
import { FILTER_DEBOUNCE_MS } from '../apps/web/src/components/data-grid/filter-timing.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DX_DIR = path.join(ROOT, 'bench', 'grid');
const DX_OUT = path.join(ARTIFACTS, 'grid-devextreme');
const DX_FILTER_ROW = path.join(
  DX_DIR,
  'node_modules/devextreme/esm/__internal/grids/grid_core/filter_row/m_filter_row.js',
);
/** BENCH_GRID_ROUNDS: measured rounds of each grid (after one warm-up round of each). */
const ROUNDS = Math.max(1, Number(process.env.BENCH_GRID_ROUNDS) || 5);
const VIEWPORT = { width: 1366, height: 768 };
const PAGE_SIZE = 20;
const SENDER_HEADER = 'გამგზავნი';
/** The Sender column's place among the columns, from 1 (DevExtreme's aria-colindex). */
const SENDER_COLUMN = LAB_COLUMNS.findIndex((c) => c.field === 'Sender') + 1;
/** The surname typed into the Sender filter box. */
const SURNAME = 'ბერიძე';
/** Between one keystroke and the next: a quick typist, well inside both grids' pauses. */
const KEY_GAP_MS = 80;
/** Attempts at the filter when the grid filtered before the last keystroke (the keys came too far apart). */
const FILTER_ATTEMPTS = 3;

/** One grid's page, as the probe in the page reads it. */
interface ProbeSpec {
  /** the data rows of the page shown */
  rows: string;
  /** the header cells, in the order of the rows' cells */
  headers: string;
  /** where the count of rows after filtering is: the grid's aria-rowcount, or the pager's "(N items)" */
  count: { selector: string; attribute: string | null };
}

interface Grid {
  name: string;
  url: string;
  probe: ProbeSpec;
  /** the Sender header's click target */
  sortTarget: string;
  /** the Sender filter box */
  filterBox: string;
  /** the grid's typing pause in ms */
  pause: number;
  /** whether the pause restarts on a key's release too (DevExtreme: 'keyup input'), not only on its input */
  pauseOnKeyup: boolean;
}

/** One round of one grid, in ms. */
interface Figures {
  renderFromMark: number;
  renderFromNavigation: number;
  sort: number;
  filter: number;
  filterWork: number;
}

/** When the grid's DOM met a condition, and when that was painted (two animation frames later). */
interface Seen {
  seen: number;
  painted: number;
}

/** What a condition asks of the grid: its row count, 20 rows shown, and their Sender cells. */
interface Expect {
  count: number;
  first?: string;
  allSame?: boolean;
  allInclude?: string;
}

/** What the probe is told besides the grid's selectors (the same on both pages). */
interface ProbeSettings {
  pageSize: number;
  sender: string;
  total: number;
  /** the first row's sender before any sort */
  first: string;
  /** how long a condition may take before the measurement fails */
  waitMs: number;
}

interface Probe {
  first: Promise<Seen>;
  pending: Promise<Seen> | null;
  until(expect: Expect): Promise<Seen>;
  events: Record<'pointerdown' | 'keydown' | 'keyup' | 'input', number[]>;
}
type ProbeWindow = Window & { gridProbe: Probe };

/**
 * Runs in each page before its scripts: records the timestamps of presses, keys and inputs, and watches
 * the DOM for the first page of rows. A condition is checked on every change of the DOM; once it holds,
 * two animation frames later the page has painted it.
 */
function installProbe(spec: ProbeSpec & ProbeSettings) {
  const state = () => {
    const headers = Array.from(document.querySelectorAll(spec.headers));
    const at = headers.findIndex((h) => (h.textContent ?? '').trim() === spec.sender);
    const rows = Array.from(document.querySelectorAll(spec.rows));
    const senders = rows.map((r) => (r.children[at]?.textContent ?? '').trim());
    const counter = document.querySelector(spec.count.selector);
    const text = spec.count.attribute
      ? counter?.getAttribute(spec.count.attribute)
      : /\((\d+)/.exec(counter?.textContent ?? '')?.[1];
    return { found: at >= 0, senders, count: text ? Number(text) : null };
  };
  const holds = (expect: Expect) => {
    const s = state();
    if (!s.found || s.count !== expect.count || s.senders.length !== spec.pageSize) return false;
    if (expect.first !== undefined && s.senders[0] !== expect.first) return false;
    if (expect.allSame && s.senders.some((v) => v !== s.senders[0])) return false;
    return !expect.allInclude || s.senders.every((v) => v.includes(expect.allInclude!));
  };
  const until = (expect: Expect) =>
    new Promise<Seen>((resolve, reject) => {
      const done = () => {
        observer.disconnect();
        clearTimeout(timer);
        const seen = performance.now();
        requestAnimationFrame(() =>
          requestAnimationFrame(() => resolve({ seen, painted: performance.now() })),
        );
      };
      const observer = new MutationObserver(() => {
        if (holds(expect)) done();
      });
      const timer = setTimeout(() => {
        observer.disconnect();
        const shows = JSON.stringify(state());
        reject(
          new Error(`not shown within ${spec.waitMs} ms: ${JSON.stringify(expect)}; the page shows ${shows}`),
        );
      }, spec.waitMs);
      if (holds(expect)) return done();
      observer.observe(document, {
        subtree: true,
        childList: true,
        characterData: true,
        attributeFilter: spec.count.attribute ? [spec.count.attribute] : [],
      });
    });
  const events: Probe['events'] = { pointerdown: [], keydown: [], keyup: [], input: [] };
  for (const type of Object.keys(events) as Array<keyof Probe['events']>)
    window.addEventListener(type, (e) => events[type].push(e.timeStamp), true);
  (window as unknown as ProbeWindow).gridProbe = {
    first: until({ count: spec.total, first: spec.first }),
    pending: null,
    until,
    events,
  };
}

/**
 * The keys of a Georgian keyboard (the QWERTY layout): the Latin key each letter is on, upper case for
 * a letter typed with Shift.
 */
const GEORGIAN_KEYS: Record<string, string> = Object.fromEntries(
  [...'აბცდეფგჰიჯკლმნოპქრსტუვწხყზ'].map((ch, i) => [ch, String.fromCharCode(97 + i)]),
);
Object.assign(GEORGIAN_KEYS, { ჭ: 'W', ღ: 'R', თ: 'T', შ: 'S', ჟ: 'J', ძ: 'Z', ჩ: 'C' });

/**
 * Types Georgian text with real key presses: for each letter its key's keydown (with Shift when the
 * layout needs it), the input, its keyup, `gap` ms apart. Playwright's keyboard.type would insert the
 * letters without a key (they are not on its US layout), so the keys go through the DevTools protocol.
 */
async function typeGeorgian(context: BrowserContext, page: Page, text: string, gap: number): Promise<void> {
  const cdp = await context.newCDPSession(page);
  try {
    for (const ch of text) {
      const latin = GEORGIAN_KEYS[ch];
      if (!latin) throw new Error(`no key for "${ch}" on the Georgian keyboard`);
      const shift = latin !== latin.toLowerCase();
      const code = `Key${latin.toUpperCase()}`;
      const vk = latin.toUpperCase().charCodeAt(0);
      const shiftKey = { key: 'Shift', code: 'ShiftLeft', windowsVirtualKeyCode: 16 };
      const modifiers = shift ? 8 : 0;
      if (shift) await cdp.send('Input.dispatchKeyEvent', { type: 'rawKeyDown', ...shiftKey, modifiers });
      const key = { key: ch, code, windowsVirtualKeyCode: vk, nativeVirtualKeyCode: vk, modifiers };
      await cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', ...key, text: ch, unmodifiedText: ch });
      await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', ...key });
      if (shift) await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', ...shiftKey });
      await new Promise((r) => setTimeout(r, gap));
    }
  } finally {
    await cdp.detach();
  }
}

/** Until the page is idle (its fonts loaded, an idle period, a painted frame): between measurements. */
async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await document.fonts.ready;
    await new Promise((r) => requestIdleCallback(r, { timeout: 2_000 }));
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  });
}

const last = (values: number[]) => (values.length ? values[values.length - 1] : NaN);

/** A fresh page of the grid, its first page of rows painted; answers the times of that first render. */
async function openGrid(page: Page, grid: Grid): Promise<{ fromMark: number; fromNavigation: number }> {
  await page.goto(grid.url);
  const first = await page.evaluate(
    async (mark) => ({
      seen: await (window as unknown as ProbeWindow).gridProbe.first,
      mark: performance.getEntriesByName(mark, 'mark')[0]?.startTime ?? NaN,
    }),
    RENDER_MARK,
  );
  await settle(page);
  return { fromMark: first.seen.painted - first.mark, fromNavigation: first.seen.painted };
}

/** Starts watching for a condition in the page (before the action that should bring it about). */
async function watch(page: Page, expect: Expect): Promise<void> {
  await page.evaluate((e) => {
    const probe = (window as unknown as ProbeWindow).gridProbe;
    probe.pending = probe.until(e);
  }, expect);
}

/** What the watched condition answered, with the probe's event timestamps. */
function watched(page: Page): Promise<{ seen: Seen; events: Probe['events'] }> {
  return page.evaluate(async () => {
    const probe = (window as unknown as ProbeWindow).gridProbe;
    return { seen: await probe.pending!, events: probe.events };
  });
}

/** Sort by Sender: from the press on its header until 20 rows of one sender are painted. */
async function measureSort(page: Page, grid: Grid): Promise<number> {
  await watch(page, { count: LAB_ROWS, allSame: true });
  await page.click(grid.sortTarget);
  const { seen, events } = await watched(page);
  return seen.painted - last(events.pointerdown);
}

/** The surname typed into the Sender filter box: the total from the last keystroke, and the work after the pause. */
async function measureFilter(context: BrowserContext, page: Page, grid: Grid, expected: number) {
  for (let attempt = 1; ; attempt++) {
    await page.click(grid.filterBox);
    await settle(page);
    await watch(page, { count: expected, allInclude: SURNAME });
    await typeGeorgian(context, page, SURNAME, KEY_GAP_MS);
    const { seen, events } = await watched(page);
    const lastKey = last(events.keydown);
    if (seen.seen >= lastKey) {
      const pauseFrom = grid.pauseOnKeyup
        ? Math.max(last(events.input), last(events.keyup))
        : last(events.input);
      return { total: seen.painted - lastKey, work: seen.painted - (pauseFrom + grid.pause) };
    }
    // the grid filtered between two keys (they came more than its pause apart): again, on a fresh page
    if (attempt === FILTER_ATTEMPTS) throw new Error(`${grid.name}: filtered before the last keystroke`);
    console.log(`  (${grid.name}: filtered before the last keystroke; typing again)`);
    await openGrid(page, grid);
  }
}

/**
 * One round of one grid: a fresh context; the first render and the sort in one page, the filter in
 * another. `shot`: a file for a screenshot of the filtered page, taken after the measurement.
 */
async function measureOnce(browser: Browser, grid: Grid, expected: number, shot?: string): Promise<Figures> {
  const context = await browser.newContext({
    viewport: VIEWPORT,
    locale: 'ka-GE',
    timezoneId: 'Asia/Tbilisi',
  });
  context.setDefaultTimeout(30_000);
  try {
    // tsx (esbuild's keepNames) wraps named functions in __name(…) calls; the page has no such helper
    await context.addInitScript({ content: 'globalThis.__name = (fn) => fn;' });
    await context.addInitScript(installProbe, {
      ...grid.probe,
      pageSize: PAGE_SIZE,
      sender: SENDER_HEADER,
      total: LAB_ROWS,
      first: makeParcels(1)[0].Sender,
      waitMs: 30_000,
    });
    const page = await context.newPage();
    const render = await openGrid(page, grid);
    const sort = await measureSort(page, grid);
    await openGrid(page, grid);
    const filter = await measureFilter(context, page, grid, expected);
    if (shot) await page.screenshot({ path: shot, fullPage: true });
    return {
      renderFromMark: render.fromMark,
      renderFromNavigation: render.fromNavigation,
      sort,
      filter: filter.total,
      filterWork: filter.work,
    };
  } finally {
    await context.close();
  }
}

/** A number a source file sets: `pattern`'s first group, or an error naming the file. */
function readNumber(file: string, pattern: RegExp, what: string): number {
  const m = pattern.exec(fs.readFileSync(file, 'utf8'));
  if (!m) throw new Error(`${what}: not found in ${path.relative(ROOT, file)} (${pattern})`);
  return Number(m[1]);
}

/** bench/grid's packages, installed from its lockfile when missing or not the versions its package.json pins. */
function installDevExtreme(): void {
  const pkg = JSON.parse(fs.readFileSync(path.join(DX_DIR, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  const installed = (name: string) => {
    try {
      const file = path.join(DX_DIR, 'node_modules', name, 'package.json');
      return (JSON.parse(fs.readFileSync(file, 'utf8')) as { version: string }).version;
    } catch {
      return null;
    }
  };
  if (Object.entries(pkg.dependencies).every(([name, version]) => installed(name) === version)) return;
  console.log('DataGrid benchmark: installing DevExtreme (npm ci --prefix bench/grid) …');
  const r = spawnSync('npm', ['ci', '--prefix', 'bench/grid', '--no-audit', '--no-fund'], {
    cwd: ROOT,
    stdio: 'inherit',
    timeout: 600_000,
  });
  if (r.status !== 0) throw new Error(`npm ci in bench/grid failed (${r.status ?? r.signal})`);
}

/** DevExtreme's page (bench/grid) built with the repository's vite and served on loopback. */
async function startDevExtreme(): Promise<StaticSite> {
  installDevExtreme();
  const { build } = await import('vite');
  await build({ configFile: path.join(DX_DIR, 'vite.config.ts'), logLevel: 'error' });
  return serveStatic(DX_OUT);
}

/** The grids, with their pages served; `stop` closes the servers. */
async function startGrids(): Promise<{ grids: Grid[]; stop: () => Promise<void> }> {
  const ours = await startGridLab();
  const dx = await startDevExtreme().catch(async (e: unknown) => {
    await ours.stop();
    throw e;
  });
  const grids: Grid[] = [
    {
      name: 'ours',
      url: ours.url,
      probe: {
        rows: 'table[role=grid] tbody tr[data-row-id]',
        headers: 'table[role=grid] thead tr:first-child > th',
        count: { selector: 'table[role=grid]', attribute: 'aria-rowcount' },
      },
      sortTarget: 'th[data-column-id="Sender"] [data-sortable]',
      filterBox: `input[aria-label="ფილტრი: ${SENDER_HEADER}"]`,
      pause: FILTER_DEBOUNCE_MS,
      pauseOnKeyup: false,
    },
    {
      name: 'DevExtreme',
      url: dx.url,
      probe: {
        rows: '.dx-datagrid-rowsview .dx-data-row',
        headers: '.dx-datagrid-headers .dx-header-row > td',
        count: { selector: '.dx-datagrid-pager .dx-info', attribute: null },
      },
      sortTarget: `.dx-datagrid-headers .dx-header-row > td[aria-colindex="${SENDER_COLUMN}"]`,
      filterBox: `.dx-datagrid-filter-row > td[aria-colindex="${SENDER_COLUMN}"] input`,
      pause: readNumber(DX_FILTER_ROW, /updateValueTimeout:[^,]*\? 0 : (\d+)/, "DevExtreme's typing pause"),
      pauseOnKeyup: true,
    },
  ];
  return { grids, stop: () => Promise.all([ours.stop(), dx.stop()]).then(() => undefined) };
}

/** The figures of the table: a label and how to read it from a round. */
const FIGURES: Array<[string, keyof Figures]> = [
  ['first paged render (render call → painted)', 'renderFromMark'],
  ['first paged render (navigation → painted)', 'renderFromNavigation'],
  ['sort by Sender (press → painted)', 'sort'],
  ['filter as typed (last keystroke → painted)', 'filter'],
  ['  work after the typing pause', 'filterWork'],
];

const ms = (v: number) => (Number.isFinite(v) ? v.toFixed(0) : 'n/a');

function printRound(label: string, grid: Grid, f: Figures): void {
  console.log(
    `  ${label} ${grid.name}: first render ${ms(f.renderFromMark)} ms (${ms(f.renderFromNavigation)} ms from ` +
      `navigation), sort ${ms(f.sort)} ms, filter ${ms(f.filter)} ms (work after the pause ${ms(f.filterWork)} ms)`,
  );
}

/** The medians side by side with ours/DevExtreme, aligned like bench/run.ts's tables. */
function printTable(grids: Grid[], rounds: Figures[][]): void {
  const head = ['figure', ...grids.map((g) => `${g.name} ms`), `${grids[0].name}/${grids[1].name}`];
  const body = FIGURES.map(([label, key]) => {
    const medians = rounds.map((list) => median(list.map((f) => f[key])));
    return [label, ...medians.map(ms), (medians[0] / medians[1]).toFixed(2)];
  });
  body.push(['typing pause (not measured)', ...grids.map((g) => String(g.pause)), '']);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log(line(head));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const b of body) console.log(line(b).trimEnd());
}

/**
 * The benchmark: both pages built and served, Chromium launched, a warm-up round of each grid, then
 * ROUNDS alternating rounds, every one printed, and the table of medians.
 */
export async function runGridBench(): Promise<void> {
  console.log(
    `\nDataGrid benchmark: ours and DevExtreme, ${LAB_ROWS.toLocaleString('en')} rows, ${PAGE_SIZE} a page, ` +
      `Chromium ${VIEWPORT.width}×${VIEWPORT.height}, ${ROUNDS} alternating rounds (BENCH_GRID_ROUNDS) after a warm-up`,
  );
  const { grids, stop } = await startGrids();
  const browser = await launchBrowser();
  try {
    console.log(
      `  Chromium ${browser.version()}; typing pauses: ${grids.map((g) => `${g.name} ${g.pause} ms`).join(', ')}`,
    );
    const expected = makeParcels(LAB_ROWS).filter((p) => p.Sender.includes(SURNAME)).length;
    for (const grid of grids) {
      const shot = path.join(ARTIFACTS, `bench-grid-${grid.name.toLowerCase()}.png`);
      printRound('warm-up', grid, await measureOnce(browser, grid, expected, shot));
      console.log(`    the filtered page: ${path.relative(ROOT, shot)}`);
    }
    const rounds = grids.map(() => [] as Figures[]);
    for (let i = 0; i < ROUNDS; i++) {
      const order = grids.map((_, k) => k);
      for (const k of i % 2 ? order.reverse() : order) {
        const f = await measureOnce(browser, grids[k], expected);
        rounds[k].push(f);
        printRound(`round ${i + 1}/${ROUNDS}`, grids[k], f);
      }
    }
    console.log(
      `\nDataGrid (median of ${ROUNDS} alternating rounds; filter: "${SURNAME}" typed into the Sender box, ${expected} rows)`,
    );
    printTable(grids, rounds);
  } finally {
    await browser.close();
    await stop();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  try {
    await runGridBench();
  } catch (e) {
    console.error(`DataGrid benchmark failed: ${(e as Error).stack ?? e}`);
    process.exitCode = 1;
  }
}
