// `npx tsx scripts/bench/detail-render.ts`: how the Dashboard's longest detail lists render in a
// browser on a large practice group. It starts the product's server on the embedded database in a
// fresh folder, imports the bench data set, opens the Dashboard in headless Chromium and opens each
// list the way a user does (a click on its figure), measuring with the browser's own timings:
// click to the first rows shown, the longest task that blocked the page, the total blocking time,
// how long the page stayed busy, the rows in the DOM and the bytes of the answer. Run on demand;
// it prints its figures and no test asserts them (docs/performance.md, "Long detail lists").

import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { type Browser, chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../e2e/chromium';
import { callJson, importFile, signIn } from './api';
import { DATASET, ensureDataset } from './dataset';
import { describeMachine } from './machine';
import { positiveInt } from './options';
import { startServer } from './server';
import { median, table } from './table';

const USAGE = `Usage: npx tsx scripts/bench/detail-render.ts [options]
  --rows N     procedure rows in the data set (default 600000; made in .bench/data when missing)
  --port N     port of the server (default 3230)
  --web DIR    serve this build of the web app instead of building one into .tmp/bench-web-<port>
  --phone      a 390 px wide page instead of 1280 px
  --runs N     open each list N times, each in a fresh page, and report the medians (default 3)`;

const ADMIN_PASSWORD = 'bench-admin-password';
/** Tasks longer than this block the page (the Long Tasks API's threshold, and TBT's). */
const LONG_TASK_MS = 50;
/** The page counts as settled after this long without a long task. */
const QUIET_MS = 2000;
const TIMEOUT_MS = 300_000;

const log = (line: string) => console.log(`[detail-render] ${line}`);

/** One list to open: the Dashboard's year, and the accessible name of the figure's button. */
interface Target {
  name: string;
  year: number;
  button: RegExp;
}

interface Figures {
  name: string;
  /** Rows in the whole list, as the API answers it without paging. */
  listRows: number;
  firstRowsMs: number;
  longestTaskMs: number;
  blockingMs: number;
  /** From the click to the end of the last long task (or to the rows, when none came after). */
  busyMs: number;
  domRows: number;
  /** The detail calls' bodies as sent (gzipped) and as JSON. */
  encodedBytes: number;
  jsonBytes: number;
  /** Click on "Next page" to the next page's rows, and the longest task meanwhile, when the list has pages. */
  nextPageMs: number | null;
  nextPageTaskMs: number | null;
}

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function get<T>(base: string, token: string, path: string): Promise<T> {
  const res = await callJson(base, 'GET', path, token);
  if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}`);
  return res.body as T;
}

type Counts = Record<'consults_won' | 'consults_lost' | 'pending_finance' | 'future_consults', number>;
const CONSULT_WORDS: Record<keyof Counts, string> = {
  consults_won: 'consults won',
  consults_lost: 'consults lost',
  pending_finance: 'pending finance consults',
  future_consults: 'future consults',
};

/**
 * The longest lists of the data: every provider's consults of the kind and year with the most, the
 * arch cases of the year worth the most (its Total cell), and every future treatment and pending
 * finance case of the group. Returns each with its row count from the unpaged API.
 */
async function largestLists(base: string, token: string): Promise<(Target & { rows: number })[]> {
  let consults = { year: 0, type: 'consults_won' as keyof Counts, n: -1 };
  let arch = { year: 0, total: -1 };
  for (const year of DATASET.years) {
    const { totals } = await get<{ totals: Counts }>(
      base,
      token,
      `/api/dashboard/consult-overview?year=${year}`,
    );
    for (const type of Object.keys(CONSULT_WORDS) as (keyof Counts)[]) {
      if (totals[type] > consults.n) consults = { year, type, n: totals[type] };
    }
    const { grand_total } = await get<{ grand_total: number }>(
      base,
      token,
      `/api/dashboard/arch-cases-by-month?year=${year}`,
    );
    if (grand_total > arch.total) arch = { year, total: grand_total };
  }
  const latest = DATASET.years[DATASET.years.length - 1];
  const count = async (path: string, field: string) =>
    (await get<Record<string, unknown[]>>(base, token, path))[field].length;
  return [
    {
      name: `${CONSULT_WORDS[consults.type]}, all providers, ${consults.year}`,
      year: consults.year,
      button: new RegExp(`^Show ${consults.n} ${CONSULT_WORDS[consults.type]} for all providers$`),
      rows: consults.n,
    },
    {
      name: `arch cases, all providers, ${arch.year}`,
      year: arch.year,
      button: new RegExp(`^Show arch cases for all providers in ${arch.year} \\(`),
      rows: await count(`/api/dashboard/arch-case-details/${arch.year}?year=${arch.year}`, 'patients'),
    },
    {
      name: 'future treatments, all providers, all dates',
      year: latest,
      button: /^Show all future treatments for all providers \(/,
      rows: await count('/api/dashboard/future-case-details/all', 'treatments'),
    },
    {
      name: 'pending finance cases, all providers',
      year: latest,
      button: new RegExp(`^${literal('Show pending finance cases for all providers (')}`),
      rows: await count('/api/dashboard/pending-finance-details', 'cases'),
    },
  ];
}

async function signInPage(page: Page): Promise<void> {
  await page.goto('/');
  await page.getByLabel('Username').fill('admin');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.getByText('Welcome, admin').waitFor({ timeout: TIMEOUT_MS });
}

/** Records every long task from now on, on the page's own clock. */
async function watchLongTasks(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { benchTasks: { start: number; duration: number }[] };
    w.benchTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.benchTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: false });
  });
}

/**
 * Clicks the button named `label` in the page and resolves with the click's time and the time of
 * the first animation frame that has a detail row to paint (the page's own clock).
 */
function clickUntilRows(page: Page, label: string): Promise<{ t0: number; t1: number }> {
  return page.evaluate(
    (name) =>
      new Promise<{ t0: number; t1: number }>((done) => {
        const button = [...document.querySelectorAll('button')].find(
          (b) => b.getAttribute('aria-label') === name,
        );
        if (!button) throw new Error(`no button ${name}`);
        const t0 = performance.now();
        button.click();
        const check = () => {
          if (document.querySelector('[role="dialog"] table tbody tr')) done({ t0, t1: performance.now() });
          else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      }),
    label,
  );
}

/**
 * Waits until no long task has run for QUIET_MS; returns the tasks that ended after `t0` (the task
 * that ran the click itself began a moment before it).
 */
async function settle(page: Page, t0: number) {
  for (;;) {
    await page.waitForTimeout(500);
    const { now, tasks } = await page.evaluate((from) => {
      const w = window as unknown as { benchTasks: { start: number; duration: number }[] };
      return { now: performance.now(), tasks: w.benchTasks.filter((t) => t.start + t.duration > from) };
    }, t0);
    const lastEnd = Math.max(t0, ...tasks.map((t) => t.start + t.duration));
    if (now - lastEnd >= QUIET_MS) return tasks;
  }
}

/** Clicks "Next page" in the dialog and times it until the first row changes. */
async function timeNextPage(page: Page): Promise<{ t0: number; ms: number } | null> {
  return page.evaluate(
    () =>
      new Promise<{ t0: number; ms: number } | null>((done) => {
        const dialog = document.querySelector('[role="dialog"]');
        const next = dialog?.querySelector<HTMLButtonElement>('button[aria-label="Next page"]');
        const firstRow = () => dialog?.querySelector('table tbody tr')?.textContent ?? '';
        if (!next || next.disabled) return done(null);
        const before = firstRow();
        const t0 = performance.now();
        next.click();
        const check = () => {
          const row = firstRow();
          if (row !== '' && row !== before && !dialog?.querySelector('[aria-busy="true"]'))
            done({ t0, ms: performance.now() - t0 });
          else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      }),
  );
}

async function measure(browser: Browser, base: string, width: number, target: Target & { rows: number }) {
  const context = await browser.newContext({ baseURL: base, viewport: { width, height: 900 } });
  // tsx names the functions it compiles through a helper of its own, `__name`, which the code
  // passed to page.evaluate then calls in the page: give the page one that does nothing.
  await context.addInitScript('window.__name = (fn) => fn');
  const page = await context.newPage();
  page.setDefaultTimeout(TIMEOUT_MS);
  try {
    await signInPage(page);
    await page.goto(`/dashboard?year=${target.year}`);
    const button = page.getByRole('button', { name: target.button });
    await button.waitFor();
    const label = (await button.getAttribute('aria-label')) ?? '';
    // The panels have loaded; let the page settle before the click.
    await watchLongTasks(page);
    await settle(page, 0);
    const { t0, t1 } = await clickUntilRows(page, label);
    const tasks = await settle(page, t0);
    const after = await page.evaluate((from) => {
      const details = performance
        .getEntriesByType('resource')
        .filter((e) => e.startTime >= from && /\/api\/dashboard\/[a-z-]+-details/.test(e.name))
        .map((e) => e as PerformanceResourceTiming);
      return {
        domRows: document.querySelectorAll('[role="dialog"] table tbody tr').length,
        encodedBytes: details.reduce((sum, e) => sum + e.encodedBodySize, 0),
        jsonBytes: details.reduce((sum, e) => sum + e.decodedBodySize, 0),
      };
    }, t0);
    const lastEnd = Math.max(t1, ...tasks.map((t) => t.start + t.duration));
    const next = await timeNextPage(page);
    const nextTasks = next ? await settle(page, next.t0) : [];
    const figures: Figures = {
      name: target.name,
      listRows: target.rows,
      firstRowsMs: t1 - t0,
      longestTaskMs: Math.max(0, ...tasks.map((t) => t.duration)),
      blockingMs: tasks.reduce((sum, t) => sum + Math.max(0, t.duration - LONG_TASK_MS), 0),
      busyMs: lastEnd - t0,
      ...after,
      nextPageMs: next?.ms ?? null,
      nextPageTaskMs: next ? Math.max(0, ...nextTasks.map((t) => t.duration)) : null,
    };
    return figures;
  } finally {
    await context.close();
  }
}

/** Each figure's median over the runs (each figure on its own). */
function medians(runs: Figures[]): Figures {
  const of = (pick: (f: Figures) => number) => median(runs.map(pick));
  const next = runs.map((f) => f.nextPageMs).filter((n): n is number => n !== null);
  const nextTask = runs.map((f) => f.nextPageTaskMs).filter((n): n is number => n !== null);
  return {
    ...runs[0],
    firstRowsMs: of((f) => f.firstRowsMs),
    longestTaskMs: of((f) => f.longestTaskMs),
    blockingMs: of((f) => f.blockingMs),
    busyMs: of((f) => f.busyMs),
    nextPageMs: next.length ? median(next) : null,
    nextPageTaskMs: nextTask.length ? median(nextTask) : null,
  };
}

function buildWeb(outDir: string): void {
  log(`Building the web app into ${outDir}...`);
  const build = spawnSync(
    'npx',
    [
      'vite',
      'build',
      '--config',
      'web/vite.config.ts',
      '--logLevel',
      'warn',
      '--outDir',
      outDir,
      '--emptyOutDir',
    ],
    { stdio: 'inherit' },
  );
  if (build.status !== 0) throw new Error('vite build failed');
}

const ms = (n: number) => `${Math.round(n).toLocaleString('en-US')} ms`;
const int = (n: number) => n.toLocaleString('en-US');
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function formatFigures(rows: Figures[]): string {
  return table(
    [
      'list',
      'rows',
      'click to first rows',
      'longest task',
      'total blocking time',
      'busy for',
      'rows in the DOM',
      'answer (gzipped / JSON)',
      'next page (longest task)',
    ],
    rows.map((f) => [
      f.name,
      int(f.listRows),
      ms(f.firstRowsMs),
      ms(f.longestTaskMs),
      ms(f.blockingMs),
      ms(f.busyMs),
      int(f.domRows),
      `${kb(f.encodedBytes)} / ${kb(f.jsonBytes)}`,
      f.nextPageMs === null ? '-' : `${ms(f.nextPageMs)} (${ms(f.nextPageTaskMs ?? 0)})`,
    ]),
  );
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      rows: { type: 'string' },
      port: { type: 'string' },
      web: { type: 'string' },
      phone: { type: 'boolean', default: false },
      runs: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const rows = positiveInt('rows', values.rows, 600_000);
  const port = positiveInt('port', values.port, 3230);
  const width = values.phone ? 390 : 1280;
  const runs = positiveInt('runs', values.runs, 3);
  const machine = describeMachine();
  const dataset = await ensureDataset(join('.bench', 'data'), rows, log);
  const webDist = resolve(values.web ?? `.tmp/bench-web-${port}`);
  if (!values.web) buildWeb(webDist);

  const dataDir = await mkdtemp(join(tmpdir(), 'detail-render-'));
  const server = await startServer({ port, dataDir, adminPassword: ADMIN_PASSWORD, webDist });
  let browser: Browser | null = null;
  try {
    const token = await signIn(server.url, ADMIN_PASSWORD);
    log(`Importing ${dataset.reportCsv.path} and ${dataset.futureCsv.path}...`);
    await importFile(server.url, token, 'raw-data', dataset.reportCsv.path, true);
    await importFile(server.url, token, 'future-scheduled', dataset.futureCsv.path, true);
    const targets = await largestLists(server.url, token);

    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    const results: Figures[] = [];
    for (const target of targets) {
      log(`Opening ${target.name} (${int(target.rows)} rows), ${runs} times...`);
      const each: Figures[] = [];
      for (let run = 0; run < runs; run++) each.push(await measure(browser, server.url, width, target));
      results.push(medians(each));
    }
    console.log(
      `\nDetail lists in the browser: ${int(dataset.rows.procedures)} procedure rows, Chromium at ${width} px, ` +
        `median of ${runs} runs, ${machine.cores} cores (${machine.cpu}), Node ${machine.node}, ${machine.date}\n`,
    );
    console.log(formatFigures(results));
  } catch (err) {
    console.error(server.output());
    throw err;
  } finally {
    await browser?.close();
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
