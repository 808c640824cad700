import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { promisify } from 'node:util';
import { expect, type Page, test } from '@playwright/test';
import { DEFAULT_OPTIONS, generateSamples } from '../scripts/sample-data/index';
import { createOpenDentalDatabase } from '../scripts/sample-data/opendental-database';
import { axeViolations } from './axe';
import { ADMIN, apiToken, createUser, SAMPLE_FILES, signIn, uniqueName } from './helpers';
import { openTab, VIEWPORTS } from './layout-helpers';

// A real MariaDB holding the sample practice as an Open Dental database: an admin sets the
// connection on the Data Import tab, tests it and syncs, and the Dashboard shows the practice.
// TEST_MARIADB_URL names a server to use; otherwise one is started on E2E_MARIADB_PORT.

test.describe.configure({ mode: 'serial', timeout: 120_000 });

const run = promisify(execFile);
const READER = { user: uniqueName('od_reader').slice(0, 30), password: `Pw-${uniqueName('x')}` };
const DATABASE = uniqueName('od_demo').replaceAll('-', '_').slice(0, 40);

let adminUrl: string;
let stopServer = async () => {};
let where: { host: string; port: number };

test.beforeAll(async () => {
  test.setTimeout(180_000);
  adminUrl = process.env.TEST_MARIADB_URL ?? '';
  if (!adminUrl) {
    const dir = mkdtempSync(join(tmpdir(), 'fat-e2e-mariadb-'));
    const port = process.env.E2E_MARIADB_PORT ?? '33072';
    const { stdout } = await run('scripts/mariadb.sh', ['start', dir, port]);
    adminUrl = stdout.trim();
    stopServer = async () => {
      await run('scripts/mariadb.sh', ['stop', dir]);
      rmSync(dir, { recursive: true, force: true });
    };
  }
  const url = new URL(adminUrl);
  where = { host: url.hostname, port: Number(url.port || 3306) };
  const admin = await createOpenDentalDatabase(adminUrl, DATABASE, READER);
  const outDir = mkdtempSync(join(tmpdir(), 'fat-e2e-od-'));
  await generateSamples({ ...DEFAULT_OPTIONS, patients: 120, outDir, formats: [], openDental: admin });
  await admin.end();
  rmSync(outDir, { recursive: true, force: true });
});

// The browser tests share one server: the files the later specs expect are put back in place of
// the synced practice.
test.afterAll(async ({ request }) => {
  const headers = { Authorization: `Bearer ${await apiToken(request, ADMIN.username, ADMIN.password)}` };
  for (const kind of ['raw-data', 'future-scheduled'] as const) {
    const path = SAMPLE_FILES[kind];
    const res = await request.post(`/api/import/${kind}`, {
      headers,
      multipart: {
        replace: 'true',
        file: { name: basename(path), mimeType: 'text/csv', buffer: readFileSync(path) },
      },
    });
    expect(res.status(), await res.text()).toBe(200);
  }
  await stopServer();
});

async function fillConnection(page: Page, password: string) {
  const form = page.getByRole('form', { name: 'Open Dental connection' });
  await form.getByLabel('Host').fill(where.host);
  await form.getByLabel('Port').fill(String(where.port));
  await form.getByLabel('Database').fill(DATABASE);
  await form.getByLabel('User').fill(READER.user);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Connection saved')).toBeVisible();
  return form;
}

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('a wrong password is explained, and the failed sync shows in red', async ({ page }) => {
      await signIn(page, ADMIN.username, ADMIN.password);
      await openTab(page, 'Data Import');
      const card = page.getByRole('region', { name: 'Open Dental' });
      const form = await fillConnection(page, 'not-the-password');
      await form.getByRole('button', { name: 'Test connection' }).click();
      const failed = form.getByRole('alert');
      await expect(failed).toContainText('Could not connect');
      await expect(failed).toContainText('check the user name and password');
      await card.getByRole('button', { name: 'Sync now' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Sync and replace' }).click();
      await expect(card.getByTestId('last-sync')).toHaveText(
        /^Last sync failed: .*check the user name and password/,
      );
      await expect(card.getByTestId('last-sync')).toHaveCSS('color', 'rgb(201, 42, 42)');
      expect(await axeViolations(page, '#opendental')).toEqual([]);
      // Every other tab says it in one line, in the words of the PDF and the e-mails.
      for (const tab of ['Dashboard', 'Follow-ups', 'Patient Lookup', 'Configuration']) {
        await openTab(page, tab);
        const line = page.getByRole('main').getByRole('status').filter({ hasText: 'the last sync failed:' });
        await expect(line).toContainText(
          /^Figures as of (the sync of .*|the last import); the last sync failed: .*check the user name and password/,
        );
        await expect(line).toBeInViewport();
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          viewport.width,
        );
      }
    });

    test('an admin sets the connection, tests it, syncs, and the Dashboard shows the practice', async ({
      page,
      request,
    }) => {
      await signIn(page, ADMIN.username, ADMIN.password);
      await openTab(page, 'Data Import');
      const card = page.getByRole('region', { name: 'Open Dental' });
      const form = await fillConnection(page, READER.password);
      await expect(form.getByText('A password is saved: leave this blank to keep it.')).toBeVisible();
      await form.getByRole('button', { name: 'Test connection' }).click();
      const connected = form.getByRole('status').filter({ hasText: 'Connected to Open Dental' });
      await expect(connected).toContainText(/Server version .*MariaDB.*A sync would read [\d,]+ procedures/);
      await card.getByRole('button', { name: 'Sync now' }).click();
      // Asked first, naming the files it replaces (or the sync before, at the second width).
      const ask = page.getByRole('dialog', { name: "Replace the data with Open Dental's?" });
      await expect(ask.getByRole('list', { name: 'Replaced by the sync' })).toContainText(
        /The Full Arch Report(: .*\.(csv|xlsx) \([\d,]+ rows\), imported| and the Future Scheduled data of the sync of)/,
      );
      expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);
      await ask.getByRole('button', { name: 'Sync and replace' }).click();
      const synced = card.getByRole('status').filter({ hasText: 'Synced from Open Dental' });
      await expect(synced).toContainText(
        /[\d,]+ rows imported: [\d,]+ Full Arch Report and [\d,]+ Future Scheduled/,
        {
          timeout: 60_000,
        },
      );
      await expect(card.getByTestId('last-sync')).toHaveText(
        /^Last sync: .*, [\d,]+ rows imported, [\d,]+ rows? skipped\.$/,
      );

      await openTab(page, 'Dashboard');
      await expect(page.getByText(/Last Data Import: \d/)).toBeVisible();
      // Every provider of the practice read from Open Dental has a row in the Consult Overview.
      const token = await apiToken(request, ADMIN.username, ADMIN.password);
      const providers = await request.get('/api/dashboard/providers', {
        headers: { Authorization: `Bearer ${token}` },
      });
      const names = (await providers.json()).providers as string[];
      expect(names.length).toBeGreaterThan(1);
      const consults = page.getByRole('table', { name: 'Consult Overview' });
      for (const name of names)
        await expect(consults.getByRole('row', { name: new RegExp(name) })).toBeVisible();
    });

    test('a manager sees the status and Sync now; a provider only the status', async ({ page, request }) => {
      const manager = await createUser(request, { role: 'manager' });
      await signIn(page, manager.username, manager.password);
      await openTab(page, 'Data Import');
      const card = page.getByRole('region', { name: 'Open Dental' });
      await expect(card.getByTestId('last-sync')).toHaveText(/^Last sync: /);
      await expect(card.getByText('Schedule: Off (sync by hand)')).toBeVisible();
      await expect(card.getByRole('button', { name: 'Sync now' })).toBeEnabled();
      await expect(card.getByRole('form', { name: 'Open Dental connection' })).toHaveCount(0);

      const provider = await createUser(request, { role: 'provider' });
      await page.evaluate(() => localStorage.clear());
      await signIn(page, provider.username, provider.password);
      await openTab(page, 'Data Import');
      await expect(card.getByTestId('last-sync')).toHaveText(/^Last sync: /);
      await expect(card.getByRole('button', { name: 'Sync now' })).toHaveCount(0);
      await expect(card.getByRole('form', { name: 'Open Dental connection' })).toHaveCount(0);
    });
  });
}

// The settings of the card at the two sizes the card is laid out for: a refused host under its
// field, a test of what is typed before it is saved, the daily hour on the server's clock, and
// the last sync's unmapped codes as an import lists them.
for (const size of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test.describe(`settings at ${size.width}x${size.height}`, () => {
    test.use({ viewport: size });

    test('an admin tests what is typed, chooses the daily hour, and sees what the last sync left unmapped', async ({
      page,
      request,
    }) => {
      const headers = { Authorization: `Bearer ${await apiToken(request, ADMIN.username, ADMIN.password)}` };
      const status = await (await request.get('/api/sync/opendental/status', { headers })).json();
      await signIn(page, ADMIN.username, ADMIN.password);
      await openTab(page, 'Data Import');
      const card = page.getByRole('region', { name: 'Open Dental' });
      const form = card.getByRole('form', { name: 'Open Dental connection' });

      // The last sync (of the tests above) lists its unmapped codes as an import's result does.
      const unmapped = status.last_sync.unmapped_codes as { code: string; count: number }[];
      expect(unmapped.length).toBeGreaterThan(0);
      await card.getByRole('button', { name: `Unmapped codes (${unmapped.length})` }).click();
      await expect(card.getByText(unmapped[0].code, { exact: true })).toBeVisible();

      const host = form.getByRole('textbox', { name: 'Host' });
      await host.fill(`${where.host}:${where.port}`);
      await form.getByRole('button', { name: 'Save' }).click();
      await expect(
        form.getByText(
          'host must be a host name or an IP address, without a scheme or port; put the port in the Port field.',
        ),
      ).toBeVisible();
      await host.fill(where.host);

      // A wrong password typed is tested as typed, not the right one saved; blank is the saved one.
      const password = form.getByLabel('Password', { exact: true });
      await password.fill('not-the-password');
      await form.getByRole('button', { name: 'Test connection' }).click();
      await expect(form.getByRole('alert')).toContainText('check the user name and password');
      await password.fill('');
      await form.getByRole('button', { name: 'Test connection' }).click();
      await expect(form.getByRole('status').filter({ hasText: 'Connected to Open Dental' })).toBeVisible();

      await form.getByRole('combobox', { name: 'Schedule' }).click();
      await page.getByRole('option', { name: 'Every day', exact: true }).click();
      await form.getByRole('combobox', { name: 'Hour of the daily sync' }).click();
      await page.getByRole('option', { name: '06:00', exact: true }).click();
      await form.getByRole('button', { name: 'Save' }).click();
      await expect(card.getByText(`Schedule: Every day at 06:00 (${status.time_zone})`)).toBeVisible();
      expect(await axeViolations(page, '#opendental')).toEqual([]);

      // Back as the other specs expect it.
      await form.getByRole('combobox', { name: 'Schedule' }).click();
      await page.getByRole('option', { name: 'Off (sync by hand)' }).click();
      await form.getByRole('button', { name: 'Save' }).click();
      await expect(card.getByText('Schedule: Off (sync by hand)')).toBeVisible();
    });
  });
}
