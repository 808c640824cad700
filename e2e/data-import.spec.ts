import { statSync } from 'node:fs';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { axeViolations } from './axe';
import { ADMIN, apiToken, createUser, loadSamples, SAMPLE_FILES, signIn } from './helpers';
import { openTab as openTabAt, VIEWPORTS } from './layout-helpers';

// Real imports and scoresheet recalculations on a shared two-core machine.
test.describe.configure({ timeout: 60_000 });

const CARDS = [
  { title: 'Full Arch Report', file: SAMPLE_FILES['raw-data'] },
  { title: 'Future Scheduled', file: SAMPLE_FILES['future-scheduled'] },
  { title: 'Ignore List', file: SAMPLE_FILES['ignore-list'] },
] as const;

async function openTab(page: Page) {
  await page.getByRole('tab', { name: 'Data Import' }).click();
  await expect(page.getByRole('heading', { name: 'Data Import', level: 2 })).toBeVisible();
}

/** What an import could change: the import history, the scoresheet, the future case value. */
async function snapshot(request: APIRequestContext) {
  const headers = { Authorization: `Bearer ${await apiToken(request, ADMIN.username, ADMIN.password)}` };
  const history = await (await request.get('/api/import/history', { headers })).json();
  const scoresheet = await (await request.get('/api/scoresheet', { headers })).json();
  const future = await (await request.get('/api/dashboard/future-case-value', { headers })).json();
  return { history, scoresheet, future };
}

/**
 * Imports the file a card previewed. A file the preview warns about offers 'Import anyway'
 * instead of 'Confirm import' (the sample Future Scheduled file is mostly past once its dates are).
 */
async function confirmPreviewed(card: Locator) {
  await expect(card.getByText('Nothing has been imported yet.')).toBeVisible({ timeout: 30_000 });
  await card.getByRole('button', { name: /^(Confirm import|Import anyway)$/ }).click();
}

/** `M/D/YYYY` `days` from today, as a practice system writes dates. */
function dayFrom(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  return `${date.getMonth() + 1}/${date.getDate()}/${date.getFullYear()}`;
}

test('an admin imports the three sample files through the Data Import tab', async ({ page }) => {
  await signIn(page, ADMIN.username, ADMIN.password);
  await openTab(page);

  for (const { title, file } of CARDS) {
    const card = page.getByRole('region', { name: title });
    const importButton = card.getByRole('button', { name: `Import ${title}` });
    await expect(importButton).toBeDisabled();
    await card.locator('input[type="file"]').setInputFiles(file);
    await expect(card.getByText(file.split('/').pop() as string)).toBeVisible();
    await importButton.click();
    await confirmPreviewed(card);
    await expect(card.getByRole('status')).toContainText(/Successfully imported [\d,]+ records/, {
      timeout: 30_000,
    });
  }

  // The report's everyday dentistry has no mapping: listed with counts, one click away.
  const report = page.getByRole('region', { name: 'Full Arch Report' });
  await expect(report.getByRole('status')).toContainText('Successfully imported 1,805 records');
  await report.getByRole('button', { name: /Unmapped codes/ }).click();
  await expect(report.getByRole('row').filter({ hasText: 'D1110' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Future Scheduled' }).getByRole('status')).toContainText(
    'Successfully imported 94 records',
  );
  await expect(page.getByRole('region', { name: 'Ignore List' }).getByRole('status')).toContainText(
    'Successfully imported 7 records',
  );

  // The history shows the three imports, newest first, as soon as they are in.
  const history = page.getByRole('table').filter({ hasText: 'Rows Imported' });
  const rows = history.getByRole('row');
  await expect(rows.nth(1)).toContainText('ignore-list.csv');
  await expect(rows.nth(1)).toContainText('Ignore List (merged)');
  await expect(rows.nth(2)).toContainText('future-scheduled.csv');
  await expect(rows.nth(3)).toContainText('full-arch-report.csv');
  await expect(rows.nth(3)).toContainText(ADMIN.username);
  await expect(rows.nth(3)).toContainText('1,805');

  expect(await axeViolations(page)).toEqual([]);
});

test('a file the server refuses shows its error and changes nothing', async ({ page, request }) => {
  await signIn(page, ADMIN.username, ADMIN.password);
  await openTab(page);
  const before = await snapshot(request);
  const card = page.getByRole('region', { name: 'Full Arch Report' });
  const input = card.locator('input[type="file"]');

  await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello\n') });
  await card.getByRole('button', { name: 'Import Full Arch Report' }).click();
  await expect(card.getByRole('alert')).toHaveText('Unsupported file type: use .csv, .xlsx or .xls');

  await input.setInputFiles({
    name: 'wrong-columns.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('Name,When\nSmith,1/2/2025\n'),
  });
  await card.getByRole('button', { name: 'Import Full Arch Report' }).click();
  await expect(card.getByRole('alert')).toHaveText(
    'Missing required columns: Date, Code, Provider (found: Name, When)',
  );

  await input.setInputFiles({ name: 'empty.csv', mimeType: 'text/csv', buffer: Buffer.alloc(0) });
  await card.getByRole('button', { name: 'Import Full Arch Report' }).click();
  await expect(card.getByRole('alert')).toHaveText('The file is empty');

  expect(await snapshot(request)).toEqual(before);
});

for (const viewport of VIEWPORTS) {
  test(`an import with skipped rows is a success with a warning (${viewport.name})`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    try {
      await signIn(page, ADMIN.username, ADMIN.password);
      await openTabAt(page, 'Data Import');
      const card = page.getByRole('region', { name: 'Ignore List' });
      await card.locator('input[type="file"]').setInputFiles({
        name: 'ignore-some.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(
          'Patient,Year,Notes\nSkip Test One,2025,x\n,2025,no name\nSkip Test Two,abc,bad year\n',
        ),
      });
      await card.getByRole('button', { name: 'Import Ignore List' }).click();
      await expect(card.getByRole('status')).toContainText('1 row; merged into the list');
      await expect(card.getByRole('status')).toContainText('2 rows will be skipped:');
      await confirmPreviewed(card);
      const result = card.getByRole('status');
      await expect(result).toContainText('Imported 1 record; 2 rows skipped', { timeout: 30_000 });
      await expect(result).toContainText('Row 3: Missing patient name');
      await expect(result).toContainText('Row 4: Invalid year "abc"');
      await expect(result).not.toContainText('Successfully');
      // Yellow, not green: the tint of a warning.
      const tint = await result.evaluate((el) => getComputedStyle(el).backgroundColor);
      const [r, g, b] = (tint.match(/\d+/g) ?? []).map(Number);
      expect(r).toBeGreaterThan(b);
      expect(g).toBeGreaterThan(b);
      await expect(result).toBeInViewport();
      expect(await axeViolations(page)).toEqual([]);
    } finally {
      // Back to the sample ignore list for the specs after this one.
      await loadSamples(request);
    }
  });
}

for (const viewport of VIEWPORTS) {
  test(`a file in the wrong card is previewed with warnings and imports nothing; a proper one imports once on confirmation (${viewport.name})`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    try {
      await loadSamples(request);
      await signIn(page, ADMIN.username, ADMIN.password);
      await openTabAt(page, 'Data Import');
      const before = await snapshot(request);
      // Every body sent to the Future Scheduled upload, in order: its length, and its text when it
      // holds no file (Chromium keeps no copy of a file's bytes).
      const sent: Promise<{ length: number; text: string | null }>[] = [];
      page.on('request', (req) => {
        if (req.method() === 'POST' && req.url().endsWith('/api/import/future-scheduled'))
          sent.push(
            req.allHeaders().then((h) => ({ length: Number(h['content-length']), text: req.postData() })),
          );
      });

      // The Full Arch Report, dropped into the Future Scheduled card.
      const card = page.getByRole('region', { name: 'Future Scheduled' });
      await card.locator('input[type="file"]').setInputFiles(SAMPLE_FILES['raw-data']);
      await card.getByRole('button', { name: 'Import Future Scheduled' }).click();
      const said = card.getByRole('status');
      await expect(said).toContainText(/1,805 rows dated 01\/2024-10\/2026; replaces 94 appointments/, {
        timeout: 30_000,
      });
      const cautions = said.getByRole('list', { name: 'Cautions' });
      await expect(cautions).toContainText(
        'These headers look like a Full Arch Report, not a Future Scheduled file.',
      );
      await expect(cautions).toContainText(
        /[\d,]+ of 1,805 dated rows are before today: is this the Future Scheduled report\?/,
      );
      await expect(said).toContainText('Nothing has been imported yet.');
      await expect(card.getByRole('button', { name: 'Import anyway' })).toBeVisible();
      await expect(card.getByRole('button', { name: 'Import Future Scheduled' })).toBeDisabled();
      await expect(said).toBeInViewport();
      expect(await axeViolations(page)).toEqual([]);
      expect(page.viewportSize()?.width).toBe(viewport.width);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
      expect(await snapshot(request)).toEqual(before);

      await card.getByRole('button', { name: 'Cancel' }).click();
      await expect(card.getByText('Cancelled: nothing was imported.')).toBeVisible();
      await expect(card.getByText(/rows dated/)).toHaveCount(0);
      expect(await snapshot(request)).toEqual(before);

      // Appointments ahead of today, every fifth day.
      const rows = Array.from(
        { length: 60 },
        (_, i) => `"Patient ${i}, Test",${dayFrom(7 + 5 * i)},D6114,Dr. Sarah Chen,Scheduled,Main Street`,
      );
      const csv = (lines: string[]) =>
        Buffer.from(`Patient,Appt Date,Code,Provider,Status,Location\n${lines.join('\n')}\n`);

      // Three of them would replace 94 appointments over nine months: said in amber, before anything.
      await card
        .locator('input[type="file"]')
        .setInputFiles({ name: 'three.csv', mimeType: 'text/csv', buffer: csv(rows.slice(0, 3)) });
      await card.getByRole('button', { name: 'Import Future Scheduled' }).click();
      const drastic = said.getByRole('list', { name: 'Cautions' });
      await expect(drastic).toContainText(
        'This file has 3 rows where 94 are stored now (96% fewer): importing it replaces them all. Is it the whole report?',
        { timeout: 30_000 },
      );
      await expect(drastic).toContainText(/cover less than half of the stored data's \(11\/02\/2026-/);
      await expect(card.getByRole('button', { name: 'Import anyway' })).toBeVisible();
      await card.getByRole('button', { name: 'Cancel' }).click();
      expect(await snapshot(request)).toEqual(before);

      // A proper file: 60 appointments over ten months.
      const name = `future-${viewport.name}.csv`;
      const proper = csv(rows);
      await card.locator('input[type="file"]').setInputFiles({ name, mimeType: 'text/csv', buffer: proper });
      await card.getByRole('button', { name: 'Import Future Scheduled' }).click();
      await expect(said).toContainText(/^60 rows dated \d\d\/\d{4}-\d\d\/\d{4}; replaces 94 appointments/, {
        timeout: 30_000,
      });
      await expect(said.getByRole('list', { name: 'Cautions' })).toHaveCount(0);
      expect(await snapshot(request)).toEqual(before);
      await card.getByRole('button', { name: 'Confirm import' }).click();
      await expect(card.getByRole('status')).toHaveText(/Successfully imported 60 records/, {
        timeout: 30_000,
      });

      // Imported once, from the file sent once: the confirmation carried the preview's id, no file.
      expect(sent).toHaveLength(4);
      const [wrong, , preview, confirmation] = await Promise.all(sent);
      expect(wrong.length).toBeGreaterThan(statSync(SAMPLE_FILES['raw-data']).size);
      expect(preview.length).toBeGreaterThan(proper.length);
      expect(confirmation.length).toBeLessThan(500);
      expect(confirmation.text).toContain('name="preview_id"');
      expect(confirmation.text).not.toContain('filename=');
      const after = await snapshot(request);
      const imports = after.history.imports as { file_name: string; rows_imported: number }[];
      expect(imports.filter((i) => i.file_name === name)).toEqual([
        expect.objectContaining({ rows_imported: 60 }),
      ]);
      expect(imports[0].file_name).toBe(name);
      expect(imports[1]).toEqual(before.history.imports[0]);
      expect(after.future).not.toEqual(before.future);
    } finally {
      // Back to the sample data for the specs after this one.
      await loadSamples(request);
    }
  });
}

test('a provider sees the Data Import tab read-only', async ({ page, request }) => {
  const user = await createUser(request, { role: 'provider', provider_name: 'Dr. Sarah Chen' });
  await signIn(page, user.username, user.password);
  await openTab(page);
  await expect(page.getByText('Only managers and admins can import data.')).toBeVisible();
  for (const { title } of CARDS) {
    await expect(page.getByRole('button', { name: `Import ${title}` })).toBeDisabled();
    await expect(page.getByRole('button', { name: `${title} file` })).toBeDisabled();
  }
  await expect(page.getByRole('button', { name: 'Initialize System' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Load sample data' })).toHaveCount(0);
});

test('on a phone both tabs fit the screen; only their tables scroll sideways', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, ADMIN.username, ADMIN.password);
  for (const tab of ['Data Import', 'Configuration']) {
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await page.getByRole('menuitem', { name: tab }).click();
    await expect(page.getByRole('heading', { name: tab, level: 2 })).toBeVisible();
    await expect(page.getByRole('table').first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  }
});
