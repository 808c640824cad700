import { expect, type Page, test } from '@playwright/test';
import { CASE_VIEWPORTS, casePanel, firstDue, openCase } from './case-helpers';
import { createUser, loadSamples, type TestUser } from './helpers';
import { openTab } from './layout-helpers';

// What is typed in a case survives the automatic logoff (docs/screens.md, Automatic logoff): the
// server's default of 30 minutes, the browser's clock moved on instead of waiting (as in
// idle-logoff.spec.ts). Signing in again goes back to the same case with the text in place; a
// deliberate Logout forgets it.

test.beforeAll(async ({ request }) => {
  await loadSamples(request);
});

/** Fills the sign-in form where the page is (no reload: the tab's session storage is the point). */
async function signInHere(page: Page, user: TestUser) {
  await page.getByLabel('Username').fill(user.username);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText(`Welcome, ${user.username}`)).toBeVisible();
}

const NOTE = 'Prefers a call after 3 pm, on her mobile';
const WITH_CALL = 'Left the office number';

for (const { name: size, width, height } of CASE_VIEWPORTS) {
  test(`at ${size} size: a typed note and a half-recorded call come back after the automatic logoff`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width, height });
    await page.clock.install();
    const user = await createUser(request, { role: 'manager' });
    await page.goto('/');
    await signInHere(page, user);
    await openTab(page, 'Follow-ups');
    const name = await firstDue(request, page);
    const panel = await openCase(page, name);
    await expect(page).toHaveURL(/[?&]case=/);
    const address = page.url();

    await panel.getByRole('textbox', { name: 'Note', exact: true }).fill(NOTE);
    await panel.getByRole('button', { name: 'Call' }).click();
    await panel.getByRole('button', { name: 'Left message' }).click();
    await panel.getByRole('textbox', { name: 'Note with it (optional)' }).fill(WITH_CALL);

    // The last minute's warning says the text is kept; then the logoff.
    await page.clock.fastForward('29:01');
    const warning = page.getByRole('dialog', { name: 'Still there?' });
    await expect(warning).toContainText('Anything you have typed will be kept for when you sign in again.');
    // On top of the open case (a drawer on a phone), where a click would reach it.
    await warning.getByRole('button', { name: 'Stay signed in' }).click({ trial: true, timeout: 2_000 });
    await page.clock.fastForward('01:02');
    await expect(page.getByText('You were signed out after 30 minutes without activity.')).toBeVisible();
    // Signed out, the address names no patient.
    expect(new URL(page.url()).search).toBe('');

    await signInHere(page, user);
    await expect(page).toHaveURL(address);
    const back = casePanel(page, name);
    await expect(back.getByRole('textbox', { name: 'Note', exact: true })).toHaveValue(NOTE);
    await expect(back.getByRole('group', { name: 'Call, Left message: next follow-up?' })).toBeVisible();
    await expect(back.getByRole('textbox', { name: 'Note with it (optional)' })).toHaveValue(WITH_CALL);

    // A deliberate Logout leaves nothing of it in the tab, even on the same case.
    if (width < 1200) await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
    await signInHere(page, user);
    await expect(page).not.toHaveURL(/[?&]case=/);
    await page.goto(address);
    const again = casePanel(page, name);
    await expect(again.getByRole('button', { name: 'Call' })).toBeVisible();
    await expect(again.getByRole('textbox', { name: 'Note', exact: true })).toHaveValue('');
  });
}
