import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import type { CodeMapping, ScoresheetRow } from '../common/api/config';
import { axeViolations } from './axe';
import { ADMIN, apiToken, createUser, loadSamples, signIn, uniqueName } from './helpers';
import { gapBetween, openTab as openTabAt, VIEWPORTS } from './layout-helpers';

// Other specs share this database and expect the default mappings: every test here puts back
// what it changed, through the API as well in case a step failed half-way.

// Real imports and scoresheet recalculations on a shared two-core machine.
test.describe.configure({ timeout: 60_000 });

async function authHeaders(request: APIRequestContext) {
  return { Authorization: `Bearer ${await apiToken(request, ADMIN.username, ADMIN.password)}` };
}

async function mapping(request: APIRequestContext, code: string): Promise<CodeMapping> {
  const response = await request.get('/api/config/code-mappings', { headers: await authHeaders(request) });
  const { code_mappings } = (await response.json()) as { code_mappings: CodeMapping[] };
  const found = code_mappings.find((m) => m.proc_code === code);
  if (!found) throw new Error(`No mapping for ${code}`);
  return found;
}

async function restore(request: APIRequestContext, original: CodeMapping) {
  const response = await request.put(`/api/config/code-mappings/${encodeURIComponent(original.proc_code)}`, {
    headers: await authHeaders(request),
    data: original,
  });
  expect(response.ok(), await response.text()).toBe(true);
}

async function acceptedMaxPatients(request: APIRequestContext): Promise<number> {
  const response = await request.get('/api/scoresheet', { headers: await authHeaders(request) });
  const { scoresheet } = (await response.json()) as { scoresheet: ScoresheetRow[] };
  return scoresheet.filter((row) => row.treatment_flags.accepted_max).length;
}

async function futureGrandTotal(request: APIRequestContext): Promise<number> {
  const response = await request.get('/api/dashboard/future-case-value', {
    headers: await authHeaders(request),
  });
  return ((await response.json()) as { future_treatments: { grand_total: number } }).future_treatments
    .grand_total;
}

async function openTab(page: Page) {
  await page.getByRole('tab', { name: 'Configuration' }).click();
  await expect(page.getByRole('cell', { name: 'FA-ACC-MAX', exact: true })).toBeVisible();
}

test('editing a mapping recalculates the scoresheet at once, and editing it back restores it', async ({
  page,
  request,
}) => {
  await loadSamples(request);
  const original = await mapping(request, 'FA-ACC-MAX');
  const before = await acceptedMaxPatients(request);
  expect(before).toBeGreaterThan(0);

  try {
    await signIn(page, ADMIN.username, ADMIN.password);
    await openTab(page);
    await page.getByRole('button', { name: 'Edit FA-ACC-MAX' }).click();
    const label = page.getByRole('combobox', { name: 'Label for FA-ACC-MAX' });
    await expect(label).toHaveValue('Accepted Max');
    expect(await axeViolations(page)).toEqual([]);

    await label.fill('Presented Max');
    await page.getByRole('button', { name: 'Save FA-ACC-MAX' }).click();
    await expect(page.getByRole('status')).toHaveText('Code mapping updated successfully');
    await expect(page.getByRole('row').filter({ hasText: 'FA-ACC-MAX' })).toContainText('Presented Max');
    // No code is labelled Accepted Max any more, so no patient has that step.
    expect(await acceptedMaxPatients(request)).toBe(0);

    await page.getByRole('button', { name: 'Edit FA-ACC-MAX' }).click();
    await page.getByRole('combobox', { name: 'Label for FA-ACC-MAX' }).fill('Accepted Max');
    await page.getByRole('textbox', { name: 'Value for FA-ACC-MAX' }).press('Enter');
    await expect(page.getByRole('status')).toHaveText('Code mapping updated successfully');
    expect(await acceptedMaxPatients(request)).toBe(before);
  } finally {
    await restore(request, original);
  }
  expect(await mapping(request, 'FA-ACC-MAX')).toEqual(original);
});

test("a code's value is the case value of its future appointments", async ({ page, request }) => {
  await loadSamples(request);
  const original = await mapping(request, 'D6119');
  const before = await futureGrandTotal(request);
  try {
    await signIn(page, ADMIN.username, ADMIN.password);
    await openTab(page);
    await page.getByRole('button', { name: 'Edit D6119' }).click();
    const value = page.getByRole('textbox', { name: 'Value for D6119' });
    await expect(value).toHaveValue('14995');
    await value.fill('$20,000');
    await page.getByRole('button', { name: 'Save D6119' }).click();
    await expect(page.getByRole('status')).toHaveText('Code mapping updated successfully');
    await expect(page.getByRole('row').filter({ hasText: 'D6119' })).toContainText('$20,000');
    expect(await futureGrandTotal(request)).toBeGreaterThan(before);
  } finally {
    await restore(request, original);
  }
  expect(await futureGrandTotal(request)).toBe(before);
});

test('a manager adds a mapping and deletes it after confirming', async ({ page, request }) => {
  const manager = await createUser(request, { role: 'manager' });
  const code = uniqueName('ZZ').toUpperCase();
  await signIn(page, manager.username, manager.password);
  await openTab(page);

  await page.getByPlaceholder('New code...').fill(code);
  await page.getByRole('button', { name: 'Add code mapping' }).click();
  await expect(page.getByRole('alert')).toHaveText('Procedure code and label are required');

  await page.getByPlaceholder('Label...').fill('Sc');
  await page.getByRole('option', { name: 'Scan' }).click();
  await page.getByPlaceholder('Value...').fill('250');
  await page.getByRole('button', { name: 'Add code mapping' }).click();
  await expect(page.getByRole('status')).toHaveText('Code mapping added successfully');
  const row = page.getByRole('row').filter({ hasText: code });
  await expect(row).toContainText('Scan');
  await expect(row).toContainText('$250');
  await expect(page.getByPlaceholder('New code...')).toHaveValue('');

  await page.getByRole('button', { name: `Delete ${code}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete Code Mapping' });
  await expect(dialog).toContainText(`Are you sure you want to delete the mapping for ${code}?`);
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status')).toHaveText('Code mapping deleted successfully');
  await expect(row).toHaveCount(0);
  await expect((await mapping(request, 'D0150')).label).toBe('Consult');
});

for (const viewport of VIEWPORTS) {
  test(`messages appear at the row being edited or added (${viewport.name})`, async ({ page, request }) => {
    const original = await mapping(request, 'D6119');
    const manager = await createUser(request, { role: 'manager' });
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    try {
      await signIn(page, manager.username, manager.password);
      await openTabAt(page, 'Configuration');

      // A required box left empty: said under that box, not at the top of the card.
      await page.getByRole('button', { name: 'Edit D6119' }).click();
      const code = page.getByRole('textbox', { name: 'Procedure code for D6119' });
      await code.fill('');
      await page.getByRole('button', { name: 'Save D6119' }).click();
      const required = page.getByRole('alert').filter({ hasText: 'Procedure code and label are required' });
      await expect(required).toBeInViewport();
      expect(await gapBetween(required, code)).toBeLessThanOrEqual(100);

      // Saved: the confirmation is on the line under the row, in view, and goes away by itself.
      await code.fill('D6119');
      await page.getByRole('button', { name: 'Save D6119' }).click();
      const updated = page.getByRole('table').getByText('Code mapping updated successfully');
      await expect(updated).toBeInViewport();
      const row = page
        .getByRole('row')
        .filter({ has: page.getByRole('cell', { name: 'D6119', exact: true }) });
      expect(await gapBetween(updated, row)).toBeLessThanOrEqual(100);
      await expect(page.getByRole('status')).toHaveText('Code mapping updated successfully');
      await expect(updated).toHaveCount(0, { timeout: 10_000 });

      // A code another mapping has: the server's refusal, under the add row's code box.
      const newCode = page.getByPlaceholder('New code...');
      await newCode.fill('D6119');
      await page.getByPlaceholder('Label...').fill('Scan');
      await page.getByRole('button', { name: 'Add code mapping' }).click();
      const duplicate = page
        .getByRole('alert')
        .filter({ hasText: 'A mapping for code D6119 already exists' });
      await expect(duplicate).toBeInViewport();
      expect(await gapBetween(duplicate, newCode)).toBeLessThanOrEqual(100);
      await expect(newCode).toHaveAttribute('aria-invalid', 'true');
      expect(await axeViolations(page)).toEqual([]);
    } finally {
      await restore(request, original);
    }
  });
}

test('the mapping values can be filtered', async ({ page }) => {
  await signIn(page, ADMIN.username, ADMIN.password);
  await openTab(page);
  await expect(page.getByText('2,047 mappings')).toBeVisible();
  await page.getByRole('textbox', { name: 'Filter' }).fill('Consult, Presented Max, PF Max');
  await expect(page.getByText(/^Showing [\d,]+ of 2,047 mappings$/)).toBeVisible();
  const table = page.getByRole('table').filter({ hasText: 'Procedure Status' });
  await expect(table.getByRole('row').nth(1)).toContainText('Consult, Presented Max, PF Max');

  // Without a filter the rows are drawn a hundred at a time, more as the box is scrolled down.
  await page.getByRole('textbox', { name: 'Filter' }).fill('');
  await expect(page.getByText('2,047 mappings')).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(102);
  await page
    .getByRole('group', { name: 'Mapping values' })
    .evaluate((box) => box.scrollTo(0, box.scrollHeight));
  await expect(table.getByRole('row')).toHaveCount(202);
  expect(await axeViolations(page)).toEqual([]);
});

test('a provider sees the Configuration tab read-only', async ({ page, request }) => {
  const user = await createUser(request, { role: 'provider', provider_name: 'Dr. Sarah Chen' });
  await signIn(page, user.username, user.password);
  await openTab(page);
  await expect(page.getByText('Only managers and admins can change code mappings.')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'D6119' })).toContainText('$14,995');
  await expect(page.getByRole('button', { name: /^(Edit|Delete|Save) / })).toHaveCount(0);
  await expect(page.getByPlaceholder('New code...')).toHaveCount(0);
  await expect(page.getByRole('columnheader', { name: 'Actions' })).toHaveCount(0);
  await expect(page.getByText('2,047 mappings')).toBeVisible();
});
