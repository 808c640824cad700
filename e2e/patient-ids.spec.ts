import { expect, type Page, test } from '@playwright/test';
import type { WorklistResponse } from '../common/api/worklist';
import { apiGet } from './dashboard-helpers';
import { ADMIN, apiToken, createUser, loadSamples, openTab, signIn } from './helpers';

// No patient's name in any address (docs/behaviour.md section 7): a case on Follow-ups and a
// patient on Patient Lookup are opened by an opaque id, in the browser's address and in every call
// the app makes; an old link with a name still opens the patient, then shows the id instead.

const ID = /^p[0-9a-f]{20}$/;

test.beforeAll(async ({ request }) => {
  await loadSamples(request);
});

/** Every API address the page calls, to check that none names the patient. */
function apiAddresses(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/')) seen.push(decodeURIComponent(r.url()));
  });
  return seen;
}

const param = (page: Page, name: string) => new URL(page.url()).searchParams.get(name);

for (const viewport of [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test.describe(`at ${viewport.name} width`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('a case and its patient open by id, and a reload keeps them', async ({ page, request }) => {
      const token = await apiToken(request, ADMIN.username, ADMIN.password);
      const list = await apiGet<WorklistResponse>(request, token, '/api/worklist?limit=1');
      const patient = list.patients[0];
      const user = await createUser(request, { role: 'coordinator' });
      const addresses = apiAddresses(page);
      await signIn(page, user.username, user.password);
      await expect(page.getByText('(coordinator)')).toBeVisible();
      await page.goto('/follow-ups?assigned=everyone');
      await page.getByRole('button', { name: patient.patient_name, exact: true }).first().click();
      await expect(page.getByRole('heading', { name: `Case: ${patient.patient_name}` })).toBeVisible();
      expect(param(page, 'case')).toBe(patient.patient_id);
      expect(param(page, 'case')).toMatch(ID);

      await page.getByRole('button', { name: 'Open in Patient Lookup' }).click();
      await expect(page.getByRole('region', { name: 'Patient Overview' })).toContainText(
        patient.patient_name,
      );
      expect(param(page, 'patient')).toBe(patient.patient_id);
      await page.reload();
      await expect(page.getByRole('region', { name: 'Patient Overview' })).toContainText(
        patient.patient_name,
      );

      const first = patient.patient_name.split(' ')[0];
      expect(page.url()).not.toContain(first);
      expect(addresses.filter((a) => a.includes(first))).toEqual([]);
    });

    test('an old link with a name opens the patient once, then shows the id', async ({ page, request }) => {
      const token = await apiToken(request, ADMIN.username, ADMIN.password);
      const list = await apiGet<WorklistResponse>(request, token, '/api/worklist?limit=1');
      const patient = list.patients[0];
      await signIn(page, ADMIN.username, ADMIN.password);
      await page.goto(`/patient-lookup?patient=${encodeURIComponent(patient.patient_name)}`);
      await expect(page.getByRole('region', { name: 'Patient Overview' })).toContainText(
        patient.patient_name,
      );
      await expect.poll(() => param(page, 'patient')).toBe(patient.patient_id);

      await page.goto(`/follow-ups?assigned=everyone&case=${encodeURIComponent(patient.patient_name)}`);
      await expect(page.getByRole('heading', { name: `Case: ${patient.patient_name}` })).toBeVisible();
      await expect.poll(() => param(page, 'case')).toBe(patient.patient_id);

      await page.goto('/patient-lookup?patient=Nobody%20Of%20That%20Name');
      await expect(page.getByRole('alert')).toContainText('Patient not found');
      await expect.poll(() => param(page, 'patient')).toBeNull();
      await openTab(page, 'Follow-ups');
    });
  });
}
