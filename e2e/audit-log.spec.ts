import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { axeViolations } from './axe';
import { ADMIN, apiToken, createUser, loadSamples, signIn } from './helpers';
import { openTab, VIEWPORTS } from './layout-helpers';

const PATIENT = 'Anthony Hernandez';

/** The events as the screen lays them out: a table on a desktop, a list of cards on a phone. */
const eventsOn = (page: Page, phone: boolean) =>
  phone
    ? page.getByRole('list', { name: 'Audit events' }).getByRole('listitem')
    : page.getByRole('table', { name: 'Audit events' }).locator('tbody tr');

for (const viewport of VIEWPORTS) {
  test(`an admin finds a provider's lookups in the Audit Log, pages and exports it (${viewport.name})`, async ({
    page,
    request,
  }) => {
    const phone = viewport.name === 'phone';
    await loadSamples(request);
    // A provider looks up a patient, then searches 51 times: two pages of searches.
    const provider = await createUser(request, { role: 'provider', provider_name: 'Dr. Sarah Chen' });
    const headers = {
      Authorization: `Bearer ${await apiToken(request, provider.username, provider.password)}`,
    };
    const lookup = await request.get(`/api/patient/lookup?name=${encodeURIComponent(PATIENT)}`, { headers });
    expect(lookup.status()).toBe(200);
    for (let i = 0; i < 51; i++) {
      const search = await request.get(`/api/patient/search?q=zz${i}`, { headers });
      expect(search.status()).toBe(200);
    }

    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await signIn(page, ADMIN.username, ADMIN.password);
    await openTab(page, 'User Management');
    const section = page.getByRole('region', { name: 'Audit Log' });
    await expect(section.getByRole('heading', { name: 'Audit Log' })).toBeVisible();
    await expect(section.getByRole('status')).toContainText(/^Page 1 of \d+ \([\d,]+ events\)$/);

    // The provider's lookups: their name in the User box, then the action.
    const user = section.getByRole('combobox', { name: 'User' });
    await user.fill(provider.username);
    await user.press('Enter');
    await expect(page).toHaveURL(new RegExp(`audit_user=${provider.username}`));
    await section.getByRole('combobox', { name: 'Action' }).click();
    await page.getByRole('option', { name: 'Patient lookup', exact: true }).click();
    await expect(page).toHaveURL(/audit_action=patient_lookup/);
    await expect(section.getByRole('status')).toHaveText('Page 1 of 1 (1 event)');
    const events = eventsOn(page, phone);
    await expect(events).toHaveCount(1);
    await expect(events.first()).toContainText(`Looked up patient ${PATIENT}`);
    await expect(events.first()).toContainText(provider.username);
    expect(await axeViolations(page), 'the filtered log').toEqual([]);

    // Their searches fill two pages, newest first.
    await section.getByRole('combobox', { name: 'Action' }).click();
    await page.getByRole('option', { name: 'Patient search', exact: true }).click();
    await expect(section.getByRole('status')).toHaveText('Page 1 of 2 (51 events)');
    await expect(events).toHaveCount(50);
    await expect(events.first()).toContainText('Searched patients for "zz50"');
    await section.getByRole('button', { name: 'Next page' }).click();
    await expect(section.getByRole('status')).toHaveText('Page 2 of 2 (51 events)');
    await expect(page).toHaveURL(/audit_page=2/);
    await expect(events).toHaveCount(1);
    await expect(events.first()).toContainText('Searched patients for "zz0"');
    expect(await axeViolations(page), 'the second page').toEqual([]);

    // Back returns to the first page, as the address keeps the view.
    await page.goBack();
    await expect(section.getByRole('status')).toHaveText('Page 1 of 2 (51 events)');

    // The export holds every page of the filtered events.
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      section.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(file.suggestedFilename()).toBe('audit_log.csv');
    const text = readFileSync(await file.path(), 'utf8');
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('\uFEFFID,When (UTC),User,Action,What,IP,Action Code,Detail (JSON)');
    expect(lines.filter((line) => line.includes(',Patient search,'))).toHaveLength(51);
    expect(lines[1]).toContain(`,${provider.username},Patient search,`);

    // Clear filters shows the whole log again, this reading and the export recorded in it.
    await section.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page).not.toHaveURL(/audit_/);
    await section.getByRole('button', { name: 'Refresh' }).click();
    await expect(events.first()).toContainText(/Exported the audit log|Viewed the audit log/);
  });
}

/** The data rows of an exported audit_log.csv, without its header and final line break. */
async function exportedRows(page: Page): Promise<string[]> {
  const section = page.getByRole('region', { name: 'Audit Log' });
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    section.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  const lines = readFileSync(await file.path(), 'utf8').split('\r\n');
  return lines.slice(1).filter((line) => line !== '');
}

for (const viewport of VIEWPORTS) {
  test(`Export CSV holds the events the screen shows for a typed user (${viewport.name})`, async ({
    page,
    request,
  }) => {
    // A provider signs in and looks a patient up three times: four events of theirs.
    await loadSamples(request);
    const provider = await createUser(request, { role: 'provider', provider_name: 'Dr. Sarah Chen' });
    const headers = {
      Authorization: `Bearer ${await apiToken(request, provider.username, provider.password)}`,
    };
    for (let i = 0; i < 3; i++) {
      const lookup = await request.get(`/api/patient/lookup?name=${encodeURIComponent(PATIENT)}`, {
        headers,
      });
      expect(lookup.status()).toBe(200);
    }

    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await signIn(page, ADMIN.username, ADMIN.password);
    await openTab(page, 'User Management');
    const section = page.getByRole('region', { name: 'Audit Log' });
    const status = section.getByRole('status');
    await expect(status).toContainText(/^Page 1 of \d+ \([\d,]+ events\)$/);

    // Typed, in other letters' case, and straight to Export CSV: the name is applied on screen
    // and the file holds the same events, every one of them that user's.
    const user = section.getByRole('combobox', { name: 'User' });
    await user.fill(provider.username.toUpperCase());
    const typed = await exportedRows(page);
    await expect(status).toHaveText('Page 1 of 1 (4 events)');
    await expect(page).toHaveURL(/audit_user=/);
    await expect(eventsOn(page, viewport.name === 'phone')).toHaveCount(4);
    expect(typed).toHaveLength(4);
    for (const row of typed) expect(row.split(',')[2]).toBe(provider.username);

    // Applied with Enter first, then exported: the same again.
    await user.fill(provider.username);
    await user.press('Enter');
    await expect(page).toHaveURL(new RegExp(`audit_user=${provider.username}`));
    await expect(status).toHaveText('Page 1 of 1 (4 events)');
    const entered = await exportedRows(page);
    expect(entered).toEqual(typed);
  });
}
