import { expect, test } from '@playwright/test';
import { ADMIN, createUser, loadSamples, signIn, uniqueName } from './helpers';
import { openTab, VIEWPORTS } from './layout-helpers';

test('an admin adds, edits and deletes a user', async ({ page }) => {
  const username = uniqueName('nurse');
  await signIn(page, ADMIN.username, ADMIN.password);
  await page.getByRole('tab', { name: 'User Management' }).click();
  await page.getByRole('button', { name: 'Add New User' }).click();

  const form = page.getByRole('dialog', { name: 'Add New User' });
  await form.getByLabel('Username').fill(username);
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill('secret-pass');
  await form.getByLabel('Email').fill(`${username}@example.test`);
  await form.getByRole('combobox', { name: 'Provider Name' }).fill('Dr. Test');
  await form.getByRole('button', { name: 'Add User' }).click();
  await expect(form).toBeHidden();

  // The users table, not the Audit Log below it, which names the user too.
  const users = page.getByRole('table', { name: 'Users' });
  const row = users.getByRole('row').filter({ hasText: username });
  await expect(row).toContainText('provider');
  await expect(row).toContainText('Dr. Test');
  await expect(row).toContainText('Active');
  await expect(row).toContainText('Never');

  await page.getByRole('button', { name: `Edit ${username}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit User' });
  await expect(edit.getByLabel('Username')).toHaveValue(username);
  await edit.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'Manager' }).click();
  await expect(edit.getByRole('combobox', { name: 'Provider Name' })).toBeHidden();
  // Mantine lays the (invisible) input over the whole switch, so it takes the click.
  await edit.getByRole('switch', { name: 'Active' }).uncheck();
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(edit).toBeHidden();
  await expect(row).toContainText('manager');
  await expect(row).toContainText('Inactive');

  // The change is on the server, not only on screen.
  await page.reload();
  await page.getByRole('tab', { name: 'User Management' }).click();
  await expect(users.getByRole('row').filter({ hasText: username })).toContainText('Inactive');

  await page.getByRole('button', { name: `Delete ${username}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete User' });
  await expect(confirm).toContainText('Are you sure you want to delete this user?');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm).toBeHidden();
  await expect(users.getByRole('row').filter({ hasText: username })).toHaveCount(0);
});

test('a provider does not see User Management', async ({ page, request }) => {
  const user = await createUser(request, { role: 'provider', provider_name: 'Dr. Provider' });
  await signIn(page, user.username, user.password);
  await expect(page.getByText('(provider)')).toBeVisible();
  for (const tab of ['Dashboard', 'Follow-ups', 'Patient Lookup', 'Data Import', 'Configuration']) {
    await expect(page.getByRole('tab', { name: tab })).toBeVisible();
  }
  await expect(page.getByRole('tab', { name: 'User Management' })).toHaveCount(0);
});

for (const viewport of VIEWPORTS) {
  test(`the Provider Name box offers the providers in the data and warns on others (${viewport.name})`, async ({
    page,
    request,
  }) => {
    await loadSamples(request);
    const username = uniqueName('prov');
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await signIn(page, ADMIN.username, ADMIN.password);
    await openTab(page, 'User Management');
    await page.getByRole('button', { name: 'Add New User' }).click();
    const form = page.getByRole('dialog', { name: 'Add New User' });
    const provider = form.getByRole('combobox', { name: 'Provider Name' });
    const warning = form.getByText('No provider in the imported data has this name');

    await provider.fill('chen');
    await page.getByRole('option', { name: 'Dr. Sarah Chen' }).click();
    await expect(provider).toHaveValue('Dr. Sarah Chen');
    await expect(warning).toHaveCount(0);

    // Free text is allowed: a warning under the box, not an error, and the user can still be added.
    await provider.fill('Dr. Nobody Here');
    await expect(warning).toBeVisible();
    await expect(provider).not.toHaveAttribute('aria-invalid', 'true');
    await form.getByLabel('Username').fill(username);
    await form.getByRole('textbox', { name: 'Password', exact: true }).fill('secret-pass');
    await form.getByRole('button', { name: 'Add User' }).click();
    await expect(form).toBeHidden();
    await expect(page.getByText(username)).toBeVisible();
  });
}
