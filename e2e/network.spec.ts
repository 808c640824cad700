import { expect, test } from '@playwright/test';
import { ADMIN } from './helpers';

// Over plain HTTP at a LAN name, as with HOST=0.0.0.0 on a practice's network. A browser treats
// only localhost as secure; told to upgrade insecure requests there, it would ask for the scripts
// over https and show a blank page.
test('the app works over plain HTTP at a name other than localhost', async ({ page, baseURL }) => {
  const url = new URL(baseURL as string);
  url.hostname = 'server.lan';
  const failed: string[] = [];
  page.on('requestfailed', (r) => failed.push(r.url()));
  const response = await page.goto(url.toString());
  expect(response?.headers()['content-security-policy']).not.toContain('upgrade-insecure-requests');
  expect(response?.headers()['strict-transport-security']).toBeUndefined();
  await page.getByLabel('Username').fill(ADMIN.username);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText(`Welcome, ${ADMIN.username}`)).toBeVisible();
  expect(failed).toEqual([]);
});
